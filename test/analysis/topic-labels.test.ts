import { describe, expect, it } from 'vitest';
import { normalizeLabel } from '../../src/modules/analysis/topic-labels.js';

describe('normalizeLabel (labels a language model proposed)', () => {
  it('keeps a phrase of the aspect lexicon, in the lexicon spelling', () => {
    expect(normalizeLabel('class punctuality', new Set(), ['late'])).toBe('Class Punctuality');
    expect(normalizeLabel('Understanding the Lessons!', new Set(), [])).toBe('Understanding the Lessons');
  });

  it('keeps an "Other: …" label of one or two words', () => {
    expect(normalizeLabel('Other: canteen food', new Set(), [])).toBe('Other: Canteen Food');
    expect(normalizeLabel('other:  Parking', new Set(), [])).toBe('Other: Parking');
  });

  it('replaces glued keywords and free phrases by the local label of the keywords', () => {
    expect(normalizeLabel('Aralin Aktibo Bukas', new Set(), ['aralin', 'aktibo', 'bukas'])).toBe('Class Engagement');
    expect(normalizeLabel('Kanunay Oras Responsable', new Set(), ['kanunay', 'oras', 'ulahi', 'late'])).toBe(
      'Class Punctuality',
    );
    expect(normalizeLabel('Canteen Food Expensive', new Set(), ['canteen', 'food', 'expensive'])).toBe(
      'Other: Canteen Food',
    );
    expect(normalizeLabel('Other: far too many words here', new Set(), ['canteen', 'food'])).toBe(
      'Other: Canteen Food',
    );
  });

  it('gives a label already used in the run another phrase', () => {
    const used = new Set(['class punctuality']);
    expect(normalizeLabel('Class Punctuality', used, ['late', 'ulahi'])).toBe('Starting Classes on Time');
    expect(normalizeLabel('[name] Lectures', new Set(), [])).toBe('Other: Comments');
  });

  it("never keeps the scrubber's placeholder, an honorific or a name from a proposal or the keywords", () => {
    // A proposal the scrubber reached ("Teacher Santos" → "Teacher [name]"), with the keywords of such comments.
    expect(normalizeLabel('Teacher [name]', new Set(), ['teacher', 'name', 'canteen', 'food'])).toBe(
      'Other: Canteen Food',
    );
    expect(normalizeLabel('Other: Teacher [name]', new Set(), ['name', 'parking'])).toBe('Other: Parking');
    expect(normalizeLabel('Other: Sir Name', new Set(), ['sir', 'name'])).toBe('Other: Comments');
    expect(normalizeLabel('Other: Santos', new Set(), ['late', 'ulahi'])).toBe('Class Punctuality');
    // The person words go; the content word of the proposal stays.
    expect(normalizeLabel("Other: Ma'am Uniform", new Set(), [])).toBe('Other: Uniform');
    expect(normalizeLabel('Other: Gng Uniform', new Set(), [])).toBe('Other: Uniform');
  });
});

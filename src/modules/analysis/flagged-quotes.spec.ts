import { describe, expect, it } from 'vitest';
import { renderForReader, studentText } from '../../common/privacy/student-text.js';
import type { SupportingEvidence } from '../../engine/contracts.js';
import { FlaggedComments, withoutFlaggedQuotes } from './flagged-quotes.js';

const FACULTY = '0b7e8a52-8a3e-4b6f-9d55-2f1c8d0c1a11';
const DEAN = '5d2f3c11-1b2a-4c3d-8e9f-0a1b2c3d4e5f';
const FLAGGED = 'The grades are posted very late and Sir Dagohoy calls us stupid in front of the class.';
const QUOTED = 'The grades are posted very late and Sir [name] calls us stupid in front of the class.';
const BENIGN = 'The grades are posted very late and the rubric is never explained.';
const SAME_START = 'The grades are posted very late';

function action(quotes: readonly string[], quoted: string) {
  const supportingEvidence: SupportingEvidence = {
    sources: [
      {
        type: 'topic',
        topicId: 't1',
        label: 'Grading',
        commentCount: 3,
        sentimentBreakdown: { positive: 0, neutral: 0, negative: 3 },
        sampleQuotes: [...quotes],
      },
      { type: 'dimension', dimensionCode: 'FAIRNESS', averageScore: 50 },
    ],
    confidenceLevel: 'MEDIUM',
  };
  return {
    id: 'a1',
    headline: 'Grading: return grades sooner',
    description: `3 comments on "Grading" are 100% negative. Late grades leave students guessing. One student wrote: "${quoted}"`,
    actionPlan: '1. Post grades within two weeks.',
    supportingEvidence,
  };
}

describe('FlaggedComments.repeats', () => {
  const flagged = new FlaggedComments([FLAGGED, 'papatayin kita']);

  it('knows a flagged comment whole, scrubbed of its names, cut with an ellipsis, or marked', () => {
    expect(flagged.repeats(FLAGGED)).toBe(true);
    expect(flagged.repeats(QUOTED)).toBe(true);
    expect(flagged.repeats('The grades are posted very late and Sir [name] calls us…')).toBe(true);
    expect(flagged.repeats(studentText(QUOTED, FACULTY))).toBe(true);
    expect(flagged.repeats('papatayin kita')).toBe(true);
  });

  it('does not take another comment for it, even one that starts alike', () => {
    expect(flagged.repeats(BENIGN)).toBe(false);
    expect(flagged.repeats(SAME_START)).toBe(false);
    expect(flagged.repeats(`${FLAGGED} Thank you po.`)).toBe(false);
    expect(flagged.repeats('papatayin')).toBe(false);
    expect(flagged.repeats('[name] calls us stupid in front of the class.')).toBe(false);
    // A start counts only where a passage may be one (marked inside longer text), from MIN_START characters.
    expect(flagged.repeats(SAME_START, { start: true })).toBe(true);
    expect(flagged.repeats('The grades', { start: true })).toBe(false);
  });
});

describe('withoutFlaggedQuotes', () => {
  it('leaves a flagged quote out of the evidence and drops the sentence quoting it, marks of the rest kept', () => {
    const stored = action(
      [studentText(QUOTED, FACULTY), studentText(BENIGN, FACULTY)],
      studentText('The grades are posted very late and Sir [name] calls us stupid in front…', FACULTY),
    );
    const served = withoutFlaggedQuotes(stored, new FlaggedComments([FLAGGED]), FACULTY);
    expect(served.supportingEvidence.sources[0]).toMatchObject({ sampleQuotes: [studentText(BENIGN, FACULTY)] });
    expect(served.supportingEvidence.sources[1]).toEqual(stored.supportingEvidence.sources[1]);
    expect(served.description).toBe('3 comments on "Grading" are 100% negative. Late grades leave students guessing.');
    expect(served.headline).toBe(stored.headline);
    expect(served.actionPlan).toBe(stored.actionPlan);
    // The benign quote is still withheld from the faculty member it is about, and shown to the dean.
    expect(renderForReader(served, FACULTY).supportingEvidence.sources[0]).not.toHaveProperty('sampleQuotes');
    expect(renderForReader(served, DEAN).supportingEvidence.sources[0]).toMatchObject({ sampleQuotes: [BENIGN] });
  });

  it('finds unmarked repetitions too (actions stored before marks), and keeps an action with no flagged comment as it is', () => {
    const stored = action([FLAGGED, BENIGN], FLAGGED);
    const served = withoutFlaggedQuotes(stored, new FlaggedComments([FLAGGED]), FACULTY);
    expect(served.supportingEvidence.sources[0]).toMatchObject({ sampleQuotes: [BENIGN] });
    expect(served.description).toBe('3 comments on "Grading" are 100% negative. Late grades leave students guessing.');
    const untouched = action([studentText(BENIGN, FACULTY)], studentText(BENIGN, FACULTY));
    expect(withoutFlaggedQuotes(untouched, new FlaggedComments([FLAGGED]), FACULTY)).toEqual(untouched);
    expect(withoutFlaggedQuotes(untouched, new FlaggedComments([]), FACULTY)).toBe(untouched);
  });

  it('keeps a passage marked before a dropped one whole, though a full stop inside it ends no sentence', () => {
    const kept = studentText('Sir is kind. He waits for us', FACULTY);
    const stored = action([], studentText(QUOTED, FACULTY));
    stored.description = `Students wrote "${kept}" and also "${studentText(QUOTED, FACULTY)}". Grades matter.`;
    const served = withoutFlaggedQuotes(stored, new FlaggedComments([FLAGGED]), FACULTY);
    expect(renderForReader(served, DEAN).description).toBe(
      'Students wrote "Sir is kind. He waits for us" Grades matter.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { screenComment } from '../../src/engine/screen/index.js';

/** The screen directly: what raises a flag, the words it names, and what explains a match away. */
describe('screenComment', () => {
  it('names the words that raised each flag', () => {
    const [flag] = screenComment('Sir asks us to see him alone in his office if we want to pass.');
    expect(flag).toMatchObject({ category: 'harassment' });
    expect(flag!.evidence.join(' ')).toContain('see him alone');
  });

  it('reads 2,000 and ₱500 as amounts', () => {
    expect(screenComment('If you pay 2,000 you pass the finals.').map((flag) => flag.category)).toEqual(['integrity']);
    expect(screenComment('Magbayad ka ng ₱500 para pumasa.').map((flag) => flag.category)).toEqual(['integrity']);
  });

  it.each([
    'This exam is killing me.',
    'Patay ako sa finals.',
    'Strict but fair.',
    'Terror si sir pero magaling.',
    'We discussed discrimination in class.',
    'He never called us stupid.',
    'Hindi niya kami minumura.',
    'Gusto ko nang mamatay sa dami ng requirements haha.',
    "I'll shoot him an email about the project.",
    'Please pay attention to the students at the back.',
    'Mabuak akong ulo sa math.',
    'Babasagin ng calculus ang ulo ko sa hirap.',
    'Sabi ni sir papatayin daw kami ng thesis defense.',
  ])('does not flag %j', (text) => {
    expect(screenComment(text)).toEqual([]);
  });

  it('flags a threat the teacher made to the student, and a sentence of fear after it does not lower it (outside audit AA)', () => {
    const threat = 'Ingon si maam buakon niya ang akong ulo kung magreklamo ko.';
    const [alone] = screenComment(threat);
    expect(alone?.category).toBe('threat');
    for (const after of ['Hadlok kaayo ko sa iyang klase.', 'Takot na takot na ako pumasok sa klase niya.']) {
      const flags = screenComment(`${threat} ${after}`);
      expect(flags.map((flag) => flag.category)).toEqual(['threat']);
      expect(flags[0]!.score).toBeGreaterThanOrEqual(alone!.score);
    }
  });

  it('keeps a plain death wish as self-harm when nothing makes it a figure of speech', () => {
    expect(screenComment('I want to die, nobody cares about me.').map((flag) => flag.category)).toEqual(['self_harm']);
    expect(screenComment('I want to die, this exam is too long lol.')).toEqual([]);
  });

  it('gives scores between the threshold and 1, two decimals, strongest first', () => {
    const flags = screenComment('He calls us idiots and mocks the Muslim students religion. I will stab him.');
    expect(flags.length).toBeGreaterThanOrEqual(2);
    for (const flag of flags) {
      expect(flag.score).toBeGreaterThanOrEqual(0.5);
      expect(flag.score).toBeLessThanOrEqual(1);
      expect(Math.round(flag.score * 100) / 100).toBe(flag.score);
    }
    expect([...flags].sort((left, right) => right.score - left.score)).toEqual(flags);
  });
});

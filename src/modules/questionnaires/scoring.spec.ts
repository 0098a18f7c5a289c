import { describe, expect, it } from 'vitest';
import type { QuestionnaireSchema } from './questionnaire-schema.js';
import { normalizedScore, round2 } from './scoring.js';

const likert = (id: string) => ({ id, text: id, type: 'LIKERT_5' as const, dimensionCode: 'D', required: true });
const yesNo = (id: string) => ({ id, text: id, type: 'YES_NO' as const, dimensionCode: 'D', required: false });

/** overall → (delivery → clarity 50, pacing 30), (conduct → respect 20). */
const threeLevels: QuestionnaireSchema = {
  sections: [
    {
      id: 'overall',
      title: 'Overall',
      sections: [
        {
          id: 'delivery',
          title: 'Delivery',
          sections: [
            { id: 'clarity', title: 'Clarity', weight: 50, questions: [likert('c1'), likert('c2')] },
            { id: 'pacing', title: 'Pacing', weight: 30, questions: [likert('p1'), yesNo('p2')] },
          ],
        },
        {
          id: 'conduct',
          title: 'Conduct',
          sections: [{ id: 'respect', title: 'Respect', weight: 20, questions: [likert('r1')] }],
        },
      ],
    },
  ],
  qualitativeFeedback: { enabled: true, required: false, maxLength: 2000 },
};

describe('normalizedScore', () => {
  it('a 3-level schema with leaf weights 50/30/20 gives the score computed by hand', () => {
    // c1 = 5 → 1, c2 = 4 → 0.75         clarity = (1 + 0.75) / 2   = 0.875
    // p1 = 2 → 0.25, p2 = 1 (yes) → 1    pacing  = (0.25 + 1) / 2   = 0.625
    // r1 = 3 → 0.5                       respect = 0.5
    // (0.875 × 50 + 0.625 × 30 + 0.5 × 20) / 100 × 100 = 43.75 + 18.75 + 10 = 72.5
    const answers = new Map([
      ['c1', 5],
      ['c2', 4],
      ['p1', 2],
      ['p2', 1],
      ['r1', 3],
    ]);
    expect(normalizedScore(threeLevels, answers)).toBe(72.5);
  });

  it('leaves without answers are left out and the weights present rescaled', () => {
    // clarity = (1 + 0.75) / 2 = 0.875 (50), respect = 0 (20), pacing unanswered:
    // (0.875 × 50 + 0 × 20) / 70 × 100 = 43.75 / 70 × 100 = 62.5
    const answers = new Map([
      ['c1', 5],
      ['c2', 4],
      ['r1', 1],
    ]);
    expect(normalizedScore(threeLevels, answers)).toBe(62.5);
  });

  it('rounds to 2 decimals and answers null when nothing was answered', () => {
    // clarity = (0.5 + 0.25) / 2 = 0.375 (50); respect = 0.75 (20): (18.75 + 15) / 70 × 100 = 48.214… → 48.21
    expect(
      normalizedScore(
        threeLevels,
        new Map([
          ['c1', 3],
          ['c2', 2],
          ['r1', 4],
        ]),
      ),
    ).toBe(48.21);
    expect(normalizedScore(threeLevels, new Map())).toBeNull();
  });

  it('round2 rounds half away from zero without binary drift', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(72.499999)).toBe(72.5);
    expect(round2(0)).toBe(0);
    expect(round2(100)).toBe(100);
  });
});

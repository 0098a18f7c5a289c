import { describe, expect, it } from 'vitest';
import { withoutDisagreeingQuotes } from '../../src/llm/recommendation-task.js';

const praise = {
  text: 'She is very kind to all students! I really enjoyed the class.',
  sentiment: 'positive' as const,
  scores: { positive: 0.95, neutral: 0.04, negative: 0.01 },
};
const complaint = {
  text: 'Masyadong mabilis po magturo si sir, hindi kami makasabay.',
  sentiment: 'negative' as const,
  scores: { positive: 0.02, neutral: 0.08, negative: 0.9 },
};
const short = {
  text: 'Very good',
  sentiment: 'positive' as const,
  scores: { positive: 0.9, neutral: 0.1, negative: 0 },
};
const comments = [praise, complaint, short];

describe('withoutDisagreeingQuotes (a model description held to the quote rule)', () => {
  it('drops the sentence quoting a positive comment from an IMPROVEMENT, whole or shortened', () => {
    expect(
      withoutDisagreeingQuotes(
        `Half the comments are negative. One student wrote: "${praise.text}" Another: "${complaint.text}"`,
        'IMPROVEMENT',
        comments,
      ),
    ).toBe(`Half the comments are negative. Another: "${complaint.text}"`);
    expect(
      withoutDisagreeingQuotes(
        `Students said “She is very kind to all…” and asked for more. Pace matters.`,
        'IMPROVEMENT',
        comments,
      ),
    ).toBe('Pace matters.');
  });

  it('drops a negative comment from a STRENGTH and keeps agreeing ones', () => {
    expect(
      withoutDisagreeingQuotes(`Praise: "${praise.text}" But: "${complaint.text}" Keep it up.`, 'STRENGTH', comments),
    ).toBe(`Praise: "${praise.text}" Keep it up.`);
  });

  it('takes a short comment for a quote only inside quotation marks', () => {
    expect(withoutDisagreeingQuotes('Very good pacing is the goal. Slow down.', 'IMPROVEMENT', comments)).toBe(
      'Very good pacing is the goal. Slow down.',
    );
    expect(withoutDisagreeingQuotes('One wrote "Very good". Slow down.', 'IMPROVEMENT', comments)).toBe('Slow down.');
  });
});

import { describe, expect, it } from 'vitest';
import { QUOTES_PER_LABEL, topicInsights, topicQuotes } from '../../src/modules/analysis/recommendation-input.js';

type Row = Parameters<typeof topicQuotes>[0][number];

function row(text: string | null, label: Row['label'], positive: number, negative: number, probability = 0.9): Row {
  return { topicId: 't', text, typeCode: 'FACULTY_FEEDBACK', label, positive, negative, probability };
}

const rows: Row[] = [
  row('She is very kind! I really enjoyed the class.', 'positive', 0.97, 0.01),
  row('Fun games every week.', 'positive', 0.9, 0.02),
  row('Lively discussions.', 'positive', 0.8, 0.05),
  row('Best class this sem.', 'positive', 0.75, 0.05),
  row('Nakakaantok po yung class kasi puro reading lang ng slides.', 'negative', 0.02, 0.9),
  row('boring', 'negative', 0.1, 0.6, 0.4),
  row('boring', 'negative', 0.1, 0.6, 0.4),
  row('Sana po more activities.', 'neutral', 0.15, 0.35),
  row('Okay lang.', 'neutral', 0.3, 0.3),
  row(null, 'negative', 0, 1),
];

describe('topicQuotes', () => {
  it('offers the clearest comments of every label with their label and scores, each text once', () => {
    const quotes = topicQuotes(rows, (text) => text);
    expect(quotes.map((quote) => [quote.sentiment, quote.text])).toEqual([
      ['positive', 'She is very kind! I really enjoyed the class.'],
      ['positive', 'Fun games every week.'],
      ['positive', 'Lively discussions.'],
      ['neutral', 'Sana po more activities.'],
      ['neutral', 'Okay lang.'],
      ['negative', 'Nakakaantok po yung class kasi puro reading lang ng slides.'],
      ['negative', 'boring'],
    ]);
    expect(quotes.filter((quote) => quote.sentiment === 'positive')).toHaveLength(QUOTES_PER_LABEL);
    expect(quotes.find((quote) => quote.text === 'Sana po more activities.')).toMatchObject({
      scores: { positive: 0.15, negative: 0.35 },
      centrality: 0.9,
    });
    expect(quotes[3]?.scores.neutral).toBeCloseTo(0.5, 10);
  });

  it('scrubs the quotes it offers', () => {
    const quotes = topicQuotes([row('Sir Juan is late.', 'negative', 0, 0.9)], (text) =>
      text.replace('Juan', '[name]'),
    );
    expect(quotes[0]?.text).toBe('Sir [name] is late.');
  });

  it('puts the quotes into each topic insight', () => {
    const [insight] = topicInsights(
      [{ id: 't', label: 'Class Engagement', rawLabel: '0_boring', keywords: ['boring'] }],
      rows,
      (text) => text,
    );
    expect(insight?.commentCount).toBe(rows.length);
    expect(insight?.quotes).toEqual(topicQuotes(rows, (text) => text));
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SentimentLabel } from '../../src/engine/contracts.js';
import { stackedScorer } from '../../src/engine/sentiment/blend.js';
import { loadSentimentScorer, loadStackedParts } from '../../src/engine/sentiment/load-lexicon.js';
import { dominantLabel } from '../../src/engine/sentiment/score.js';
import { isValidationRow, readCorpus } from '../../tools/train-sentiment/corpus.js';
import { measure } from '../../bench/support/sentiment-measure.js';
import { readDevelopmentSets } from '../../bench/support/sentiment-sets.js';

/**
 * The committed quality of the sentiment engine (bench/sentiment-figures.json, written from
 * `npm run bench:engine-quality`): the build fails when the lexicon's or the blend's (the stacker over the model
 * and the lexicon) macro-F1 on a development set drops more than 0.02 below it. The corpus validation rows are in the repository; the
 * licensed development sets are read in place (../shared/data/sentiment or SENTIMENT_DATA_DIR).
 */
const TOLERANCE = 0.02;
const committed = JSON.parse(readFileSync('bench/sentiment-figures.json', 'utf8')) as Record<
  string,
  { lexicon: number; blend: number }
>;

const scorer = loadSentimentScorer();
const lexicon = scorer.scoreLexicon ?? scorer.scoreSentiment;
const stacked = await loadStackedParts(true);
if (stacked === undefined) throw new Error('no stacked blend');
const blend = stackedScorer(stacked.model, scorer.scoreComment, stacked.stacker);

function figures(rows: ReadonlyArray<{ text: string; gold: SentimentLabel }>) {
  const gold = rows.map((row) => row.gold);
  return {
    lexicon: measure(
      gold,
      rows.map((row) => dominantLabel(lexicon(row.text))),
    ).macroF1,
    blend: measure(
      gold,
      rows.map((row) => dominantLabel(blend(row.text))),
    ).macroF1,
  };
}

function developmentSets(): Array<{ name: string; rows: Array<{ text: string; gold: SentimentLabel }> }> {
  const sets = [
    {
      name: 'corpus-validation',
      rows: readCorpus()
        .filter(isValidationRow)
        .map((row) => ({ text: row.text, gold: row.label })),
    },
  ];
  for (const { file, rows } of readDevelopmentSets()) {
    if (committed[file] !== undefined) sets.push({ name: file, rows });
  }
  return sets;
}

describe('sentiment quality against the committed figures', () => {
  it('no development set loses more than 0.02 macro-F1, for the lexicon or the blend', () => {
    const sets = developmentSets();
    expect(sets.length).toBeGreaterThanOrEqual(1);
    // With the development sets present, every committed set is measured.
    if (sets.length > 1) expect(sets.map((set) => set.name).sort()).toEqual(Object.keys(committed).sort());
    for (const set of sets) {
      const expected = committed[set.name];
      expect(expected, set.name).toBeDefined();
      const measured = figures(set.rows);
      expect(measured.lexicon, `${set.name} lexicon`).toBeGreaterThanOrEqual((expected?.lexicon ?? 1) - TOLERANCE);
      expect(measured.blend, `${set.name} blend`).toBeGreaterThanOrEqual((expected?.blend ?? 1) - TOLERANCE);
    }
  });
});

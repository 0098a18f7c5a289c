import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { SentimentLabel } from '../../src/engine/contracts.js';
import { BLEND_PARAMETERS, blendedScorer } from '../../src/engine/sentiment/blend.js';
import { loadSentimentModel, loadSentimentScorer } from '../../src/engine/sentiment/load-lexicon.js';
import { dominantLabel } from '../../src/engine/sentiment/score.js';
import { isValidationRow, readCorpus } from '../../tools/train-sentiment/corpus.js';
import { measure } from '../../bench/engine-quality.js';
import { sentimentDataDirectory } from '../../bench/topic-quality.js';

/**
 * The committed quality of the sentiment engine (bench/sentiment-figures.json, written from
 * `npm run bench:engine-quality`): the build fails when the lexicon's or the blend's macro-F1 on a
 * development set drops more than 0.02 below it. The corpus validation rows are in the repository; the
 * licensed development sets are read in place (../shared/data/sentiment or SENTIMENT_DATA_DIR).
 */
const TOLERANCE = 0.02;
const committed = JSON.parse(readFileSync('bench/sentiment-figures.json', 'utf8')) as Record<
  string,
  { lexicon: number; blend: number }
>;

const LABELS = new Set(['positive', 'neutral', 'negative']);
const scorer = loadSentimentScorer();
const lexicon = scorer.scoreLexicon ?? scorer.scoreSentiment;
const blend = blendedScorer(await loadSentimentModel(), lexicon, BLEND_PARAMETERS);

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
  const directory = sentimentDataDirectory();
  if (!existsSync(directory)) return sets;
  for (const name of Object.keys(committed).filter((key) => key.endsWith('.csv'))) {
    const records = parse(readFileSync(join(directory, name), 'utf8'), {
      columns: true,
      skip_empty_lines: true,
      bom: true,
    }) as Array<Record<string, string>>;
    sets.push({
      name,
      rows: records
        .map((record) => ({ text: record.text ?? '', gold: (record.label ?? '').trim().toLowerCase() }))
        .filter((row): row is { text: string; gold: SentimentLabel } => LABELS.has(row.gold)),
    });
  }
  return sets;
}

describe('sentiment quality against the committed figures', () => {
  it('no development set loses more than 0.02 macro-F1, for the lexicon or the blend', () => {
    const sets = developmentSets();
    expect(sets.length).toBeGreaterThanOrEqual(1);
    for (const set of sets) {
      const expected = committed[set.name];
      expect(expected, set.name).toBeDefined();
      const measured = figures(set.rows);
      expect(measured.lexicon, `${set.name} lexicon`).toBeGreaterThanOrEqual((expected?.lexicon ?? 1) - TOLERANCE);
      expect(measured.blend, `${set.name} blend`).toBeGreaterThanOrEqual((expected?.blend ?? 1) - TOLERANCE);
    }
  });
});

/**
 * THE ONLY FILE I/O OF THE ANALYSIS ENGINE. Reads the sentiment engine's data tables from
 * `src/engine/sentiment/data/` (copied next to the compiled code by scripts/copy-assets.mjs) so a process can
 * build its scorer once at start-up; everything else in src/engine is pure and gets the tables passed in.
 *
 *   const { scoreSentiment } = loadSentimentScorer(); // at start-up
 *   scoreSentiment('Magaling po si sir magturo');      // anywhere after
 */

import { readFileSync } from 'node:fs';
import { BLEND_PARAMETERS, blendedScorer } from './blend.js';
import { createSentimentModel, type SentimentModel } from './learned-model.js';
import { parseValenceTable, SENTIMENT_TABLE_FILES, type SentimentTables } from './lexicon.js';
import { createSentimentScorer, type SentimentScorer } from './score.js';

/** Where the data files are, next to this module (in src/ under a test runner, in dist/src/ once built). */
export const SENTIMENT_DATA_DIRECTORY = new URL('./data/', import.meta.url);

function readTable(directory: URL, file: string): Map<string, number> {
  const url = new URL(file, directory);
  let text: string;
  try {
    text = readFileSync(url, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the sentiment table ${url.pathname}`, { cause: error });
  }
  const table = parseValenceTable(text);
  if (table.size === 0) throw new Error(`the sentiment table ${url.pathname} has no entries`);
  return table;
}

/** Reads the three data tables (synchronously, ~10 ms). */
export function readSentimentTables(directory: URL = SENTIMENT_DATA_DIRECTORY): SentimentTables {
  return {
    english: readTable(directory, SENTIMENT_TABLE_FILES.english),
    emoji: readTable(directory, SENTIMENT_TABLE_FILES.emoji),
    cebuano: readTable(directory, SENTIMENT_TABLE_FILES.cebuano),
  };
}

/** The learned model (`npm run train:sentiment` writes it). */
export const SENTIMENT_MODEL_FILE = new URL('sentiment-model.ftz', SENTIMENT_DATA_DIRECTORY);

/**
 * The model's share in the engine's sentiment, from SENTIMENT_MODEL_WEIGHT (0..1, default 0: the lexicon
 * alone). Off by default because, measured (docs/sentiment-engine.md), the blend reads the project's own
 * corpus better but real course evaluations slightly worse than the lexicon, at about half its speed.
 */
export function sentimentModelWeight(value = process.env.SENTIMENT_MODEL_WEIGHT): number {
  if (value === undefined || value.trim() === '') return 0;
  const weight = Number(value);
  if (!Number.isFinite(weight) || weight < 0 || weight > 1)
    throw new Error(`SENTIMENT_MODEL_WEIGHT must be a number from 0 to 1 (got '${value}')`);
  return weight;
}

let modelLoad: Promise<SentimentModel> | undefined;

/** The learned model, read once (the TypeScript reader of the `.ftz` sums each word's rows: about 0.1 s). */
export function loadSentimentModel(): Promise<SentimentModel> {
  modelLoad ??= createSentimentModel(readFileSync(SENTIMENT_MODEL_FILE));
  return modelLoad;
}

const configuredWeight = sentimentModelWeight();
/**
 * Loaded when this module is first imported (top-level await) only when the engine blends it in, so the
 * scorers below stay synchronous and a process that does not use the model does not pay for it.
 */
const configuredModel = configuredWeight > 0 ? await loadSentimentModel() : undefined;

let shared: SentimentScorer | undefined;

/**
 * The process's scorer over the shipped tables (and, with SENTIMENT_MODEL_WEIGHT, the model): built on the
 * first call (~50 ms), the same object afterwards. `scoreSentiment` is the engine's reading; `scoreComment`
 * the lexicon's evidence, the explanation of a score; `scoreLexicon` the lexicon alone. A missing or empty
 * data file throws here rather than scoring everything neutral later.
 */
export function loadSentimentScorer(): SentimentScorer {
  if (!shared) {
    const lexicon = createSentimentScorer(readSentimentTables());
    shared = Object.freeze({
      scoreSentiment: configuredModel
        ? blendedScorer(configuredModel, lexicon.scoreSentiment, { ...BLEND_PARAMETERS, modelWeight: configuredWeight })
        : lexicon.scoreSentiment,
      scoreComment: lexicon.scoreComment,
      scoreLexicon: lexicon.scoreSentiment,
    });
  }
  return shared;
}

/**
 * THE ONLY FILE I/O OF THE ANALYSIS ENGINE. Reads the sentiment engine's data tables from
 * `src/engine/sentiment/data/` (copied next to the compiled code by scripts/copy-assets.mjs) so a process can
 * build its scorer once at start-up; everything else in src/engine is pure and gets the tables passed in.
 *
 *   const { scoreSentiment } = loadSentimentScorer(); // at start-up
 *   scoreSentiment('Magaling po si sir magturo');      // anywhere after
 */

import { readFileSync } from 'node:fs';
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

let shared: SentimentScorer | undefined;

/**
 * The process's scorer over the shipped tables: read and built on the first call (~50 ms), the same object
 * afterwards. Call it at start-up; a missing or empty data file throws here rather than scoring everything
 * neutral later.
 */
export function loadSentimentScorer(): SentimentScorer {
  shared ??= createSentimentScorer(readSentimentTables());
  return shared;
}

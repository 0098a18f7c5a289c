/**
 * Local sentiment engine: positive/neutral/negative scores for one student comment. Pure: the lexicon tables
 * come in through `createSentimentScorer(tables)`; a process reads them once at start-up with
 * `loadSentimentScorer()` / `readSentimentTables()` from `./load-lexicon.js`, the engine's only file I/O.
 */
export { createSentimentScorer, dominantLabel, type SentimentScorer } from './score.js';
export { parseValenceTable, SENTIMENT_TABLE_FILES, type SentimentTables } from './lexicon.js';

/** Reported by the worker so stored results say which engine produced them. */
export const SENTIMENT_ENGINE_VERSION = 'local-sentiment-2.17';

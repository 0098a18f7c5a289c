/** Local sentiment engine: positive/neutral/negative scores for one student comment, no I/O at call time. */
export { dominantLabel, scoreSentiment } from './score.js';

/** Reported by the worker so stored results say which engine produced them. */
export const SENTIMENT_ENGINE_VERSION = 'local-sentiment-1.1';

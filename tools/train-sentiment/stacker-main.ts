/**
 * `npm run train:sentiment-stacker`: re-fits the sentiment stacker for the shipped model (after the model was
 * retrained, or the lexicon changed) and prints its weights and figures. `npm run train:sentiment` runs it too.
 */

import { trainSentimentStacker } from './stacker.js';

await trainSentimentStacker();

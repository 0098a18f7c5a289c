/**
 * The engine's sentiment: the learned model and the lexicon, combined by the stacker (stacker.ts), a small
 * logistic regression over both parts' probabilities and a few facts about the comment (did the lexicon find
 * any evidence and how much on each side, the comment's language, its length), which decides where `stackerReading`
 * says so (a comment not read as English, or one without any sentiment evidence; a student comment not in English
 * gets the model's reading, an English one with sentiment words the lexicon's), fit on the development sets' even rows
 * (`npm run train:sentiment-stacker`). The model is itself stacked over the lexicon (it reads the lexicon's
 * scores as tokens beside the words) and reads what students write the way the corpus taught it (implicit
 * complaints, sarcasm, suggestions that are neutral); the lexicon reads words the corpus never showed,
 * explains every score (`scoreComment`), and is the engine alone when there is no model.
 */

import type { SentimentScores } from '../contracts.js';
import type { SentimentModel } from './learned-model.js';
import type { CommentEvidence } from './score.js';
import { scoresOfEvidence } from './score.js';
import {
  softmaxScores,
  stackerReading,
  stackerFeatures,
  stackerLogits,
  STACKER_FEATURE_COUNT,
  type Stacker,
} from './stacker.js';

/** The stacker's probabilities for one comment, given both parts' readings of it. */
export function stackScores(
  stacker: Stacker,
  evidence: CommentEvidence,
  lexicon: SentimentScores,
  model: SentimentScores,
): SentimentScores {
  const features = stackerFeatures(evidence, lexicon, model, new Float64Array(STACKER_FEATURE_COUNT));
  const reading = stackerReading(features, evidence.shape);
  if (reading !== 'stacker') return reading === 'model' ? model : lexicon;
  const logits = stackerLogits(stacker.weights, features, new Float64Array(3));
  return softmaxScores(logits[0] ?? 0, logits[1] ?? 0, logits[2] ?? 0);
}

/**
 * A scorer of the stacked blend: the lexicon reads the comment once (its evidence and its probabilities), the
 * model reads it with the lexicon's probabilities, the stacker weighs both. Two small buffers are reused across
 * calls (a scorer is used by one thread), so a comment costs no allocation beyond the two parts' own.
 */
export function stackedScorer(
  model: SentimentModel,
  scoreComment: (text: string) => CommentEvidence,
  stacker: Stacker,
): (text: string) => SentimentScores {
  const features = new Float64Array(STACKER_FEATURE_COUNT);
  const logits = new Float64Array(3);
  return (text) => {
    const evidence = scoreComment(text);
    const lexicon = scoresOfEvidence(evidence);
    const modelScores = model.predict(text, lexicon);
    stackerFeatures(evidence, lexicon, modelScores, features);
    const reading = stackerReading(features, evidence.shape);
    if (reading !== 'stacker') return reading === 'model' ? modelScores : lexicon;
    stackerLogits(stacker.weights, features, logits);
    return softmaxScores(logits[0] ?? 0, logits[1] ?? 0, logits[2] ?? 0);
  };
}

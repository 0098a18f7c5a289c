/**
 * The stacker: how the engine combines the lexicon and the learned model. A multinomial logistic regression
 * (three classes, 15 features each, 45 weights) over what both parts say about one comment, fit by
 * `npm run train:sentiment-stacker` (tools/train-sentiment/stacker.ts) on the even rows of the development sets
 * and half of the corpus validation rows. Pure: the weights come in from
 * `src/engine/sentiment/data/sentiment-stacker.json`, which load-lexicon.ts reads.
 *
 * Each class k gets the score z_k = sum_d weight[k][d] * feature[d]; the probabilities are softmax(z).
 */

import type { SentimentScores } from '../contracts.js';
import { languageFromVotes } from '../text/language.js';
import type { CommentEvidence, CommentShape } from './score.js';

/** Class order of the weight rows. */
export const STACKER_CLASSES = ['positive', 'neutral', 'negative'] as const;

/**
 * The features, in the order of each weight row. Probabilities enter as logarithms (floored at 1e-4) so
 * that a weight of 1 on a part's own class reproduces that part: the regression can only learn how far to
 * trust each one, and when.
 */
export const STACKER_FEATURES = [
  // 1 for every comment: with one weight per class, the class's base rate.
  'bias',
  // The lexicon's reading: its three probabilities (score.ts), as logarithms.
  'lexicon log p(positive)',
  'lexicon log p(neutral)',
  'lexicon log p(negative)',
  // The learned model's reading (learned-model.ts, given the lexicon's reading as tokens), as logarithms.
  'model log p(positive)',
  'model log p(neutral)',
  'model log p(negative)',
  // 1 when the lexicon found no evidence at all (no sentiment word, emoji, hedge or courtesy): its neutral then
  // means "don't know", not "balanced", so the model's reading can count for more.
  'lexicon saw no evidence',
  // 1 when the engine's own language detection (text/language.ts) reads the comment as English: the lexicon
  // was written and tuned most on English; the corpus the model learned from is mostly Filipino, Cebuano and
  // code-switched.
  'language is English',
  // 1 when no language word was found (a very short comment, names, numbers, emoji only).
  'language unknown',
  // 1 for a comment of four words or fewer: little text for either part to read.
  'four words or fewer',
  // 1 when the comment mixes English with Filipino or Cebuano (Taglish, Cebuano-English): the lexicon reads
  // half of it in one language's entries and half in another's, the corpus has less of it than of either.
  'language is code-switched',
  // How much evidence the lexicon found on each side (score.ts CommentEvidence, VADER's scale), as ln(1 + x):
  // its probabilities say which side won, these say by how much there was to go on.
  'lexicon ln(1 + positive evidence)',
  'lexicon ln(1 + negative evidence)',
  'lexicon ln(1 + lukewarm evidence)',
] as const;

export const STACKER_FEATURE_COUNT = STACKER_FEATURES.length;

/** Probabilities enter as ln(p + FLOOR): a part that is sure (p = 0) does not give an infinite weight. */
const FLOOR = 1e-4;
const SHORT_COMMENT_WORDS = 4;

export interface Stacker {
  /** Row-major weights: class (positive, neutral, negative) by feature, STACKER_FEATURE_COUNT each. */
  readonly weights: Float64Array;
}

/** The features of one comment, written into `into` (reused by the caller: no allocation per comment). */
export function stackerFeatures(
  evidence: CommentEvidence,
  lexicon: SentimentScores,
  model: SentimentScores,
  into: Float64Array,
): Float64Array {
  const language = languageFromVotes(evidence.shape.languageVotes);
  into[0] = 1;
  into[1] = Math.log(lexicon.positive + FLOOR);
  into[2] = Math.log(lexicon.neutral + FLOOR);
  into[3] = Math.log(lexicon.negative + FLOOR);
  into[4] = Math.log(model.positive + FLOOR);
  into[5] = Math.log(model.neutral + FLOOR);
  into[6] = Math.log(model.negative + FLOOR);
  into[7] = evidence.positive === 0 && evidence.negative === 0 && evidence.lukewarm === 0 ? 1 : 0;
  into[8] = language === 'en' ? 1 : 0;
  into[9] = language === 'unknown' ? 1 : 0;
  into[10] = evidence.shape.words <= SHORT_COMMENT_WORDS ? 1 : 0;
  into[11] = language === 'mixed' ? 1 : 0;
  into[12] = Math.log1p(evidence.positive);
  into[13] = Math.log1p(evidence.negative);
  into[14] = Math.log1p(evidence.lukewarm);
  return into;
}

/** Which reading a comment gets (stackerReading). */
export type StackedReading = 'lexicon' | 'model' | 'stacker';

/**
 * Which reading stands for a comment. `features` are the comment's (stackerFeatures), `shape` its shape.
 * - **The lexicon's** for a comment without a word (empty, numbers, punctuation: its neutral), for one whose only
 *   evidence is a lukewarm verdict ("okay lang", "average", laughter alone, a non-answer such as "No comment.": the
 *   neutral the comment says), and for an English comment with sentiment words: on the English development sets the
 *   lexicon is right two times in three where the two parts disagree (docs/sentiment-engine.md).
 * - **The model's** for a student comment not read as English: one that names a classroom's people or parts
 *   (CommentShape.teaching, TEACHING_CONTEXT). The model learned from such comments and reads them better than the
 *   stacker (held out on the corpus and on both probes), which is fit mostly on Filipino reviews and posts, where the
 *   lexicon reads better; those name a classroom in under 1% of their rows.
 * - **The stacker's** elsewhere: Filipino, Cebuano and code-switched comments that name no classroom, and English
 *   comments without sentiment evidence, where the model reads what the lexicon cannot (sarcasm and implicit
 *   complaints among them, whatever praise words they use).
 */
export function stackerReading(features: Float64Array, shape: CommentShape): StackedReading {
  if (shape.words === 0) return 'lexicon';
  if (features[12] === 0 && features[13] === 0 && (features[14] ?? 0) > 0) return 'lexicon';
  const english = features[8] === 1;
  if (shape.teaching && !english) return 'model';
  return !english || features[7] === 1 ? 'stacker' : 'lexicon';
}

/** The three class scores z_k of a feature vector, written into `into`. */
export function stackerLogits(weights: Float64Array, features: Float64Array, into: Float64Array): Float64Array {
  const count = features.length;
  for (let label = 0; label < 3; label += 1) {
    let sum = 0;
    const offset = label * count;
    for (let feature = 0; feature < count; feature += 1)
      sum += (weights[offset + feature] ?? 0) * (features[feature] ?? 0);
    into[label] = sum;
  }
  return into;
}

/** Softmax of three scores, as the engine's probabilities. */
export function softmaxScores(positive: number, neutral: number, negative: number): SentimentScores {
  const top = Math.max(positive, neutral, negative);
  const p = Math.exp(positive - top);
  const u = Math.exp(neutral - top);
  const n = Math.exp(negative - top);
  const total = p + u + n;
  return { positive: p / total, neutral: u / total, negative: n / total };
}

/** The weights of `sentiment-stacker.json`, checked: three rows of STACKER_FEATURE_COUNT finite numbers. */
export function stackerFromWeights(rows: unknown): Stacker {
  if (!Array.isArray(rows) || rows.length !== 3)
    throw new Error('the sentiment stacker needs three weight rows (positive, neutral, negative)');
  const weights = new Float64Array(3 * STACKER_FEATURE_COUNT);
  rows.forEach((row: unknown, label) => {
    if (!Array.isArray(row) || row.length !== STACKER_FEATURE_COUNT)
      throw new Error(`the sentiment stacker's weight rows need ${STACKER_FEATURE_COUNT} numbers each`);
    row.forEach((value: unknown, feature) => {
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new Error(`the sentiment stacker has a weight that is not a finite number (row ${label}, ${feature})`);
      weights[label * STACKER_FEATURE_COUNT + feature] = value;
    });
  });
  return Object.freeze({ weights });
}

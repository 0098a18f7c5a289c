/**
 * The text the learned sentiment model reads: the same preparation at training (tools/train-sentiment.ts)
 * and at prediction, so the model sees at run time exactly the tokens it was trained on. Lowercase, the
 * shared normalisation (elongations cut, quotes and dashes unified), and punctuation and emoji split off as
 * tokens of their own ("galing!!!" -> "galing ! ! !"), since they carry sentiment of their own.
 */

import type { SentimentScores } from '../contracts.js';
import { normalizeText } from '../text/normalize.js';

const SEPARATE = /(\p{Extended_Pictographic}\u{FE0F}?|[!?.,;:()"/])/gu;
const SPACES = /\s+/gu;

export function modelText(text: string): string {
  return normalizeText(text).toLowerCase().replace(SEPARATE, ' $1 ').replace(SPACES, ' ').trim();
}

/** A probability as one of four tokens (0-0.25, ..., 0.75-1): what the model can learn a weight for. */
function bucket(value: number): number {
  return Math.min(3, Math.max(0, Math.floor(value * 4)));
}

/**
 * The model's input: the comment's tokens and the lexicon's reading of it as three tokens ("lxp3 lxu0
 * lxn0"), so the model is stacked over the lexicon: it learns from the corpus when the lexicon is right and
 * when words it has seen (an implicit complaint, sarcasm, a suggestion) say otherwise.
 */
export function modelInput(text: string, lexicon: SentimentScores): string {
  const tokens = modelText(text);
  return `${tokens} lxp${bucket(lexicon.positive)} lxu${bucket(lexicon.neutral)} lxn${bucket(lexicon.negative)}`;
}

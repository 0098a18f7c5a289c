/**
 * The engine's sentiment: the learned model and the lexicon, blended. The model is stacked over the lexicon
 * (it reads the lexicon's scores as tokens beside the words) and reads what students write the way the
 * corpus taught it (implicit complaints, sarcasm, suggestions that are neutral); the lexicon reads words
 * the corpus never showed and explains every score. The model's probabilities are tempered first (fastText
 * is overconfident on short texts), then mixed linearly with the lexicon's.
 */

import type { SentimentScores } from '../contracts.js';
import type { SentimentModel } from './learned-model.js';

export interface BlendParameters {
  /** Share of the model in the blend (0: the lexicon alone, 1: the model alone). */
  modelWeight: number;
  /** Temperature applied to the model's probabilities (> 1 softens them). */
  temperature: number;
}

/**
 * Chosen on the even rows of the development sets (odd rows reported by bench:engine-quality): at this
 * temperature a model share of 0.3 costs the least on real evaluations for what it gains on the corpus.
 * The share a process uses comes from SENTIMENT_MODEL_WEIGHT (load-lexicon.ts).
 */
export const BLEND_PARAMETERS: BlendParameters = { modelWeight: 0.3, temperature: 2 };

function temper(scores: SentimentScores, temperature: number): SentimentScores {
  const exponent = 1 / temperature;
  const positive = scores.positive ** exponent;
  const neutral = scores.neutral ** exponent;
  const negative = scores.negative ** exponent;
  const total = positive + neutral + negative;
  if (!(total > 0)) return { positive: 0, neutral: 1, negative: 0 };
  return { positive: positive / total, neutral: neutral / total, negative: negative / total };
}

export function blendScores(
  model: SentimentScores,
  lexicon: SentimentScores,
  parameters: BlendParameters,
): SentimentScores {
  const tempered = temper(model, parameters.temperature);
  const weight = parameters.modelWeight;
  return {
    positive: weight * tempered.positive + (1 - weight) * lexicon.positive,
    neutral: weight * tempered.neutral + (1 - weight) * lexicon.neutral,
    negative: weight * tempered.negative + (1 - weight) * lexicon.negative,
  };
}

/** A scorer of the blend over a model and a lexicon scorer. */
export function blendedScorer(
  model: SentimentModel,
  lexicon: (text: string) => SentimentScores,
  parameters: BlendParameters,
): (text: string) => SentimentScores {
  return (text) => {
    const read = lexicon(text);
    return blendScores(model.predict(text, read), read, parameters);
  };
}

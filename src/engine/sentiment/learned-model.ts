/**
 * The learned half of the sentiment engine: a fastText supervised classifier (word and character n-grams)
 * trained on the project's corpus (data/sentiment-corpus, `npm run train:sentiment`), quantized, and run in
 * process by the TypeScript reader of fastText's model format (fasttext-model.ts), which predicts what
 * fastText does (test/engine/fasttext-model.test.ts compares it with fastText's WebAssembly build). The
 * lexicon stays beside it (blend.ts): it reads what the corpus never showed, and explains a score word by word.
 */

import type { SentimentScores } from '../contracts.js';
import { readFastTextModel } from './fasttext-model.js';
import { modelInput } from './model-text.js';

export interface SentimentModel {
  /** Positive/neutral/negative probabilities of the model, given the lexicon's reading of the same text. */
  readonly predict: (text: string, lexicon: SentimentScores) => SentimentScores;
}

const PREFIX = '__label__';
/** fastText reports each probability as p + 1e-5 (it predicts through log(p + 1e-5)); kept so scores do not move. */
const REPORTED_EPSILON = 1e-5;

/** A model from the bytes of its `.ftz` file (about 0.1 s: each dictionary word's rows are summed once). */
export async function createSentimentModel(bytes: Uint8Array): Promise<SentimentModel> {
  const model = readFastTextModel(bytes);
  const position = (name: keyof SentimentScores): number => {
    const index = model.labels.indexOf(`${PREFIX}${name}`);
    if (index < 0) throw new Error(`the sentiment model has no label '${name}'`);
    return index;
  };
  const positive = position('positive');
  const neutral = position('neutral');
  const negative = position('negative');
  const scores = new Float64Array(model.labels.length);
  return Object.freeze({
    predict(text: string, lexicon: SentimentScores): SentimentScores {
      model.probabilities(modelInput(text, lexicon), scores);
      const positiveShare = (scores[positive] ?? 0) + REPORTED_EPSILON;
      const neutralShare = (scores[neutral] ?? 0) + REPORTED_EPSILON;
      const negativeShare = (scores[negative] ?? 0) + REPORTED_EPSILON;
      const total = positiveShare + neutralShare + negativeShare;
      if (scores.every((score) => score === 0)) return { positive: 0, neutral: 1, negative: 0 };
      return { positive: positiveShare / total, neutral: neutralShare / total, negative: negativeShare / total };
    },
  });
}

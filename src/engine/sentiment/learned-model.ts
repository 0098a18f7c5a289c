/**
 * The learned half of the sentiment engine: a fastText supervised classifier (word and character n-grams)
 * trained on the project's corpus (data/sentiment-corpus, `npm run train:sentiment`), quantized, and run in
 * process through fastText compiled to WebAssembly. The lexicon stays beside it (blend.ts): it reads what
 * the corpus never showed, and explains a score word by word.
 */

import { FastText } from 'fasttext.wasm';
import type { SentimentScores } from '../contracts.js';
import { modelInput } from './model-text.js';

export interface SentimentModel {
  /** Positive/neutral/negative probabilities of the model, given the lexicon's reading of the same text. */
  readonly predict: (text: string, lexicon: SentimentScores) => SentimentScores;
}

const PREFIX = '__label__';

/** A model from the bytes of its `.ftz` file (instantiates the WebAssembly module: about 50 ms). */
export async function createSentimentModel(bytes: Uint8Array): Promise<SentimentModel> {
  const fastText = await FastText.create();
  fastText.loadModel(bytes);
  const labels = new Set([...fastText.predict('ok', -1, 0).keys()].map((label) => label.replace(PREFIX, '')));
  for (const wanted of ['positive', 'neutral', 'negative'])
    if (!labels.has(wanted)) throw new Error(`the sentiment model has no label '${wanted}'`);
  return Object.freeze({
    predict(text: string, lexicon: SentimentScores): SentimentScores {
      const scores = { positive: 0, neutral: 0, negative: 0 };
      const prepared = modelInput(text, lexicon);
      let total = 0;
      for (const [label, probability] of fastText.predict(prepared, 3, 0)) {
        const name = label.replace(PREFIX, '') as keyof SentimentScores;
        scores[name] = probability;
        total += probability;
      }
      if (total <= 0) return { positive: 0, neutral: 1, negative: 0 };
      return { positive: scores.positive / total, neutral: scores.neutral / total, negative: scores.negative / total };
    },
  });
}

/**
 * The learned half of the screen: a fastText supervised classifier with one sigmoid per category (`-loss ova`,
 * so a comment may carry several), trained on data/screen-corpus (`npm run train:screen`), quantized, shipped as
 * src/engine/screen/data/screen-model.ftz and run in process by the TypeScript reader of fastText's format
 * (../sentiment/fasttext-model.ts). It reads the comment as the rules do (normalize.ts: folded, texting
 * spellings read), so both halves see the same words.
 */

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readFastTextModel, type FastTextModel } from '../sentiment/fasttext-model.js';
import { ALERT_CATEGORIES, type AlertCategory } from './lexicon.js';
import { screenSentences } from './normalize.js';

export const SCREEN_MODEL_FILE = new URL('data/screen-model.ftz', import.meta.url);

/** The model's version, part of the screen's engine version; bump when the shipped model changes. */
export const SCREEN_MODEL_VERSION = 'ft-4';

const SCREEN_MODEL_SETTINGS_FILE = new URL('data/screen-model.json', import.meta.url);

const PREFIX = '__label__';

/** The text the model reads, at training and at prediction: the screen's reading, sentences in a row. */
export function screenModelText(text: string): string {
  return screenSentences(text).join(' ');
}

export interface ScreenModel {
  /**
   * A category is raised by the model from this probability on: the lowest threshold at which the model alone
   * keeps precision >= 0.90 on the development and held-out sets together (chosen by `npm run train:screen`).
   */
  readonly threshold: number;
  /** The probability of each category (0..1), given the comment's raw text. */
  readonly probabilities: (text: string) => Record<AlertCategory, number>;
  /** The words whose removal lowers the category's probability most (at most `count`), strongest first. */
  readonly weightiestWords: (text: string, category: AlertCategory, count?: number) => string[];
}

export function createScreenModel(bytes: Uint8Array, threshold = 0.5): ScreenModel {
  const model: FastTextModel = readFastTextModel(bytes);
  if (model.arguments.loss !== 'one-vs-all')
    throw new Error(`the screen model must be trained with -loss ova (it was ${model.arguments.loss})`);
  const positions = ALERT_CATEGORIES.map((category) => {
    const index = model.labels.indexOf(`${PREFIX}${category}`);
    if (index < 0) throw new Error(`the screen model has no label '${category}'`);
    return [category, index] as const;
  });
  const scores = new Float64Array(model.labels.length);
  const read = (prepared: string): Record<AlertCategory, number> => {
    model.probabilities(prepared, scores);
    const result = {} as Record<AlertCategory, number>;
    for (const [category, index] of positions) result[category] = scores[index] ?? 0;
    return result;
  };
  return Object.freeze({
    threshold,
    probabilities: (text: string) => read(screenModelText(text)),
    weightiestWords(text: string, category: AlertCategory, count = 3): string[] {
      const words = screenModelText(text)
        .split(' ')
        .filter((word) => word.length > 0);
      const whole = read(words.join(' '))[category];
      const drops = words.map((word, index) => ({
        word,
        drop: whole - read([...words.slice(0, index), ...words.slice(index + 1)].join(' '))[category],
      }));
      return drops
        .filter((entry) => entry.drop > 0 && entry.word !== ',')
        .sort((left, right) => right.drop - left.drop)
        .slice(0, count)
        .map((entry) => entry.word);
    },
  });
}

let shipped: ScreenModel | undefined;

/** The shipped model, read once per process (about 1 MB: a few milliseconds). */
export function shippedScreenModel(): ScreenModel {
  if (shipped === undefined) {
    const settings = z
      .object({ threshold: z.number().min(0).max(1) })
      .parse(JSON.parse(readFileSync(SCREEN_MODEL_SETTINGS_FILE, 'utf8')));
    shipped = createScreenModel(readFileSync(SCREEN_MODEL_FILE), settings.threshold);
  }
  return shipped;
}

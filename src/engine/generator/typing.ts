import { chance, pick, type RandomSource } from './random.js';

/** Short forms students type for common words, in all four varieties (a word is replaced wherever it occurs). */
const TEXT_SPEAK: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bvery\b/giu, 'vry'],
  [/\bplease\b/giu, 'pls'],
  [/\bbecause\b/giu, 'bcoz'],
  [/\byou\b/giu, 'u'],
  [/\bthanks\b/giu, 'thx'],
  [/\btalaga\b/giu, 'tlga'],
  [/\bnaman\b/giu, 'nmn'],
  [/\blang\b/giu, 'lng'],
  [/\byung\b/giu, 'ung'],
  [/\bkasi\b/giu, 'kc'],
  [/\bkaayo\b/giu, 'kaau'],
  [/\bjud\b/giu, 'jd'],
  [/\bgyud\b/giu, 'gyd'],
];

/** The last letter repeated two to four more times ("sooo", "galingggg"), the word's punctuation kept after it. */
function stretch(word: string, random: RandomSource): string {
  const match = /^(.*\p{L})(\P{L}*)$/u.exec(word);
  if (match === null) return word;
  const [, letters = '', trailing = ''] = match;
  return letters + (letters.at(-1) ?? '').repeat(2 + Math.floor(random() * 3)) + trailing;
}

/** One letter inside a word of five or more letters left out ("explan", "maintndihan"). */
function dropLetter(word: string, random: RandomSource): string {
  const match = /^(\p{L}{5,})(\P{L}*)$/u.exec(word);
  if (match === null) return word;
  const [, letters = '', trailing = ''] = match;
  const position = 1 + Math.floor(random() * (letters.length - 2));
  return letters.slice(0, position) + letters.slice(position + 1) + trailing;
}

/**
 * A comment retyped in a hurry: text-speak wherever its words occur, then one word stretched (60%) or, when it
 * is long enough, missing a letter. Deterministic for the random stream.
 */
export function typeRoughly(text: string, random: RandomSource): string {
  let result = text;
  for (const [pattern, replacement] of TEXT_SPEAK) result = result.replace(pattern, replacement);
  const words = result.split(' ');
  const candidates = words.map((word, index) => [word, index] as const).filter(([word]) => /\p{L}/u.test(word));
  if (candidates.length === 0) return result;
  const [word, index] = pick(candidates, random);
  words[index] = chance(0.6, random) ? stretch(word, random) : dropLetter(word, random);
  return words.join(' ');
}

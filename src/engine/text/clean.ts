/**
 * `cleanedComment` for a submission: the normalised comment (case kept), or null when the comment is junk
 * and should not reach sentiment, embeddings or topics.
 */

import { normalizeText } from './normalize.js';
import { POLITENESS_MARKERS } from './stopwords.js';

const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;
const HAS_LETTER = /\p{L}/u;
/** Fewer content words than this (politeness markers not counted) is not a comment worth analysing. */
export const MINIMUM_COMMENT_WORDS = 3;

/** Spreadsheet errors and formulas pasted into the comment column. */
const SPREADSHEET_DEBRIS =
  /^(?:#(?:value|ref|name|div\/0|n\/a|null|num|spill|calc|getting_data)[!?]?|=[a-z]+\(.*\).*)$/iu;

/**
 * Whole comments that say "nothing to add" in the three languages, compared after lowercasing, removing
 * politeness markers and punctuation. Longer ones are listed because the word-count rule does not catch them.
 */
const NOTHING_TO_SAY = new Set([
  'na',
  'n a',
  'none',
  'nil',
  'null',
  'undefined',
  'nan',
  'wala',
  'no',
  'nothing',
  'no comment',
  'no comments',
  'nothing to say',
  'nothing else',
  'nothing else to say',
  'nothing to comment',
  'nothing more',
  'nothing more to say',
  'nothing to add',
  'no more',
  'no more comment',
  'no more comments',
  'no comment at all',
  'no comments at all',
  'no comment so far',
  'no comments so far',
  'none so far',
  'none at the moment',
  'none at all',
  'not applicable',
  'no remarks',
  'no remark',
  'no feedback',
  'no suggestion',
  'no suggestions',
  'i have no comment',
  'i have no comments',
  'i have nothing to say',
  'i have no suggestions',
  'wala naman',
  'wala na',
  'wala pa',
  'wala akong comment',
  'wala akong komento',
  'walang komento',
  'walang comment',
  'wala na akong masabi',
  'wala na akong comment',
  'wala koy comment',
  'wala koy ikomento',
  'wala ko comment',
  'wala ra',
  'wala man',
]);

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];
const VOWELS = /[aeiouy]/gu;
const CONSONANT_RUN = /[bcdfghjklmnpqrstvwxz]{6,}/u;
const REPEATED_UNIT = /^(.{1,3})\1{2,}$/u;

/** Letters of a token that walk along one keyboard row ("asdfgh", "qwerty", "lkjh"). */
function walksKeyboardRow(token: string): boolean {
  if (token.length < 4) return false;
  for (const row of KEYBOARD_ROWS) {
    let steps = 0;
    for (let index = 1; index < token.length; index += 1) {
      const previous = row.indexOf(token[index - 1] ?? '');
      const current = row.indexOf(token[index] ?? '');
      if (previous >= 0 && current >= 0 && Math.abs(current - previous) === 1) steps += 1;
    }
    if (steps >= token.length - 2) return true;
  }
  return false;
}

/** A token that no one would type as a word in English, Tagalog or Cebuano. */
export function isKeyboardMash(token: string): boolean {
  const word = token.toLowerCase();
  if (!/^[a-z]+$/u.test(word) || word.length < 4) return false;
  if (walksKeyboardRow(word)) return true;
  const unit = REPEATED_UNIT.exec(word)?.[1];
  if (unit !== undefined && !/[aeiou]/u.test(unit)) return true;
  if (CONSONANT_RUN.test(word)) return true;
  const vowels = word.match(VOWELS)?.length ?? 0;
  return word.length >= 6 && vowels / word.length < 0.1;
}

/** The words of `text`, lower case, that hold a letter and are not politeness markers, as they come. */
function* contentWordsOf(text: string): Generator<string> {
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (HAS_LETTER.test(word) && !POLITENESS_MARKERS.has(word)) yield word;
  }
}

function contentWords(text: string): string[] {
  return [...contentWordsOf(text)];
}

/** Every word of a NOTHING_TO_SAY answer, and the most words one has: a comment with another word, or more, is not one. */
const NOTHING_WORDS: ReadonlySet<string> = new Set([...NOTHING_TO_SAY].flatMap((answer) => answer.split(' ')));
const NOTHING_MOST_WORDS = Math.max(...[...NOTHING_TO_SAY].map((answer) => answer.split(' ').length));

/**
 * Whether the comment is one of the answers that say there is nothing to say ("No comment.", "none po", "wala
 * koy comment"), whatever its politeness markers and punctuation: the cleaner drops them, and the sentiment engine
 * reads one it is given as neutral. It stops at the first word no such answer has (the engine asks of every comment).
 */
export function saysNothing(text: string): boolean {
  const words: string[] = [];
  for (const word of contentWordsOf(normalizeText(text))) {
    if (!NOTHING_WORDS.has(word) || words.length === NOTHING_MOST_WORDS) return false;
    words.push(word);
  }
  return NOTHING_TO_SAY.has(words.join(' '));
}

export function isJunkComment(text: string): boolean {
  const normalized = normalizeText(text);
  if (normalized.length === 0) return true;
  if (SPREADSHEET_DEBRIS.test(normalized)) return true;
  const words = contentWords(normalized);
  if (words.length === 0) return true;
  if (NOTHING_TO_SAY.has(words.join(' '))) return true;
  const mash = words.filter(isKeyboardMash).length;
  if (mash * 2 >= words.length) return true;
  return words.length - mash < MINIMUM_COMMENT_WORDS;
}

export function cleanComment(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const normalized = normalizeText(raw);
  return isJunkComment(normalized) ? null : normalized;
}

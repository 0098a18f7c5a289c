/**
 * Text as the screen reads it: lowercase ASCII-folded words separated by single spaces, commas and clause breaks
 * kept as their own tokens (they bound negation), sentences apart. Spelling variants that students type are
 * folded here once, so the patterns stay readable ("ma'am" / "mam" / "maam", "2,000" / "2000", "₱500").
 */

const DIACRITICS = /\p{M}+/gu;
const ELONGATED_LETTER = /([a-z])\1{2,}/g;
const THOUSANDS = /(\d),(\d{3})\b/g;
/** "1.0" is a grade, not the end of a sentence. */
const DECIMAL_POINT = /(\d)\.(\d)/g;
const PESO = /₱\s*|\bphp\s*|\bp(?=\d)/g;
const SENTENCE_BREAK = /[.!?\n]+|\s-\s|\s--\s|[:;]/;
/** Apostrophes inside words vanish ("ma'am" → "maam", "don't" → "dont"); hyphens join ("pag-aralan"). */
const INNER_APOSTROPHE = /(\p{L})['’](\p{L})/gu;
const INNER_HYPHEN = /(\p{L})-(\p{L})/gu;
const LAUGH_EMOJI = /[\u{1F602}\u{1F923}\u{1F606}\u{1F605}\u{1F61C}\u{1F61D}\u{1F92A}]/gu;
const NOT_WORD = /[^a-z0-9, ]+/g;
const SPACES = / +/g;

/** The sentences of a comment, each a string of tokens separated by one space; "," is a token of its own. */
export function screenSentences(raw: string): string[] {
  const folded = raw
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .toLowerCase()
    .replace(LAUGH_EMOJI, ' haha ')
    .replace(THOUSANDS, '$1$2')
    .replace(DECIMAL_POINT, '$1 $2')
    .replace(PESO, ' pesos ')
    .replace(INNER_APOSTROPHE, '$1$2')
    .replace(INNER_HYPHEN, '$1$2')
    .replace(ELONGATED_LETTER, '$1$1');
  return folded
    .split(SENTENCE_BREAK)
    .map((sentence) => sentence.replace(/,/g, ' , ').replace(NOT_WORD, ' ').replace(SPACES, ' ').trim())
    .filter((sentence) => sentence.length > 0);
}

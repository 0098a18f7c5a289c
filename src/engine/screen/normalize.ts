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

/**
 * Verb prefixes that students write apart ("nag chat", "mag aral", "gi text", "pinag usapan"): joined to the
 * word after them, as the hyphenated spelling is, so a pattern names one form.
 */
const DETACHED_PREFIX = /(?<![a-z])(nakipag|makipag|nagpa|magpa|pinag|napag|ipag|nag|mag|gina|naga|maga|gi) (?=[a-z])/g;

/** Texting spellings folded to the word the patterns name. */
const TEXT_SPELLINGS: Readonly<Record<string, string>> = {
  nya: 'niya',
  nyo: 'niyo',
  sya: 'siya',
  xa: 'siya',
  cya: 'siya',
  sha: 'siya',
  aq: 'ako',
  wla: 'wala',
  wlang: 'walang',
  hnd: 'hindi',
  hndi: 'hindi',
  dli: 'dili',
  q: 'ko',
  ung: 'yung',
  d: 'di',
  nlng: 'nalang',
  nlang: 'nalang',
  nalng: 'nalang',
  lng: 'lang',
  u: 'you',
  ur: 'your',
  pls: 'please',
  bcoz: 'because',
  bcos: 'because',
  coz: 'because',
  cuz: 'because',
  kc: 'kasi',
  kse: 'kasi',
  mam: 'maam',
  mams: 'maam',
  mdam: 'maam',
  madam: 'maam',
  ser: 'sir',
  sr: 'sir',
  w8: 'wait',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'got to',
  tryna: 'trying to',
  ima: 'im going to',
  imma: 'im going to',
};

const TOKEN = /[a-z0-9]+/g;

/** The same joining for pattern sources, so a pattern written "mag inom" still reads "maginom". */
export function joinDetachedPrefixes(text: string): string {
  return text.replace(DETACHED_PREFIX, '$1');
}

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
    .map((sentence) =>
      joinDetachedPrefixes(
        sentence
          .replace(/,/g, ' , ')
          .replace(NOT_WORD, ' ')
          .replace(TOKEN, (token) => TEXT_SPELLINGS[token] ?? token)
          .replace(SPACES, ' ')
          .trim(),
      ),
    )
    .filter((sentence) => sentence.length > 0);
}

/**
 * Causative and Cebuano prefixes that students also write apart ("ipa ambush", "gipa squat", "pina squat"): joined
 * for the rules only. The model reads `screenSentences` as it was trained on, so these folds stay out of it.
 */
const DETACHED_CAUSATIVE = /(?<![a-z])(ipapa|ipina|ipa|ginapa|gipa|pinapa|pina) (?=[a-z]{3})/g;

/** Politeness particles dropped for the rules ("ayoko na pong gumising" reads as "ayoko na gumising"). */
const POLITENESS = / (?:po|pong|ho|poh) (?=[a-z])/g;

/** Vowel-dropped texting spellings, folded for the rules only. */
const RULES_SPELLINGS: Readonly<Record<string, string>> = {
  kmi: 'kami',
  kme: 'kami',
  pg: 'pag',
  pra: 'para',
  sbi: 'sabi',
  snbi: 'sinabi',
  cnbi: 'sinabi',
  cnsbi: 'sinasabi',
  snsbi: 'sinasabi',
  pssa: 'papasa',
  gsto: 'gusto',
  tlga: 'talaga',
  ayw: 'ayaw',
  bgsak: 'bagsak',
  dmd: 'dmed',
};

/** The joining of `DETACHED_CAUSATIVE` for pattern sources, as `joinDetachedPrefixes` is for the common ones. */
export function joinDetachedCausatives(text: string): string {
  return text.replace(DETACHED_CAUSATIVE, '$1');
}

/**
 * A sentence of `screenSentences` as the rules read it: politeness particles dropped, causative prefixes joined,
 * a few vowel-dropped spellings folded. The model never sees this step.
 */
export function rulesReading(sentence: string): string {
  return joinDetachedCausatives(
    ` ${sentence} `
      .replace(POLITENESS, ' ')
      .replace(TOKEN, (token) => RULES_SPELLINGS[token] ?? token)
      .trim(),
  );
}

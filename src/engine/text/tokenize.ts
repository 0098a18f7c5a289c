/**
 * Word tokenisation for English, Tagalog/Filipino and Cebuano (and their code-switched mixes).
 * Tokens are lowercase; hyphenated words stay whole ("tin-aw", "mag-aral"); emojis and punctuation are
 * dropped (the sentiment scorer reads emojis itself); common text-speak is expanded to the full word.
 */

import { normalizeText } from './normalize.js';

const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;
const HAS_LETTER = /\p{L}/u;
const ENGLISH_CONTRACTION = /^[a-z]+(?:n't|'s|'re|'ve|'ll|'d|'m)$/u;
/** A negation with its apostrophe one letter early ("does'nt", "could'nt"): the contraction it stands for. */
const MISPLACED_NEGATION = /^(do|does|did|is|are|was|were|has|have|had|could|would|should)'nt$/u;

/** Apostrophe spellings that are one word. */
const JOINED_APOSTROPHE_WORDS: ReadonlyMap<string, string> = new Map([
  ["ma'am", 'maam'],
  ["wala'y", 'walay'],
  ["o'clock", "o'clock"],
]);

/**
 * Text-speak and spelling variants mapped to the form the lexicons and stop-word lists use.
 * "d" standing alone is the negator "di" (hindi / dili); "cr" and "sir" are real words and stay.
 */
const TEXT_SPEAK: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    d: ['di'],
    nd: ['hindi'],
    nde: ['hindi'],
    hnd: ['hindi'],
    hndi: ['hindi'],
    hnde: ['hindi'],
    hinde: ['hindi'],
    indi: ['hindi'],
    u: ['you'],
    ur: ['your'],
    yr: ['your'],
    r: ['are'],
    gud: ['good'],
    gd: ['good'],
    gr8: ['great'],
    tnx: ['thanks'],
    thx: ['thanks'],
    thnx: ['thanks'],
    tnks: ['thanks'],
    thnks: ['thanks'],
    ty: ['thank', 'you'],
    tysm: ['thank', 'you', 'so', 'much'],
    pls: ['please'],
    plz: ['please'],
    plss: ['please'],
    pls2: ['please'],
    kc: ['kasi'],
    kse: ['kasi'],
    ksi: ['kasi'],
    kase: ['kasi'],
    lng: ['lang'],
    nman: ['naman'],
    nmn: ['naman'],
    nmin: ['naman'],
    tlga: ['talaga'],
    tlaga: ['talaga'],
    sna: ['sana'],
    sbra: ['sobra'],
    sbrang: ['sobrang'],
    wla: ['wala'],
    wlang: ['walang'],
    wag: ['huwag'],
    wg: ['huwag'],
    sya: ['siya'],
    xa: ['siya'],
    cya: ['siya'],
    nya: ['niya'],
    nyo: ['niyo'],
    ung: ['yung'],
    ppl: ['people'],
    bcoz: ['because'],
    bcz: ['because'],
    becoz: ['because'],
    becuz: ['because'],
    bcos: ['because'],
    coz: ['because'],
    cuz: ['because'],
    bc: ['because'],
    b4: ['before'],
    vry: ['very'],
    rly: ['really'],
    tchr: ['teacher'],
    mam: ['maam'],
    dli: ['dili'],
    kaau: ['kaayo'],
    kaayu: ['kaayo'],
    jud: ['gyud'],
    jd: ['gyud'],
    gyd: ['gyud'],
    ok: ['okay'],
    oki: ['okay'],
    oks: ['okay'],
    okey: ['okay'],
    okie: ['okay'],
    idk: ['i', "don't", 'know'],
    dont: ["don't"],
    cant: ["can't"],
    didnt: ["didn't"],
    doesnt: ["doesn't"],
    isnt: ["isn't"],
    wasnt: ["wasn't"],
    wont: ["won't"],
    // Contractions typed without the apostrophe or with it misplaced, and negations run together: as common on a
    // phone as the four above, and "they arent helpful" read as praise.
    arent: ["aren't"],
    werent: ["weren't"],
    hasnt: ["hasn't"],
    havent: ["haven't"],
    hadnt: ["hadn't"],
    couldnt: ["couldn't"],
    wouldnt: ["wouldn't"],
    shouldnt: ["shouldn't"],
    cudnt: ["couldn't"],
    wudnt: ["wouldn't"],
    shudnt: ["shouldn't"],
    dnt: ["don't"],
    dosent: ["doesn't"],
    dosnt: ["doesn't"],
    doesent: ["doesn't"],
    didnot: ['did', 'not'],
    doesnot: ['does', 'not'],
    // The same with a space or a comma where the apostrophe was ("doesn t", "didn,t"): the stem stands for the whole.
    // Not "don" (a name) nor "haven" (a word).
    doesn: ["doesn't"],
    didn: ["didn't"],
    isn: ["isn't"],
    wasn: ["wasn't"],
    aren: ["aren't"],
    weren: ["weren't"],
    hasn: ["hasn't"],
    hadn: ["hadn't"],
    couldn: ["couldn't"],
    wouldn: ["wouldn't"],
    shouldn: ["shouldn't"],
    im: ["i'm"],
    medj: ['medyo'],
    mejo: ['medyo'],
    onte: ['konti'],
    konte: ['konti'],
    prin: ['pa', 'rin'],
    nlng: ['na', 'lang'],
    nalang: ['na', 'lang'],
    nlang: ['na', 'lang'],
    aq: ['ako'],
    q: ['ko'],
    mgnda: ['maganda'],
    mgaling: ['magaling'],
    nkakaantok: ['nakakaantok'],
    nyc: ['nice'],
    boaring: ['boring'],
    borring: ['boring'],
  }),
);

/** Cebuano words after which "gud" is the intensifier (gyud), not text-speak for "good". */
const CEBUANO_BEFORE_GUD: ReadonlySet<string> = new Set([
  'maayo',
  'nindot',
  'lisod',
  'kapoy',
  'dili',
  'wala',
  'kaayo',
  'ra',
  'mao',
  'ok',
  'okay',
  'tinuod',
  'sakto',
  'lagi',
  'ganahan',
  'bati',
  'bitaw',
]);

function splitApostrophes(word: string): string[] {
  if (!word.includes("'")) return [word];
  const joined = JOINED_APOSTROPHE_WORDS.get(word);
  if (joined !== undefined) return [joined];
  if (ENGLISH_CONTRACTION.test(word)) return [word];
  const misplaced = MISPLACED_NEGATION.exec(word);
  if (misplaced) return [`${misplaced[1]}n't`];
  return word.split("'").filter((part) => part.length > 0);
}

function expand(token: string, previous: string | undefined, output: string[]): void {
  if (token === 'gud' && previous !== undefined && CEBUANO_BEFORE_GUD.has(previous)) {
    output.push('gyud');
    return;
  }
  const expansion = TEXT_SPEAK.get(token);
  if (expansion === undefined) output.push(token);
  else output.push(...expansion);
}

/**
 * The tokens one lowercase written word stands for: apostrophes split or joined, text-speak expanded.
 * `previous` is the token before it, which decides a few ambiguous spellings.
 */
export function expandWord(lowerWord: string, previous: string | undefined): string[] {
  const output: string[] = [];
  for (const part of splitApostrophes(lowerWord)) {
    expand(part, output.length > 0 ? output[output.length - 1] : previous, output);
  }
  return output;
}

/**
 * Rewrites, in normalised text of any case, what would otherwise be read wrong: "w/" and "w/o", a comma typed for the
 * apostrophe of a negation ("doesn,t"), which would end the clause between the negation and what it negates, and
 * "d best".
 */
export function rewriteShorthand(normalized: string): string {
  // Most comments hold nothing the rewrites need: one plain search skips all four Unicode-aware ones (~5% of scoring).
  if (!SHORTHAND_HINT.test(normalized)) return normalized;
  return (
    normalized
      .replace(/\bw\/o\b/giu, 'without')
      .replace(/\bw\//giu, 'with ')
      .replace(/(?<=\p{L}n),(?=t\b)/giu, "'")
      // "d best" (texting for "the best"), where "d" alone is otherwise the negator "di": "d best c maam" read as a complaint.
      .replace(/\bd(?= best\b)/giu, 'the')
  );
}

/** What each rewrite of rewriteShorthand needs in the text: "w/", "n,t", " best". */
const SHORTHAND_HINT = /w\/|n,t| best/i;

function prepareForTokens(text: string): string {
  return rewriteShorthand(normalizeText(text).toLowerCase());
}

/** Lowercase word tokens of already-normalised or raw text. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of prepareForTokens(text).matchAll(WORD)) {
    tokens.push(...expandWord(match[0], tokens[tokens.length - 1]));
  }
  return tokens;
}

/** Number of words as written (before text-speak expansion); numbers alone do not count. */
export function wordCount(text: string): number {
  let count = 0;
  for (const match of text.normalize('NFKC').matchAll(WORD)) {
    if (HAS_LETTER.test(match[0])) count += 1;
  }
  return count;
}

/**
 * The word and phrase valences the scorer reads: VADER (English), the hand-built domain lexicon (English,
 * Tagalog, Cebuano; it overrides VADER), emoji sentiment, and a Cebuano fallback projected from Wolff's
 * dictionary. Data files are read once, synchronously, when the module loads.
 */

import { readFileSync } from 'node:fs';
import { tokenize } from '../text/tokenize.js';
import { DOMAIN_TERMS, EMOJI_OVERRIDES } from './domain-lexicon.js';
import {
  CONCESSIONS,
  COURTESIES,
  CONTRASTS,
  DEFICIENCY_MARKERS,
  DIMINISHERS,
  EXCESS_MARKERS,
  EXPECTATIONS,
  HEARSAY,
  HEDGES,
  NEGATOR_VALENCE,
  PHILIPPINE_NEGATORS,
  VERBAL_NEGATORS,
  NEGATION_CANCELLERS,
  NEGATORS,
  POST_INTENSIFIERS,
  PRAISE_INTERJECTIONS,
  PRE_INTENSIFIERS,
  REPETITION_COMPLAINTS,
  SARCASM_MARKERS,
  SOFT_SUGGESTION_CUES,
  SUGGESTION_CUES,
} from './modifiers.js';

function readTable(file: string): Map<string, number> {
  const table = new Map<string, number>();
  const text = readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    const value = Number(line.slice(tab + 1));
    if (Number.isFinite(value)) table.set(line.slice(0, tab), value);
  }
  return table;
}

/** Emoji Sentiment Ranking scores (-1..1) put on the VADER scale. */
const EMOJI_SCALE = 3;
/** Wolff projections are automatic and noisy: counted at half weight, and only for Cebuano comments. */
const CEBUANO_FALLBACK_WEIGHT = 0.5;

function withoutVariationSelector(emoji: string): string {
  return emoji.replace(/\u{FE0F}/gu, '');
}

function buildEmojiTable(): Map<string, number> {
  const table = new Map<string, number>();
  for (const [emoji, score] of readTable('emoji_sentiment.tsv')) {
    table.set(withoutVariationSelector(emoji), score * EMOJI_SCALE);
  }
  for (const [emoji, valence] of EMOJI_OVERRIDES) table.set(withoutVariationSelector(emoji), valence);
  return table;
}

/** Phrase keys go through the same tokeniser as comments so text-speak and apostrophes line up. */
function tokenKey(term: string): string {
  return tokenize(term).join(' ');
}

function buildWordTable(): Map<string, number> {
  const table = readTable('en_vader.tsv');
  // Single letters are sizes, grades and initials in comments ("size L", "a C-"), not the slang VADER means.
  for (const key of [...table.keys()]) if (/^\p{L}$/u.test(key)) table.delete(key);
  for (const [term, valence] of DOMAIN_TERMS) {
    const key = tokenKey(term);
    if (key.length > 0) table.set(key, valence);
  }
  return table;
}

const WORDS = buildWordTable();

const EMOJIS = buildEmojiTable();
const CEBUANO_FALLBACK = readTable('ceb_wolff_vader_projected.tsv');

/** Every multi-word key any table or modifier list knows, by first word, longest first. */
function buildPhraseIndex(): Map<string, string[][]> {
  const phrases = new Set<string>();
  const modifierLists: Iterable<string>[] = [
    NEGATORS,
    NEGATION_CANCELLERS,
    PRE_INTENSIFIERS.keys(),
    POST_INTENSIFIERS,
    DIMINISHERS.keys(),
    EXCESS_MARKERS,
    CONTRASTS,
    CONCESSIONS,
    COURTESIES,
    SUGGESTION_CUES,
    SOFT_SUGGESTION_CUES,
    EXPECTATIONS.keys(),
    DEFICIENCY_MARKERS,
    HEARSAY,
    HEDGES,
    REPETITION_COMPLAINTS,
    SARCASM_MARKERS,
    PRAISE_INTERJECTIONS,
  ];
  for (const list of modifierLists) {
    for (const entry of list) if (/^[\p{L}\p{N}' -]+$/u.test(entry)) phrases.add(tokenKey(entry));
  }
  for (const key of WORDS.keys()) phrases.add(key);
  const index = new Map<string, string[][]>();
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    if (words.length < 2) continue;
    const first = words[0] ?? '';
    const list = index.get(first) ?? [];
    list.push(words);
    index.set(first, list);
  }
  for (const list of index.values()) list.sort((left, right) => right.length - left.length);
  return index;
}

const PHRASES = buildPhraseIndex();

/** Modifier lists re-keyed through the tokeniser, so "'wag" and "wag" or "hndi" and "hindi" match alike. */
function keyed(list: Iterable<string>): ReadonlySet<string> {
  return new Set([...list].map((entry) => (/^[\p{L}\p{N}' -]+$/u.test(entry) ? tokenKey(entry) : entry)));
}

export const MODIFIERS = {
  negators: keyed(NEGATORS),
  verbalNegators: keyed(VERBAL_NEGATORS),
  philippineNegators: keyed(PHILIPPINE_NEGATORS),
  negatorValence: new Map([...NEGATOR_VALENCE].map(([word, value]) => [tokenKey(word), value] as const)),
  negationCancellers: keyed(NEGATION_CANCELLERS),
  preIntensifiers: new Map([...PRE_INTENSIFIERS].map(([word, factor]) => [tokenKey(word), factor] as const)),
  postIntensifiers: keyed(POST_INTENSIFIERS),
  diminishers: new Map([...DIMINISHERS].map(([word, factor]) => [tokenKey(word), factor] as const)),
  excessMarkers: keyed(EXCESS_MARKERS),
  contrasts: keyed(CONTRASTS),
  concessions: keyed(CONCESSIONS),
  courtesies: keyed(COURTESIES),
  suggestionCues: keyed(SUGGESTION_CUES),
  softSuggestionCues: keyed(SOFT_SUGGESTION_CUES),
  expectations: new Map([...EXPECTATIONS].map(([word, value]) => [tokenKey(word), value] as const)),
  deficiencyMarkers: keyed(DEFICIENCY_MARKERS),
  hearsay: keyed(HEARSAY),
  hedges: keyed(HEDGES),
  repetitionComplaints: keyed(REPETITION_COMPLAINTS),
  sarcasmMarkers: keyed(SARCASM_MARKERS),
  praiseInterjections: keyed(PRAISE_INTERJECTIONS),
} as const;

/** Joins each run of words that forms a known phrase into one token (longest match first). */
export function joinPhrases(words: readonly string[]): string[] {
  const joined: string[] = [];
  let index = 0;
  while (index < words.length) {
    const word = words[index] ?? '';
    const candidates = PHRASES.get(word);
    let matched = 1;
    if (candidates !== undefined) {
      for (const phrase of candidates) {
        if (index + phrase.length > words.length) continue;
        let equal = true;
        for (let offset = 1; offset < phrase.length; offset += 1) {
          if (words[index + offset] !== phrase[offset]) {
            equal = false;
            break;
          }
        }
        if (equal) {
          matched = phrase.length;
          break;
        }
      }
    }
    joined.push(matched === 1 ? word : words.slice(index, index + matched).join(' '));
    index += matched;
  }
  return joined;
}

export interface WordValence {
  valence: number;
  /** The word was written with emphasis: elongated ("galingg"), reduplicated ("ganda-ganda") or "napaka-". */
  emphasised: boolean;
}

/** Tagalog/Cebuano prefixes that leave the root's sentiment (and some that strengthen it). */
const INTENSIFYING_PREFIXES = ['napaka', 'pinaka'];
const PLAIN_PREFIXES = ['nakaka', 'naka', 'maka', 'ma', 'na', 'pag', 'mag', 'nag', 'ki'];

function collapseDoubles(word: string): string {
  return word.replace(/(\p{L})\1/gu, '$1');
}

function lookupExact(word: string): number | undefined {
  return WORDS.get(word);
}

function lookupMorphology(word: string): WordValence | undefined {
  const direct = lookupExact(word);
  if (direct !== undefined) return { valence: direct, emphasised: false };
  const hyphen = word.indexOf('-');
  if (hyphen > 0) {
    const left = word.slice(0, hyphen);
    const right = word.slice(hyphen + 1);
    // Reduplication ("ganda-ganda", "galing-galing") emphasises; "napaka-bait" is the prefixed word.
    if (left === right || right.startsWith(left)) {
      const found = lookupMorphology(left);
      if (found !== undefined) return { valence: found.valence, emphasised: true };
    }
    const joined = lookupMorphology(left + right);
    if (joined !== undefined) return joined;
  }
  // Linker "-ng" after a vowel: "magandang", "maayong".
  if (word.length > 4 && word.endsWith('ng') && /[aeiou]ng$/u.test(word)) {
    const stem = lookupExact(word.slice(0, -2));
    if (stem !== undefined) return { valence: stem, emphasised: false };
  }
  for (const prefix of INTENSIFYING_PREFIXES) {
    if (word.length > prefix.length + 3 && word.startsWith(prefix)) {
      const rest = word.slice(prefix.length);
      const root = lookupExact(rest) ?? lookupExact(`ma${rest}`);
      if (root !== undefined && root !== 0) return { valence: root, emphasised: true };
    }
  }
  for (const prefix of PLAIN_PREFIXES) {
    if (word.length > prefix.length + 3 && word.startsWith(prefix)) {
      const root = lookupExact(word.slice(prefix.length));
      if (root !== undefined && root !== 0 && Math.abs(root) >= 1) return { valence: root, emphasised: false };
    }
  }
  return undefined;
}

/** Valence of a word or joined phrase, or undefined when it carries none. */
export function lookupValence(word: string, cebuano: boolean): WordValence | undefined {
  const found = lookupMorphology(word);
  if (found !== undefined) return found;
  // Elongated words were cut to two letters by normalisation ("galingg"); try the plain spelling.
  if (/(\p{L})\1/u.test(word)) {
    const plain = lookupMorphology(collapseDoubles(word));
    if (plain !== undefined) return { valence: plain.valence, emphasised: true };
  }
  if (cebuano) {
    const wolff = CEBUANO_FALLBACK.get(word.replace(/o/gu, 'u'));
    if (wolff !== undefined) return { valence: wolff * CEBUANO_FALLBACK_WEIGHT, emphasised: false };
  }
  return undefined;
}

export function emojiValence(emoji: string): number | undefined {
  return EMOJIS.get(withoutVariationSelector(emoji));
}

/** Emoticons such as ":)" or "<3" are VADER entries. */
export function emoticonValence(emoticon: string): number | undefined {
  return WORDS.get(emoticon) ?? WORDS.get(emoticon.toLowerCase());
}

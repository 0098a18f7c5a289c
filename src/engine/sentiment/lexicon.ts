/**
 * The word and phrase valences the scorer reads: VADER (English), the hand-built domain lexicon (English,
 * Tagalog, Cebuano; it overrides VADER), emoji sentiment, and a Cebuano fallback projected from Wolff's
 * dictionary. Pure: the three data tables come in as arguments (`buildSentimentLexicon`); reading them from
 * disk is the job of load-lexicon.ts, which a process runs once at start-up.
 */

import { STOPWORDS } from '../text/stopwords.js';
import { tokenize } from '../text/tokenize.js';
import { DOMAIN_TERMS, EMOJI_OVERRIDES } from './domain-lexicon.js';
import {
  CONCESSIONS,
  COURTESIES,
  CONTRASTS,
  DEFICIENCY_MARKERS,
  PUNCTUALITY_ASKS,
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
  NON_ANSWER_WORDS,
  PARALLEL_PARTS,
  POST_INTENSIFIERS,
  PRAISE_INTERJECTIONS,
  SARCASTIC_OPENERS,
  PRE_INTENSIFIERS,
  REMARKS,
  UNKNOWING,
  NO_EXPERIENCE_FILLERS,
  MODAL_NEGATORS,
  NO_EXPERIENCE_OBJECTS,
  NO_EXPERIENCE_SPEAKERS,
  KNOWLEDGE_AMOUNTS,
  NEGATION_BOUNDARIES,
  REPETITION_COMPLAINTS,
  SARCASM_MARKERS,
  ONE_MORE,
  SOFT_SUGGESTION_CUES,
  SUGGESTION_CONDITIONS,
  SUGGESTION_PARTICLES,
  CONTINUATIONS,
  REQUEST_OPENERS,
  REQUEST_BREAKERS,
  INDEFINITES,
  SUGGESTION_CUES,
} from './modifiers.js';

/** The data tables of the sentiment engine, as `word -> value` maps (see data/NOTICE.md for sources). */
export interface SentimentTables {
  /** VADER lexicon (`en_vader.tsv`): word -> mean valence, -4..+4. */
  readonly english: ReadonlyMap<string, number>;
  /** Emoji Sentiment Ranking (`emoji_sentiment.tsv`): emoji -> (positive - negative) / occurrences, -1..1. */
  readonly emoji: ReadonlyMap<string, number>;
  /** Wolff projections (`ceb_wolff_vader_projected.tsv`): Cebuano head word, Wolff spelling -> valence. */
  readonly cebuano: ReadonlyMap<string, number>;
}

/** The data files behind each table, in `src/engine/sentiment/data/`. */
export const SENTIMENT_TABLE_FILES: Readonly<Record<keyof SentimentTables, string>> = {
  english: 'en_vader.tsv',
  emoji: 'emoji_sentiment.tsv',
  cebuano: 'ceb_wolff_vader_projected.tsv',
};

/** Parses a `key<TAB>number` table; lines without a tab or a finite number are skipped. */
export function parseValenceTable(text: string): Map<string, number> {
  const table = new Map<string, number>();
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
/**
 * Common Cebuano words the fallback reads wrong, which it never reads: pronouns and particles ("among", our, found as
 * "amung" once "o" reads as "u"; "da", "uy"), numbers ("tulo", "pito"), question and linking words ("unsa", "bahin",
 * "sulod", "sunod", "sama", "tungod", "labing"), everyday nouns and verbs ("adlaw", day; "tawo", person; "likod", back;
 * "balik", "sulti", "isip", "hunahuna", "punto", "puntos", "trato", "timbang", "balaod", "kapitan", "book"), and words
 * whose projected sign is the opposite of what students mean ("igo", enough, and "tama", right, read as complaints;
 * "angay", should; "init", hot, and "dugang", more, read as praise; "siguro", maybe). Found by listing the words of the corpus's Cebuano
 * comments that take a valence only from the fallback.
 */
const CEBUANO_FALLBACK_EXCLUDED: ReadonlySet<string> = new Set(
  `among amo amoa amoang da uy oy tulo pito unsa bahin sulod sunod sama tungod labing labaw adlaw tawo likod balik
  sulti isip hunahuna punto puntos trato timbang balaod kapitan book igo tama angay init siguro dugang`
    .split(/\s+/u)
    .filter((word) => word.length > 0),
);
/**
 * Misspellings: an unknown English-looking word one edit (a letter added, dropped, changed or two swapped) away
 * from exactly one strong evaluation word of at least MISSPELLING_TARGET_LENGTH letters reads as that word, at
 * this share of its valence ("excelent", "knowlegeable", "horrilbe"). The targets are the single English words
 * of the domain lexicon plus EVALUATION_WORDS, not all of VADER: one edit turns too many general words into
 * other words ("morning" / "mourning", "related" / "elated"). Short words, stop-words ("through" is not
 * "thorough"), a different first letter ("selling" is not "yelling") and a missing last letter ("structure" is
 * not "structured") are left alone for the same reason.
 */
const MISSPELLING_WEIGHT = 0.8;
const MISSPELLING_TARGET_LENGTH = 7;
const MISSPELLING_TARGET_VALENCE = 1.5;
/** VADER words of evaluations that students often misspell, as misspelling targets besides the domain lexicon. */
const EVALUATION_WORDS = `excellent perfect terrible horrible pleasant impressive efficient satisfactory beautiful
  incredible favorite favourite awesome helpful wonderful fantastic disappointed disappointing unfair`
  .split(/\s+/u)
  .filter((word) => word.length > 0);

function withoutVariationSelector(emoji: string): string {
  return emoji.replace(/\u{FE0F}/gu, '');
}

function buildEmojiTable(scores: ReadonlyMap<string, number>): Map<string, number> {
  const table = new Map<string, number>();
  for (const [emoji, score] of scores) table.set(withoutVariationSelector(emoji), score * EMOJI_SCALE);
  for (const [emoji, valence] of EMOJI_OVERRIDES) table.set(withoutVariationSelector(emoji), valence);
  return table;
}

/** Phrase keys go through the same tokeniser as comments so text-speak and apostrophes line up. */
function tokenKey(term: string): string {
  return tokenize(term).join(' ');
}

function buildWordTable(english: ReadonlyMap<string, number>): Map<string, number> {
  const table = new Map(english);
  // Single letters are sizes, grades and initials in comments ("size L", "a C-"), not the slang VADER means.
  for (const key of [...table.keys()]) if (/^\p{L}$/u.test(key)) table.delete(key);
  for (const [term, valence] of DOMAIN_TERMS) {
    const key = tokenKey(term);
    if (key.length > 0) table.set(key, valence);
  }
  return table;
}

/** Multi-word entries of the modifier lists (fixed, so computed once). */
const MODIFIER_PHRASES: readonly string[] = (() => {
  const phrases = new Set<string>();
  const modifierLists: Iterable<string>[] = [
    NEGATORS,
    NEGATION_CANCELLERS,
    NEGATION_BOUNDARIES,
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
    SARCASTIC_OPENERS,
  ];
  for (const list of modifierLists) {
    for (const entry of list) if (/^[\p{L}\p{N}' -]+$/u.test(entry)) phrases.add(tokenKey(entry));
  }
  return [...phrases];
})();

/** Every multi-word key the word table or a modifier list knows, by first word, longest first. */
function buildPhraseIndex(words: ReadonlyMap<string, number>): Map<string, string[][]> {
  const phrases = new Set<string>([...MODIFIER_PHRASES, ...words.keys()]);
  const index = new Map<string, string[][]>();
  for (const phrase of phrases) {
    const parts = phrase.split(' ');
    if (parts.length < 2) continue;
    const first = parts[0] ?? '';
    const list = index.get(first) ?? [];
    list.push(parts);
    index.set(first, list);
  }
  for (const list of index.values()) list.sort((left, right) => right.length - left.length);
  return index;
}

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
  remarks: keyed(REMARKS),
  nonAnswerWords: keyed(NON_ANSWER_WORDS),
  unknowing: keyed(UNKNOWING),
  noExperienceObjects: keyed(NO_EXPERIENCE_OBJECTS),
  noExperienceSpeakers: keyed(NO_EXPERIENCE_SPEAKERS),
  noExperienceFillers: keyed(NO_EXPERIENCE_FILLERS),
  modalNegators: keyed(MODAL_NEGATORS),
  negationBoundaries: keyed(NEGATION_BOUNDARIES),
  knowledgeAmounts: keyed(KNOWLEDGE_AMOUNTS),
  preIntensifiers: new Map([...PRE_INTENSIFIERS].map(([word, factor]) => [tokenKey(word), factor] as const)),
  postIntensifiers: keyed(POST_INTENSIFIERS),
  diminishers: new Map([...DIMINISHERS].map(([word, factor]) => [tokenKey(word), factor] as const)),
  excessMarkers: keyed(EXCESS_MARKERS),
  contrasts: keyed(CONTRASTS),
  parallelParts: keyed(PARALLEL_PARTS),
  concessions: keyed(CONCESSIONS),
  courtesies: keyed(COURTESIES),
  suggestionCues: keyed(SUGGESTION_CUES),
  softSuggestionCues: keyed(SOFT_SUGGESTION_CUES),
  suggestionParticles: keyed(SUGGESTION_PARTICLES),
  suggestionConditions: keyed(SUGGESTION_CONDITIONS),
  continuations: keyed(CONTINUATIONS),
  requestOpeners: keyed(REQUEST_OPENERS),
  requestBreakers: keyed(REQUEST_BREAKERS),
  indefinites: keyed(INDEFINITES),
  expectations: new Map([...EXPECTATIONS].map(([word, value]) => [tokenKey(word), value] as const)),
  deficiencyMarkers: keyed(DEFICIENCY_MARKERS),
  punctualityAsks: keyed(PUNCTUALITY_ASKS),
  hearsay: keyed(HEARSAY),
  hedges: keyed(HEDGES),
  repetitionComplaints: keyed(REPETITION_COMPLAINTS),
  sarcasmMarkers: keyed(SARCASM_MARKERS),
  oneMore: keyed(ONE_MORE),
  praiseInterjections: keyed(PRAISE_INTERJECTIONS),
  sarcasticOpeners: keyed(SARCASTIC_OPENERS),
} as const;

export interface WordValence {
  valence: number;
  /** The word was written with emphasis: elongated ("galingg"), reduplicated ("ganda-ganda") or "napaka-". */
  emphasised: boolean;
}

/** Lookups over the built tables; one per process, shared by every comment scored. */
export interface SentimentLexicon {
  /** Joins each run of words that forms a known phrase into one token (longest match first). */
  joinPhrases(words: readonly string[]): string[];
  /** Valence of a word or joined phrase, or undefined when it carries none. */
  lookupValence(word: string, cebuano: boolean): WordValence | undefined;
  emojiValence(emoji: string): number | undefined;
  /** Emoticons such as ":)" or "<3" are VADER entries. */
  emoticonValence(emoticon: string): number | undefined;
}

/** Tagalog/Cebuano prefixes that leave the root's sentiment (and some that strengthen it). */
const INTENSIFYING_PREFIXES = ['napaka', 'pinaka'];
const PLAIN_PREFIXES = ['nakaka', 'naka', 'maka', 'ma', 'na', 'pag', 'mag', 'nag', 'ki'];

function collapseDoubles(word: string): string {
  return word.replace(/(\p{L})\1/gu, '$1');
}

/** Each string with one letter removed (every position). */
function deletions(word: string): string[] {
  const result: string[] = [];
  for (let index = 0; index < word.length; index += 1) result.push(word.slice(0, index) + word.slice(index + 1));
  return result;
}

/** Optimal string alignment distance is at most one: one insertion, deletion, substitution or adjacent swap. */
function withinOneEdit(left: string, right: string): boolean {
  if (left === right) return true;
  if (Math.abs(left.length - right.length) > 1) return false;
  let start = 0;
  while (start < left.length && start < right.length && left[start] === right[start]) start += 1;
  let leftEnd = left.length;
  let rightEnd = right.length;
  while (leftEnd > start && rightEnd > start && left[leftEnd - 1] === right[rightEnd - 1]) {
    leftEnd -= 1;
    rightEnd -= 1;
  }
  const leftRest = left.slice(start, leftEnd);
  const rightRest = right.slice(start, rightEnd);
  if (leftRest.length + rightRest.length <= 1) return true;
  if (leftRest.length === 1 && rightRest.length === 1) return true;
  return (
    leftRest.length === 2 && rightRest.length === 2 && leftRest[0] === rightRest[1] && leftRest[1] === rightRest[0]
  );
}

/** Strong single-word entries by themselves and by each of their one-letter deletions (a symmetric-delete index). */
function buildMisspellingIndex(words: ReadonlyMap<string, number>, targets: Iterable<string>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  const add = (key: string, target: string): void => {
    const list = index.get(key);
    if (list === undefined) index.set(key, [target]);
    else if (!list.includes(target)) list.push(target);
  };
  for (const word of targets) {
    const valence = words.get(word) ?? 0;
    if (word.length < MISSPELLING_TARGET_LENGTH || Math.abs(valence) < MISSPELLING_TARGET_VALENCE) continue;
    if (!/^[a-z]+$/u.test(word)) continue;
    add(word, word);
    for (const deleted of deletions(word)) add(deleted, word);
  }
  return index;
}

/** Fails loudly on a missing table instead of scoring every comment neutral with an empty lexicon. */
function requireTables(tables: SentimentTables | undefined): SentimentTables {
  for (const name of Object.keys(SENTIMENT_TABLE_FILES) as (keyof SentimentTables)[]) {
    const table = tables?.[name];
    if (table === undefined || table.size === 0) {
      throw new Error(
        `sentiment table "${name}" (${SENTIMENT_TABLE_FILES[name]}) is missing or empty: read the tables once at ` +
          'start-up with readSentimentTables() or loadSentimentScorer() from src/engine/sentiment/load-lexicon.ts',
      );
    }
  }
  return tables as SentimentTables;
}

/** Builds the lexicon from the data tables (pure; takes tens of milliseconds, so build it once). */
export function buildSentimentLexicon(tables: SentimentTables): SentimentLexicon {
  const { english, emoji, cebuano: cebuanoFallback } = requireTables(tables);
  const words = buildWordTable(english);
  const emojis = buildEmojiTable(emoji);
  const phrases = buildPhraseIndex(words);
  const misspellings = buildMisspellingIndex(words, [...DOMAIN_TERMS.keys(), ...EVALUATION_WORDS]);

  /** The one strong word `word` misspells, if exactly one is within one edit. */
  const misspelled = (word: string): string | undefined => {
    if (word.length < MISSPELLING_TARGET_LENGTH - 1 || !/^[a-z]+$/u.test(word) || STOPWORDS.has(word)) {
      return undefined;
    }
    const candidates = new Set<string>();
    for (const key of [word, ...deletions(word)]) {
      for (const target of misspellings.get(key) ?? []) {
        // "structure" is not a misspelling of "structured": a missing last letter is another form of the word.
        if (target[0] !== word[0] || target === `${word}${target.at(-1) ?? ''}`) continue;
        if (withinOneEdit(word, target)) candidates.add(target);
      }
    }
    return candidates.size === 1 ? [...candidates][0] : undefined;
  };

  const joinPhrases = (tokens: readonly string[]): string[] => {
    const joined: string[] = [];
    let index = 0;
    while (index < tokens.length) {
      const word = tokens[index] ?? '';
      const candidates = phrases.get(word);
      let matched = 1;
      if (candidates !== undefined) {
        for (const phrase of candidates) {
          if (index + phrase.length > tokens.length) continue;
          let equal = true;
          for (let offset = 1; offset < phrase.length; offset += 1) {
            if (tokens[index + offset] !== phrase[offset]) {
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
      joined.push(matched === 1 ? word : tokens.slice(index, index + matched).join(' '));
      index += matched;
    }
    return joined;
  };

  const lookupMorphology = (word: string): WordValence | undefined => {
    const direct = words.get(word);
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
      const stem = words.get(word.slice(0, -2));
      if (stem !== undefined) return { valence: stem, emphasised: false };
    }
    for (const prefix of INTENSIFYING_PREFIXES) {
      if (word.length > prefix.length + 3 && word.startsWith(prefix)) {
        const rest = word.slice(prefix.length);
        const root = words.get(rest) ?? words.get(`ma${rest}`);
        if (root !== undefined && root !== 0) return { valence: root, emphasised: true };
      }
    }
    for (const prefix of PLAIN_PREFIXES) {
      if (word.length > prefix.length + 3 && word.startsWith(prefix)) {
        const root = words.get(word.slice(prefix.length));
        if (root !== undefined && root !== 0 && Math.abs(root) >= 1) return { valence: root, emphasised: false };
      }
    }
    return undefined;
  };

  const lookupValence = (word: string, cebuano: boolean): WordValence | undefined => {
    const found = lookupMorphology(word);
    if (found !== undefined) return found;
    // Elongated words were cut to two letters by normalisation ("galingg"); try the plain spelling.
    if (/(\p{L})\1/u.test(word)) {
      const plain = lookupMorphology(collapseDoubles(word));
      if (plain !== undefined) return { valence: plain.valence, emphasised: true };
    }
    const target = misspelled(word);
    if (target !== undefined) {
      const valence = words.get(target);
      if (valence !== undefined) return { valence: valence * MISSPELLING_WEIGHT, emphasised: false };
    }
    if (cebuano && !CEBUANO_FALLBACK_EXCLUDED.has(word)) {
      const wolff = cebuanoFallback.get(word.replace(/o/gu, 'u'));
      if (wolff !== undefined) return { valence: wolff * CEBUANO_FALLBACK_WEIGHT, emphasised: false };
    }
    return undefined;
  };

  return Object.freeze({
    joinPhrases,
    lookupValence,
    emojiValence: (value: string) => emojis.get(withoutVariationSelector(value)),
    emoticonValence: (emoticon: string) => words.get(emoticon) ?? words.get(emoticon.toLowerCase()),
  });
}

/**
 * Finds the teaching aspects a token or a token sequence names, through Tagalog and Cebuano morphology:
 * "nagpapaliwanag" → paliwanag, "maintindihan" → intindi, "tinuturo" → turo, "masabtan" → sabt,
 * "nakakaantok" → antok, "mag-explain" → explain*. Results per token are memoised (pure: the memo only
 * ever holds what the lexicon implies).
 */

import { ASPECTS, DOMAIN_GENERIC_WORDS, WEAK_WORD_WEIGHT } from './aspect-lexicon.js';

export interface AspectHit {
  /** Index into ASPECTS. */
  aspect: number;
  weight: number;
}

interface CompiledLexicon {
  exact: Map<string, AspectHit[]>;
  stems: Map<string, AspectHit[]>;
  longestStem: number;
  /** Phrases keyed by their words joined with a space. */
  phrases: Map<string, AspectHit[]>;
  longestPhrase: number;
}

function addHit(map: Map<string, AspectHit[]>, key: string, hit: AspectHit): void {
  const hits = map.get(key) ?? [];
  const existing = hits.find((candidate) => candidate.aspect === hit.aspect);
  if (existing === undefined) hits.push(hit);
  else existing.weight = Math.max(existing.weight, hit.weight);
  map.set(key, hits);
}

function compileLexicon(): CompiledLexicon {
  const lexicon: CompiledLexicon = {
    exact: new Map(),
    stems: new Map(),
    longestStem: 0,
    phrases: new Map(),
    longestPhrase: 1,
  };
  ASPECTS.forEach((definition, aspect) => {
    const lists: Array<[string, number]> = [
      [definition.words, 1],
      [definition.weak, WEAK_WORD_WEIGHT],
    ];
    for (const [list, weight] of lists) {
      for (const entry of list.split(/\s+/u).filter((word) => word.length > 0)) {
        if (entry.includes('+')) {
          const words = entry.split('+');
          lexicon.longestPhrase = Math.max(lexicon.longestPhrase, words.length);
          addHit(lexicon.phrases, words.join(' '), { aspect, weight });
        } else if (entry.endsWith('*')) {
          const stem = entry.slice(0, -1);
          lexicon.longestStem = Math.max(lexicon.longestStem, stem.length);
          addHit(lexicon.stems, stem, { aspect, weight });
        } else {
          addHit(lexicon.exact, entry, { aspect, weight });
        }
      }
    }
  });
  return lexicon;
}

const LEXICON = compileLexicon();
const NO_HITS: readonly AspectHit[] = [];

/** Tagalog and Cebuano prefixes, longest first so "nakaka" is tried before "naka" and "na". */
const PREFIXES = [
  'nakakapag',
  'makakapag',
  'nakapag',
  'makapag',
  'ipinag',
  'nagpapa',
  'magpapa',
  'nakaka',
  'makaka',
  'pinaka',
  'napaka',
  'ipina',
  'pagka',
  'pina',
  'naka',
  'maka',
  'paka',
  'gina',
  'nag',
  'mag',
  'pag',
  'nang',
  'mang',
  'pang',
  'ipa',
  'ika',
  'na',
  'ma',
  'pa',
  'ka',
  'gi',
  'mo',
  'mi',
  'ni',
  'ga',
  'um',
  'in',
  'i',
];
const SUFFIXES = ['han', 'hin', 'hon', 'an', 'in', 'on'];
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);
const MINIMUM_ROOT = 3;
const MAXIMUM_STRIPS = 3;

function isConsonant(character: string | undefined): boolean {
  return character !== undefined && /[a-z]/u.test(character) && !VOWELS.has(character);
}

/** One affix removed from `word`, every way the morphology allows. */
function strippedOnce(word: string): string[] {
  const forms: string[] = [];
  for (const prefix of PREFIXES) {
    if (word.startsWith(prefix) && word.length - prefix.length >= MINIMUM_ROOT) forms.push(word.slice(prefix.length));
  }
  // Infixes -um- and -in- after the first consonant: tumuturo → tuturo, binabagalan → babagalan.
  if (word.length >= 5 && isConsonant(word[0]) && (word.startsWith('um', 1) || word.startsWith('in', 1))) {
    forms.push(word[0] + word.slice(3));
  }
  // Reduplicated first syllable: tuturo → turo, aabsent → absent.
  if (word.length >= 5 && word.slice(0, 2) === word.slice(2, 4)) forms.push(word.slice(2));
  if (word.length >= 4 && VOWELS.has(word[0] ?? '') && word[0] === word[1]) forms.push(word.slice(1));
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MINIMUM_ROOT) forms.push(word.slice(0, -suffix.length));
  }
  return forms;
}

function lookupExact(word: string): AspectHit[] | undefined {
  return LEXICON.exact.get(word);
}

function lookupStem(word: string): AspectHit[] | undefined {
  for (let length = Math.min(word.length, LEXICON.longestStem); length >= MINIMUM_ROOT; length -= 1) {
    const hits = LEXICON.stems.get(word.slice(0, length));
    if (hits !== undefined) return hits;
  }
  return undefined;
}

function lookup(word: string, allowStem: boolean): AspectHit[] | undefined {
  return lookupExact(word) ?? (allowStem && word.length >= 4 ? lookupStem(word) : undefined);
}

/** Breadth-first over affix removals so the least-stripped reading wins. */
function matchToken(token: string): readonly AspectHit[] {
  // "teacher" would otherwise match teach*: words every comment uses name no aspect.
  if (DOMAIN_GENERIC_WORDS.has(token)) return NO_HITS;
  const direct = lookup(token, true);
  if (direct !== undefined) return direct;

  let frontier: string[] = [];
  if (token.includes('-')) {
    const parts = token.split('-').filter((part) => part.length > 0);
    // "mag-explain", "i-check", "ma-gets": the part after the hyphen is the (often English) root;
    // "hinay-hinay": full reduplication, the root is either half.
    const last = parts[parts.length - 1];
    if (last !== undefined) frontier.push(last);
    frontier.push(parts.join(''));
  }
  // Elongation the normaliser keeps as a double letter: "latee", "boringg", "klaroo".
  const undoubled = token.replace(/(\p{L})\1+/gu, '$1');
  if (undoubled !== token) frontier.push(undoubled);
  frontier.push(...strippedOnce(token));
  const seen = new Set<string>([token]);
  for (let depth = 0; depth < MAXIMUM_STRIPS && frontier.length > 0; depth += 1) {
    const next: string[] = [];
    for (const form of frontier) {
      if (seen.has(form)) continue;
      seen.add(form);
      const hits = lookup(form, true);
      if (hits !== undefined) return hits;
      next.push(...strippedOnce(form));
    }
    frontier = next;
  }
  return NO_HITS;
}

const MEMO_LIMIT = 200_000;
const memo = new Map<string, readonly AspectHit[]>();

/** Aspects a single lowercase token names (empty when none). */
export function aspectHitsOfToken(token: string): readonly AspectHit[] {
  const cached = memo.get(token);
  if (cached !== undefined) return cached;
  const hits = matchToken(token);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(token, hits);
  return hits;
}

/**
 * Summed aspect weights of a token sequence, indexed like ASPECTS. A phrase of the lexicon is read as one unit:
 * the longest one starting at a token counts, and its words do not count again on their own ("slow learners" is
 * not about the pace, "explains again" not about clarity alone).
 */
export function aspectScores(tokens: readonly string[]): Float64Array {
  const scores = new Float64Array(ASPECTS.length);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as string;
    let phraseHits: readonly AspectHit[] = NO_HITS;
    let phraseLength = 1;
    let phrase = token;
    for (let length = 2; length <= LEXICON.longestPhrase && index + length <= tokens.length; length += 1) {
      phrase += ` ${tokens[index + length - 1] as string}`;
      const hits = LEXICON.phrases.get(phrase);
      if (hits !== undefined) {
        phraseHits = hits;
        phraseLength = length;
      }
    }
    const hits = phraseLength > 1 ? phraseHits : aspectHitsOfToken(token);
    for (const hit of hits) scores[hit.aspect] = (scores[hit.aspect] ?? 0) + hit.weight;
    index += phraseLength - 1;
  }
  return scores;
}

/**
 * The aspect a comment is filed under by the lexicon alone: the index into ASPECTS of its strongest aspect
 * (the first on a tie), or -1 when it names none. What the aspect block of its embedding points at most.
 */
export function dominantAspect(tokens: readonly string[]): number {
  const scores = aspectScores(tokens);
  let best = -1;
  scores.forEach((score, aspect) => {
    if (score > 0 && (best < 0 || score > (scores[best] as number))) best = aspect;
  });
  return best;
}

/**
 * The screen: which comments need a person (conventions §11). Rule-based, so every flag comes with the words
 * that raised it. Pure: the patterns are compiled once when the module loads, and `screenComment` reads nothing
 * but its argument.
 */
import {
  ALERT_CATEGORIES,
  CLAUSE_BREAKS,
  DEFUSED_PHRASES,
  LAUGH_CUES,
  LESSON_CUES,
  NEGATORS,
  PATTERN_SOURCES,
  QUOTED_SPEAKER,
  SCHOOLWORK_CUES,
  WORD_GROUPS,
  type AlertCategory,
  type PatternKind,
} from './lexicon.js';
import { screenSentences } from './normalize.js';

export { ALERT_CATEGORIES, type AlertCategory } from './lexicon.js';

/** Reported as `output.version` of `/screen` and stored with each alert; bump when results change. */
export const SCREEN_ENGINE_VERSION = 'local-screen-1.0';

/** A category is flagged from this score on. */
export const FLAG_THRESHOLD = 0.5;

export interface ScreenFlag {
  category: AlertCategory;
  /** 0..1, two decimals. */
  score: number;
  /** The words that raised the flag, as the screen read them (lowercase, folded). */
  evidence: string[];
}

interface CompiledPattern {
  category: AlertCategory;
  weight: number;
  kind: PatternKind;
  regex: RegExp;
  yieldsTo: AlertCategory | undefined;
  /** Words the pattern spells itself ("dont want to live"): not a denial when found inside its match. */
  ownWords: ReadonlySet<string>;
}

/** How far back a denial reaches: "never once called us", "hindi naman niya kami". */
const NEGATION_WINDOW = 4;

function expand(source: string): string {
  return source
    .replace(/\{([A-Z_]+)\}/g, (_whole, name: string) => {
      const group = WORD_GROUPS[name];
      if (group === undefined) throw new Error(`screen pattern names an unknown word group: ${name}`);
      return group;
    })
    .replace(/ ~~ /g, ' (?:[a-z0-9,]+ ){0,6}?')
    .replace(/ ~ /g, ' (?:[a-z0-9,]+ ){0,3}?');
}

function compile(): CompiledPattern[] {
  return PATTERN_SOURCES.map((pattern) => {
    // A trailing space in a source marks a word's end, which the lookahead below already requires.
    const expanded = expand(pattern.source.trimEnd());
    return {
      category: pattern.category,
      weight: pattern.weight,
      kind: pattern.kind,
      yieldsTo: pattern.yieldsTo,
      regex: new RegExp(`(?<![a-z0-9])(?:${expanded})(?![a-z0-9])`, 'g'),
      ownWords: new Set(expanded.match(/[a-z]+/g) ?? []),
    };
  });
}

const PATTERNS = compile();

function defuse(sentence: string): string {
  let text = sentence;
  for (const [phrase, replacement] of DEFUSED_PHRASES) text = text.replace(phrase, replacement);
  return text;
}

/** A denial in the few tokens before the match (within its clause), or one inside a match with gaps. */
function isDenied(sentence: string, start: number, matched: string, pattern: CompiledPattern): boolean {
  const before = sentence
    .slice(0, start)
    .trim()
    .split(' ')
    .filter((token) => token.length > 0);
  for (let index = before.length - 1, seen = 0; index >= 0 && seen < NEGATION_WINDOW; index -= 1, seen += 1) {
    const token = before[index] as string;
    if (CLAUSE_BREAKS.has(token)) break;
    if (NEGATORS.has(token)) return true;
  }
  return matched.split(' ').some((token) => NEGATORS.has(token) && !pattern.ownWords.has(token));
}

interface SentenceContext {
  lesson: boolean;
  quoted: boolean;
  schoolwork: boolean;
  laugh: boolean;
}

/** Whether the context explains the match away (see PatternKind in lexicon.ts). */
function isExplainedAway(kind: PatternKind, context: SentenceContext): boolean {
  switch (kind) {
    case 'act':
      return false;
    case 'topic':
      return context.lesson;
    case 'claim':
      return context.lesson && !context.quoted;
    case 'hyperbole':
      return context.schoolwork || context.laugh;
    case 'strong':
      return context.schoolwork && context.laugh;
  }
}

/**
 * The categories a comment raises, strongest first, each with its score (the noisy-or of its matches' weights)
 * and the words that raised it. An empty list when nothing applies.
 */
export function screenComment(text: string): ScreenFlag[] {
  const matches: Array<{ pattern: CompiledPattern; words: string }> = [];
  const sentences = screenSentences(text).map(defuse);
  const laugh = sentences.some((sentence) => LAUGH_CUES.test(sentence));
  for (const sentence of sentences) {
    const padded = `${sentence} `;
    const context: SentenceContext = {
      lesson: LESSON_CUES.test(sentence),
      quoted: QUOTED_SPEAKER.test(sentence),
      schoolwork: SCHOOLWORK_CUES.test(sentence),
      laugh,
    };
    for (const pattern of PATTERNS) {
      pattern.regex.lastIndex = 0;
      for (let match = pattern.regex.exec(padded); match !== null; match = pattern.regex.exec(padded)) {
        const matched = match[0].trim();
        if (matched.length === 0) {
          pattern.regex.lastIndex += 1;
          continue;
        }
        if (isDenied(sentence, match.index, matched, pattern) || isExplainedAway(pattern.kind, context)) continue;
        matches.push({ pattern, words: matched });
      }
    }
  }
  const raised = new Set(matches.map((match) => match.pattern.category));
  const weights = new Map<AlertCategory, number[]>();
  const evidence = new Map<AlertCategory, string[]>();
  for (const { pattern, words } of matches) {
    if (pattern.yieldsTo !== undefined && raised.has(pattern.yieldsTo)) continue;
    weights.set(pattern.category, [...(weights.get(pattern.category) ?? []), pattern.weight]);
    const found = evidence.get(pattern.category) ?? [];
    if (!found.includes(words)) evidence.set(pattern.category, [...found, words]);
  }
  const flags: ScreenFlag[] = [];
  for (const category of ALERT_CATEGORIES) {
    const found = weights.get(category);
    if (found === undefined) continue;
    const score = 1 - found.reduce((remaining, weight) => remaining * (1 - weight), 1);
    if (score < FLAG_THRESHOLD) continue;
    flags.push({ category, score: Math.round(score * 100) / 100, evidence: evidence.get(category) ?? [] });
  }
  return flags.sort((left, right) => right.score - left.score);
}

/**
 * The screen: which comments need a person (conventions §11). Two parts: rules (`screenRules`, every flag with
 * the words that raised it; the patterns are compiled once when the module loads) and, when SCREEN_MODEL is on,
 * a learned model (model.ts) that raises a category the rules missed when its probability reaches the model's
 * threshold; such a flag's evidence says so and names the words that weigh most.
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
import { shippedScreenModel, SCREEN_MODEL_VERSION } from './model.js';
import { verbFamily } from './morph.js';
import { joinDetachedCausatives, joinDetachedPrefixes, rulesReading, screenSentences } from './normalize.js';

export { ALERT_CATEGORIES, type AlertCategory } from './lexicon.js';

/** The rules' own version (lexicon.ts, morph.ts, normalize.ts); bump when their results change. */
export const SCREEN_RULES_VERSION = 'rules-1.5';

/**
 * Whether the learned model screens beside the rules: SCREEN_MODEL=on|off, default on. On the second fresh set
 * (docs/alerts.md, written before any model existed) the model lifts recall from 0.67 to 0.90 per category and
 * from 0.68 to 0.91 per comment; precision per category is 0.896 (60 of 67: the misses are a second or wrong
 * category on a real report), per comment (does it reach a person at all) 0.97 against the rules' 0.96. A
 * missed report costs more than a second category on a true one, so the model is on; `off` leaves the rules.
 */
export function screenModelEnabled(value = process.env.SCREEN_MODEL): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`SCREEN_MODEL must be 'on' or 'off' (got '${value}')`);
}

/**
 * As this module loads. A bad value reads as the default (on) here, not as an exception from inside an import: every
 * process checks SCREEN_MODEL with its settings and refuses to start naming it (src/config/settings.ts).
 */
const MODEL_ENABLED = (() => {
  try {
    return screenModelEnabled();
  } catch {
    return true;
  }
})();

/**
 * Reported as `output.version` of `/screen` and stored with each alert: names both parts, so a rescreen follows
 * a change of either (or turning the model on).
 */
export const SCREEN_ENGINE_VERSION = MODEL_ENABLED
  ? `local-screen-2.1+${SCREEN_RULES_VERSION}+model-${SCREEN_MODEL_VERSION}`
  : `local-screen-2.1+${SCREEN_RULES_VERSION}`;

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
  /** Index into GATES of the words every match holds (`needs`), or -1: the pattern is tried only where they occur. */
  gate: number;
}

/** How far back a denial reaches: "never once called us", "hindi naman niya kami". */
const NEGATION_WINDOW = 4;

/** "or" and "nor" (Filipino and Cebuano "o"): the denial before them covers what follows them. */
const COORDINATORS: ReadonlySet<string> = new Set(['or', 'nor', 'o']);

/** `{NAME}` a word group, `{~root,root}` every form of the verbs, `{!root,root}` their irrealis forms. */
function expandGroups(source: string): string {
  return source
    .replace(/\{([A-Z_]+)\}/g, (_whole, name: string) => {
      const group = WORD_GROUPS[name];
      if (group === undefined) throw new Error(`screen pattern names an unknown word group: ${name}`);
      return expandGroups(group);
    })
    .replace(/\{([~!])([a-z,]+)\}/g, (_whole, reading: string, roots: string) =>
      verbFamily(roots.split(','), reading === '~' ? 'any' : 'irrealis'),
    );
}

function expand(source: string): string {
  return joinDetachedCausatives(joinDetachedPrefixes(expandGroups(source)))
    .replace(/ ~~~ /g, ' (?:[a-z0-9,]+ ){0,9}?')
    .replace(/ ~\/ /g, ' (?:(?!(?:and|tapos|then|but|pero|unya|kaso|however) )[a-z0-9]+ ){0,6}?')
    .replace(/ ~~ /g, ' (?:[a-z0-9,]+ ){0,6}?')
    .replace(/ ~ /g, ' (?:[a-z0-9,]+ ){0,3}?');
}

/** The distinct `needs` tests, each run at most once per sentence. */
const GATES: RegExp[] = [];

function gateIndex(needs: string | undefined): number {
  if (needs === undefined) return -1;
  const source = expand(needs);
  const known = GATES.findIndex((gate) => gate.source === source);
  if (known >= 0) return known;
  GATES.push(new RegExp(source));
  return GATES.length - 1;
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
      gate: gateIndex(pattern.needs),
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
  // "never shouted at us or insulted anyone": a denial reaches across one "or"/"nor", with a window of its own.
  let coordinated = false;
  for (let index = before.length - 1, seen = 0; index >= 0 && seen < NEGATION_WINDOW; index -= 1, seen += 1) {
    const token = before[index] as string;
    if (CLAUSE_BREAKS.has(token)) break;
    if (NEGATORS.has(token)) return true;
    if (!coordinated && COORDINATORS.has(token)) {
      coordinated = true;
      seen = -1;
    }
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
 * Where two categories read the same words, the more specific one keeps them: an insult that names a group is
 * discrimination ("tinatawag na abnormal ... yung classmate naming autistic"), harm aimed at oneself is
 * self-harm ("patyon akong kaugalingon").
 */
const YIELDS_ON_OVERLAP: ReadonlyArray<readonly [AlertCategory, AlertCategory]> = [
  ['abuse', 'discrimination'],
  ['threat', 'self_harm'],
];

interface Match {
  pattern: CompiledPattern;
  words: string;
  sentence: number;
  start: number;
  end: number;
}

function overlapsStronger(match: Match, matches: readonly Match[]): boolean {
  return YIELDS_ON_OVERLAP.some(
    ([weaker, stronger]) =>
      match.pattern.category === weaker &&
      matches.some(
        (other) =>
          other.pattern.category === stronger &&
          other.sentence === match.sentence &&
          other.start < match.end &&
          match.start < other.end,
      ),
  );
}

/**
 * The categories the rules raise, strongest first, each with its score (the noisy-or of its matches' weights)
 * and the words that raised it. An empty list when nothing applies.
 */
export function screenRules(text: string): ScreenFlag[] {
  const matches: Match[] = [];
  const sentences = screenSentences(text).map((sentence) => defuse(rulesReading(sentence)));
  const laugh = sentences.some((sentence) => LAUGH_CUES.test(sentence));
  for (const [sentenceIndex, sentence] of sentences.entries()) {
    const padded = `${sentence} `;
    const context: SentenceContext = {
      lesson: LESSON_CUES.test(sentence),
      quoted: QUOTED_SPEAKER.test(sentence),
      schoolwork: SCHOOLWORK_CUES.test(sentence),
      laugh,
    };
    // 0 untested, 1 present, 2 absent
    const gates = new Uint8Array(GATES.length);
    for (const pattern of PATTERNS) {
      if (pattern.gate >= 0) {
        if (gates[pattern.gate] === 0) gates[pattern.gate] = (GATES[pattern.gate] as RegExp).test(padded) ? 1 : 2;
        if (gates[pattern.gate] === 2) continue;
      }
      pattern.regex.lastIndex = 0;
      for (let match = pattern.regex.exec(padded); match !== null; match = pattern.regex.exec(padded)) {
        const matched = match[0].trim();
        if (matched.length === 0) {
          pattern.regex.lastIndex += 1;
          continue;
        }
        if (isDenied(sentence, match.index, matched, pattern) || isExplainedAway(pattern.kind, context)) continue;
        matches.push({
          pattern,
          words: matched,
          sentence: sentenceIndex,
          start: match.index,
          end: match.index + matched.length,
        });
      }
    }
  }
  const raised = new Set(matches.map((match) => match.pattern.category));
  const weights = new Map<AlertCategory, number[]>();
  const evidence = new Map<AlertCategory, string[]>();
  for (const match of matches) {
    const { pattern, words } = match;
    if (pattern.yieldsTo !== undefined && raised.has(pattern.yieldsTo)) continue;
    if (overlapsStronger(match, matches)) continue;
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

/**
 * The rules' flags; when the rules raise nothing, each category whose probability reaches the model's threshold
 * (score: the probability; evidence: "model: probability 0.93" and the words that weigh most). The rules are the
 * precise part (precision 0.95-1.00 on every set) and a comment they flag already reaches a person: the model's
 * extra categories on such a comment were nearly all a second, wrong category of a true report (fresh set 2: 4 of
 * its 7 false flags, held-out set 13 of 14), and no set lost a true category by leaving them out (docs/alerts.md).
 */
export function screenWithModel(text: string): ScreenFlag[] {
  const flags = screenRules(text);
  if (flags.length > 0) return flags;
  const model = shippedScreenModel();
  const probabilities = model.probabilities(text);
  for (const category of ALERT_CATEGORIES) {
    const probability = probabilities[category];
    if (probability < model.threshold) continue;
    const words = model.weightiestWords(text, category);
    flags.push({
      category,
      score: Math.round(probability * 100) / 100,
      evidence: [
        `model: probability ${probability.toFixed(2)}`,
        ...(words.length > 0 ? [`model words: ${words.join(', ')}`] : []),
      ],
    });
  }
  return flags.sort((left, right) => right.score - left.score);
}

/** The screen as the process runs it: the rules, and the model beside them when SCREEN_MODEL is on. */
export function screenComment(text: string): ScreenFlag[] {
  return MODEL_ENABLED ? screenWithModel(text) : screenRules(text);
}

let warm = false;

/**
 * Screens one comment three times, once per process (later calls return at once), so that a process that screens
 * while it serves pays the start-up cost before it serves rather than on its first comment: the API screens inside a
 * submission's request, and the first screens held its event loop ~370 ms (V8 compiles each of the rules' large
 * patterns on its first runs and again, to machine code, on the next; the model is read, ~130 ms), measured as a 280
 * ms stall of every request at the start of the first burst of submissions (bench:health). The API calls it before
 * it listens (processes.ts `listenApi`), an engine thread in its warm-up (engine-warm-up.ts). It used to run as this
 * module loaded, which cost every process and test file that imports the API's modules 0.6-0.9 s on two cores,
 * screening or not (the job worker and the CLI among them).
 */
export function warmUpScreen(): void {
  if (warm) return;
  warm = true;
  for (let round = 0; round < 3; round += 1) screenComment('Sir explains clearly, pero sana mas maaga ang feedback');
}

/** Whether this process has run warmUpScreen. */
export function screenWarmedUp(): boolean {
  return warm;
}

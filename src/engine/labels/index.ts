/**
 * Local topic labels: 2-4 words, title case, English, distinct across the topics of a run, and always a phrase
 * a dean can read. A topic whose keywords name a teaching aspect of the aspect lexicon (in any of its
 * languages) gets that aspect's label ("Clear Explanations", "Class Punctuality"); a topic of thanks,
 * facilities or bare ratings ("Good", "Excellent") gets the theme's label; anything else is "Other: " with one
 * or two of its content words ("Other: Canteen Food"), never a string of keywords. When two topics (largest
 * first) would share a label, the later one takes another aspect its keywords name nearly as strongly, else
 * another phrasing of the same aspect ("Lesson Clarity"), else an "Other: …" label. A label never names a
 * person: the name scrubber's placeholder ("[name]", "name" once tokenised), honorifics ("Sir", "Ma'am",
 * "Teacher", "Gng") and personal names ("Santos") are never label words.
 */

import { ASPECTS, EVALUATIVE_WORDS, LABEL_PHRASES, LABEL_THEMES } from '../embeddings/aspect-lexicon.js';
import { aspectHitsOfToken } from '../embeddings/aspect-matcher.js';
import { DOMAIN_TERMS } from '../sentiment/domain-lexicon.js';
import { containsPersonalName, isHonorific, NAME_PLACEHOLDER } from '../text/index.js';

export interface LabelInput {
  topicIndex: number;
  rawLabel: string;
  keywords: string[];
}

export interface TopicLabel {
  topicIndex: number;
  label: string;
}

/** Aspect evidence a topic's keywords need (one strong word near the top, or a few weak ones). */
const ASPECT_EVIDENCE = 0.75;
/**
 * Share of the best aspect's evidence another aspect needs to name a topic whose best aspect's label is taken:
 * a topic about clarity and pacing whose clarity label went to a larger topic is then "Teaching Pace".
 */
const SECOND_ASPECT_SHARE = 0.6;
/** Label words of an "Other: …" label: one or two content words. */
export const OTHER_PREFIX = 'Other:';
const OTHER_WORDS = 2;
/** Words for an "Other: …" label when a topic has no usable keyword. */
const FALLBACK_OTHER_WORDS = ['Comments', 'Remarks', 'Notes', 'Views', 'Opinions', 'Thoughts', 'Points', 'Mentions'];
/** Keywords further down the list count less: weight 1 / (1 + RANK_DECAY · rank). */
const RANK_DECAY = 0.25;
const MAXIMUM_WORDS = 4;
const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'nor',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'with',
]);

/**
 * Words that are poor label words when a topic is named by its keywords: verbs of saying and feeling,
 * adverbs, quantifiers, bare ratings and sentiment words, and nouns that only say "a person". "Feel Great Behind"
 * tells a dean nothing; the nouns next to these words usually do. They are used only when a topic has no other
 * keyword.
 */
const WEAK_LABEL_WORDS: ReadonlySet<string> = new Set([
  ...EVALUATIVE_WORDS,
  ...`take took taken taking feel felt feeling get got getting make made making know knew known think thought go
  went going come came seem seemed seems want wanted say said tell told give gave given use used find found put
  learned learnt definitely really actually truly enough behind always never also just still even much many lot
  lots thing things stuff way bit kind sort maybe quite pretty very well better best great excellent awesome
  overall able sure makes gives gets takes goes comes uses need needs first lang talaga naman kaayo gyud jud ra pa
  din rin compared compare person people guy guys lady man woman another other others anyone anybody anything
  everyone everybody everything someone somebody something nobody nothing none each every either neither happen
  happens happened happening try tries tried trying keep keeps kept let lets anyway anyways ask asks asked asking
  though although however hope hoped hoping wish wished hard easy difficult tough
  look looks looked looking`.split(/\s+/u),
  ...sentimentWords(),
]);

/**
 * One-word entries of the student-comment sentiment lexicon that carry a valence of 1 or more either way
 * ("disappointed", "helpful", "nakakainis", "lisod"): they say how a comment feels, not what it is about, so
 * "Other: Disappointed Oracle" becomes "Other: Oracle".
 */
function sentimentWords(): string[] {
  const words: string[] = [];
  for (const [term, valence] of DOMAIN_TERMS) if (Math.abs(valence) >= 1 && /^\p{L}+$/u.test(term)) words.push(term);
  return words;
}

/**
 * What the name scrubber leaves where a name was: "[name]", and "name" once tokenised (as the topic model's
 * keywords are). Neither is evidence of an aspect or theme, nor ever a label word.
 */
const PLACEHOLDER_WORDS: ReadonlySet<string> = new Set([NAME_PLACEHOLDER, NAME_PLACEHOLDER.slice(1, -1)]);

function isPlaceholder(keyword: string): boolean {
  return PLACEHOLDER_WORDS.has(keyword) || keyword.includes(NAME_PLACEHOLDER);
}

/**
 * Whether a word is about a person rather than a topic, so it never names one: the scrubber's placeholder, an
 * honorific or title ("sir", "ma'am", "teacher", "prof", "gng", "ginoo"), or a personal name ("Santos").
 */
export function isPersonWord(word: string): boolean {
  const lower = word.toLowerCase();
  return isPlaceholder(lower) || isHonorific(lower) || containsPersonalName(titleWord(lower));
}

function keywordsOf(topic: LabelInput): string[] {
  if (topic.keywords.length > 0) return topic.keywords.map((keyword) => keyword.toLowerCase());
  return topic.rawLabel
    .split('_')
    .slice(1)
    .map((keyword) => keyword.toLowerCase())
    .filter((keyword) => keyword.length > 0);
}

function rankWeight(rank: number): number {
  return 1 / (1 + RANK_DECAY * rank);
}

/** Aspects the keywords name with enough evidence, strongest first (ties by lexicon order). */
function aspectRanking(keywords: readonly string[]): Array<{ aspect: number; score: number }> {
  const scores = new Float64Array(ASPECTS.length);
  keywords.forEach((keyword, rank) => {
    for (const part of keyword.split(/\s+/u)) {
      for (const hit of aspectHitsOfToken(part)) {
        scores[hit.aspect] = (scores[hit.aspect] as number) + hit.weight * rankWeight(rank);
      }
    }
  });
  return [...scores]
    .map((score, aspect) => ({ aspect, score }))
    .filter((entry) => entry.score >= ASPECT_EVIDENCE)
    .sort((a, b) => b.score - a.score || a.aspect - b.aspect);
}

/** A theme names the topic when its best keyword, or two of its top three, belong to the theme. */
function themeOf(keywords: readonly string[]): (typeof LABEL_THEMES)[number] | undefined {
  const first = keywords[0];
  if (first === undefined) return undefined;
  const top = keywords.slice(0, 3);
  return LABEL_THEMES.find(
    (theme) => theme.words.has(first) || top.filter((keyword) => theme.words.has(keyword)).length >= 2,
  );
}

function titleWord(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Keywords usable in an "Other: …" label: letters only, never about a person, content words before weak ones, in
 * rank order.
 */
function otherWords(keywords: readonly string[]): string[] {
  const letters = keywords.filter((keyword) => /^\p{L}{3,}$/u.test(keyword) && !isPersonWord(keyword));
  const strong = letters.filter((keyword) => !WEAK_LABEL_WORDS.has(keyword));
  return [...new Set(strong.length > 0 ? strong : letters)].map(titleWord);
}

/** "Other: A B" from the best content words, else another pair or one word of them, not yet used. */
function otherLabel(keywords: readonly string[], used: ReadonlySet<string>): string {
  const words = otherWords(keywords);
  const candidates: string[][] = [];
  for (let first = 0; first < words.length; first += 1) {
    for (let second = first + 1; second < words.length; second += 1)
      candidates.push([words[first], words[second]] as string[]);
  }
  candidates.push(...words.map((word) => [word]));
  candidates.push(...FALLBACK_OTHER_WORDS.map((word) => [word]));
  for (const first of FALLBACK_OTHER_WORDS)
    for (const second of FALLBACK_OTHER_WORDS) if (first !== second) candidates.push([first, second]);
  for (const candidate of candidates) {
    const label = `${OTHER_PREFIX} ${candidate.slice(0, OTHER_WORDS).join(' ')}`;
    if (!used.has(label.toLowerCase())) return label;
  }
  throw new Error('no distinct "Other" label is left for this topic');
}

/**
 * The label of one topic given the labels already taken in the run: its aspect, another aspect it names
 * nearly as strongly, another phrasing of its aspect, its theme, else "Other: …".
 */
export function labelForKeywords(keywords: readonly string[], used: ReadonlySet<string>): string {
  const words = keywords.map((keyword) => keyword.toLowerCase()).filter((keyword) => !isPlaceholder(keyword));
  const free = (label: string) => !used.has(label.toLowerCase());
  const ranking = aspectRanking(words);
  const top = ranking[0];
  if (top !== undefined) {
    for (const entry of ranking) {
      const label = ASPECTS[entry.aspect]?.label;
      if (label !== undefined && entry.score >= top.score * SECOND_ASPECT_SHARE && free(label)) return label;
    }
    const aspect = ASPECTS[top.aspect];
    const phrase = aspect ? [aspect.label, ...aspect.alternateLabels].find(free) : undefined;
    if (phrase !== undefined) return phrase;
  }
  const theme = themeOf(words);
  const phrase = theme ? [theme.label, ...theme.alternateLabels].find(free) : undefined;
  return phrase ?? otherLabel(words, used);
}

export function labelTopics(topics: readonly LabelInput[]): TopicLabel[] {
  const used = new Set<string>();
  return topics.map((topic) => {
    const label = labelForKeywords(keywordsOf(topic), used);
    used.add(label.toLowerCase());
    return { topicIndex: topic.topicIndex, label };
  });
}

/**
 * A label of the aspect lexicon, spelt as the lexicon spells it ("Teacher Approachability"): a closed vocabulary
 * that names no one, so a reader need not scrub it for names (the scrubber would read "Teacher Approachability"
 * as an honorific and a name).
 */
export function isLexiconLabel(label: string): boolean {
  return LABEL_PHRASES.get(label.toLowerCase()) === label;
}

/** An "Other: …" label: the prefix and one or two words of letters, each starting with a capital. */
export function isOtherLabel(label: string): boolean {
  return /^Other: \p{Lu}\p{L}*(?: \p{Lu}\p{L}*)?$/u.test(label);
}

/**
 * 2-4 words separated by single spaces, each starting with a capital letter or a digit; short function
 * words ("and", "of", "on") may stay lowercase after the first word. Or an "Other: …" label.
 */
export function isValidTopicLabel(label: string): boolean {
  if (label.startsWith(OTHER_PREFIX)) return isOtherLabel(label);
  if (label !== label.trim() || label.length === 0) return false;
  const words = label.split(' ');
  if (words.length < 2 || words.length > MAXIMUM_WORDS) return false;
  return words.every((word, index) => {
    if (!/^[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*$/u.test(word)) return false;
    if (index > 0 && MINOR_WORDS.has(word)) return true;
    return /^[\p{Lu}\p{N}]/u.test(word);
  });
}

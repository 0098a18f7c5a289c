/**
 * Local topic labels: 2-4 words, title case, English, distinct across the topics of a run. A topic whose
 * keywords name a teaching aspect of the aspect lexicon (in any of its languages) gets that aspect's
 * label ("Clear Explanations", "Class Punctuality"); a topic of thanks, facilities or bare ratings
 * ("Good", "Excellent") gets the theme's label; anything else gets its top keywords in title case. When
 * two topics would share a label, the later one (topics come largest first) is told apart by a further
 * keyword of its own.
 */

import { ASPECTS, EVALUATIVE_WORDS } from '../embeddings/aspect-lexicon.js';
import { aspectHitsOfToken } from '../embeddings/aspect-matcher.js';

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
 * adverbs, quantifiers and bare ratings. "Feel Great Behind" tells a dean nothing; the nouns next to
 * these words usually do. They are only skipped while enough other keywords remain.
 */
const WEAK_LABEL_WORDS: ReadonlySet<string> = new Set([
  ...EVALUATIVE_WORDS,
  ...`take took taken taking feel felt feeling get got getting make made making know knew known think thought go
  went going come came seem seemed seems want wanted say said tell told give gave given use used find found put
  learned learnt definitely really actually truly enough behind always never also just still even much many lot
  lots thing things stuff way bit kind sort maybe quite pretty very well better best great excellent awesome
  overall able sure lang talaga naman kaayo gyud jud ra pa din rin`.split(/\s+/u),
]);

/** Themes outside teaching aspects that many comments share. */
const THEMES: ReadonlyArray<{ label: string; words: ReadonlySet<string> }> = [
  {
    label: 'General Appreciation',
    words: new Set(
      `thank thanks salamat maraming daghang bless blessings keep padayon kudos appreciate grateful
      salamuch thankful`.split(/\s+/u),
    ),
  },
  {
    label: 'Classroom Facilities',
    words: new Set(
      `room classroom library aircon airconditioner electric fan fans projector chairs chair ventilation mainit init
      hot facilities facility tv`.split(/\s+/u),
    ),
  },
  {
    // Comments that only rate ("Good", "Excellent", "Maayo kaayo"): checked after thanks.
    label: 'Overall Impressions',
    words: new Set([...EVALUATIVE_WORDS, ...'satisfactory satisfied fine nice ok okay'.split(' ')]),
  },
];

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

function aspectLabel(keywords: readonly string[]): string | undefined {
  const scores = new Float64Array(ASPECTS.length);
  keywords.forEach((keyword, rank) => {
    for (const part of keyword.split(/\s+/u)) {
      for (const hit of aspectHitsOfToken(part)) {
        scores[hit.aspect] = (scores[hit.aspect] as number) + hit.weight * rankWeight(rank);
      }
    }
  });
  let best = -1;
  scores.forEach((score, aspect) => {
    if (score >= ASPECT_EVIDENCE && (best < 0 || score > (scores[best] as number))) best = aspect;
  });
  return best < 0 ? undefined : ASPECTS[best]?.label;
}

/** A theme names the topic when its best keyword, or two of its top three, belong to the theme. */
function themeLabel(keywords: readonly string[]): string | undefined {
  const first = keywords[0];
  if (first === undefined) return undefined;
  const top = keywords.slice(0, 3);
  return THEMES.find((theme) => theme.words.has(first) || top.filter((keyword) => theme.words.has(keyword)).length >= 2)
    ?.label;
}

function titleWord(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Keywords usable as label words: letters (and inner hyphens or apostrophes) only. */
function labelWords(keywords: readonly string[]): string[] {
  return keywords.filter((keyword) => /^\p{L}+(?:['-]\p{L}+)*$/u.test(keyword)).map(titleWord);
}

function keywordLabel(keywords: readonly string[]): string {
  const strong = keywords.filter((keyword) => !WEAK_LABEL_WORDS.has(keyword));
  const words = labelWords(strong.length >= 2 ? strong : keywords);
  if (words.length === 0) return 'General Comments';
  if (words.length === 1) return `${words[0] as string} Comments`;
  return words.slice(0, words.length >= 3 ? 3 : 2).join(' ');
}

function baseLabel(keywords: readonly string[]): string {
  return aspectLabel(keywords) ?? themeLabel(keywords) ?? keywordLabel(keywords);
}

/** A label not yet used: the base, else the base with one of the topic's keywords, else numbered. */
function distinctLabel(base: string, keywords: readonly string[], used: ReadonlySet<string>): string {
  if (!used.has(base.toLowerCase())) return base;
  const baseWords = base.split(' ');
  const stem = baseWords.slice(0, MAXIMUM_WORDS - 1).join(' ');
  const present = new Set(baseWords.map((word) => word.toLowerCase()));
  const strongFirst = [
    ...keywords.filter((keyword) => !WEAK_LABEL_WORDS.has(keyword)),
    ...keywords.filter((keyword) => WEAK_LABEL_WORDS.has(keyword)),
  ];
  for (const word of labelWords(strongFirst)) {
    if (present.has(word.toLowerCase())) continue;
    const candidate = `${stem} ${word}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
  for (let number = 2; ; number += 1) {
    const candidate = `${stem} ${number}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

export function labelTopics(topics: readonly LabelInput[]): TopicLabel[] {
  const used = new Set<string>();
  return topics.map((topic) => {
    const keywords = keywordsOf(topic);
    const label = distinctLabel(baseLabel(keywords), keywords, used);
    used.add(label.toLowerCase());
    return { topicIndex: topic.topicIndex, label };
  });
}

/**
 * 2-4 words separated by single spaces, each starting with a capital letter or a digit; short function
 * words ("and", "of", "on") may stay lowercase after the first word.
 */
export function isValidTopicLabel(label: string): boolean {
  if (label !== label.trim() || label.length === 0) return false;
  const words = label.split(' ');
  if (words.length < 2 || words.length > MAXIMUM_WORDS) return false;
  return words.every((word, index) => {
    if (!/^[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*$/u.test(word)) return false;
    if (index > 0 && MINOR_WORDS.has(word)) return true;
    return /^[\p{Lu}\p{N}]/u.test(word);
  });
}

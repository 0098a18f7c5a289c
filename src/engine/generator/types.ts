import type { SentimentLabel } from '../contracts.js';

/** The four ways students write: English, Filipino/Tagalog, Cebuano, and code-switched Taglish. */
export const COMMENT_LANGUAGES = ['en', 'tl', 'ceb', 'taglish'] as const;
export type CommentLanguage = (typeof COMMENT_LANGUAGES)[number];

/**
 * What the student means to say. A mixed comment praises one aspect and criticises another around a
 * "but"; a neutral one is lukewarm or factual.
 */
export const COMMENT_TONES = ['positive', 'mixed', 'neutral', 'negative'] as const;
export type CommentTone = (typeof COMMENT_TONES)[number];

export const COMMENT_LENGTHS = ['short', 'medium', 'long'] as const;
export type CommentLength = (typeof COMMENT_LENGTHS)[number];

/** The aspects of teaching students write about. */
export const TEACHING_ASPECTS = [
  'clarity',
  'pacing',
  'preparation',
  'grading',
  'feedback',
  'availability',
  'punctuality',
  'classroom',
  'engagement',
  'materials',
  'workload',
  'respect',
  'online',
  'lab',
  'mastery',
] as const;
export type TeachingAspect = (typeof TEACHING_ASPECTS)[number];

/**
 * How students address the teacher: "sir", "ma'am", or (gender unknown) without a gendered word: "our
 * teacher", "ang aming guro", "among magtutudlo", "teacher".
 */
export type Honorific = 'sir' | 'maam' | 'neutral';

/** Everything one comment is written from; the same spec always gives the same text. */
export interface CommentSpec {
  language: CommentLanguage;
  tone: CommentTone;
  /**
   * Aspects to mention, most important first; a long comment adds others. A mixed comment praises the first
   * and criticises the second (another aspect when only one is given).
   */
  aspects: readonly TeachingAspect[];
  honorific: Honorific;
  length: CommentLength;
  seed: number;
  /** Free text from the administrator ("online classes", "grading"); the model reads it, the local generator maps it to an aspect. */
  theme?: string;
  /** Longest text allowed (the questionnaire's qualitativeFeedback.maxLength). */
  maxLength?: number;
  /**
   * Whether the course has laboratory work (see `courseHasLab`). When false the comment says nothing about a
   * laboratory: the 'lab' aspect is dropped from `aspects` and never picked. Default: not known, any aspect.
   */
  courseHasLab?: boolean;
  /**
   * Name the given aspects and no others, for a corpus whose comments are labelled with their aspects (the
   * topic benches). A positive or negative comment names as many of the given aspects as its length has room
   * for, in order (short: the first; medium: two; long: three), each of them every time, and no aspect it was
   * not given: where it would praise or criticise a further aspect it gives an overall verdict instead, or
   * nothing. With no aspect given it is an overall verdict on the teacher or the class ("sobrang galing po ni sir",
   * "I did not learn much in this class"), never one of the one-liners that name an aspect ("very approachable"). A
   * mixed comment names its two aspects as without this option; a neutral one names none (a lukewarm verdict,
   * without the facts about the class that would name its grading or materials). Local generator only (the
   * model is not asked); default false.
   */
  onlyGivenAspects?: boolean;
  /**
   * Typed in a hurry, as on a phone: text-speak where its words occur ("vry", "pls", "tlga", "kaau", "lng") and
   * one word stretched ("sooo") or missing a letter. The finished comment is retyped with a random stream of its
   * own, so a rough comment is the tidy one with these habits. Local generator only; default false.
   */
  rough?: boolean;
}

export interface GeneratedComment {
  text: string;
  spec: CommentSpec;
  /** The sentiment label a reader would give: a mixed comment reads as neutral. */
  expectedLabel: SentimentLabel;
}

import type { Honorific, TeachingAspect } from '../types.js';

/**
 * The phrases of one language, as templates: `[a|b|c]` is one of the alternatives (an empty one drops the
 * slot) and `{name}` a word the comment fills in once it knows how the student addresses the teacher
 * (`{t}` the teacher, `{h}` sir or ma'am, or "teacher" when the gender is not known, `{po}` the politeness
 * particle...). Clauses start in lower case and carry no final punctuation: the composer joins them,
 * capitalises and punctuates.
 */
export interface AspectPhrases {
  /** Praise of the aspect. */
  positive: readonly string[];
  /** Criticism of the aspect. */
  negative: readonly string[];
  /** A firm request that names what is missing ("please slow down", "sana po mas ..."). */
  suggestion: readonly string[];
}

export type Polarity = 'positive' | 'negative' | 'neutral';

export interface PhraseBank {
  aspects: Readonly<Record<TeachingAspect, AspectPhrases>>;
  /** Overall verdicts. */
  praise: readonly string[];
  complaint: readonly string[];
  /** Lukewarm verdicts ("the class is okay"). */
  lukewarm: readonly string[];
  /** A lukewarm overall verdict that closes a mixed comment ("other than that, it's okay"). */
  overall: readonly string[];
  /** Plain facts about the class, with no verdict. */
  facts: readonly string[];
  /** Wishes without criticism ("I hope we have more activities"). */
  wishes: readonly string[];
  /** Whole short comments. */
  shortPraise: readonly string[];
  shortComplaint: readonly string[];
  /** Sentence openers, with their comma ("overall,"). */
  openers: Readonly<Record<Polarity, readonly string[]>>;
  /** What joins praise to the criticism after it, punctuation included (", but"). */
  contrasts: readonly string[];
  /** Closing sentences. */
  closers: Readonly<Record<Polarity, readonly string[]>>;
  /** The alternatives of each `{name}` for a teacher addressed this way. */
  words(honorific: Honorific, polite: boolean): Readonly<Record<string, readonly string[]>>;
}

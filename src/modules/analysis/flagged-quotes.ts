import {
  KnownCommentIndex,
  mapStrings,
  markKnownComments,
  withoutMarkedPassages,
  wordsOf,
  type KnownComment,
} from '../../common/privacy/student-text.js';
import type { SupportingEvidence } from '../../engine/contracts.js';
import { escapeRegExp } from '../../common/text/regexp.js';
import { NAME_PLACEHOLDER } from '../../engine/text/personal-names.js';

/** The shortest start of a comment taken as repeating it (student-text.ts marks starts of this length and more). */
const MIN_START = 16;
/**
 * What a `[name]` of a quote stood for in the comment: one to five words of a name (letters, marks, dots,
 * apostrophes, hyphens), however the name scrubber of the day drew its span ("Dagohoy", "Ma. Theresa Dela Cruz").
 */
const NAME_WORD = "[\\p{L}\\p{M}\\p{Pd}.'\u2019]+";
const NAME_WORDS = `${NAME_WORD}(?: ${NAME_WORD}){0,4}`;

/**
 * The comments of a pipeline that raised an alert after its actions were stored, and whether a passage of an action
 * repeats one. A stored quote carries no submission id, only the text the recommendations step quoted: the
 * comment's cleaned text with personal names scrubbed to `[name]` and, when long, cut with an ellipsis. A passage
 * repeats a flagged comment when, read with each `[name]` as a name's words, it is that comment whole, or its start
 * ending in `…`, or (`start`: a passage marked inside longer text, which marks starts of a comment too) a start of
 * at least MIN_START characters. Two students who wrote the same words cannot be told apart by their text: the
 * passage is left out, as the quote of the flagged one.
 */
export class FlaggedComments {
  private readonly texts: string[];

  constructor(texts: readonly string[]) {
    this.texts = texts.map((text) => wordsOf(text).trim()).filter((text) => text.length > 0);
  }

  get isEmpty(): boolean {
    return this.texts.length === 0;
  }

  /** The comments as known comments (about `subjectId`), so their unmarked repetitions can be marked. */
  known(subjectId: string | null): KnownComment[] {
    return this.texts.map((text) => ({ text, subjectId }));
  }

  repeats(passage: string, options: { start?: boolean } = {}): boolean {
    const plain = wordsOf(passage).trim();
    const cut = plain.endsWith('…');
    const words = cut ? plain.slice(0, -1).trimEnd() : plain;
    if (words.length === 0) return false;
    const asStart = cut || (options.start === true && words.length >= MIN_START);
    const pattern = new RegExp(
      `^${words.split(NAME_PLACEHOLDER).map(escapeRegExp).join(NAME_WORDS)}${asStart ? '' : '$'}`,
      'u',
    );
    return this.texts.some((text) => pattern.test(text));
  }
}

/**
 * A stored action without the flagged comments' words: their quotes leave every topic source's `sampleQuotes`, and a
 * sentence of its text quoting one goes (conventions §11: a flagged comment is never a sample quote, while its
 * alert may have come after the action was written). The words are found as marked passages; an unmarked
 * repetition of a comment is marked first (as `subjectId`'s) and left out the same way.
 */
export function withoutFlaggedQuotes<T extends { supportingEvidence: SupportingEvidence }>(
  action: T,
  flagged: FlaggedComments,
  subjectId: string | null,
): T {
  if (flagged.isEmpty) return action;
  const sources = action.supportingEvidence.sources.map((source) =>
    source.type === 'topic' && source.sampleQuotes
      ? { ...source, sampleQuotes: source.sampleQuotes.filter((quote) => !flagged.repeats(quote)) }
      : source,
  );
  // The quotes left are whole comments not flagged. Elsewhere a passage may be a start of a comment (a model's
  // words); an unmarked one is marked first.
  const index = new KnownCommentIndex(flagged.known(subjectId));
  return mapStrings(
    { ...action, supportingEvidence: { ...action.supportingEvidence, sources } },
    (text) => withoutMarkedPassages(markKnownComments(text, index), (words) => flagged.repeats(words, { start: true })),
    'sampleQuotes',
  );
}

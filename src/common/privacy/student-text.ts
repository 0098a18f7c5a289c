/**
 * Verbatim student text, marked where it enters a value and rendered for each reader where it leaves.
 *
 * The spec's faculty self-view rule ("any endpoint returning verbatim student text must apply the same
 * redaction") is kept by one mechanism instead of a list of fields: wherever student text is put into
 * something a reader may receive (a report comment, a theme's quote, a recommendation's evidence, a sentence
 * of its description, text a language model wrote that repeats a comment), it is wrapped in invisible
 * marks naming the faculty member the comment is about. Every HTTP response (renderStudentTextForReaders), every
 * error body and every PDF passes through `renderForReader`, which removes the marks for readers who may see
 * the text and withholds the text from the faculty member it is about, whatever other role they hold.
 *
 * The marks are Unicode private-use characters. Comments never carry them (text normalisation removes the
 * private-use range, and marking removes them from what it wraps), so a student cannot forge or close one.
 */

const OPEN = '\uE000';
const SUBJECT_END = '\uE001';
const CLOSE = '\uE002';
const MARKS = /[\uE000-\uE002]/gu;
const SPAN = /\uE000([^\uE001\uE002]*)\uE001([^\uE000\uE002]*)\uE002/gu;

/** Put where a student's words were left out of a longer text. */
export const WITHHELD = '[student comment withheld]';

/** `text` with any marks removed: a comment as it goes to a model, a log or a comparison. */
export function withoutMarks(text: string): string {
  return text.includes(OPEN) || text.includes(SUBJECT_END) || text.includes(CLOSE) ? text.replace(MARKS, '') : text;
}

/** Marks `text` as a student's words about the faculty member `subjectId` (null: about no one in particular). */
export function studentText(text: string, subjectId: string | null): string {
  return `${OPEN}${subjectId ?? ''}${SUBJECT_END}${withoutMarks(text)}${CLOSE}`;
}

/** `text` with every marked passage as its words alone (no marks, no subject): what a student wrote, as shown. */
export function wordsOf(text: string): string {
  return withoutMarks(text.includes(OPEN) ? text.replace(SPAN, '$2') : text);
}

export function hasStudentText(value: string): boolean {
  return value.includes(OPEN);
}

/** Whether any mark character is in `text` (a serialized body, say): if not, rendering it changes nothing. */
export function carriesMarks(text: string): boolean {
  return text.includes(OPEN) || text.includes(SUBJECT_END) || text.includes(CLOSE);
}

/** A comment known to have been given to a recommendation step, and whom it is about. */
export interface KnownComment {
  text: string;
  subjectId: string | null;
}

/** The shortest start of a comment worth looking for: shorter, it could match ordinary wording by chance. */
const MIN_ANCHOR = 16;

/**
 * Marks, in `text`, every passage that repeats a known comment: the whole comment or, since quotes are
 * shortened, any start of it of at least MIN_ANCHOR characters (with the ellipsis that ended it). Already
 * marked passages are left as they are.
 */
export function markKnownComments(text: string, comments: readonly KnownComment[] | KnownCommentIndex): string {
  const index = comments instanceof KnownCommentIndex ? comments : new KnownCommentIndex(comments);
  const ordered = index.candidates(text);
  // Whole comments (or their shortened quotes) first: comments that start alike would otherwise claim only
  // their common start of another's quote. Then any remaining start of a comment a model may have repeated.
  let result = text;
  for (const whole of [true, false]) for (const comment of ordered) result = markOccurrences(result, comment, whole);
  return result;
}

/**
 * Known comments looked up by their anchor (first MIN_ANCHOR characters), so marking a text tries only the
 * comments whose anchor occurs in it: one pass over the text instead of one search per comment (a campus
 * pipeline hands 50,000 comments to every string of its actions).
 */
export class KnownCommentIndex {
  private readonly byAnchor = new Map<string, (KnownComment & { order: number })[]>();
  private readonly anchorLengths: number[];

  constructor(comments: readonly KnownComment[]) {
    const lengths = new Set<number>();
    comments.forEach((comment, order) => {
      const text = withoutMarks(comment.text).trim();
      if (text.length === 0) return;
      const anchor = text.slice(0, MIN_ANCHOR);
      lengths.add(anchor.length);
      const entry = { text, subjectId: comment.subjectId, order };
      const list = this.byAnchor.get(anchor);
      if (list) list.push(entry);
      else this.byAnchor.set(anchor, [entry]);
    });
    this.anchorLengths = [...lengths];
  }

  /** The comments whose anchor occurs in `text`, longest first (then in the order they were given). */
  candidates(text: string): KnownComment[] {
    const found = new Set<KnownComment & { order: number }>();
    for (let start = 0; start < text.length; start += 1)
      for (const length of this.anchorLengths) {
        if (start + length > text.length) continue;
        const list = this.byAnchor.get(text.slice(start, start + length));
        if (list) for (const comment of list) found.add(comment);
      }
    return [...found].sort((a, b) => b.text.length - a.text.length || a.order - b.order);
  }
}

function markOccurrences(text: string, comment: KnownComment, whole: boolean): string {
  const anchor = comment.text.slice(0, MIN_ANCHOR);
  let result = text;
  let from = 0;
  for (;;) {
    const start = result.indexOf(anchor, from);
    if (start < 0) return result;
    let end = start + anchor.length;
    while (end < result.length && end - start < comment.text.length && result[end] === comment.text[end - start])
      end += 1;
    const complete = end - start === comment.text.length;
    if (result[end] === '…') end += 1;
    const accepted = !whole || complete || result[end - 1] === '…';
    if (insideMark(result, start) || !accepted) {
      from = start + anchor.length;
      continue;
    }
    const marked = studentText(result.slice(start, end), comment.subjectId);
    result = `${result.slice(0, start)}${marked}${result.slice(end)}`;
    from = start + marked.length;
  }
}

function insideMark(text: string, index: number): boolean {
  const open = text.lastIndexOf(OPEN, index);
  if (open < 0) return false;
  const close = text.indexOf(CLOSE, open);
  return close < 0 || close >= index;
}

/** Marks every string in a JSON-like value that repeats a known comment (a stored recommendation, say). */
export function markKnownCommentsIn<T>(value: T, comments: readonly KnownComment[]): T {
  if (comments.length === 0) return value;
  const index = new KnownCommentIndex(comments);
  return mapStrings(value, (text) => markKnownComments(text, index));
}

/**
 * `value` (JSON-like) with `map` applied to every string in it, but those under a key `except` names (kept as they
 * are): a copy, the value itself never changed.
 */
export function mapStrings<T>(value: T, map: (text: string) => string, except?: string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map, except)) as T;
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === except ? item : mapStrings(item, map, except)]),
    ) as T;
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Who reads: `null` is a reader we do not know, from whom every student's words are withheld. */
export type Reader = string | null;

const withheldFrom = (reader: Reader, subjectId: string) =>
  reader === null || (subjectId !== '' && subjectId === reader);

/** A sentence that quotes the withheld passage: from the end of the previous sentence to its own end. */
function dropQuotingSentence(text: string, start: number, end: number): { start: number; end: number } | null {
  const before = text[start - 1];
  const after = text[end];
  const quoted = (before === '"' && after === '"') || (before === '\u201C' && after === '\u201D');
  if (!quoted) return null;
  let sentenceStart = Math.max(
    0,
    ...['. ', '! ', '? '].map((stop) => {
      const at = text.lastIndexOf(stop, start - 1);
      return at < 0 ? 0 : at + stop.length;
    }),
  );
  // A stop inside a marked passage kept before it (withoutMarkedPassages keeps the marks) ends no sentence: what is
  // cut starts after that passage and its closing quotation mark, so the passage stays whole.
  const open = text.lastIndexOf(OPEN, sentenceStart - 1);
  const close = open < 0 ? -1 : text.indexOf(CLOSE, open);
  if (open >= 0 && close >= sentenceStart) {
    sentenceStart = close + 1;
    while (text[sentenceStart] === '"' || text[sentenceStart] === '\u201D') sentenceStart += 1;
  }
  let sentenceEnd = end + 1;
  while (sentenceEnd < text.length && /[.!?]/u.test(text[sentenceEnd] as string)) sentenceEnd += 1;
  return { start: sentenceStart, end: sentenceEnd };
}

interface Span {
  start: number;
  end: number;
  subject: string;
  inner: string;
}

function spansOf(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(SPAN))
    spans.push({
      start: match.index,
      end: match.index + match[0].length,
      subject: match[1] ?? '',
      inner: match[2] ?? '',
    });
  return spans;
}

/**
 * `text` with the marked passages `withhold` names left out: the sentence that quotes one goes with it, else
 * WITHHELD stands in its place; every other passage becomes `kept(span)`.
 */
function cutPassages(
  text: string,
  spans: readonly Span[],
  withhold: (span: Span) => boolean,
  kept: (span: Span) => string,
): string {
  let result = '';
  let cursor = 0;
  const cuts: Array<{ start: number; end: number }> = [];
  for (const span of spans) {
    result += text.slice(cursor, span.start);
    cursor = span.end;
    if (!withhold(span)) {
      result += kept(span);
      continue;
    }
    const position = result.length;
    result += WITHHELD;
    cuts.push({ start: position, end: position + WITHHELD.length });
  }
  result += text.slice(cursor);
  // Cut the quoting sentences last to first, so earlier positions stay right.
  for (const cut of cuts.reverse()) {
    const sentence = dropQuotingSentence(result, cut.start, cut.end);
    if (sentence) result = `${result.slice(0, sentence.start)}${result.slice(sentence.end)}`;
  }
  return result;
}

/**
 * A string as `reader` may see it, or `undefined` when the whole string is a student's words withheld from
 * them. A withheld passage inside other text drops the sentence that quotes it, or becomes WITHHELD.
 */
export function renderString(text: string, reader: Reader): string | undefined {
  if (!text.includes(OPEN)) return withoutMarks(text);
  const spans = spansOf(text);
  const whole = spans.length === 1 && spans[0]?.start === 0 && spans[0].end === text.length;
  if (whole && withheldFrom(reader, spans[0]?.subject ?? '')) return undefined;
  const result = cutPassages(
    text,
    spans,
    (span) => withheldFrom(reader, span.subject),
    (span) => span.inner,
  );
  return withoutMarks(result)
    .replace(/\s{2,}/gu, ' ')
    .trim();
}

/**
 * `text` without the marked passages whose words `leaveOut` names, for every reader (a comment that raised an alert
 * after it was quoted): the sentence quoting one goes with it, as a withheld passage's does when rendered. The other
 * passages keep their marks, for each reader's rendering.
 */
export function withoutMarkedPassages(text: string, leaveOut: (words: string) => boolean): string {
  if (!text.includes(OPEN)) return text;
  const spans = spansOf(text);
  if (!spans.some((span) => leaveOut(span.inner))) return text;
  const result = cutPassages(
    text,
    spans,
    (span) => leaveOut(span.inner),
    (span) => text.slice(span.start, span.end),
  );
  // Spaces left doubled by a cut close up; line breaks (an action plan's steps) stay.
  return result.replace(/ {2,}/gu, ' ').trim();
}

/**
 * A response body as `reader` may see it: marks removed, and the words of students withheld from the faculty
 * member they are about. A withheld string becomes null; list entries withheld are left out, and a list that
 * only held withheld entries leaves its object. Anything that is not plain JSON data (a Buffer, a stream) is
 * returned as it is. Values with no marks are returned unchanged (the same object), at the cost of one scan.
 */
export function renderForReader<T>(value: T, reader: Reader): T {
  const rendered = render(value, reader);
  return (rendered === REMOVED ? [] : rendered) as T;
}

const REMOVED = Symbol('removed');

function render(value: unknown, reader: Reader): unknown {
  if (typeof value === 'string') {
    if (!value.includes(OPEN) && !value.includes(CLOSE)) return value;
    return renderString(value, reader) ?? null;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const items: unknown[] = [];
    for (const item of value) {
      const rendered =
        typeof item === 'string' && item.includes(OPEN) && renderString(item, reader) === undefined
          ? REMOVED
          : render(item, reader);
      if (rendered !== item) changed = true;
      if (rendered !== REMOVED) items.push(rendered);
    }
    if (!changed) return value;
    return items.length === 0 && value.length > 0 ? REMOVED : items;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    let changed = false;
    const rendered: Record<string, unknown> = {};
    for (const [key, item] of entries) {
      const next = render(item, reader);
      if (next !== item) changed = true;
      if (next !== REMOVED) rendered[key] = next;
    }
    return changed ? rendered : value;
  }
  return value;
}

import type { SentimentLabel } from '../contracts.js';
import type { PhraseBank, Polarity } from './phrases/bank.js';
import { CEBUANO } from './phrases/ceb.js';
import { ENGLISH } from './phrases/en.js';
import { TAGLISH } from './phrases/taglish.js';
import { TAGALOG } from './phrases/tl.js';
import { aspectsForCourse } from './context.js';
import { chance, pick, randomFrom, type RandomSource } from './random.js';
import { capitalize, expandTemplate } from './template.js';
import { typeRoughly } from './typing.js';
import {
  type CommentLanguage,
  type CommentLength,
  type CommentSpec,
  type CommentTone,
  type GeneratedComment,
  type TeachingAspect,
} from './types.js';

const BANKS: Readonly<Record<CommentLanguage, PhraseBank>> = {
  en: ENGLISH,
  tl: TAGALOG,
  ceb: CEBUANO,
  taglish: TAGLISH,
};

/** Share of students who write "po" throughout (Tagalog and Taglish only have the particle in their words). */
const POLITE_SHARE = 0.55;
/** Share of comments typed all in lower case, as many are on a phone. */
const LOWER_CASE_SHARE = 0.15;
/** Share of comments whose last sentence has no full stop. */
const UNPUNCTUATED_END_SHARE = 0.15;
const POSITIVE_EMOJIS = ['😊', '🙏', '❤️', '💯', '👏'];
const POSITIVE_EMOJI_SHARE = 0.1;

const EXPECTED_LABEL: Readonly<Record<CommentTone, SentimentLabel>> = {
  positive: 'positive',
  negative: 'negative',
  neutral: 'neutral',
  mixed: 'neutral',
};

/** The sentences of a comment, before punctuation and style. */
type Draft = string[];

/** One writer of one comment: the language's phrases with this student's way of naming the teacher. */
class Writer {
  private readonly words: Readonly<Record<string, readonly string[]>>;
  private readonly used = new Set<TeachingAspect>();
  private readonly usedTemplates = new Set<string>();
  /** The aspects this course allows (no laboratory in a course without lab work). */
  private readonly allowed: readonly TeachingAspect[];
  /** The spec's aspects that the course allows. */
  private readonly aspects: readonly TeachingAspect[];

  constructor(
    readonly bank: PhraseBank,
    private readonly spec: CommentSpec,
    private readonly random: RandomSource,
  ) {
    this.words = bank.words(spec.honorific, chance(POLITE_SHARE, random));
    this.allowed = aspectsForCourse(spec.courseHasLab);
    this.aspects = spec.aspects.filter((aspect) => this.allowed.includes(aspect));
  }

  fill(templates: readonly string[]): string {
    return expandTemplate(pick(templates, this.random), this.words, this.random);
  }

  /** Like `fill`, from a template this comment has not used yet while there is one (no sentence said twice). */
  fillFresh(templates: readonly string[]): string {
    const unused = templates.filter((template) => !this.usedTemplates.has(template));
    const template = pick(unused.length > 0 ? unused : templates, this.random);
    this.usedTemplates.add(template);
    return expandTemplate(template, this.words, this.random);
  }

  maybeFresh(probability: number, templates: readonly string[]): string[] {
    return this.chance(probability) ? [this.fillFresh(templates)] : [];
  }

  chance(probability: number): boolean {
    return chance(probability, this.random);
  }

  /** Whether the comment may name only the spec's aspects (`onlyGivenAspects`). */
  get onlyGiven(): boolean {
    return this.spec.onlyGivenAspects === true;
  }

  /** The spec's aspect at `position` (repeats left out), or undefined: for a comment that names only those. */
  given(position: number): TeachingAspect | undefined {
    return [...new Set(this.aspects)][position];
  }

  /** The spec's aspect at `position`, or (beyond the spec, or already used) one not used yet in this comment. */
  aspect(position: number): TeachingAspect {
    const given = this.aspects[position];
    const chosen =
      given !== undefined && !this.used.has(given)
        ? given
        : pick(
            this.allowed.filter((aspect) => !this.used.has(aspect)),
            this.random,
          );
    this.used.add(chosen);
    return chosen;
  }

  praiseOf(aspect: TeachingAspect): string {
    return this.fill(this.bank.aspects[aspect].positive);
  }

  criticismOf(aspect: TeachingAspect): string {
    return this.fill(this.bank.aspects[aspect].negative);
  }

  suggestionFor(aspect: TeachingAspect): string {
    return this.fill(this.bank.aspects[aspect].suggestion);
  }

  maybe(probability: number, templates: readonly string[]): string[] {
    return this.chance(probability) ? [this.fill(templates)] : [];
  }

  withOpener(polarity: Polarity, probability: number, sentence: string): string {
    return this.chance(probability) ? `${pick(this.bank.openers[polarity], this.random)} ${sentence}` : sentence;
  }

  /** Praise of one aspect, a contrast word, then criticism of another, in one sentence. */
  contrasted(good: TeachingAspect, bad: TeachingAspect): string {
    const joiner = pick(this.bank.contrasts, this.random);
    return `${this.praiseOf(good)}${joiner} ${this.criticismOf(bad)}`;
  }
}

function positiveDraft(writer: Writer, length: CommentLength): Draft {
  const { bank } = writer;
  if (writer.onlyGiven) return positiveGivenDraft(writer, length);
  if (length === 'short') {
    const sentence = writer.chance(0.65) ? writer.fill(bank.shortPraise) : writer.praiseOf(writer.aspect(0));
    return [sentence, ...writer.maybe(0.3, bank.closers.positive)];
  }
  const first = writer.withOpener('positive', length === 'long' ? 0.35 : 0.2, writer.praiseOf(writer.aspect(0)));
  const draft = [first, writer.chance(0.5) ? writer.praiseOf(writer.aspect(1)) : writer.fill(bank.praise)];
  if (length === 'medium') return [...draft, ...writer.maybe(0.4, bank.closers.positive)];
  draft.push(writer.praiseOf(writer.aspect(2)));
  return [...draft, ...writer.maybe(0.6, bank.praise), ...writer.maybe(0.75, bank.closers.positive)];
}

function negativeDraft(writer: Writer, length: CommentLength): Draft {
  const { bank } = writer;
  if (writer.onlyGiven) return negativeGivenDraft(writer, length);
  if (length === 'short')
    return [writer.chance(0.5) ? writer.fill(bank.shortComplaint) : writer.criticismOf(writer.aspect(0))];
  const main = writer.aspect(0);
  const first = writer.withOpener('negative', length === 'long' ? 0.35 : 0.2, writer.criticismOf(main));
  if (length === 'medium')
    return [first, writer.chance(0.5) ? writer.criticismOf(writer.aspect(1)) : writer.suggestionFor(main)];
  return [
    first,
    writer.criticismOf(writer.aspect(1)),
    ...writer.maybe(0.5, bank.complaint),
    writer.suggestionFor(main),
    ...writer.maybe(0.3, bank.closers.negative),
  ];
}

/** Praise of the given aspects only (as many as the length has room for); overall praise where there are none. */
function positiveGivenDraft(writer: Writer, length: CommentLength): Draft {
  const { bank } = writer;
  const [first, second, third] = [writer.given(0), writer.given(1), writer.given(2)];
  const praise = (aspect: TeachingAspect | undefined, otherwise: readonly string[]): string =>
    aspect === undefined ? writer.fillFresh(otherwise) : writer.praiseOf(aspect);
  // The one-liners ("very approachable", "the best po si sir") often name an aspect: overall verdicts instead.
  if (length === 'short') return [praise(first, bank.praise), ...writer.maybe(0.3, bank.closers.positive)];
  const opening = writer.withOpener('positive', length === 'long' ? 0.35 : 0.2, praise(first, bank.praise));
  const draft = [opening, praise(second, bank.praise)];
  if (length === 'medium') return [...draft, ...writer.maybe(0.4, bank.closers.positive)];
  if (third !== undefined) draft.push(writer.praiseOf(third));
  return [...draft, ...writer.maybeFresh(0.6, bank.praise), ...writer.maybe(0.75, bank.closers.positive)];
}

/** Criticism of the given aspects only, and a request about the first; overall complaints where there are none. */
function negativeGivenDraft(writer: Writer, length: CommentLength): Draft {
  const { bank } = writer;
  const [first, second, third] = [writer.given(0), writer.given(1), writer.given(2)];
  if (length === 'short') return [first === undefined ? writer.fillFresh(bank.complaint) : writer.criticismOf(first)];
  const opening = writer.withOpener(
    'negative',
    length === 'long' ? 0.35 : 0.2,
    first === undefined ? writer.fillFresh(bank.complaint) : writer.criticismOf(first),
  );
  const request = first === undefined ? writer.fillFresh(bank.closers.negative) : writer.suggestionFor(first);
  if (length === 'medium') return [opening, second === undefined ? request : writer.criticismOf(second)];
  return [
    opening,
    ...(second === undefined ? [] : [writer.criticismOf(second)]),
    ...(third === undefined ? [] : [writer.criticismOf(third)]),
    ...writer.maybeFresh(0.5, bank.complaint),
    request,
    ...(first === undefined ? [] : writer.maybeFresh(0.3, bank.closers.negative)),
  ];
}

/** Praise, "but", criticism; then (longer ones) a request about the criticised aspect, and a lukewarm verdict. */
function mixedDraft(writer: Writer, length: CommentLength): Draft {
  const { bank } = writer;
  const good = writer.aspect(0);
  const bad = writer.aspect(1);
  const contrasted = writer.contrasted(good, bad);
  if (length === 'short') return [contrasted, writer.fill(bank.overall)];
  const first = writer.withOpener('neutral', 0.25, contrasted);
  if (length === 'medium')
    return [first, ...(writer.chance(0.4) ? [writer.suggestionFor(bad)] : []), writer.fill(bank.overall)];
  return [first, writer.suggestionFor(bad), writer.fill(bank.overall), ...writer.maybe(0.4, bank.closers.neutral)];
}

function neutralDraft(writer: Writer, length: CommentLength): Draft {
  const { bank } = writer;
  if (writer.onlyGiven) {
    // The facts about the class name its grading, materials or activities: a lukewarm verdict alone.
    const lukewarm = writer.withOpener('neutral', 0.2, writer.fill(bank.lukewarm));
    return length === 'short' ? [lukewarm] : [lukewarm, writer.fill(bank.closers.neutral)];
  }
  const lukewarm = writer.withOpener('neutral', 0.2, writer.fill(bank.lukewarm));
  if (length === 'short') return [lukewarm];
  if (length === 'medium') return [lukewarm, writer.fill(bank.facts)];
  return [lukewarm, writer.fill(bank.facts), writer.fill(bank.facts), ...writer.maybe(0.5, bank.wishes)];
}

const DRAFTS: Readonly<Record<CommentTone, (writer: Writer, length: CommentLength) => Draft>> = {
  positive: positiveDraft,
  negative: negativeDraft,
  mixed: mixedDraft,
  neutral: neutralDraft,
};

/** Full stops (or, in praise, exclamation marks), capitals, and the habits of some writers. */
function finish(draft: Draft, tone: CommentTone, random: RandomSource): string {
  const unpunctuatedEnd = chance(UNPUNCTUATED_END_SHARE, random);
  const sentences = draft.map((sentence, index) => {
    const last = index === draft.length - 1;
    const mark = tone === 'positive' && chance(0.35, random) ? (chance(0.2, random) ? '!!' : '!') : '.';
    return capitalize(sentence) + (last && unpunctuatedEnd ? '' : mark);
  });
  let text = sentences.join(' ');
  if (chance(LOWER_CASE_SHARE, random)) text = text.toLowerCase();
  if (tone === 'positive' && chance(POSITIVE_EMOJI_SHARE, random)) text = `${text} ${pick(POSITIVE_EMOJIS, random)}`;
  return text;
}

/** Cuts at the last word that fits, for a questionnaire whose comments are shorter than even a short one. */
function cut(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const head = text.slice(0, maxLength);
  const space = head.lastIndexOf(' ');
  return (space > 0 ? head.slice(0, space) : head).trim();
}

const SHORTER: Readonly<Record<CommentLength, readonly CommentLength[]>> = {
  long: ['long', 'medium', 'short'],
  medium: ['medium', 'short'],
  short: ['short'],
};

/**
 * A student comment written from its spec by the local generator: deterministic (the same spec, the same
 * text), in the spec's language and tone, about its aspects. When the text would exceed `maxLength` a
 * shorter one is written instead, and as a last resort the short one is cut at a word.
 */
export function writeComment(spec: CommentSpec): GeneratedComment {
  const bank = BANKS[spec.language];
  const maxLength = spec.maxLength ?? Number.POSITIVE_INFINITY;
  let text = '';
  for (const length of SHORTER[spec.length]) {
    const random = randomFrom('comment', spec.seed, length);
    const writer = new Writer(bank, spec, random);
    text = finish(DRAFTS[spec.tone](writer, length), spec.tone, random);
    if (spec.rough === true) text = typeRoughly(text, randomFrom('rough', spec.seed, length));
    if (text.length <= maxLength) break;
  }
  return { text: cut(text, maxLength), spec, expectedLabel: EXPECTED_LABEL[spec.tone] };
}

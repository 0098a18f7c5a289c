import type { SupportingEvidence } from '../contracts.js';
import { ASPECTS } from '../embeddings/aspect-lexicon.js';
import { aspectScores } from '../embeddings/aspect-matcher.js';
import { tokenize } from '../text/index.js';
import { CHECK_IN_TEMPLATE, formatActionPlan, templateFor, type ActionTemplate } from './action-templates.js';
import { dimensionName, type Candidate, type DimensionEvidence, type TopicEvidence } from './candidates.js';

const DESCRIPTION_QUOTE_LENGTH = 160;

function score(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** A count, rounded, with its noun in the right number: `1 comment`, `12 responses`. */
function counted(count: number, noun: string): string {
  const rounded = Math.round(count);
  return `${rounded} ${rounded === 1 ? noun : `${noun}s`}`;
}

/** The topic label or dimension name the recommendation is about: its largest topic, else its first dimension. */
export function subjectOf(candidate: Candidate): string {
  const topic = candidate.topics[0];
  if (topic) return topic.topic.label.trim() || topic.topic.topicId;
  const dimension = candidate.dimensions[0];
  return dimension ? dimensionName(dimension.dimension) : '';
}

function templateOf(candidate: Candidate): ActionTemplate {
  return candidate.checkIn ? CHECK_IN_TEMPLATE : templateFor(candidate.aspect, candidate.category);
}

export function headlineOf(candidate: Candidate): string {
  return templateOf(candidate).headline(subjectOf(candidate));
}

/**
 * Whole percentages of shares that sum to 1, summing to exactly 100 (largest remainder: the points rounding leaves
 * go to the shares that lost most, ties to the earlier one), so "7%, 7% and 87%" reads "7%, 7% and 86%".
 */
export function wholePercentages(shares: readonly number[]): number[] {
  const exact = shares.map((share) => share * 100);
  const whole = exact.map((value) => Math.floor(value));
  const missing =
    Math.round(exact.reduce((sum, value) => sum + value, 0)) - whole.reduce((sum, value) => sum + value, 0);
  const order = exact
    // Remainders compared to 1e-9: equal shares (1/15 and 1/15) tie, and a tie goes to the earlier share.
    .map((value, index) => ({ index, remainder: Math.round((value - Math.floor(value)) * 1e9) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order.slice(0, Math.max(0, missing))) whole[index] = (whole[index] ?? 0) + 1;
  return whole;
}

function topicSentence(evidence: TopicEvidence): string {
  const { shares } = evidence;
  const [negative, neutral, positive] = wholePercentages([shares.negative, shares.neutral, shares.positive]);
  if (Math.round(evidence.commentCount) === 1) {
    // "1 comment … are 100% negative, 0% neutral and 0% positive" said in words.
    const reading = negative === 100 ? 'negative' : positive === 100 ? 'positive' : 'neutral';
    return `The one comment on "${evidence.topic.label}" is ${reading}.`;
  }
  return (
    `${counted(evidence.commentCount, 'comment')} on "${evidence.topic.label}" are ${negative}% negative, ` +
    `${neutral}% neutral and ${positive}% positive.`
  );
}

function dimensionSentence(evidence: DimensionEvidence): string {
  const { dimension, relativeTo } = evidence;
  const base =
    `"${dimensionName(dimension)}" (${dimension.code}) averages ${score(dimension.average)} out of 100 ` +
    `over ${counted(dimension.responseCount, 'response')}`;
  if (!relativeTo) return `${base}.`;
  return `${base}, the ${relativeTo.position} of ${relativeTo.dimensionCount} rated dimensions (mean ${score(relativeTo.mean)}).`;
}

function excerpt(quote: string): string {
  return quote.length <= DESCRIPTION_QUOTE_LENGTH
    ? quote
    : `${quote.slice(0, DESCRIPTION_QUOTE_LENGTH - 1).trimEnd()}…`;
}

/**
 * One quote from the evidence, which only holds comments agreeing with the claim. Of the first topic's quotes
 * (most typical first), the first whose shown start still names the topic's aspect: a long mixed comment cut
 * after its praise would otherwise seem to contradict an IMPROVEMENT. An excerpt always starts where the
 * comment starts, so it is recognised as the student's words wherever it is shown.
 */
function quoteSentence(candidate: Candidate, evidence: SupportingEvidence): string {
  const aspect = ASPECTS.findIndex((definition) => definition.id === candidate.aspect);
  for (const source of evidence.sources) {
    if (source.type !== 'topic') continue;
    const shown = source.sampleQuotes.map(excerpt);
    const naming = shown.find((quote) => aspect >= 0 && (aspectScores(tokenize(quote))[aspect] ?? 0) > 0);
    const quote = naming ?? shown[0];
    if (!quote) continue;
    return ` One student wrote: "${quote}"`;
  }
  return '';
}

/** The numbers behind the recommendation, why it matters, and one quote when a topic supplies one. */
export function descriptionOf(candidate: Candidate, evidence: SupportingEvidence): string {
  const sentences = [...candidate.topics.map(topicSentence), ...candidate.dimensions.map(dimensionSentence)];
  return `${sentences.join(' ')} ${templateOf(candidate).rationale}${quoteSentence(candidate, evidence)}`;
}

/**
 * Highest figure a target asks for: a share or an average of 100 cannot be raised, and keeping it there is
 * not a fair target, so a high current figure is kept "at or above" this instead.
 */
export const TARGET_CEILING = 90;
/** How far a target raises a share (percentage points) or an average (points on 0..100). */
const TARGET_STEP = 10;
/** The lowest share of negative comments an IMPROVEMENT target asks for: none at all is not a fair target. */
const NEGATIVE_SHARE_FLOOR = 10;

/** A measurable target for the next evaluation, from the primary source's current figure. */
function targetStep(candidate: Candidate): string | undefined {
  if (candidate.checkIn) return undefined;
  const prefix = 'Target for the next evaluation:';
  const topic = candidate.topics[0];
  if (topic) {
    // The current share is in the description; repeating "now 100%" here would read as the target.
    const label = topic.topic.label;
    // The shares as the description states them (summing to 100).
    const [negative = 0, , positive = 0] = wholePercentages([
      topic.shares.negative,
      topic.shares.neutral,
      topic.shares.positive,
    ]);
    if (candidate.category === 'IMPROVEMENT') {
      const now = negative;
      const target = Math.max(NEGATIVE_SHARE_FLOOR, Math.round(now / 2));
      if (target >= now) return `${prefix} keep negative comments on "${label}" at or below ${now}%.`;
      return `${prefix} bring negative comments on "${label}" down to ${target}% or less.`;
    }
    const now = positive;
    if (now >= TARGET_CEILING) return `${prefix} keep positive comments on "${label}" at or above ${TARGET_CEILING}%.`;
    return `${prefix} raise positive comments on "${label}" to at least ${Math.min(TARGET_CEILING, now + TARGET_STEP)}%.`;
  }
  const dimension = candidate.dimensions[0]?.dimension;
  if (!dimension) return undefined;
  const name = dimensionName(dimension);
  const now = score(dimension.average);
  if (candidate.category === 'IMPROVEMENT') {
    const target = Math.min(TARGET_CEILING, Math.round(dimension.average + TARGET_STEP));
    if (target <= dimension.average) return `${prefix} keep the "${name}" average at or above ${now}.`;
    return `${prefix} raise the "${name}" average from ${now} to at least ${target}.`;
  }
  return `${prefix} keep the "${name}" average at or above ${Math.min(TARGET_CEILING, Math.floor(dimension.average))}.`;
}

export function actionPlanOf(candidate: Candidate): string {
  const target = targetStep(candidate);
  const steps = templateOf(candidate).steps;
  return formatActionPlan(target ? [...steps, target] : steps);
}

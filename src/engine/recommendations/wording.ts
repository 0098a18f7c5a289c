import type { SupportingEvidence } from '../contracts.js';
import { CHECK_IN_TEMPLATE, formatActionPlan, templateFor, type ActionTemplate } from './action-templates.js';
import { dimensionName, type Candidate, type DimensionEvidence, type TopicEvidence } from './candidates.js';

const DESCRIPTION_QUOTE_LENGTH = 160;

function percent(share: number): number {
  return Math.round(share * 100);
}

function score(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

function comments(count: number): string {
  const rounded = Math.round(count);
  return rounded === 1 ? '1 comment' : `${rounded} comments`;
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

function topicSentence(evidence: TopicEvidence): string {
  const { shares } = evidence;
  return (
    `${comments(evidence.commentCount)} on "${evidence.topic.label}" are ${percent(shares.negative)}% negative, ` +
    `${percent(shares.neutral)}% neutral and ${percent(shares.positive)}% positive.`
  );
}

function dimensionSentence(evidence: DimensionEvidence): string {
  const { dimension, relativeTo } = evidence;
  const base =
    `"${dimensionName(dimension)}" (${dimension.code}) averages ${score(dimension.average)} out of 100 ` +
    `over ${Math.round(dimension.responseCount)} responses`;
  if (!relativeTo) return `${base}.`;
  return `${base}, the ${relativeTo.position} of ${relativeTo.dimensionCount} rated dimensions (mean ${score(relativeTo.mean)}).`;
}

function quoteSentence(evidence: SupportingEvidence): string {
  for (const source of evidence.sources) {
    if (source.type !== 'topic') continue;
    const quote = source.sampleQuotes[0];
    if (!quote) continue;
    const short =
      quote.length <= DESCRIPTION_QUOTE_LENGTH ? quote : `${quote.slice(0, DESCRIPTION_QUOTE_LENGTH - 1).trimEnd()}…`;
    return ` One student wrote: "${short}"`;
  }
  return '';
}

/** The numbers behind the recommendation, why it matters, and one quote when a topic supplies one. */
export function descriptionOf(candidate: Candidate, evidence: SupportingEvidence): string {
  const sentences = [...candidate.topics.map(topicSentence), ...candidate.dimensions.map(dimensionSentence)];
  return `${sentences.join(' ')} ${templateOf(candidate).rationale}${quoteSentence(evidence)}`;
}

/** A measurable target for the next evaluation, from the primary source's current figure. */
function targetStep(candidate: Candidate): string | undefined {
  if (candidate.checkIn) return undefined;
  const topic = candidate.topics[0];
  if (topic) {
    const label = topic.topic.label;
    if (candidate.category === 'IMPROVEMENT') {
      const now = percent(topic.shares.negative);
      return `Target for the next evaluation: negative comments on "${label}" below ${Math.max(10, Math.round(now / 2))}% (now ${now}%).`;
    }
    return `Target for the next evaluation: keep positive comments on "${label}" at or above ${percent(topic.shares.positive)}%.`;
  }
  const dimension = candidate.dimensions[0]?.dimension;
  if (!dimension) return undefined;
  const name = dimensionName(dimension);
  if (candidate.category === 'IMPROVEMENT') {
    const target = Math.min(90, Math.round(dimension.average + 10));
    return `Target for the next evaluation: raise the "${name}" average from ${score(dimension.average)} to at least ${target}.`;
  }
  return `Target for the next evaluation: keep the "${name}" average at or above ${Math.floor(dimension.average)}.`;
}

export function actionPlanOf(candidate: Candidate): string {
  const target = targetStep(candidate);
  const steps = templateOf(candidate).steps;
  return formatActionPlan(target ? [...steps, target] : steps);
}

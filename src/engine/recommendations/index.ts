import type { Recommendation, RecommendationCategory, RecommendationInput } from '../contracts.js';
import {
  buildCandidates,
  checkInCandidates,
  COMMENTS_RAISE_MIN_VOLUME,
  contradictedByComments,
  priorityFor,
  type Candidate,
} from './candidates.js';
import { facetForEvidence, groundsClaim, supportingEvidenceFor } from './evidence.js';
import { actionPlanOf, descriptionOf, headlineOf, subjectOf } from './wording.js';

export { FACET_DOMINANCE_THRESHOLD, facetFor } from './facet.js';
export { facetForEvidence, pickQuotes, quoteAgreesWith, supportingEvidenceFor } from './evidence.js';
export { ratingsContradictedByComments } from './candidates.js';

export const MIN_RECOMMENDATIONS = 3;
export const MAX_RECOMMENDATIONS = 7;

const CATEGORIES: readonly RecommendationCategory[] = ['IMPROVEMENT', 'STRENGTH'];

/** The priority a dean reads (HIGH 2, MEDIUM 1, LOW 0), check-ins below every LOW. */
function priorityLevel(candidate: Candidate): number {
  if (candidate.checkIn) return -1;
  const priority = priorityFor(candidate.severity, candidate.volume);
  return priority === 'HIGH' ? 2 : priority === 'MEDIUM' ? 1 : 0;
}

function priorityRank(candidate: Candidate): number {
  return candidate.checkIn ? 0 : candidate.severity * candidate.volume;
}

/** Whether a candidate rests on what students wrote (a topic among its sources), not on ratings alone. */
function restsOnComments(candidate: Candidate): boolean {
  return candidate.topics.length > 0;
}

function sourceVolume(candidate: Candidate): number {
  return (
    candidate.topics.reduce((sum, topic) => sum + topic.commentCount, 0) +
    candidate.dimensions.reduce((sum, entry) => sum + entry.dimension.responseCount, 0)
  );
}

/**
 * Higher priority (as a dean reads it: HIGH, MEDIUM, LOW) first; within one, an action grounded in comments before
 * one resting on ratings alone; then severity × volume, stronger evidence, more of it, and the name: a total, stable
 * order. Within a priority the comments go first because a rating-only action's volume is its number of answers,
 * which every respondent gives to every question of the dimension, so it reaches the top volume with 30 answers
 * where a complaint needs 30 comments (or a quarter of them): the product would put a rating above a complaint
 * many students wrote of their own accord, and the rating says only that something is low, not what to change.
 */
function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    priorityLevel(b) - priorityLevel(a) ||
    Number(restsOnComments(b)) - Number(restsOnComments(a)) ||
    priorityRank(b) - priorityRank(a) ||
    b.strength - a.strength ||
    sourceVolume(b) - sourceVolume(a) ||
    subjectOf(a).localeCompare(subjectOf(b)) ||
    a.category.localeCompare(b.category)
  );
}

function isLowPriority(candidate: Candidate): boolean {
  return candidate.checkIn || priorityFor(candidate.severity, candidate.volume) === 'LOW';
}

/**
 * Whether a candidate rests on something that says its claim: a rating (a dimension), the catch-all aspect (its
 * steps start from what the comments say), or a topic with a comment that agrees and talks about the topic's aspect
 * (groundsClaim). A claim about an aspect that none of its comments talks about is not made.
 */
function grounded(candidate: Candidate): boolean {
  if (candidate.dimensions.length > 0 || candidate.aspect === 'general') return true;
  return candidate.topics.some((entry) => groundsClaim(entry.topic, candidate.category));
}

/**
 * The comments' own IMPROVEMENT slot: the best IMPROVEMENT grounded in comments that enough students wrote (comment
 * volume of at least COMMENTS_RAISE_MIN_VOLUME) and not of LOW priority. Without it, low ratings on five or six
 * dimensions, each a HIGH rating-only action, fill every IMPROVEMENT slot and a complaint about the teacher's
 * conduct (shouting at students, coming late, favouritism) never reaches the dean.
 */
function raisedByComments(candidate: Candidate): boolean {
  return (
    candidate.category === 'IMPROVEMENT' &&
    restsOnComments(candidate) &&
    candidate.commentVolume >= COMMENTS_RAISE_MIN_VOLUME &&
    !isLowPriority(candidate)
  );
}

/**
 * Chooses 3 to 7 candidates: the best of each category first (so a run whose evidence holds both gets both a
 * STRENGTH and an IMPROVEMENT) and the best IMPROVEMENT the comments raise (raisedByComments), then the rest by
 * rank; LOW-priority ones only while fewer than three are chosen. When that gives fewer than three, check-ins on
 * topics and dimensions not used yet fill up. Candidates that are not grounded, and rating-only ones the comments
 * contradict (contradictedByComments), are not made.
 */
function chooseCandidates(input: RecommendationInput): Candidate[] {
  const ranked = buildCandidates(input.topics, input.dimensions)
    .filter((candidate) => grounded(candidate) && !contradictedByComments(candidate, input.topics))
    .sort(compareCandidates);
  const chosen = new Set<Candidate>();
  for (const category of CATEGORIES) {
    const best = ranked.find((candidate) => candidate.category === category);
    if (best) chosen.add(best);
  }
  const fromStudents = ranked.find(raisedByComments);
  if (fromStudents) chosen.add(fromStudents);
  for (const candidate of ranked) {
    if (chosen.size >= MAX_RECOMMENDATIONS) break;
    if (chosen.has(candidate)) continue;
    if (isLowPriority(candidate) && chosen.size >= MIN_RECOMMENDATIONS) continue;
    chosen.add(candidate);
  }
  if (chosen.size < MIN_RECOMMENDATIONS) {
    const usedTopics = new Set(
      [...chosen].flatMap((candidate) => candidate.topics.map((topic) => topic.topic.topicId)),
    );
    const usedDimensions = new Set(
      [...chosen].flatMap((candidate) => candidate.dimensions.map((entry) => entry.dimension.code)),
    );
    for (const checkIn of checkInCandidates(input.topics, input.dimensions, usedTopics, usedDimensions)) {
      if (chosen.size >= MIN_RECOMMENDATIONS) break;
      chosen.add(checkIn);
    }
  }
  return [...chosen].sort(compareCandidates);
}

function toRecommendation(candidate: Candidate, input: RecommendationInput): Recommendation {
  const topics = candidate.topics.map((entry) => entry.topic);
  const supportingEvidence = supportingEvidenceFor(
    candidate.category,
    topics,
    candidate.dimensions.map((entry) => entry.dimension),
  );
  return {
    category: candidate.category,
    headline: headlineOf(candidate),
    description: descriptionOf(candidate, supportingEvidence),
    actionPlan: actionPlanOf(candidate),
    priority: candidate.checkIn ? 'LOW' : priorityFor(candidate.severity, candidate.volume),
    supportingEvidence,
    facet: facetForEvidence(topics, input),
  };
}

/**
 * Recommendations from a run's evidence, without a language model: pure and deterministic.
 *
 * Every action rests on at least one named topic or dimension (its headline names it, its description cites
 * the figures, its evidence lists the sources). Normally 3 to 7 actions, with a STRENGTH and an IMPROVEMENT
 * when the evidence holds both. When the input cannot ground three distinct actions (for example one topic
 * and no dimensions), fewer are returned, possibly none: nothing is invented, and the pipeline decides what
 * to do with a short list.
 */
export function generateRecommendations(input: RecommendationInput): Recommendation[] {
  return chooseCandidates(input).map((candidate) => toRecommendation(candidate, input));
}

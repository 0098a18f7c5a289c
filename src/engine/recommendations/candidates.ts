import type {
  DimensionAverage,
  RecommendationCategory,
  RecommendationPriority,
  SentimentScores,
  TopicInsight,
} from '../contracts.js';
import { aspectOf, topicAspect, type TeachingAspect } from './aspects.js';
import { groundsClaim, sentimentShares } from './evidence.js';
import {
  DIMENSION_IMPROVEMENT_MAX_AVERAGE,
  DIMENSION_RELATIVE_GAP,
  DIMENSION_RELATIVE_STRENGTH_MIN_AVERAGE,
  DIMENSION_STRENGTH_MIN_AVERAGE,
  TOPIC_IMPROVEMENT_MIN_DOMINANT_NEGATIVE_SHARE,
  TOPIC_IMPROVEMENT_MIN_NEGATIVE_SHARE,
  TOPIC_STRENGTH_MAX_NEGATIVE_SHARE,
  TOPIC_STRENGTH_MIN_POSITIVE_SHARE,
} from './thresholds.js';

/** Severity and volume levels run from 1 (low) to 3 (high); priority is their product. */
export type Level = 1 | 2 | 3;

/** Priority from severity × volume: 6 or more (3×2, 2×3, 3×3) is HIGH, 3 or 4 is MEDIUM, below 3 is LOW. */
export function priorityFor(severity: Level, volume: Level): RecommendationPriority {
  const product = severity * volume;
  if (product >= 6) return 'HIGH';
  if (product >= 3) return 'MEDIUM';
  return 'LOW';
}

export interface TopicEvidence {
  kind: 'topic';
  topic: TopicInsight;
  shares: SentimentScores;
  commentCount: number;
}

export interface DimensionEvidence {
  kind: 'dimension';
  dimension: DimensionAverage;
  /** Set when the dimension qualifies only relative to the others: the mean it is compared with. */
  relativeTo?: { mean: number; dimensionCount: number; position: 'lowest' | 'highest' };
}

/** One recommendation in the making: the sources it rests on, what it says, and how strongly. */
export interface Candidate {
  category: RecommendationCategory;
  aspect: TeachingAspect;
  topics: TopicEvidence[];
  dimensions: DimensionEvidence[];
  severity: Level;
  volume: Level;
  /** Volume of its topics' comments alone (1 with none): how many students wrote about it unprompted. */
  commentVolume: Level;
  /** Continuous strength of the evidence (0..1), used to order candidates of equal priority. */
  strength: number;
  /** A follow-up check-in rather than a change: used only to reach three grounded actions. */
  checkIn: boolean;
}

function finiteCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function topicEvidence(topic: TopicInsight): TopicEvidence {
  return {
    kind: 'topic',
    topic,
    shares: sentimentShares(topic.sentiment),
    commentCount: finiteCount(topic.commentCount),
  };
}

/** The category a topic's sentiment supports, if any. */
export function topicCategory(shares: SentimentScores): RecommendationCategory | undefined {
  if (
    shares.negative >= TOPIC_IMPROVEMENT_MIN_NEGATIVE_SHARE ||
    (shares.negative >= TOPIC_IMPROVEMENT_MIN_DOMINANT_NEGATIVE_SHARE && shares.negative > shares.positive)
  ) {
    return 'IMPROVEMENT';
  }
  if (shares.positive >= TOPIC_STRENGTH_MIN_POSITIVE_SHARE && shares.negative <= TOPIC_STRENGTH_MAX_NEGATIVE_SHARE) {
    return 'STRENGTH';
  }
  return undefined;
}

function topicSeverity(category: RecommendationCategory, shares: SentimentScores): Level {
  if (category === 'IMPROVEMENT') return shares.negative >= 0.6 ? 3 : shares.negative >= 0.4 ? 2 : 1;
  return shares.positive >= 0.85 ? 3 : shares.positive >= 0.7 ? 2 : 1;
}

/** Volume of comments: 30 or more (or a quarter of all topic comments, at least 10) is high. */
function commentVolume(commentCount: number, totalComments: number): Level {
  const share = totalComments > 0 ? commentCount / totalComments : 0;
  if (commentCount >= 30 || (share >= 0.25 && commentCount >= 10)) return 3;
  if (commentCount >= 10 || (share >= 0.1 && commentCount >= 5)) return 2;
  return 1;
}

function responseVolume(responseCount: number): Level {
  return responseCount >= 30 ? 3 : responseCount >= 10 ? 2 : 1;
}

function dimensionSeverity(category: RecommendationCategory, evidence: DimensionEvidence): Level {
  if (evidence.relativeTo) return 1;
  const average = evidence.dimension.average;
  if (category === 'IMPROVEMENT') return average < 55 ? 3 : 2;
  return average >= 92 ? 3 : 2;
}

/** How a dimension is named in headlines: its display name, or its code when it has none. */
export function dimensionName(dimension: DimensionAverage): string {
  return dimension.displayName.trim() || dimension.code;
}

/** Dimensions with responses that support a category, absolute thresholds first, then relative ones. */
export function classifyDimensions(
  dimensions: DimensionAverage[],
): Array<{ category: RecommendationCategory; evidence: DimensionEvidence }> {
  const rated = dimensions.filter(
    (dimension) => finiteCount(dimension.responseCount) > 0 && Number.isFinite(dimension.average),
  );
  const result: Array<{ category: RecommendationCategory; evidence: DimensionEvidence }> = [];
  for (const dimension of rated) {
    if (dimension.average >= DIMENSION_STRENGTH_MIN_AVERAGE)
      result.push({ category: 'STRENGTH', evidence: { kind: 'dimension', dimension } });
    else if (dimension.average < DIMENSION_IMPROVEMENT_MAX_AVERAGE) {
      result.push({ category: 'IMPROVEMENT', evidence: { kind: 'dimension', dimension } });
    }
  }
  if (rated.length < 2) return result;
  const mean = rated.reduce((sum, dimension) => sum + dimension.average, 0) / rated.length;
  const byAverage = [...rated].sort((a, b) => a.average - b.average || a.code.localeCompare(b.code));
  const lowest = byAverage[0];
  const highest = byAverage[byAverage.length - 1];
  const has = (category: RecommendationCategory): boolean => result.some((entry) => entry.category === category);
  if (
    lowest &&
    !has('IMPROVEMENT') &&
    lowest.average <= mean - DIMENSION_RELATIVE_GAP &&
    lowest.average < DIMENSION_STRENGTH_MIN_AVERAGE
  ) {
    result.push({
      category: 'IMPROVEMENT',
      evidence: {
        kind: 'dimension',
        dimension: lowest,
        relativeTo: { mean, dimensionCount: rated.length, position: 'lowest' },
      },
    });
  }
  if (
    highest &&
    !has('STRENGTH') &&
    highest.average >= mean + DIMENSION_RELATIVE_GAP &&
    highest.average >= DIMENSION_RELATIVE_STRENGTH_MIN_AVERAGE
  ) {
    result.push({
      category: 'STRENGTH',
      evidence: {
        kind: 'dimension',
        dimension: highest,
        relativeTo: { mean, dimensionCount: rated.length, position: 'highest' },
      },
    });
  }
  return result;
}

function supportingShareOf(category: RecommendationCategory, shares: SentimentScores): number {
  return category === 'IMPROVEMENT' ? shares.negative : shares.positive;
}

function dimensionStrength(category: RecommendationCategory, dimension: DimensionAverage): number {
  const score = Math.min(100, Math.max(0, dimension.average)) / 100;
  return category === 'IMPROVEMENT' ? 1 - score : score;
}

/**
 * Candidates from every topic and dimension that supports a category. Sources about the same teaching aspect
 * and category become one candidate (a negative "Fast Lectures" topic and a low pacing dimension are one
 * recommendation with two sources); sources of the catch-all `general` aspect stay separate.
 */
export function buildCandidates(topics: TopicInsight[], dimensions: DimensionAverage[]): Candidate[] {
  const totalComments = topics.reduce((sum, topic) => sum + finiteCount(topic.commentCount), 0);
  const candidates: Candidate[] = [];
  const merge = (category: RecommendationCategory, aspect: TeachingAspect): Candidate => {
    const existing =
      aspect === 'general'
        ? undefined
        : candidates.find((candidate) => candidate.category === category && candidate.aspect === aspect);
    if (existing) return existing;
    const created: Candidate = {
      category,
      aspect,
      topics: [],
      dimensions: [],
      severity: 1,
      volume: 1,
      commentVolume: 1,
      strength: 0,
      checkIn: false,
    };
    candidates.push(created);
    return created;
  };

  for (const topic of topics) {
    const evidence = topicEvidence(topic);
    if (evidence.commentCount === 0) continue;
    const category = topicCategory(evidence.shares);
    if (!category) continue;
    merge(category, topicAspect(topic)).topics.push(evidence);
  }
  for (const { category, evidence } of classifyDimensions(dimensions)) {
    merge(category, aspectOf(dimensionName(evidence.dimension), [evidence.dimension.code])).dimensions.push(evidence);
  }

  for (const candidate of candidates) {
    const topicComments = candidate.topics.reduce((sum, topic) => sum + topic.commentCount, 0);
    const responses = candidate.dimensions.reduce((sum, entry) => sum + finiteCount(entry.dimension.responseCount), 0);
    const severities = [
      ...candidate.topics.map((topic) => topicSeverity(candidate.category, topic.shares)),
      ...candidate.dimensions.map((entry) => dimensionSeverity(candidate.category, entry)),
    ];
    const strengths = [
      ...candidate.topics.map((topic) => supportingShareOf(candidate.category, topic.shares)),
      ...candidate.dimensions.map((entry) => dimensionStrength(candidate.category, entry.dimension)),
    ];
    candidate.severity = Math.max(1, ...severities) as Level;
    candidate.commentVolume = candidate.topics.length > 0 ? commentVolume(topicComments, totalComments) : 1;
    candidate.volume = Math.max(
      candidate.commentVolume,
      candidate.dimensions.length > 0 ? responseVolume(responses) : 1,
    ) as Level;
    candidate.strength = Math.max(0, ...strengths);
  }
  return candidates;
}

/** Volume level from which comments count as raising something: 10 comments, or a tenth of them and at least 5. */
export const COMMENTS_RAISE_MIN_VOLUME: Level = 2;

/**
 * Whether what students wrote contradicts a candidate that rests on ratings alone. The run's topics about the
 * candidate's aspect, pooled, must be written by enough students (comment volume of at least
 * COMMENTS_RAISE_MIN_VOLUME) and read the opposite way by the rule that turns a topic into a claim (topicCategory:
 * positive share ≥ 0.6 and negative ≤ 0.2 against an IMPROVEMENT), and one of them must ground that opposite claim
 * (groundsClaim: a comment of it saying so talks about the aspect). A low "Class Engagement" rating under comments
 * that praise the class activities is then no "make class sessions more engaging"; the rating may still fill a
 * check-in, which asks the class rather than prescribing a change.
 */
export function contradictedByComments(candidate: Candidate, topics: TopicInsight[]): boolean {
  if (candidate.topics.length > 0 || candidate.dimensions.length === 0 || candidate.aspect === 'general') return false;
  const about = topics.filter((topic) => topicAspect(topic) === candidate.aspect);
  const count = about.reduce((sum, topic) => sum + finiteCount(topic.commentCount), 0);
  if (count === 0) return false;
  const pooled = { positive: 0, neutral: 0, negative: 0 };
  for (const topic of about) {
    const shares = sentimentShares(topic.sentiment);
    const weight = finiteCount(topic.commentCount);
    pooled.positive += shares.positive * weight;
    pooled.neutral += shares.neutral * weight;
    pooled.negative += shares.negative * weight;
  }
  const totalComments = topics.reduce((sum, topic) => sum + finiteCount(topic.commentCount), 0);
  const opposite: RecommendationCategory = candidate.category === 'IMPROVEMENT' ? 'STRENGTH' : 'IMPROVEMENT';
  return (
    commentVolume(count, totalComments) >= COMMENTS_RAISE_MIN_VOLUME &&
    topicCategory(sentimentShares(pooled)) === opposite &&
    about.some((topic) => groundsClaim(topic, opposite))
  );
}

/** The candidate of one rating alone, of the rating's aspect. */
function ratingOnly(category: RecommendationCategory, dimension: DimensionAverage, checkIn: boolean): Candidate {
  return {
    category,
    aspect: aspectOf(dimensionName(dimension), [dimension.code]),
    topics: [],
    dimensions: [{ kind: 'dimension', dimension }],
    severity: 1,
    volume: 1,
    commentVolume: 1,
    strength: dimensionStrength(category, dimension),
    checkIn,
  };
}

/**
 * Whether an action resting on these ratings alone (a language model's, which names its own) is one the comments
 * contradict: each dimension read as the rating-only candidate of its aspect (contradictedByComments).
 */
export function ratingsContradictedByComments(
  category: RecommendationCategory,
  dimensions: readonly DimensionAverage[],
  topics: TopicInsight[],
): boolean {
  return (
    dimensions.length > 0 &&
    dimensions.every((dimension) => contradictedByComments(ratingOnly(category, dimension, false), topics))
  );
}

/**
 * Check-in candidates (always IMPROVEMENT, LOW priority) on topics and dimensions that no chosen candidate
 * uses: the largest topics first, then the lowest-rated dimensions. They let a run with thin evidence still
 * reach three grounded actions.
 */
export function checkInCandidates(
  topics: TopicInsight[],
  dimensions: DimensionAverage[],
  usedTopicIds: ReadonlySet<string>,
  usedDimensionCodes: ReadonlySet<string>,
): Candidate[] {
  const topicCandidates = topics
    .map(topicEvidence)
    .filter((evidence) => evidence.commentCount > 0 && !usedTopicIds.has(evidence.topic.topicId))
    .sort((a, b) => b.commentCount - a.commentCount || a.topic.label.localeCompare(b.topic.label))
    .map((evidence): Candidate => ({
      category: 'IMPROVEMENT',
      aspect: topicAspect(evidence.topic),
      topics: [evidence],
      dimensions: [],
      severity: 1,
      volume: 1,
      commentVolume: 1,
      strength: evidence.shares.negative,
      checkIn: true,
    }));
  const dimensionCandidates = dimensions
    .filter(
      (dimension) =>
        finiteCount(dimension.responseCount) > 0 &&
        Number.isFinite(dimension.average) &&
        !usedDimensionCodes.has(dimension.code),
    )
    .sort((a, b) => a.average - b.average || a.code.localeCompare(b.code))
    .map((dimension) => ratingOnly('IMPROVEMENT', dimension, true));
  return [...topicCandidates, ...dimensionCandidates];
}

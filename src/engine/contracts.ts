/**
 * The engine's public contracts. Every module under src/engine/ is pure (no I/O, no clock, no global
 * randomness): the worker service and the API call these functions and own all I/O around them.
 */

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

/** Probabilities that sum to 1. */
export interface SentimentScores {
  positive: number;
  neutral: number;
  negative: number;
}

export type LanguageCode = 'en' | 'tl' | 'ceb' | 'mixed' | 'unknown';

export interface TopicDocument {
  id: string;
  text: string;
  /** Numbers from JSON, or float32 values as a float32 frame carries them (the analysis worker). */
  embedding: readonly number[] | Float32Array;
}

export interface TopicModelParams {
  /** Seed for every random choice: the same documents and seed give the same result. */
  seed?: number;
  /** Smallest cluster kept as a topic (default chosen from the corpus size). */
  minTopicSize?: number;
  /** Upper bound on the number of topics after reduction. */
  maxTopics?: number;
}

export interface TopicSummary {
  topicIndex: number;
  rawLabel: string;
  keywords: string[];
  docCount: number;
}

export interface TopicAssignmentResult {
  id: string;
  topicIndex: number;
  probability: number;
}

export interface TopicModelMetrics {
  npmiCoherence: number;
  topicDiversity: number;
  outlierRatio: number;
  silhouette: number;
}

export interface TopicModelResult {
  topics: TopicSummary[];
  /** Every kept assignment (probability above 0.01), several per document where relevant. */
  assignments: TopicAssignmentResult[];
  outlierCount: number;
  metrics: TopicModelMetrics;
}

export type RecommendationCategory = 'STRENGTH' | 'IMPROVEMENT';
export type RecommendationPriority = 'HIGH' | 'MEDIUM' | 'LOW';
export type ConfidenceLevel = 'HIGH' | 'MEDIUM' | 'LOW';
export type Facet = 'facultyFeedback' | 'inClassroom' | 'outOfClassroom' | 'overall';

export interface DimensionAverage {
  code: string;
  displayName: string;
  /** Mean answer on a 0..100 scale. */
  average: number;
  responseCount: number;
}

/**
 * A comment of a topic that may be quoted, with the engine's reading of it: evidence must quote comments that
 * agree with its claim, which only the comment's own label and scores can tell.
 */
export interface TopicQuote {
  text: string;
  sentiment: SentimentLabel;
  /** The comment's sentiment scores (they sum to 1). */
  scores: SentimentScores;
  /** How close the comment sits to its topic's centre (its topic-assignment probability, 0..1). */
  centrality: number;
}

export interface TopicInsight {
  topicId: string;
  label: string;
  keywords: string[];
  commentCount: number;
  sentiment: { positive: number; neutral: number; negative: number };
  /** Quotable comments of the topic: the strongest of each sentiment label, so any claim finds agreeing ones. */
  quotes: TopicQuote[];
  /** Questionnaire type codes of the submissions behind this topic, with counts. */
  questionnaireCodes: Record<string, number>;
}

export interface SampleComment {
  text: string;
  sentiment: SentimentLabel;
}

export interface RecommendationInput {
  scopeDescription: string;
  dimensions: DimensionAverage[];
  /** Top topics (at most 10), most frequent first. */
  topics: TopicInsight[];
  /** Up to 20 comments, spread over the sentiment labels. */
  sampleComments: SampleComment[];
  /** Questionnaire type codes of every contributing submission, with counts. */
  questionnaireCodes: Record<string, number>;
}

export interface EvidenceTopicSource {
  type: 'topic';
  topicId: string;
  label: string;
  commentCount: number;
  sentimentBreakdown: { positive: number; neutral: number; negative: number };
  sampleQuotes: string[];
}

export interface EvidenceDimensionSource {
  type: 'dimension';
  dimensionCode: string;
  averageScore: number;
}

export interface SupportingEvidence {
  sources: Array<EvidenceTopicSource | EvidenceDimensionSource>;
  confidenceLevel: ConfidenceLevel;
}

export interface Recommendation {
  category: RecommendationCategory;
  headline: string;
  description: string;
  actionPlan: string;
  priority: RecommendationPriority;
  supportingEvidence: SupportingEvidence;
  facet: Facet;
}

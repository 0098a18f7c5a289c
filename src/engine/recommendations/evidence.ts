import type {
  DimensionAverage,
  EvidenceDimensionSource,
  EvidenceTopicSource,
  Facet,
  RecommendationCategory,
  RecommendationInput,
  SampleComment,
  SentimentScores,
  SupportingEvidence,
  TopicInsight,
} from '../contracts.js';
import { confidenceLevelFor, dimensionAgreement } from './confidence.js';
import { facetFor } from './facet.js';

export const MAX_QUOTES_PER_SOURCE = 3;
export const MAX_QUOTE_LENGTH = 280;

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * A topic's sentiment as shares summing to 1, whether the caller gave shares or counts: both normalise the
 * same way. Negative or non-finite entries count as 0; no sentiment at all gives zero shares.
 */
export function sentimentShares(sentiment: SentimentScores): SentimentScores {
  const positive = nonNegative(sentiment.positive);
  const neutral = nonNegative(sentiment.neutral);
  const negative = nonNegative(sentiment.negative);
  const total = positive + neutral + negative;
  if (total <= 0) return { positive: 0, neutral: 0, negative: 0 };
  return { positive: positive / total, neutral: neutral / total, negative: negative / total };
}

/** Share of a topic's comments whose sentiment supports the category: negative for IMPROVEMENT, else positive. */
export function supportingShare(topic: TopicInsight, category: RecommendationCategory): number {
  const shares = sentimentShares(topic.sentiment);
  return category === 'IMPROVEMENT' ? shares.negative : shares.positive;
}

function truncateQuote(quote: string): string {
  const trimmed = quote.trim();
  if (trimmed.length <= MAX_QUOTE_LENGTH) return trimmed;
  return `${trimmed.slice(0, MAX_QUOTE_LENGTH - 1).trimEnd()}…`;
}

/** Up to three quotes, those known (from the sample comments) to carry the supporting sentiment first. */
function pickQuotes(topic: TopicInsight, category: RecommendationCategory, sampleComments: SampleComment[]): string[] {
  const wanted = category === 'IMPROVEMENT' ? 'negative' : 'positive';
  const supporting = new Set(
    sampleComments.filter((comment) => comment.sentiment === wanted).map((c) => c.text.trim()),
  );
  const quotes = topic.sampleQuotes.filter((quote) => quote.trim().length > 0);
  const ordered = [
    ...quotes.filter((quote) => supporting.has(quote.trim())),
    ...quotes.filter((quote) => !supporting.has(quote.trim())),
  ];
  return ordered.slice(0, MAX_QUOTES_PER_SOURCE).map(truncateQuote);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function topicSource(
  topic: TopicInsight,
  category: RecommendationCategory,
  sampleComments: SampleComment[],
): EvidenceTopicSource {
  return {
    type: 'topic',
    topicId: topic.topicId,
    label: topic.label,
    commentCount: topic.commentCount,
    sentimentBreakdown: { ...topic.sentiment },
    sampleQuotes: pickQuotes(topic, category, sampleComments),
  };
}

function dimensionSource(dimension: DimensionAverage): EvidenceDimensionSource {
  return { type: 'dimension', dimensionCode: dimension.code, averageScore: roundTo(dimension.average, 2) };
}

/**
 * The evidence behind one recommendation. Confidence (see confidence.ts) comes from the topics' comment
 * count and their weighted supporting share; evidence with dimensions only uses responses and scores.
 */
export function supportingEvidenceFor(
  category: RecommendationCategory,
  topics: TopicInsight[],
  dimensions: DimensionAverage[],
  sampleComments: SampleComment[] = [],
): SupportingEvidence {
  const sources: SupportingEvidence['sources'] = [
    ...topics.map((topic) => topicSource(topic, category, sampleComments)),
    ...dimensions.map(dimensionSource),
  ];
  const comments = topics.reduce((sum, topic) => sum + nonNegative(topic.commentCount), 0);
  if (comments > 0) {
    const agreement =
      topics.reduce((sum, topic) => sum + supportingShare(topic, category) * nonNegative(topic.commentCount), 0) /
      comments;
    return { sources, confidenceLevel: confidenceLevelFor(comments, agreement) };
  }
  const responses = dimensions.reduce((sum, dimension) => sum + nonNegative(dimension.responseCount), 0);
  if (responses > 0) {
    const average =
      dimensions.reduce((sum, dimension) => sum + dimension.average * nonNegative(dimension.responseCount), 0) /
      responses;
    return { sources, confidenceLevel: confidenceLevelFor(responses, dimensionAgreement(category, average)) };
  }
  return { sources, confidenceLevel: 'LOW' };
}

/**
 * The facet of a recommendation: from the questionnaire codes behind its topics, or from those of every
 * contributing submission when it rests on dimension scores only.
 */
export function facetForEvidence(topics: TopicInsight[], input: RecommendationInput): Facet {
  const codes: Record<string, number> = {};
  for (const topic of topics) {
    for (const [code, count] of Object.entries(topic.questionnaireCodes)) codes[code] = (codes[code] ?? 0) + count;
  }
  const hasTopicCodes = Object.values(codes).some((count) => count > 0);
  return facetFor(hasTopicCodes ? codes : input.questionnaireCodes);
}

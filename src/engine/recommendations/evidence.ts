import type {
  DimensionAverage,
  EvidenceDimensionSource,
  EvidenceTopicSource,
  Facet,
  RecommendationCategory,
  RecommendationInput,
  SentimentLabel,
  SentimentScores,
  SupportingEvidence,
  TopicInsight,
  TopicQuote,
} from '../contracts.js';
import { ASPECTS } from '../embeddings/aspect-lexicon.js';
import { aspectScores } from '../embeddings/aspect-matcher.js';
import { tokenize } from '../text/index.js';
import { topicAspect } from './aspects.js';
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

/** The sentiment a claim rests on: negative comments for an IMPROVEMENT, positive ones for a STRENGTH. */
function claimedSentiment(category: RecommendationCategory): 'positive' | 'negative' {
  return category === 'IMPROVEMENT' ? 'negative' : 'positive';
}

/**
 * Whether a comment may be quoted for a claim: one the engine reads as saying the claim (negative for an
 * IMPROVEMENT, positive for a STRENGTH), or a neutral one leaning that way ("sana po mas mabagal" under a
 * pacing IMPROVEMENT). A comment read the opposite way never is: a glowing comment under "make the class more
 * engaging" tells a dean the evidence is wrong.
 */
export function quoteAgreesWith(
  category: RecommendationCategory,
  quote: { sentiment: SentimentLabel; scores: SentimentScores },
): boolean {
  const wanted = claimedSentiment(category);
  if (quote.sentiment === wanted) return true;
  if (quote.sentiment !== 'neutral') return false;
  const opposite = wanted === 'negative' ? 'positive' : 'negative';
  return nonNegative(quote.scores[wanted]) > nonNegative(quote.scores[opposite]);
}

/**
 * Words that turn a comment from what a student grants to the point they make: "responsable si sir, laging nasa oras,
 * kaya lang hindi malinaw magpaliwanag". The part before the first of them is granted (praise before a complaint, a
 * complaint before praise), the part after is the point; the sentiment engine weighs them the same way
 * (modifiers.ts CONTRASTS). Words that open a granted clause instead ("although", "kahit") are not turns.
 */
const TURNS = new Set(['but', 'however', 'pero', 'kaso', 'ngunit', 'subalit', 'yet', 'apan', 'hinuon']);
const TWO_WORD_TURNS = new Set(['kaya lang', 'kaya lng', 'kaso lang']);

/** Where a comment's tokens turn (the index of the turn's first word), or -1 when they do not. */
function turnIndex(tokens: readonly string[]): number {
  for (let index = 1; index < tokens.length - 1; index += 1) {
    const token = tokens[index] ?? '';
    if (TURNS.has(token) || TWO_WORD_TURNS.has(`${token} ${tokens[index + 1] ?? ''}`)) return index;
  }
  return -1;
}

/** A topic's comment that agrees with a claim, as read for it (claimQuotes). */
interface ClaimQuote {
  quote: TopicQuote;
  /** It talks about the topic: names the topic's teaching aspect or one of its keywords. */
  about: boolean;
  /**
   * It names the topic's aspect only on the side of its turn that says the opposite of the claim: under an
   * IMPROVEMENT, only in what it grants before the turn ("laging nasa oras …, kaya lang …" quoted for punctuality:
   * outside audit T found the demo's punctuality IMPROVEMENT quoting it); under a STRENGTH, only in the point after
   * the turn. Its sentiment is its point's, but its words about this aspect say the opposite of the claim.
   */
  against: boolean;
}

/** The topic's comments that agree with the claim (quoteAgreesWith), each tokenized once and read for it. */
function claimQuotes(topic: TopicInsight, category: RecommendationCategory): ClaimQuote[] {
  const aspect = topicAspect(topic);
  const index = ASPECTS.findIndex((definition) => definition.id === aspect);
  const keywords = new Set(topic.keywords.map((keyword) => keyword.toLowerCase()));
  const names = (tokens: readonly string[]) => index >= 0 && (aspectScores(tokens)[index] ?? 0) > 0;
  return topic.quotes
    .filter((quote) => quote.text.trim().length > 0 && quoteAgreesWith(category, quote))
    .map((quote) => {
      const tokens = tokenize(quote.text);
      const turn = turnIndex(tokens);
      let against = false;
      if (turn >= 0 && index >= 0) {
        const granted = names(tokens.slice(0, turn));
        const point = names(tokens.slice(turn + 1));
        against = category === 'IMPROVEMENT' ? granted && !point : point && !granted;
      }
      return { quote, about: tokens.some((token) => keywords.has(token)) || names(tokens), against };
    });
}

/**
 * Up to three quotes that agree with the claim, the most typical first: comments read as saying the claim
 * before neutral ones leaning that way, then those about the topic (its aspect or keywords) before those
 * that only happen to sit in it, then the strongest agreeing sentiment weighted by closeness to the topic's
 * centre. No agreeing comment means no quote rather than a contradicting one; nor is a comment quoted whose words
 * about the topic's aspect sit on the other side of its turn (ClaimQuote.against).
 */
export function pickQuotes(topic: TopicInsight, category: RecommendationCategory): string[] {
  const wanted = claimedSentiment(category);
  const seen = new Set<string>();
  const ranked = claimQuotes(topic, category)
    .filter(({ quote, against }) => {
      const key = quote.text.trim();
      if (against || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ quote, about }) => ({
      text: quote.text,
      saysClaim: quote.sentiment === wanted ? 1 : 0,
      about: about ? 1 : 0,
      weight: nonNegative(quote.scores[wanted]) * (0.5 + 0.5 * Math.min(1, nonNegative(quote.centrality))),
    }))
    .sort(
      (a, b) => b.saysClaim - a.saysClaim || b.about - a.about || b.weight - a.weight || a.text.localeCompare(b.text),
    );
  return ranked.slice(0, MAX_QUOTES_PER_SOURCE).map((quote) => truncateQuote(quote.text));
}

/**
 * Whether a topic grounds a claim about its own teaching aspect: when some of its comments agree with the claim, at
 * least one of them talks about the topic, its words about the aspect on the claim's side of any turn. A topic the
 * embeddings put together from comments about something else (outside audit T: the demo's "Exam Difficulty" topic,
 * whose complaints were all about rushed lessons and whose only words on exams called them fair) grounds no "align
 * exams with what was taught".
 */
export function groundsClaim(topic: TopicInsight, category: RecommendationCategory): boolean {
  const agreeing = claimQuotes(topic, category);
  // No comment to judge by (none quotable, all flagged): the topic's figures stand alone, as before.
  return agreeing.length === 0 || agreeing.some(({ about, against }) => about && !against);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function topicSource(topic: TopicInsight, category: RecommendationCategory): EvidenceTopicSource {
  return {
    type: 'topic',
    topicId: topic.topicId,
    label: topic.label,
    commentCount: topic.commentCount,
    sentimentBreakdown: { ...topic.sentiment },
    sampleQuotes: pickQuotes(topic, category),
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
): SupportingEvidence {
  const sources: SupportingEvidence['sources'] = [
    ...topics.map((topic) => topicSource(topic, category)),
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

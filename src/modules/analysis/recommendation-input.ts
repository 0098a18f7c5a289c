import type {
  DimensionAverage,
  SampleComment,
  SentimentLabel,
  TopicInsight,
  TopicQuote,
} from '../../engine/contracts.js';
import {
  leafSections,
  QUESTION_VALUE_RANGE,
  type QuestionnaireSchema,
} from '../questionnaires/questionnaire-schema.js';

/** Spec, Limits: top topics used and sample comments for the recommendations. */
export const TOP_TOPICS = 10;
export const SAMPLE_COMMENTS = 20;
/** Quotable comments handed on per topic and sentiment label: the engine quotes up to three that agree with a claim. */
export const QUOTES_PER_LABEL = 3;

const LABELS: readonly SentimentLabel[] = ['positive', 'neutral', 'negative'];

/**
 * Averages per dimension code on a 0..100 scale, weighted by response count: each answer is put on 0..100 by
 * its question type's range (YES_NO 0..1, LIKERT_5 1..5), the same scaling as the normalized score.
 */
export function dimensionAverages(
  statistics: ReadonlyArray<{
    versionId: string;
    questionId: string;
    code: string;
    displayName: string;
    sum: number;
    count: number;
  }>,
  schemas: ReadonlyMap<string, QuestionnaireSchema>,
): DimensionAverage[] {
  const byCode = new Map<string, { displayName: string; total: number; count: number }>();
  for (const row of statistics) {
    const schema = schemas.get(row.versionId);
    const question = schema
      ? leafSections(schema)
          .flatMap((leaf) => leaf.questions)
          .find((candidate) => candidate.id === row.questionId)
      : undefined;
    if (!question) continue;
    const { min, max } = QUESTION_VALUE_RANGE[question.type];
    const count = Number(row.count);
    const scaled = ((Number(row.sum) / count - min) / (max - min)) * 100;
    const entry = byCode.get(row.code) ?? { displayName: row.displayName, total: 0, count: 0 };
    entry.total += scaled * count;
    entry.count += count;
    byCode.set(row.code, entry);
  }
  return [...byCode.entries()]
    .map(([code, entry]) => ({
      code,
      displayName: entry.displayName,
      average: Math.round((entry.total / entry.count) * 100) / 100,
      responseCount: entry.count,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

interface Assigned {
  topicId: string;
  text: string | null;
  typeCode: string;
  label: SentimentLabel;
  positive: number;
  negative: number;
  /** Probability of the comment's dominant assignment: how close it sits to the topic's centre. */
  probability: number;
}

/** How strongly a comment says what its label says: sample comments are picked strongest first. */
const strength = (comment: { label: SentimentLabel; positive: number; negative: number }) =>
  comment.label === 'positive' ? comment.positive : comment.label === 'negative' ? comment.negative : 0;

/** How clearly a comment reads as its label; a neutral one by how far it leans either way. */
function quoteStrength(row: Assigned): number {
  return row.label === 'neutral' ? Math.abs(row.positive - row.negative) : strength(row);
}

/**
 * The quotable comments of one topic (its dominant assignments with text): for each sentiment label, the
 * QUOTES_PER_LABEL that read most clearly as it, nearest the topic's centre first, each with its label and
 * scores. Whatever the topic's claim turns out to be (a STRENGTH, an IMPROVEMENT), the engine can then quote
 * comments that agree with it; a comment written twice is offered once.
 */
export function topicQuotes(rows: readonly Assigned[], scrub: (text: string) => string): TopicQuote[] {
  const quotes: TopicQuote[] = [];
  const seen = new Set<string>();
  for (const label of LABELS) {
    const ranked = rows
      .filter((row) => row.label === label && row.text)
      .sort(
        (a, b) =>
          quoteStrength(b) - quoteStrength(a) ||
          b.probability - a.probability ||
          (a.text as string).localeCompare(b.text as string),
      );
    let taken = 0;
    for (const row of ranked) {
      if (taken >= QUOTES_PER_LABEL) break;
      const text = scrub(row.text as string);
      if (seen.has(text.trim())) continue;
      seen.add(text.trim());
      const neutral = Math.max(0, 1 - row.positive - row.negative);
      quotes.push({
        text,
        sentiment: label,
        scores: { positive: row.positive, neutral, negative: row.negative },
        centrality: row.probability,
      });
      taken += 1;
    }
  }
  return quotes;
}

/**
 * The top topics by dominant comment count, each with its sentiment breakdown and its quotable comments (see
 * topicQuotes). Counts are those of the stored dominant assignments, so a recommendation's evidence can be
 * checked against the rows.
 */
export function topicInsights(
  topics: ReadonlyArray<{ id: string; label: string | null; rawLabel: string; keywords: string[] }>,
  assigned: readonly Assigned[],
  scrub: (text: string) => string,
): TopicInsight[] {
  const byTopic = new Map<string, Assigned[]>();
  for (const row of assigned) {
    const rows = byTopic.get(row.topicId);
    if (rows) rows.push(row);
    else byTopic.set(row.topicId, [row]);
  }
  return topics
    .map((topic) => {
      const rows = byTopic.get(topic.id) ?? [];
      const sentiment = { positive: 0, neutral: 0, negative: 0 };
      const questionnaireCodes: Record<string, number> = {};
      for (const row of rows) {
        sentiment[row.label] += 1;
        questionnaireCodes[row.typeCode] = (questionnaireCodes[row.typeCode] ?? 0) + 1;
      }
      return {
        topicId: topic.id,
        label: topic.label ?? topic.rawLabel,
        keywords: topic.keywords,
        commentCount: rows.length,
        sentiment,
        quotes: topicQuotes(rows, scrub),
        questionnaireCodes,
      };
    })
    .filter((topic) => topic.commentCount > 0)
    .sort((a, b) => b.commentCount - a.commentCount || a.label.localeCompare(b.label))
    .slice(0, TOP_TOPICS);
}

/** Up to 20 comments spread over the labels in proportion to their counts (at least one of each present). */
export function sampleComments(
  comments: ReadonlyArray<{ text: string | null; label: SentimentLabel; positive: number; negative: number }>,
  scrub: (text: string) => string,
): SampleComment[] {
  const withText = comments.filter((comment) => comment.text);
  const total = withText.length;
  if (total === 0) return [];
  const picked: SampleComment[] = [];
  for (const label of LABELS) {
    const ofLabel = withText
      .filter((comment) => comment.label === label)
      .sort((a, b) => strength(b) - strength(a) || (a.text as string).localeCompare(b.text as string));
    if (ofLabel.length === 0) continue;
    const share = Math.max(1, Math.round((ofLabel.length / total) * SAMPLE_COMMENTS));
    for (const comment of ofLabel.slice(0, share))
      picked.push({ text: scrub(comment.text as string), sentiment: label });
  }
  return picked.slice(0, SAMPLE_COMMENTS);
}

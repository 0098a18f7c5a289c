import { z } from 'zod';
import type {
  Recommendation,
  RecommendationCategory,
  RecommendationInput,
  SentimentLabel,
} from '../engine/contracts.js';
import {
  facetForEvidence,
  quoteAgreesWith,
  ratingsContradictedByComments,
  supportingEvidenceFor,
} from '../engine/recommendations/index.js';
import { ModelOutputError } from './model-errors.js';
import { completeStructured, type ChatSettings } from './structured-output.js';

export const MIN_MODEL_RECOMMENDATIONS = 3;
export const MAX_MODEL_RECOMMENDATIONS = 7;

/**
 * What the model writes. Evidence and facet are not among them: they are computed here from the topics and
 * dimensions the model says each action rests on, so they always describe real data.
 */
const recommendationOutput = z.object({
  recommendations: z.array(
    z.object({
      category: z.enum(['STRENGTH', 'IMPROVEMENT']),
      headline: z.string(),
      description: z.string(),
      actionPlan: z.string(),
      priority: z.enum(['HIGH', 'MEDIUM', 'LOW']),
      topicIds: z.array(z.string()),
      dimensionCodes: z.array(z.string()),
    }),
  ),
});

type ModelRecommendation = z.infer<typeof recommendationOutput>['recommendations'][number];

const SYSTEM_PROMPT = [
  'You advise a university dean on teaching quality, from student evaluation evidence: average scores per',
  'dimension (0-100), the main comment topics with their sentiment split and quotes, and sample comments.',
  'Comments may be English, Tagalog/Filipino or Cebuano; write in English.',
  'Write 3 to 7 recommendations, including both STRENGTH (what to keep and share) and IMPROVEMENT (what to',
  'change) when the evidence supports both. Each must rest on at least one topic (by its topicId) or dimension',
  '(by its code) from the evidence and on nothing else: put them in topicIds and dimensionCodes.',
  'headline: one line that names the topic label or dimension name. description: the figures behind it (counts,',
  'percentages, averages) and why it matters. actionPlan: 3 to 5 numbered, concrete steps a faculty member can',
  'take this term, one per line. priority: HIGH, MEDIUM or LOW from how severe and how widespread the issue is.',
  'Each quote and sample comment carries its sentiment: if a description quotes a student, an IMPROVEMENT quotes',
  'only a negative comment (or a neutral one asking for the change) and a STRENGTH only a positive one.',
].join(' ');

/** Quotes handed to the model per topic, per sentiment label. */
const PROMPT_QUOTES_PER_LABEL = 2;

function evidenceForPrompt(input: RecommendationInput): string {
  return JSON.stringify({
    scope: input.scopeDescription,
    dimensions: input.dimensions.map((dimension) => ({
      code: dimension.code,
      name: dimension.displayName,
      average: Math.round(dimension.average * 10) / 10,
      responses: dimension.responseCount,
    })),
    topics: input.topics.map((topic) => ({
      topicId: topic.topicId,
      label: topic.label,
      keywords: topic.keywords.slice(0, 10),
      comments: topic.commentCount,
      sentiment: topic.sentiment,
      quotes: (['negative', 'neutral', 'positive'] as const).flatMap((label) =>
        topic.quotes
          .filter((quote) => quote.sentiment === label)
          .slice(0, PROMPT_QUOTES_PER_LABEL)
          .map((quote) => ({ text: quote.text, sentiment: quote.sentiment })),
      ),
    })),
    sampleComments: input.sampleComments.slice(0, 20),
  });
}

/** A comment the model was shown, with the engine's reading of it. */
interface ShownComment {
  text: string;
  sentiment: SentimentLabel;
  scores: { positive: number; neutral: number; negative: number };
}

/** Every comment the prompt showed: topic quotes with their scores, sample comments with their label only. */
function shownComments(input: RecommendationInput): ShownComment[] {
  const fromLabel = (sentiment: SentimentLabel) => ({
    positive: sentiment === 'positive' ? 1 : 0,
    neutral: sentiment === 'neutral' ? 1 : 0,
    negative: sentiment === 'negative' ? 1 : 0,
  });
  return [
    ...input.topics.flatMap((topic) => topic.quotes),
    ...input.sampleComments.map((comment) => ({ ...comment, scores: fromLabel(comment.sentiment) })),
  ];
}

/** The shortest start of a comment looked for in the model's text (as the privacy marking does). */
const QUOTE_ANCHOR = 16;
const OPENING_QUOTES = new Set(['"', '\u201C']);
const CLOSING_QUOTE = /["\u201D]/u;

/** The sentence of `text` holding [from, to): from after the previous sentence's end to its own end. */
function sentenceAround(text: string, from: number, to: number): { start: number; end: number } {
  let start = 0;
  for (const match of text.slice(0, from).matchAll(/[.!?…]["\u201D]?\s+/gu)) start = match.index + match[0].length;
  // A quote ending in "." ends its sentence; one shortened with "…" may not.
  const endsInside = /[.!?]["\u201D]?$/u.test(text.slice(from, to));
  const rest = text.slice(to);
  const end = endsInside ? /^\s*/u.exec(rest) : /[.!?…]+["\u201D]?(?:\s+|$)/u.exec(rest);
  return { start, end: end ? to + end.index + end[0].length : text.length };
}

/**
 * `description` without the sentences that repeat a comment read against the claim (a positive comment in an
 * IMPROVEMENT, a negative one in a STRENGTH): the model's quotes are held to the rule the local engine keeps.
 * A comment is recognised by its start (the model may shorten it); a quoted one takes its quotation marks
 * along. A comment shorter than the anchor ("Very good") counts only inside quotation marks, where it cannot
 * be the model's own wording.
 */
export function withoutDisagreeingQuotes(
  description: string,
  category: RecommendationCategory,
  comments: readonly ShownComment[],
): string {
  let result = description;
  for (const comment of comments) {
    if (quoteAgreesWith(category, comment)) continue;
    const text = comment.text.trim();
    const anchor = text.slice(0, QUOTE_ANCHOR);
    if (anchor.length === 0) continue;
    for (let at = result.indexOf(anchor); at >= 0; at = result.indexOf(anchor, at + 1)) {
      let to = at + anchor.length;
      while (to < result.length && to - at < text.length && result[to] === text[to - at]) to += 1;
      if (result[to] === '…') to += 1;
      const quoted = at > 0 && OPENING_QUOTES.has(result[at - 1] as string) && CLOSING_QUOTE.test(result[to] ?? '');
      if (text.length < QUOTE_ANCHOR && !quoted) continue;
      const sentence = sentenceAround(result, quoted ? at - 1 : at, quoted ? to + 1 : to);
      result = `${result.slice(0, sentence.start)}${result.slice(sentence.end)}`.trim();
      at = sentence.start - 1;
    }
  }
  return result;
}

function groundingProblem(entry: ModelRecommendation, input: RecommendationInput): string | undefined {
  if (!entry.headline.trim() || !entry.description.trim() || !entry.actionPlan.trim()) {
    return 'has an empty headline, description or action plan';
  }
  const unknownTopic = entry.topicIds.find((id) => !input.topics.some((topic) => topic.topicId === id));
  if (unknownTopic !== undefined) return `cites unknown topic "${unknownTopic}"`;
  const unknownCode = entry.dimensionCodes.find(
    (code) => !input.dimensions.some((dimension) => dimension.code === code),
  );
  if (unknownCode !== undefined) return `cites unknown dimension "${unknownCode}"`;
  if (entry.topicIds.length === 0 && entry.dimensionCodes.length === 0)
    return 'is not grounded in a topic or dimension';
  // The local engine's rule (contradictedByComments): a rating-only action that what students wrote about its aspect
  // says the opposite of ("make the class more engaging" under comments praising the activities) is not made.
  const dimensions = input.dimensions.filter((dimension) => entry.dimensionCodes.includes(dimension.code));
  if (entry.topicIds.length === 0 && ratingsContradictedByComments(entry.category, dimensions, input.topics))
    return 'rests on ratings that the comments about them contradict';
  return undefined;
}

/**
 * Recommendations from the model. Any action citing nothing, or something that is not in the evidence, is
 * dropped; fewer than three remaining is a failure (ModelOutputError), more than seven are cut to seven.
 */
export async function generateRecommendationsWithModel(
  settings: ChatSettings,
  input: RecommendationInput,
): Promise<Recommendation[]> {
  const output = await completeStructured(settings, {
    name: 'recommendations',
    schema: recommendationOutput,
    system: SYSTEM_PROMPT,
    user: evidenceForPrompt(input),
  });
  const shown = shownComments(input);
  // A description left empty once the quotes against its claim are out is an ungrounded one.
  const answered = output.recommendations.map((entry) => ({
    ...entry,
    description: withoutDisagreeingQuotes(entry.description.trim(), entry.category, shown),
  }));
  const problems: string[] = [];
  const grounded = answered.filter((entry, index) => {
    const problem = groundingProblem(entry, input);
    if (problem) problems.push(`recommendations.${index} ${problem}`);
    return problem === undefined;
  });
  if (grounded.length < MIN_MODEL_RECOMMENDATIONS) {
    throw new ModelOutputError(
      `${grounded.length} grounded recommendations, at least ${MIN_MODEL_RECOMMENDATIONS} needed` +
        (problems.length > 0 ? ` (${problems.slice(0, 3).join('; ')})` : ''),
    );
  }
  return grounded.slice(0, MAX_MODEL_RECOMMENDATIONS).map((entry) => {
    const topics = input.topics.filter((topic) => entry.topicIds.includes(topic.topicId));
    const dimensions = input.dimensions.filter((dimension) => entry.dimensionCodes.includes(dimension.code));
    return {
      category: entry.category,
      headline: entry.headline.trim(),
      description: entry.description,
      actionPlan: entry.actionPlan.trim(),
      priority: entry.priority,
      supportingEvidence: supportingEvidenceFor(entry.category, topics, dimensions),
      facet: facetForEvidence(topics, input),
    };
  });
}

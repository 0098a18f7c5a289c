import { z } from 'zod';
import type { Recommendation, RecommendationInput } from '../engine/contracts.js';
import { facetForEvidence, supportingEvidenceFor } from '../engine/recommendations/index.js';
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
].join(' ');

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
      quotes: topic.sampleQuotes.slice(0, 3),
    })),
    sampleComments: input.sampleComments.slice(0, 20),
  });
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
  const problems: string[] = [];
  const grounded = output.recommendations.filter((entry, index) => {
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
      description: entry.description.trim(),
      actionPlan: entry.actionPlan.trim(),
      priority: entry.priority,
      supportingEvidence: supportingEvidenceFor(entry.category, topics, dimensions, input.sampleComments),
      facet: facetForEvidence(topics, input),
    };
  });
}

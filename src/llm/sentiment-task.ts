import { z } from 'zod';
import type { SentimentScores } from '../engine/contracts.js';
import { ModelOutputError } from './model-errors.js';
import { completeStructured, type ChatSettings } from './structured-output.js';

/** Longest comment text sent to the model; longer comments are cut (the local engine reads them whole). */
const MAX_TEXT_LENGTH = 2000;

const sentimentOutput = z.object({
  results: z.array(
    z.object({
      index: z.number().int(),
      positive: z.number(),
      neutral: z.number(),
      negative: z.number(),
    }),
  ),
});

const SYSTEM_PROMPT = [
  'You score the sentiment of student comments about their teachers and courses.',
  'Comments are in English, Tagalog/Filipino, Cebuano/Bisaya, or mixed (Taglish, Bisaya-English), often with',
  "politeness markers (po, opo, sir, ma'am), emojis, elongated words and text-speak.",
  'Politeness markers are not sentiment. Softened criticism ("sana po mas...", "medyo mabilis", "pwede po',
  'sana...") is negative. Negation flips meaning ("hindi magaling" is negative, "not bad" is mildly positive).',
  'Judge sarcasm by its meaning. A request or suggestion with no complaint is neutral.',
  'For every comment return its index and three probabilities (positive, neutral, negative) that sum to 1.',
].join(' ');

function normalise(index: number, scores: SentimentScores): SentimentScores {
  const values = [scores.positive, scores.neutral, scores.negative];
  if (values.some((value) => !Number.isFinite(value) || value < 0)) {
    throw new ModelOutputError(`results.${index}: scores must be non-negative numbers`);
  }
  const total = scores.positive + scores.neutral + scores.negative;
  if (total <= 0) throw new ModelOutputError(`results.${index}: scores sum to 0`);
  return { positive: scores.positive / total, neutral: scores.neutral / total, negative: scores.negative / total };
}

/** Sentiment of one chunk of comments from the model, one result per comment, normalised to sum to 1. */
export async function scoreSentimentChunk(
  settings: ChatSettings,
  texts: readonly string[],
): Promise<SentimentScores[]> {
  const output = await completeStructured(settings, {
    name: 'comment_sentiment',
    schema: sentimentOutput,
    system: SYSTEM_PROMPT,
    user: JSON.stringify({ comments: texts.map((text, index) => ({ index, text: text.slice(0, MAX_TEXT_LENGTH) })) }),
  });
  const byIndex = new Map<number, SentimentScores>();
  for (const result of output.results) {
    if (result.index < 0 || result.index >= texts.length) {
      throw new ModelOutputError(`results: index ${result.index} is not a comment index`);
    }
    if (byIndex.has(result.index)) throw new ModelOutputError(`results: index ${result.index} appears twice`);
    byIndex.set(result.index, normalise(result.index, result));
  }
  if (byIndex.size !== texts.length) {
    throw new ModelOutputError(`results cover ${byIndex.size} of ${texts.length} comments`);
  }
  return texts.map((_, index) => byIndex.get(index) as SentimentScores);
}

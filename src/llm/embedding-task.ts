import type OpenAI from 'openai';
import { EMBEDDING_DIMENSIONS } from '../engine/embeddings/index.js';
import { ModelOutputError } from './model-errors.js';
import { withRateLimitRetry, type RetryPolicy } from './retry.js';

/**
 * Embeddings of one chunk of texts from the provider's embeddings endpoint, asking for EMBEDDING_DIMENSIONS
 * dimensions so they fit the same columns and topic model as the local vectors. A vector of any other length
 * is a failure (ModelOutputError).
 */
export async function embedChunkWithModel(
  client: OpenAI,
  model: string,
  retry: RetryPolicy,
  texts: readonly string[],
): Promise<number[][]> {
  const response = await withRateLimitRetry(
    () =>
      client.embeddings.create({
        model,
        input: [...texts],
        dimensions: EMBEDDING_DIMENSIONS,
        encoding_format: 'float',
      }),
    retry,
  );
  const data: unknown = (response as { data?: unknown }).data;
  if (!Array.isArray(data) || data.length !== texts.length) {
    throw new ModelOutputError(`expected ${texts.length} embeddings`);
  }
  const vectors = new Array<number[]>(texts.length);
  response.data.forEach((entry, position) => {
    const index = typeof entry.index === 'number' ? entry.index : position;
    const vector: unknown = entry.embedding;
    if (!Array.isArray(vector) || vector.length !== EMBEDDING_DIMENSIONS) {
      throw new ModelOutputError(`embedding ${index} does not have ${EMBEDDING_DIMENSIONS} dimensions`);
    }
    if (!vector.every((value) => typeof value === 'number' && Number.isFinite(value))) {
      throw new ModelOutputError(`embedding ${index} holds a value that is not a finite number`);
    }
    if (index < 0 || index >= texts.length || vectors[index])
      throw new ModelOutputError(`embedding index ${index} is invalid`);
    vectors[index] = vector as number[];
  });
  return vectors;
}

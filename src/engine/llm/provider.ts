import OpenAI from 'openai';
import type { Logger } from 'pino';
import type { Recommendation, RecommendationInput, SentimentScores } from '../contracts.js';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL, embedText } from '../embeddings/index.js';
import { labelTopics as labelTopicsLocally } from '../labels/index.js';
import { generateRecommendations as generateRecommendationsLocally } from '../recommendations/index.js';
import { scoreSentiment } from '../sentiment/index.js';
import { mapInChunks, runConcurrently, splitIntoChunks } from './chunks.js';
import { embedChunkWithModel } from './embedding-task.js';
import { labelTopicsWithModel } from './label-task.js';
import { describeModelFailure } from './model-errors.js';
import { generateRecommendationsWithModel } from './recommendation-task.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
import { scoreSentimentChunk } from './sentiment-task.js';
import type { ChatSettings } from './structured-output.js';
import type { EmbeddingBatch, EngineResult, LanguageModelProvider, TopicLabel, TopicToLabel } from './types.js';

export interface LanguageModelOptions {
  /** OPENAI_API_KEY. Without it every step runs on the local engine and no request is made. */
  apiKey?: string;
  /** OPENAI_BASE_URL: any OpenAI-compatible server (default: the OpenAI API). */
  baseURL?: string;
  /** LLM_MODEL: chat model for sentiment, labels and recommendations. */
  model: string;
  /**
   * Embedding model. Unset means embeddings stay local even with a key: embeddings are computed one job per
   * submission, so a fallback on some jobs would mix two vector spaces in one topic model. Set it only when the
   * provider is reliable enough that every job of a run will use it.
   */
  embeddingModel?: string;
  /** Per request, in ms (default 60 s). A timeout is a failure: the local engine answers. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Temperature for chat requests (default 0); null leaves it out for models that reject it. */
  temperature?: number | null;
  /** Comments per sentiment request (default 50) and requests in flight (default 4). */
  sentimentBatchSize?: number;
  concurrency?: number;
  logger?: Pick<Logger, 'warn'>;
}

/** Comments scored locally between two yields to the event loop. */
const LOCAL_CHUNK_SIZE = 500;
const EMBEDDING_BATCH_SIZE = 256;

async function scoreLocally(texts: readonly string[]): Promise<SentimentScores[]> {
  return mapInChunks(texts, LOCAL_CHUNK_SIZE, scoreSentiment);
}

async function embedLocally(texts: readonly string[]): Promise<EmbeddingBatch> {
  const vectors = await mapInChunks(texts, LOCAL_CHUNK_SIZE, embedText);
  return { vectors, model: EMBEDDING_MODEL, dimensions: EMBEDDING_DIMENSIONS };
}

function local<T>(value: T): EngineResult<T> {
  return { value, source: 'local' };
}

/** The provider that never calls a model: what runs without OPENAI_API_KEY. */
function createLocalProvider(): LanguageModelProvider {
  return {
    usesModel: false,
    scoreSentimentBatch: async (texts) => local(await scoreLocally(texts)),
    labelTopics: async (topics) => local(labelTopicsLocally([...topics])),
    generateRecommendations: async (input) => local(generateRecommendationsLocally(input)),
    embedTexts: async (texts) => local(await embedLocally(texts)),
  };
}

/**
 * The language-model steps of the analysis. With an API key each step asks the model (structured output
 * validated by zod, 3 attempts on 429) and, on any failure, answers with the local engine and says why in
 * `fallbackReason`. Without a key every step is local. The key is never logged nor put in a reason.
 */
export function createLanguageModelProvider(options: LanguageModelOptions): LanguageModelProvider {
  const { apiKey } = options;
  if (!apiKey) return createLocalProvider();

  const retry: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const client = new OpenAI({
    apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: 0,
    timeout: options.timeoutMs ?? 60_000,
  });
  const chat: ChatSettings = { client, model: options.model, retry, temperature: options.temperature ?? 0 };
  const batchSize = options.sentimentBatchSize ?? 50;
  const concurrency = options.concurrency ?? 4;

  async function withFallback<T>(
    task: string,
    callModel: () => Promise<T>,
    callLocal: () => Promise<T> | T,
  ): Promise<EngineResult<T>> {
    try {
      return { value: await callModel(), source: 'model' };
    } catch (error) {
      const fallbackReason = describeModelFailure(error, apiKey);
      options.logger?.warn({ task, fallbackReason }, 'language model failed; the local engine answers');
      return { value: await callLocal(), source: 'local-fallback', fallbackReason };
    }
  }

  const localProvider = createLocalProvider();
  return {
    usesModel: true,

    // One engine per batch: if any chunk fails, the whole batch is scored locally, so the scores of one run
    // are comparable with each other.
    scoreSentimentBatch: (texts) => {
      if (texts.length === 0) return Promise.resolve(local([]));
      return withFallback(
        'sentiment',
        async () =>
          (
            await runConcurrently(splitIntoChunks(texts, batchSize), concurrency, (chunk) =>
              scoreSentimentChunk(chat, chunk),
            )
          ).flat(),
        () => scoreLocally(texts),
      );
    },

    labelTopics: (topics: readonly TopicToLabel[]): Promise<EngineResult<TopicLabel[]>> => {
      if (topics.length === 0) return localProvider.labelTopics(topics);
      return withFallback(
        'topic-labels',
        () => labelTopicsWithModel(chat, topics),
        () => labelTopicsLocally([...topics]),
      );
    },

    // Nothing to ground a recommendation in: the model would have to invent, so the local engine answers.
    generateRecommendations: (input: RecommendationInput): Promise<EngineResult<Recommendation[]>> => {
      if (input.topics.length === 0 && input.dimensions.length === 0)
        return localProvider.generateRecommendations(input);
      return withFallback(
        'recommendations',
        () => generateRecommendationsWithModel(chat, input),
        () => generateRecommendationsLocally(input),
      );
    },

    embedTexts: (texts) => {
      const embeddingModel = options.embeddingModel;
      if (!embeddingModel || texts.length === 0) return localProvider.embedTexts(texts);
      return withFallback(
        'embeddings',
        async (): Promise<EmbeddingBatch> => {
          const chunks = splitIntoChunks(texts, EMBEDDING_BATCH_SIZE);
          const vectors = await runConcurrently(chunks, concurrency, (chunk) =>
            embedChunkWithModel(client, embeddingModel, retry, chunk),
          );
          return { vectors: vectors.flat(), model: embeddingModel, dimensions: EMBEDDING_DIMENSIONS };
        },
        () => embedLocally(texts),
      );
    },
  };
}

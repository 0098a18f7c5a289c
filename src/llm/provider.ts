import OpenAI from 'openai';
import type { Logger } from 'pino';
import type { Recommendation, RecommendationInput, SentimentScores } from '../engine/contracts.js';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL, embedText } from '../engine/embeddings/index.js';
import { writeComment, type CommentSpec } from '../engine/generator/index.js';
import { labelTopics as labelTopicsLocally } from '../engine/labels/index.js';
import { generateRecommendations as generateRecommendationsLocally } from '../engine/recommendations/index.js';
import type { SentimentScorer } from '../engine/sentiment/index.js';
import { loadSentimentScorer } from '../engine/sentiment/load-lexicon.js';
import { mapInChunks, runConcurrently, splitIntoChunks } from './chunks.js';
import { COMMENTS_PER_REQUEST, writeCommentsWithModel } from './comment-task.js';
import { embedChunkWithModel } from './embedding-task.js';
import { labelTopicsWithModel } from './label-task.js';
import { describeModelFailure } from './model-errors.js';
import { generateRecommendationsWithModel } from './recommendation-task.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
import { scoreSentimentChunk } from './sentiment-task.js';
import type { ChatSettings } from './structured-output.js';
import type {
  CommentWriter,
  EmbeddingBatch,
  EngineResult,
  LanguageModelProvider,
  TopicLabel,
  TopicToLabel,
} from './types.js';

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

async function scoreLocally(sentiment: SentimentScorer, texts: readonly string[]): Promise<SentimentScores[]> {
  return mapInChunks(texts, LOCAL_CHUNK_SIZE, sentiment.scoreSentiment);
}

async function embedLocally(texts: readonly string[]): Promise<EmbeddingBatch> {
  const vectors = await mapInChunks(texts, LOCAL_CHUNK_SIZE, embedText);
  return { vectors, model: EMBEDDING_MODEL, dimensions: EMBEDDING_DIMENSIONS };
}

function local<T>(value: T): EngineResult<T> {
  return { value, source: 'local' };
}

/** The provider that never calls a model: what runs without OPENAI_API_KEY. */
function createLocalProvider(sentiment: SentimentScorer): LanguageModelProvider {
  return {
    usesModel: false,
    scoreSentimentBatch: async (texts) => local(await scoreLocally(sentiment, texts)),
    labelTopics: async (topics) => local(labelTopicsLocally([...topics])),
    generateRecommendations: async (input) => local(generateRecommendationsLocally(input)),
    embedTexts: async (texts) => local(await embedLocally(texts)),
  };
}

/** The chat client of a provider: no SDK retries (429s are retried by the policy), a timeout per request. */
function chatSettings(options: LanguageModelOptions, apiKey: string, temperature: number | null): ChatSettings {
  const client = new OpenAI({
    apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: 0,
    timeout: options.timeoutMs ?? 60_000,
  });
  const retry: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  return { client, model: options.model, retry, temperature };
}

/**
 * The language-model steps of the analysis. With an API key each step asks the model (structured output
 * validated by zod, 3 attempts on 429) and, on any failure, answers with the local engine and says why in
 * `fallbackReason`. Without a key every step is local. The key is never logged nor put in a reason.
 */
export function createLanguageModelProvider(options: LanguageModelOptions): LanguageModelProvider {
  const { apiKey } = options;
  // The lexicon files are read here, when the process builds its provider, not when a batch arrives.
  const sentiment = loadSentimentScorer();
  if (!apiKey) return createLocalProvider(sentiment);

  const chat = chatSettings(options, apiKey, options.temperature ?? 0);
  const { client, retry } = chat;
  const batchSize = options.sentimentBatchSize ?? 50;
  const concurrency = options.concurrency ?? 4;

  async function withFallback<T>(
    task: string,
    model: string,
    callModel: () => Promise<T>,
    callLocal: () => Promise<T> | T,
  ): Promise<EngineResult<T>> {
    try {
      return { value: await callModel(), source: 'model', model };
    } catch (error) {
      const fallbackReason = describeModelFailure(error, apiKey);
      options.logger?.warn({ task, fallbackReason }, 'language model failed; the local engine answers');
      return { value: await callLocal(), source: 'local-fallback', fallbackReason };
    }
  }

  const localProvider = createLocalProvider(sentiment);
  return {
    usesModel: true,

    // One engine per batch: if any chunk fails, the whole batch is scored locally, so the scores of one run
    // are comparable with each other.
    scoreSentimentBatch: (texts) => {
      if (texts.length === 0) return Promise.resolve(local([]));
      return withFallback(
        'sentiment',
        options.model,
        async () =>
          (
            await runConcurrently(splitIntoChunks(texts, batchSize), concurrency, (chunk) =>
              scoreSentimentChunk(chat, chunk),
            )
          ).flat(),
        () => scoreLocally(sentiment, texts),
      );
    },

    labelTopics: (topics: readonly TopicToLabel[]): Promise<EngineResult<TopicLabel[]>> => {
      if (topics.length === 0) return localProvider.labelTopics(topics);
      return withFallback(
        'topic-labels',
        options.model,
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
        options.model,
        () => generateRecommendationsWithModel(chat, input),
        () => generateRecommendationsLocally(input),
      );
    },

    embedTexts: (texts) => {
      const embeddingModel = options.embeddingModel;
      if (!embeddingModel || texts.length === 0) return localProvider.embedTexts(texts);
      return withFallback(
        'embeddings',
        embeddingModel,
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

/** Comments are meant to vary: without a configured temperature the model writes with this one. */
const COMMENT_TEMPERATURE = 0.9;

/**
 * The writer of synthetic comments. With an API key the model writes them (in requests of 20, at most
 * `concurrency` in flight) and, if any request fails, the local generator writes them all, so one preview
 * never mixes the two; `fallbackReason` says why. Without a key the local generator writes them.
 */
export function createCommentWriter(options: LanguageModelOptions): CommentWriter {
  const writeLocally = (specs: readonly CommentSpec[]) => specs.map((spec) => writeComment(spec).text);
  const { apiKey } = options;
  if (!apiKey) return { usesModel: false, writeComments: async (specs) => local(writeLocally(specs)) };
  const chat = chatSettings(
    options,
    apiKey,
    options.temperature === undefined ? COMMENT_TEMPERATURE : options.temperature,
  );
  const concurrency = options.concurrency ?? 4;
  return {
    usesModel: true,
    writeComments: async (specs): Promise<EngineResult<string[]>> => {
      if (specs.length === 0) return local([]);
      try {
        const chunks = splitIntoChunks(specs, COMMENTS_PER_REQUEST);
        const texts = await runConcurrently(chunks, concurrency, (chunk) => writeCommentsWithModel(chat, chunk));
        return { value: texts.flat(), source: 'model', model: options.model };
      } catch (error) {
        const fallbackReason = describeModelFailure(error, apiKey);
        options.logger?.warn({ task: 'comments', fallbackReason }, 'language model failed; the local engine answers');
        return { value: writeLocally(specs), source: 'local-fallback', fallbackReason };
      }
    },
  };
}

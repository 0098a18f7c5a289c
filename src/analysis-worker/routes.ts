import type { FastifyInstance } from 'fastify';
import type { TopicModelResult } from '../engine/contracts.js';
import { TopicModelInputError, buildTopicModel } from '../engine/topics/index.js';
import type { LanguageModelProvider } from '../engine/llm/index.js';
import { embeddingRequestSchema, parseEnvelope, sentimentRequestSchema, topicRequestSchema } from './envelopes.js';
import { completed, engineInfo, failed } from './responses.js';

export interface RouteContext {
  /** WORKER_VERSION, reported as output.version. */
  version: string;
  provider: LanguageModelProvider;
}

/** Thrown when an engine breaks its own contract; it is a bug, so it becomes a 500 and the queue retries. */
class EngineContractError extends Error {
  override name = 'EngineContractError';
}

function healthBody(context: RouteContext, service?: string) {
  return {
    status: 'ok' as const,
    ...(service ? { service } : {}),
    version: context.version,
    languageModel: context.provider.usesModel ? 'configured' : 'local engine only',
  };
}

export function registerHealthRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/health', async () => healthBody(context));
  for (const service of ['sentiment', 'embeddings', 'topics']) {
    app.get(`/${service}/health`, async () => healthBody(context, service));
  }
}

export function registerSentimentRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post('/sentiment/runsync', async (request) => {
    const parsed = parseEnvelope(sentimentRequestSchema, request.body);
    if (!parsed.ok) return failed(parsed.jobId, context.version, parsed.error);
    const { jobId, items } = parsed.request.input;
    const scored = await context.provider.scoreSentimentBatch(items.map((item) => item.text));
    if (scored.value.length !== items.length) throw new EngineContractError('sentiment result count mismatch');
    const results = items.map((item, index) => ({ submissionId: item.submissionId, ...scored.value[index] }));
    return completed(jobId, context.version, { results, engine: engineInfo(scored) });
  });
}

export function registerEmbeddingRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post('/embeddings/runsync', async (request) => {
    const parsed = parseEnvelope(embeddingRequestSchema, request.body);
    if (!parsed.ok) return failed(parsed.jobId, context.version, parsed.error);
    const { jobId, items } = parsed.request.input;
    const embedded = await context.provider.embedTexts(items.map((item) => item.text));
    const { vectors, model, dimensions } = embedded.value;
    if (vectors.length !== items.length) throw new EngineContractError('embedding result count mismatch');
    const results = items.map((item, index) => ({ submissionId: item.submissionId, embedding: vectors[index] }));
    return completed(jobId, context.version, { results, model, dimensions, engine: engineInfo(embedded) });
  });
}

export function registerTopicRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post('/topics/runsync', async (request) => {
    const parsed = parseEnvelope(topicRequestSchema, request.body);
    if (!parsed.ok) return failed(parsed.jobId, context.version, parsed.error);
    const { jobId, items, params } = parsed.request.input;
    const documents = items.map((item) => ({ id: item.submissionId, text: item.text, embedding: item.embedding }));
    let model: TopicModelResult;
    try {
      model = buildTopicModel(documents, params);
    } catch (error) {
      // The corpus cannot be modelled (too small, degenerate): a domain failure, not worth a retry.
      if (error instanceof TopicModelInputError) return failed(jobId, context.version, error.message);
      throw error;
    }
    return completed(jobId, context.version, {
      topics: model.topics,
      assignments: model.assignments.map((assignment) => ({
        submissionId: assignment.id,
        topicIndex: assignment.topicIndex,
        probability: assignment.probability,
      })),
      outlierCount: model.outlierCount,
      metrics: model.metrics,
      engine: { source: 'local' as const },
    });
  });
}

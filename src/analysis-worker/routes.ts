import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  embeddingRequestSchema,
  sentimentRequestSchema,
  type EmbeddingCompletedOutput,
  type SentimentCompletedOutput,
  type WorkerKind,
} from '../contracts/worker-contracts.js';
import {
  EMBEDDING_KEY_BYTES,
  FRAME_MEDIA_TYPE,
  FRAMES_SUPPORTED,
  acceptsFrames,
  embeddingKeys,
  encodeFrame,
  float32Bytes,
  isFrameType,
  isReferenceFrame,
  splitFrame,
} from '../contracts/float32-frame.js';
import { errorBody } from '../common/http/errors.js';
import type { ProcessLifecycle } from '../common/process/lifecycle.js';
import type { SentimentScores } from '../engine/contracts.js';
import { SCREEN_ENGINE_VERSION } from '../engine/screen/index.js';
import type { EngineResult, LanguageModelProvider } from '../llm/index.js';
import { LOCAL_ENGINE_VERSION, LOCAL_ENGINE_VERSIONS } from './engine-versions.js';
import { INVALID_JSON_MESSAGE, parseEnvelope, readJson } from './envelopes.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { JobRunner } from './job-runner.js';
import type { LocalJob, LocalJobKind } from './local-jobs.js';
import { completed, engineInfo, failed } from './responses.js';

export interface RouteContext {
  /** WORKER_VERSION when set: reported as output.version of every answer instead of the engine's version. */
  versionOverride?: string;
  provider: LanguageModelProvider;
  /**
   * Steps the built-in local engine answers through the job runner (in an engine thread when large): every
   * step the configured provider would answer locally anyway. The others go through the provider on the event
   * loop, which is network-bound (the model) and falls back to the local engine in chunks.
   */
  localSteps: Readonly<Record<'sentiment' | 'embeddings', boolean>>;
  /** Version reported for a step before anything answered (invalid requests, errors): its configured engine. */
  stepVersions: Readonly<Record<WorkerKind, string>>;
  /** The chat model's name, reported when a provider that does not name its model answered with one. */
  modelName: string;
  jobs: JobRunner;
  /** The vectors of the frame answers this worker sent, for topics frames that name them by key. */
  embeddingCache: EmbeddingCache;
}

/** Request body media types `/runsync` takes (`/health` lists them: the client sends frames only when listed). */
const ACCEPTED_MEDIA_TYPES = FRAMES_SUPPORTED ? ['application/json', FRAME_MEDIA_TYPE] : ['application/json'];

/** Thrown when an engine breaks its own contract; it is a bug, so it becomes a 500 and the queue retries. */
class EngineContractError extends Error {
  override name = 'EngineContractError';
}

/** The jobId of a request parsed on the event loop, for the 500 answer of the error handler. */
const jobIds = new WeakMap<FastifyRequest, string>();

export function jobIdOfRequest(request: FastifyRequest): string | null {
  return jobIds.get(request) ?? null;
}

/** Which contract a request is for, from its route (`/sentiment/runsync` → sentiment); undefined off-route. */
export function kindOfRequest(request: FastifyRequest): WorkerKind | undefined {
  const kind = routeSegment(request);
  return kind === 'sentiment' || kind === 'embeddings' || kind === 'topics' ? kind : undefined;
}

/** The first segment of a request's route (`/screen/runsync` → screen). */
function routeSegment(request: FastifyRequest): string | undefined {
  return request.routeOptions.url?.split('/')[1];
}

/**
 * output.version when no engine's own answer says more (invalid requests, errors, health): WORKER_VERSION when
 * set, else the engine the step is configured with, else (no step) the whole local engine.
 */
export function versionFor(context: RouteContext, kind: WorkerKind | undefined): string {
  return context.versionOverride ?? (kind ? context.stepVersions[kind] : LOCAL_ENGINE_VERSION);
}

/**
 * output.version of an answer the error handler gives a request (413, 415, 503, 500): the engine of the contract
 * the request was for, the screen's included (it is no WorkerKind: the service never calls it through the worker
 * client), else the whole local engine.
 */
export function versionOfRequest(context: RouteContext, request: FastifyRequest): string {
  if (routeSegment(request) === 'screen') return context.versionOverride ?? SCREEN_ENGINE_VERSION;
  return versionFor(context, kindOfRequest(request));
}

function healthBody(context: RouteContext, service?: WorkerKind) {
  return {
    status: 'ok' as const,
    ...(service ? { service } : {}),
    version: versionFor(context, service),
    ...(service
      ? {}
      : { versions: { ...context.stepVersions, screen: context.versionOverride ?? SCREEN_ENGINE_VERSION } }),
    languageModel: context.provider.usesModel ? 'configured' : 'local engine only',
    accepts: ACCEPTED_MEDIA_TYPES,
  };
}

export function registerHealthRoutes(app: FastifyInstance, context: RouteContext, lifecycle: ProcessLifecycle): void {
  app.get('/health', async () => healthBody(context));
  // Readiness for whatever balances several analysis workers: 503 from SIGTERM on, while it drains.
  // A 503 carries the error body of conventions §2 beside `status` and `checks`, as the API's and job worker's do.
  app.get('/health/ready', async (_request, reply) =>
    lifecycle.draining
      ? reply.code(503).send({
          ...errorBody(503, 'not ready: process draining', [{ path: 'checks.process', message: 'draining' }]),
          status: 'error',
          checks: { process: 'draining' },
        })
      : { status: 'ok', checks: { process: 'running' } },
  );
  for (const service of ['sentiment', 'embeddings', 'topics'] as const) {
    app.get(`/${service}/health`, async () => healthBody(context, service));
  }
}

/** The body as the worker's content-type parser keeps it: the bytes received. */
function rawBody(request: FastifyRequest): Uint8Array {
  return request.body instanceof Uint8Array ? request.body : new Uint8Array();
}

/** Whether the caller asked for a float32 frame answer and this worker can give one. */
function wantsFrame(request: FastifyRequest): boolean {
  return FRAMES_SUPPORTED && acceptsFrames(request.headers.accept);
}

/** An embeddings answer as a float32 frame; its vectors are kept for topics frames that name them by key. */
function sendEmbeddingFrame(
  context: RouteContext,
  reply: FastifyReply,
  head: string | object,
  vectors: Float32Array,
  keys: Uint8Array,
  dimensions: number,
) {
  context.embeddingCache.put(keys, vectors, dimensions);
  return reply
    .code(200)
    .type(FRAME_MEDIA_TYPE)
    .send(encodeFrame(head, float32Bytes(vectors)));
}

/** A whole request answered by the local engine, inline or in an engine thread (job-runner.ts). */
export async function runLocally(
  context: RouteContext,
  kind: LocalJobKind,
  request: FastifyRequest,
  reply: FastifyReply,
  extra: Pick<LocalJob, 'frame' | 'answerFrame' | 'vectorRuns' | 'referenceMiss'> = {},
) {
  const answer = await context.jobs.run({
    kind,
    body: rawBody(request),
    ...(context.versionOverride === undefined ? {} : { versionOverride: context.versionOverride }),
    ...extra,
  });
  if (answer.internalError) request.log.error({ err: answer.internalError }, 'analysis worker request failed');
  if (answer.vectors && answer.keys && answer.statusCode === 200) {
    const dimensions = answer.vectors.length / Math.max(1, answer.keys.byteLength / EMBEDDING_KEY_BYTES);
    return sendEmbeddingFrame(context, reply, answer.payload, answer.vectors, answer.keys, dimensions);
  }
  return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.payload);
}

/** 415 for a frame sent where only JSON is taken (sentiment, embeddings). */
function refuseFrame(context: RouteContext, kind: WorkerKind, request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(415)
    .send(
      failed(null, versionFor(context, kind), `${kind} requests are application/json only, not ${FRAME_MEDIA_TYPE}`),
    );
}

/** The version of what answered a provider step: the model, or the local engine (also as the fallback). */
function answeredBy(context: RouteContext, result: EngineResult<unknown>, localVersion: string): string {
  if (context.versionOverride !== undefined) return context.versionOverride;
  return result.source === 'model' ? (result.model ?? context.modelName) : localVersion;
}

export function registerSentimentRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post('/sentiment/runsync', async (request, reply) => {
    if (isFrameType(request.headers['content-type'])) return refuseFrame(context, 'sentiment', request, reply);
    if (context.localSteps.sentiment) return runLocally(context, 'sentiment', request, reply);
    const version = versionFor(context, 'sentiment');
    const json = readJson(rawBody(request));
    if (!json.ok) return failed(null, version, INVALID_JSON_MESSAGE);
    const parsed = parseEnvelope(sentimentRequestSchema, json.value);
    if (!parsed.ok) return failed(parsed.jobId, version, parsed.error);
    const { jobId, items } = parsed.request.input;
    jobIds.set(request, jobId);
    const scored = await context.provider.scoreSentimentBatch(items.map((item) => item.text));
    if (scored.value.length !== items.length) throw new EngineContractError('sentiment result count mismatch');
    // The count is checked above, so every index has its scores.
    const results = items.map((item, index) => ({
      submissionId: item.submissionId,
      ...(scored.value[index] as SentimentScores),
    }));
    const answer = completed(jobId, answeredBy(context, scored, LOCAL_ENGINE_VERSIONS.sentiment), {
      results,
      engine: engineInfo(scored),
    });
    return answer satisfies { output: SentimentCompletedOutput };
  });
}

export function registerEmbeddingRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post('/embeddings/runsync', async (request, reply) => {
    if (isFrameType(request.headers['content-type'])) return refuseFrame(context, 'embeddings', request, reply);
    const answerFrame = wantsFrame(request);
    if (context.localSteps.embeddings) return runLocally(context, 'embeddings', request, reply, { answerFrame });
    const json = readJson(rawBody(request));
    if (!json.ok) return failed(null, versionFor(context, 'embeddings'), INVALID_JSON_MESSAGE);
    const parsed = parseEnvelope(embeddingRequestSchema, json.value);
    if (!parsed.ok) return failed(parsed.jobId, versionFor(context, 'embeddings'), parsed.error);
    const { jobId, items } = parsed.request.input;
    jobIds.set(request, jobId);
    const embedded = await context.provider.embedTexts(items.map((item) => item.text));
    const { vectors, model, dimensions } = embedded.value;
    if (vectors.length !== items.length) throw new EngineContractError('embedding result count mismatch');
    if (vectors.some((vector) => vector.length !== dimensions))
      throw new EngineContractError('embedding dimensions mismatch');
    if (answerFrame) {
      const matrix = new Float32Array(items.length * dimensions);
      vectors.forEach((vector, index) => matrix.set(vector, index * dimensions));
      const head = completed(jobId, context.versionOverride ?? model, {
        results: items.map((item) => ({ submissionId: item.submissionId })),
        model,
        dimensions,
        engine: engineInfo(embedded),
      });
      return sendEmbeddingFrame(context, reply, head, matrix, embeddingKeys(matrix, dimensions), dimensions);
    }
    const results = items.map((item, index) => ({ submissionId: item.submissionId, embedding: vectors[index] ?? [] }));
    // The embedding model's name is the version of what answered: the model's, or the local one's.
    const answer = completed(jobId, context.versionOverride ?? model, {
      results,
      model,
      dimensions,
      engine: engineInfo(embedded),
    });
    return answer satisfies { output: EmbeddingCompletedOutput };
  });
}

export function registerTopicRoutes(app: FastifyInstance, context: RouteContext): void {
  // The topic model is always local: the whole request (parsing 28 MB of JSON for 20,000 comments included)
  // runs in an engine thread.
  app.post('/topics/runsync', async (request, reply) => {
    if (!isFrameType(request.headers['content-type'])) return runLocally(context, 'topics', request, reply);
    const frame = splitFrame(rawBody(request));
    // The head is parsed and validated in the engine thread; the keys of a reference frame are resolved here.
    if (frame.ok && isReferenceFrame(request.headers['content-type'])) {
      const resolved = context.embeddingCache.resolve(frame.tail);
      // Vectors not held: the thread reads the head (its jobId, and whether the tail is the size of its keys) and
      // answers REFERENCE_MISS_STATUS when the frame itself is sound.
      const referenceMiss =
        !resolved.ok && resolved.reason === 'missing'
          ? { missing: resolved.missing, total: Math.floor(frame.tail.byteLength / EMBEDDING_KEY_BYTES) }
          : undefined;
      const vectorRuns = resolved.ok ? resolved.runs : [];
      return runLocally(context, 'topics', request, reply, {
        frame: true,
        vectorRuns,
        ...(referenceMiss ? { referenceMiss } : {}),
      });
    }
    return runLocally(context, 'topics', request, reply, { frame: true });
  });
}

import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createRootLogger } from '../common/logging/logger.js';
import { instrumentHttpRequests } from '../common/metrics/http-metrics.js';
import { closeConnectionsWhileDraining, ProcessLifecycle } from '../common/process/lifecycle.js';
import { listenProblem } from '../common/process/listen-problem.js';
import { createLanguageModelProvider, type LanguageModelProvider } from '../llm/index.js';
import { registerWorkerAuth } from './auth.js';
import { keepBodiesAsBytes } from './body.js';
import { EmbeddingCache } from './embedding-cache.js';
import { LOCAL_ENGINE_VERSIONS } from './engine-versions.js';
import { EngineBusyError, createJobRunner, type JobRunner } from './job-runner.js';
import { failed } from './responses.js';
import {
  jobIdOfRequest,
  versionOfRequest,
  registerEmbeddingRoutes,
  registerHealthRoutes,
  registerSentimentRoutes,
  registerTopicRoutes,
  versionFor,
  type RouteContext,
} from './routes.js';
import { registerScreenRoutes } from './screen-routes.js';
import { loadAnalysisWorkerSettings, type AnalysisWorkerSettings } from './settings.js';

export interface AnalysisWorkerOptions {
  settings: AnalysisWorkerSettings;
  /** Defaults to the process's root logger at LOG_LEVEL. */
  logger?: Logger;
  /**
   * Defaults to the provider built from the settings (the local engine without OPENAI_API_KEY). A provider
   * given here answers every sentiment and embedding request itself, on the event loop.
   */
  provider?: LanguageModelProvider;
  /**
   * Defaults to a runner of ANALYSIS_WORKER_THREADS engine threads, ANALYSIS_WORKER_WARM_THREADS of them started
   * and warmed up at once. The worker closes it when it closes.
   */
  jobs?: JobRunner;
  /** Drained on SIGTERM by the entry point: `/health/ready` answers 503 and responses close their connection. */
  lifecycle?: ProcessLifecycle;
  /** How long a request may take to arrive whole (REQUEST_RECEIVE_TIMEOUT_MS by default; the tests shorten it). */
  requestTimeoutMs?: number;
}

export function providerFromSettings(settings: AnalysisWorkerSettings, logger: Logger): LanguageModelProvider {
  return createLanguageModelProvider({
    ...(settings.OPENAI_API_KEY ? { apiKey: settings.OPENAI_API_KEY } : {}),
    ...(settings.OPENAI_BASE_URL ? { baseURL: settings.OPENAI_BASE_URL } : {}),
    ...(settings.LLM_EMBEDDING_MODEL ? { embeddingModel: settings.LLM_EMBEDDING_MODEL } : {}),
    model: settings.LLM_MODEL,
    timeoutMs: settings.LLM_TIMEOUT_MS,
    logger: logger.child({ component: 'language-model' }),
  });
}

/**
 * The route context: which steps the local engine answers in the job runner, and which engine each step is
 * configured with (its version). With the built-in provider, a step is local when no model serves it: sentiment
 * without OPENAI_API_KEY, embeddings also with a key but without LLM_EMBEDDING_MODEL (as the provider does).
 */
function routeContext(options: AnalysisWorkerOptions, logger: Logger, jobs: JobRunner): RouteContext {
  const { settings } = options;
  const builtIn = options.provider === undefined;
  const provider = options.provider ?? providerFromSettings(settings, logger);
  const sentimentModel = provider.usesModel ? settings.LLM_MODEL : undefined;
  const embeddingModel = provider.usesModel && builtIn ? settings.LLM_EMBEDDING_MODEL : undefined;
  return {
    ...(settings.WORKER_VERSION === undefined ? {} : { versionOverride: settings.WORKER_VERSION }),
    provider,
    localSteps: { sentiment: builtIn && !provider.usesModel, embeddings: builtIn && embeddingModel === undefined },
    stepVersions: {
      sentiment: sentimentModel ?? LOCAL_ENGINE_VERSIONS.sentiment,
      embeddings: embeddingModel ?? LOCAL_ENGINE_VERSIONS.embeddings,
      topics: LOCAL_ENGINE_VERSIONS.topics,
    },
    modelName: settings.LLM_MODEL,
    jobs,
    embeddingCache: new EmbeddingCache({
      maxBytes: Math.floor(settings.ANALYSIS_WORKER_EMBEDDING_CACHE_MB * 1024 * 1024),
      ttlMs: settings.ANALYSIS_WORKER_EMBEDDING_CACHE_TTL_SECONDS * 1000,
    }),
  };
}

/**
 * Errors outside the routes' own handling (the routes answer a body that is not JSON themselves). Client mistakes
 * Fastify detects before a route runs keep their status (413 body over the limit, 415 not JSON, 400 a body
 * shorter than its Content-Length); a full engine-thread queue is a 503; anything else is a 500
 * with `error: "internal error"`. The service's queue retries 5xx. Every one has the contract's `output` shape.
 */
function handleError(app: FastifyInstance, settings: AnalysisWorkerSettings, context: RouteContext): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const version = versionOfRequest(context, request);
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .code(413)
        .send(failed(null, version, `request body is larger than ${settings.ANALYSIS_WORKER_BODY_LIMIT} bytes`));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failed(jobIdOfRequest(request), version, error.message));
    }
    if (error instanceof EngineBusyError) {
      request.log.warn({ err: error }, 'analysis worker busy');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(failed(null, version, error.message));
    }
    request.log.error({ err: error }, 'analysis worker request failed');
    return reply.code(500).send(failed(jobIdOfRequest(request), version, 'internal error'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(failed(null, versionFor(context, undefined), `no route ${request.method} ${request.url.split('?')[0]}`)),
  );
}

/** The job runner of the settings; what its threads report goes to the log. */
function createEngineThreads(settings: AnalysisWorkerSettings, logger: Logger): JobRunner {
  const log = logger.child({ component: 'engine-threads' });
  return createJobRunner({
    threads: settings.ANALYSIS_WORKER_THREADS,
    warmThreads: warmThreadCount(settings),
    onThreadReport: (report) => {
      if (report.warm) log.info({ durationMs: report.durationMs }, 'engine thread warm');
      else log.warn({ durationMs: report.durationMs, problem: report.error }, 'engine thread could not warm up');
    },
    onThreadError: (error) => log.error({ err: error }, 'engine thread failed'),
  });
}

/** ANALYSIS_WORKER_WARM_THREADS, all of the threads when unset. */
function warmThreadCount(settings: AnalysisWorkerSettings): number {
  return Math.min(
    settings.ANALYSIS_WORKER_WARM_THREADS ?? settings.ANALYSIS_WORKER_THREADS,
    settings.ANALYSIS_WORKER_THREADS,
  );
}

/**
 * The analysis worker service: `/sentiment`, `/embeddings` and `/topics`, each with `/runsync` and `/health`,
 * plus `/health` (conventions §8). Not listening yet: the caller decides the port. Closing it closes its engine
 * threads.
 */
/** How long a request may take to arrive (headers and body); then Node answers 408 and closes the connection. */
const REQUEST_RECEIVE_TIMEOUT_MS = 60_000;

export async function createAnalysisWorker(options: AnalysisWorkerOptions): Promise<FastifyInstance> {
  const { settings } = options;
  const logger = options.logger ?? createRootLogger(settings.LOG_LEVEL);
  // pino's Logger is a FastifyBaseLogger; naming the base type keeps the instance type the routes expect.
  const loggerInstance: FastifyBaseLogger = logger;
  const receiveTimeout = options.requestTimeoutMs ?? REQUEST_RECEIVE_TIMEOUT_MS;
  const app = Fastify({
    loggerInstance,
    bodyLimit: settings.ANALYSIS_WORKER_BODY_LIMIT,
    // A request must arrive whole within this time (Fastify's default is none): a body that stops coming does
    // not hold its connection until shutdown. 128 MB at 10 MB/s is 13 s.
    requestTimeout: receiveTimeout,
    // Given to Node's server when it is made too: set afterwards (as Fastify sets it) it is not enforced. Node checks
    // open requests every connectionsCheckingInterval (30 s by default): a quarter of the timeout here, so a stalled
    // request is closed within 1.25 times it.
    http: {
      requestTimeout: receiveTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(receiveTimeout / 4))),
    },
  });
  const jobs = options.jobs ?? createEngineThreads(settings, logger);
  app.addHook('onClose', () => jobs.close());
  const context = routeContext(options, logger, jobs);
  // Request latency per route into the process's metrics registry (served by the API under `npm start`, or on
  // METRICS_PORT when the worker runs alone).
  instrumentHttpRequests(app);
  keepBodiesAsBytes(app, settings.ANALYSIS_WORKER_BODY_LIMIT);
  registerWorkerAuth(app, settings.WORKER_TOKEN);
  handleError(app, settings, context);
  const lifecycle = options.lifecycle ?? new ProcessLifecycle();
  closeConnectionsWhileDraining(app, lifecycle);
  registerHealthRoutes(app, context, lifecycle);
  registerSentimentRoutes(app, context);
  registerEmbeddingRoutes(app, context);
  registerTopicRoutes(app, context);
  registerScreenRoutes(app, context);
  await app.ready();
  return app;
}

/**
 * Reads the settings, starts the worker on ANALYSIS_WORKER_HOST:ANALYSIS_WORKER_PORT and returns it. Refuses
 * (SettingsError naming WORKER_TOKEN) to listen on a non-loopback address without WORKER_TOKEN. A process that
 * runs other parts too (`npm start`) passes its own logger; otherwise the process's root logger is created here.
 */
export async function startAnalysisWorker(
  environment: NodeJS.ProcessEnv = process.env,
  existingLogger?: Logger,
  lifecycle?: ProcessLifecycle,
): Promise<FastifyInstance> {
  const settings = loadAnalysisWorkerSettings(environment);
  const logger = existingLogger ?? createRootLogger(settings.LOG_LEVEL);
  const app = await createAnalysisWorker({ settings, logger, ...(lifecycle ? { lifecycle } : {}) });
  try {
    await app.listen({ port: settings.ANALYSIS_WORKER_PORT, host: settings.ANALYSIS_WORKER_HOST });
  } catch (error) {
    await app.close();
    throw (
      listenProblem(error, {
        host: settings.ANALYSIS_WORKER_HOST,
        port: settings.ANALYSIS_WORKER_PORT,
        hostSetting: 'ANALYSIS_WORKER_HOST',
        portSetting: 'ANALYSIS_WORKER_PORT',
      }) ?? error
    );
  }
  logger.info(
    {
      host: settings.ANALYSIS_WORKER_HOST,
      port: settings.ANALYSIS_WORKER_PORT,
      // Whether a token is required, never the token.
      auth: settings.WORKER_TOKEN === undefined ? 'none (loopback only)' : 'bearer token',
      version: settings.WORKER_VERSION ?? 'engine versions',
      engineThreads: settings.ANALYSIS_WORKER_THREADS,
      warmEngineThreads: warmThreadCount(settings),
      languageModel: settings.OPENAI_API_KEY
        ? { model: settings.LLM_MODEL, baseURL: settings.OPENAI_BASE_URL ?? 'default' }
        : 'local engine only',
      bodyLimit: settings.ANALYSIS_WORKER_BODY_LIMIT,
    },
    'analysis worker listening',
  );
  return app;
}

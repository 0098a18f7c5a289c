import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createRootLogger } from '../common/logging/logger.js';
import { createLanguageModelProvider, type LanguageModelProvider } from '../engine/llm/index.js';
import { jobIdOf } from './envelopes.js';
import { failed } from './responses.js';
import {
  registerEmbeddingRoutes,
  registerHealthRoutes,
  registerSentimentRoutes,
  registerTopicRoutes,
  type RouteContext,
} from './routes.js';
import { loadAnalysisWorkerSettings, type AnalysisWorkerSettings } from './settings.js';

export interface AnalysisWorkerOptions {
  settings: AnalysisWorkerSettings;
  /** Defaults to the process's root logger at LOG_LEVEL. */
  logger?: Logger;
  /** Defaults to the provider built from the settings (the local engine without OPENAI_API_KEY). */
  provider?: LanguageModelProvider;
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
 * Errors outside the routes' own handling. Client mistakes Fastify detects before a route runs keep their
 * status (400 malformed JSON, 413 body over the limit, 415 not JSON); anything else is a 500 with
 * `error: "internal error"`, so the service's queue retries. Every one has the contract's `output` shape.
 */
function handleError(app: FastifyInstance, settings: AnalysisWorkerSettings): void {
  const version = settings.WORKER_VERSION;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .code(413)
        .send(failed(null, version, `request body is larger than ${settings.ANALYSIS_WORKER_BODY_LIMIT} bytes`));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(failed(null, version, 'request body is not valid JSON'));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failed(jobIdOf(request.body), version, error.message));
    }
    request.log.error({ err: error }, 'analysis worker request failed');
    return reply.code(500).send(failed(jobIdOf(request.body), version, 'internal error'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(failed(null, version, `no route ${request.method} ${request.url.split('?')[0]}`)),
  );
}

/**
 * The analysis worker service: `/sentiment`, `/embeddings` and `/topics`, each with `/runsync` and `/health`,
 * plus `/health` (conventions §8). Not listening yet: the caller decides the port.
 */
export async function createAnalysisWorker(options: AnalysisWorkerOptions): Promise<FastifyInstance> {
  const { settings } = options;
  const logger = options.logger ?? createRootLogger(settings.LOG_LEVEL);
  // pino's Logger is a FastifyBaseLogger; naming the base type keeps the instance type the routes expect.
  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: settings.ANALYSIS_WORKER_BODY_LIMIT,
  });
  const context: RouteContext = {
    version: settings.WORKER_VERSION,
    provider: options.provider ?? providerFromSettings(settings, logger),
  };
  handleError(app, settings);
  registerHealthRoutes(app, context);
  registerSentimentRoutes(app, context);
  registerEmbeddingRoutes(app, context);
  registerTopicRoutes(app, context);
  await app.ready();
  return app;
}

/**
 * Reads the settings, starts the worker on ANALYSIS_WORKER_PORT and returns it. A process that runs other
 * parts too (`npm start`) passes its own logger; otherwise the process's root logger is created here.
 */
export async function startAnalysisWorker(
  environment: NodeJS.ProcessEnv = process.env,
  existingLogger?: Logger,
): Promise<FastifyInstance> {
  const settings = loadAnalysisWorkerSettings(environment);
  const logger = existingLogger ?? createRootLogger(settings.LOG_LEVEL);
  const app = await createAnalysisWorker({ settings, logger });
  await app.listen({ port: settings.ANALYSIS_WORKER_PORT, host: settings.HOST });
  logger.info(
    {
      version: settings.WORKER_VERSION,
      languageModel: settings.OPENAI_API_KEY
        ? { model: settings.LLM_MODEL, baseURL: settings.OPENAI_BASE_URL ?? 'default' }
        : 'local engine only',
      bodyLimit: settings.ANALYSIS_WORKER_BODY_LIMIT,
    },
    'analysis worker listening',
  );
  return app;
}

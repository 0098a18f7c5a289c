import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { startAnalysisWorker } from './analysis-worker/server.js';
import { createApp } from './app.js';
import { createDatabase, migrateToLatest } from './common/database/database.js';
import { createRootLogger } from './common/logging/logger.js';
import { PinoNestLogger } from './common/logging/nest-logger.js';
import { ProcessLifecycle } from './common/process/lifecycle.js';
import { httpServicePart, type ShutdownPart } from './common/process/shutdown.js';
import { listenProblem } from './common/process/listen-problem.js';
import { warmUpScreen } from './engine/screen/index.js';
import type { Settings, WorkerSettings } from './config/settings.js';
import { WorkerModule } from './worker.module.js';

/** The worker URL settings and the path each one takes on the built-in analysis worker (conventions §8). */
const WORKER_URL_PATHS = {
  SENTIMENT_WORKER_URL: '/sentiment',
  EMBEDDINGS_WORKER_URL: '/embeddings',
  TOPIC_MODEL_WORKER_URL: '/topics',
} as const;

/**
 * For the one-process mode (`npm start`, `npm run demo`): every worker URL that is not set points at the
 * analysis worker this process runs. A URL that is set is kept, so one worker can be swapped for another.
 */
export function defaultWorkerUrls(environment: NodeJS.ProcessEnv): void {
  const port = environment.ANALYSIS_WORKER_PORT || '3100';
  const host = environment.ANALYSIS_WORKER_HOST;
  // A worker bound to every address is reached on loopback; one bound to a specific address, there.
  const target = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  for (const [name, path] of Object.entries(WORKER_URL_PATHS))
    if (!environment[name]) environment[name] = `http://${target}:${port}${path}`;
}

/** Applies pending migrations to the database at `url`; returns the names applied. */
export async function migrateDatabase(url: string): Promise<string[]> {
  const db = createDatabase(url, { poolSize: 1 });
  try {
    const result = await migrateToLatest(db);
    return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    await db.destroy();
  }
}

/** Applies pending migrations (unless MIGRATE_ON_START is false), then builds the API and listens on PORT. */
export async function migrateAndStartApi(settings: Settings): Promise<NestFastifyApplication> {
  if (settings.MIGRATE_ON_START) await migrateDatabase(settings.DATABASE_URL);
  const app = await createApp(settings);
  await listenApi(app, settings);
  return app;
}

/**
 * The API listens on HOST:PORT. A port taken or refused, or an address the machine does not have, is a setting to
 * change: it stops the process with one line naming the setting (the app is closed first), not a stack trace.
 */
export async function listenApi(app: NestFastifyApplication, settings: Pick<Settings, 'HOST' | 'PORT'>): Promise<void> {
  // The first comments a submission screens would otherwise stall every request for a few hundred milliseconds.
  warmUpScreen();
  try {
    await app.listen({ port: settings.PORT, host: settings.HOST });
  } catch (error) {
    const problem = listenProblem(error, {
      host: settings.HOST,
      port: settings.PORT,
      hostSetting: 'HOST',
      portSetting: 'PORT',
    });
    if (problem === undefined) throw error;
    await app.close().catch(() => undefined);
    throw problem;
  }
}

/** The job-worker composition (queues, stage jobs, scheduler), started; `close()` drains it. */
export async function startJobWorker(settings: WorkerSettings, logger?: Logger): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(WorkerModule.forRoot(settings), {
    abortOnError: false,
    logger: new PinoNestLogger(
      logger ?? createRootLogger(settings.LOG_LEVEL, { pretty: settings.LOG_FORMAT === 'pretty' }),
    ),
  });
  await context.init();
  return context;
}

/** The analysis worker inside this process, on ANALYSIS_WORKER_PORT, sharing the process's logger. */
export function startEmbeddedAnalysisWorker(environment: NodeJS.ProcessEnv, logger: Logger): Promise<FastifyInstance> {
  return startAnalysisWorker(environment, logger.child({ process: 'analysis-worker' }));
}

/** The API in a shutdown (httpServicePart): drained, then closed with its requests in flight finished. */
export function apiShutdownPart(app: NestFastifyApplication, graceMs: number): ShutdownPart {
  return httpServicePart(app.get(ProcessLifecycle), app.getHttpServer(), () => app.close(), graceMs);
}

/**
 * The job workers in a shutdown: readiness 503 at once; closing stops taking jobs, gives the running ones
 * SHUTDOWN_GRACE_MS and hands the rest back to the queue (QueueConnections), then closes the pools.
 */
export function jobWorkerShutdownPart(context: INestApplicationContext): ShutdownPart {
  return { drain: () => context.get(ProcessLifecycle).beginDrain(), close: () => context.close() };
}

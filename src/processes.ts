import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { startAnalysisWorker } from './analysis-worker/server.js';
import { createApp } from './app.js';
import { createDatabase, migrateToLatest } from './common/database/database.js';
import type { Settings } from './config/settings.js';

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
  for (const [name, path] of Object.entries(WORKER_URL_PATHS))
    if (!environment[name]) environment[name] = `http://127.0.0.1:${port}${path}`;
}

/** Applies pending migrations to the database at `url`. */
export async function migrateDatabase(url: string): Promise<void> {
  const db = createDatabase(url, 1);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Applies pending migrations, then builds the API and listens on PORT. */
export async function migrateAndStartApi(settings: Settings): Promise<NestFastifyApplication> {
  await migrateDatabase(settings.DATABASE_URL);
  const app = await createApp(settings);
  await app.listen({ port: settings.PORT, host: settings.HOST });
  return app;
}

/** The analysis worker inside this process, on ANALYSIS_WORKER_PORT, sharing the process's logger. */
export function startEmbeddedAnalysisWorker(environment: NodeJS.ProcessEnv, logger: Logger): Promise<FastifyInstance> {
  return startAnalysisWorker(environment, logger.child({ process: 'analysis-worker' }));
}

import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, expect } from 'vitest';
import { workerSettingsSchema } from '../../src/config/settings.js';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { startJobWorker } from '../../src/processes.js';
import { startWorker, type RunningWorker } from '../analysis-worker/worker-harness.js';
import { testRedisUrl } from './database-urls.js';
import { CORPUS_PLAN, seedPipelineFixture, type PipelineFixture } from './pipeline-fixtures.js';
import {
  ApiClient,
  createRedisPrefix,
  createTestDatabase,
  startTestApp,
  testSettings,
  type TestDatabase,
} from './test-context.js';

export interface PipelineStack {
  database: TestDatabase;
  client: ApiClient;
  api: Awaited<ReturnType<typeof startTestApp>>;
  analysisWorker: RunningWorker;
  jobWorker: INestApplicationContext;
  environment: Record<string, string>;
  /** Starts another job-worker process composition on the same database and Redis (or a Redis of its own). */
  startJobWorker(overrides?: Record<string, string>): Promise<INestApplicationContext>;
}

/** A stack whose job workers the test runs itself (e.g. `dist/src/worker.js` as an OS process, to kill it). */
export type PipelineStackWithoutJobWorker = Omit<PipelineStack, 'jobWorker'>;

export interface PipelineStackOptions {
  /** Whether the stack starts its in-process job worker (default true). */
  jobWorker?: boolean;
}

/**
 * The whole service as it runs in production, in this test file: the real analysis worker over HTTP, the API,
 * and a job-worker composition (BullMQ consumers and the reconciler), on a database and Redis prefix of the
 * file's own. `overrides` set the API's and job worker's settings (e.g. a worker URL of a fake server).
 * `options.jobWorker: false` leaves the job worker out, for a test that runs it as a process of its own.
 */
export async function startPipelineStack(
  overrides?: Record<string, string>,
  workerEnvironment?: Record<string, string>,
  options?: PipelineStackOptions & { jobWorker?: true },
): Promise<PipelineStack>;
export async function startPipelineStack(
  overrides: Record<string, string>,
  workerEnvironment: Record<string, string>,
  options: PipelineStackOptions & { jobWorker: false },
): Promise<PipelineStackWithoutJobWorker>;
export async function startPipelineStack(
  overrides: Record<string, string> = {},
  workerEnvironment: Record<string, string> = {},
  options: PipelineStackOptions = {},
): Promise<PipelineStack | PipelineStackWithoutJobWorker> {
  const database = await createTestDatabase();
  const prefix = createRedisPrefix();
  const analysisWorker = await startWorker({ environment: { WORKER_VERSION: '', ...workerEnvironment } });
  const environment: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: process.env.TEST_DATABASE_POOL_SIZE ?? '5',
    CACHE_URL: testRedisUrl(),
    CACHE_KEY_PREFIX: prefix,
    SENTIMENT_WORKER_URL: `${analysisWorker.url}/sentiment`,
    EMBEDDINGS_WORKER_URL: `${analysisWorker.url}/embeddings`,
    TOPIC_MODEL_WORKER_URL: `${analysisWorker.url}/topics`,
    RECONCILE_INTERVAL_MS: '1000',
    JOB_LOCK_DURATION_MS: '5000',
    ...overrides,
  };
  const api = await startTestApp(testSettings(database, prefix, environment));
  const workers: INestApplicationContext[] = [];
  const startOne = async (extra: Record<string, string> = {}) => {
    const worker = await startJobWorker(workerSettingsSchema.parse({ ...environment, ...extra }));
    workers.push(worker);
    return worker;
  };
  const jobWorker = options.jobWorker === false ? undefined : await startOne();
  afterAll(async () => {
    for (const worker of workers) await worker.close().catch(() => undefined);
    await api.close();
    await analysisWorker.close();
  });
  const stack = {
    database,
    client: new ApiClient(api.baseUrl),
    api,
    analysisWorker,
    environment,
    startJobWorker: startOne,
  };
  return jobWorker ? { ...stack, jobWorker } : stack;
}

/** Polls the status until the pipeline reaches one of `statuses` (or the time runs out). */
export async function waitForStatus(
  client: ApiClient,
  token: string,
  pipelineId: string,
  statuses: string[],
  timeoutMs = 60_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const response = await client.get(`/api/v1/analysis/pipelines/${pipelineId}/status`, token);
    last = response.body;
    if (statuses.includes(last?.status)) return last;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`pipeline ${pipelineId} did not reach ${statuses.join('/')}: ${JSON.stringify(last)}`);
}

/** Creates a pipeline of `scope` as the caller of `token`, confirms it and waits for COMPLETED; its id. */
export async function completedPipeline(
  client: ApiClient,
  token: string,
  scope: { semesterId: string; scopeType: string; scopeId: string },
): Promise<string> {
  const created = await client.post('/api/v1/analysis/pipelines', scope, token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const pipelineId = created.body.id as string;
  expect((await client.post(`/api/v1/analysis/pipelines/${pipelineId}/confirm`, undefined, token)).status).toBe(200);
  const done = await waitForStatus(client, token, pipelineId, ['COMPLETED', 'FAILED', 'CANCELLED']);
  expect(done.errorMessage).toBeNull();
  expect(done.status).toBe('COMPLETED');
  return pipelineId;
}

/**
 * The corpus fixture (CORPUS_PLAN) seeded into the stack, and a FACULTY pipeline of fac.one at MAIN, created and
 * confirmed by dean.main, run to COMPLETED.
 */
export async function completedFacultyPipeline(
  stack: Pick<PipelineStack, 'api' | 'client' | 'database'>,
): Promise<{ f: PipelineFixture; pipelineId: string }> {
  const f = await seedPipelineFixture(
    { client: stack.client, database: stack.database, app: stack.api.app },
    CORPUS_PLAN,
  );
  const pipelineId = await completedPipeline(stack.client, f.token['dean.main'] as string, {
    semesterId: f.semester.MAIN as string,
    scopeType: 'FACULTY',
    scopeId: f.user['fac.one'] ?? '',
  });
  return { f, pipelineId };
}

/**
 * Seeds the demo into the stack's API, and returns every user's id by username and the demo semester the
 * dashboard opens on (S12526 of the MAIN campus).
 */
export async function seedDemoStack(stack: Pick<PipelineStack, 'api' | 'database'>) {
  await seedDemo(stack.api.app);
  const { db } = stack.database;
  const people = new Map(
    (await db.selectFrom('users').select(['id', 'username']).execute()).map((user) => [user.username, user.id]),
  );
  const semester = await db
    .selectFrom('semesters as s')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select('s.id')
    .where('s.code', '=', 'S12526')
    .where('c.code', '=', 'MAIN')
    .executeTakeFirstOrThrow();
  return { people, semester };
}

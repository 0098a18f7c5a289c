import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import type { JobRunner } from '../../src/analysis-worker/job-runner.js';
import { createAnalysisWorker } from '../../src/analysis-worker/server.js';
import { analysisWorkerSettingsSchema } from '../../src/analysis-worker/settings.js';
import { parseSettings } from '../../src/config/parse-settings.js';
import type { LanguageModelProvider } from '../../src/llm/index.js';

export const TEST_WORKER_VERSION = 'test-worker-1.0';

export interface RunningWorker {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * A worker listening on a free port of 127.0.0.1, as a client reaches it over HTTP. Settings are read as the
 * process reads them (an empty value counts as unset: `WORKER_VERSION: ''` leaves it unset, so answers carry
 * the engine's version).
 */
export async function startWorker(
  options: {
    environment?: Record<string, string>;
    provider?: LanguageModelProvider;
    logger?: Logger;
    jobs?: JobRunner;
    requestTimeoutMs?: number;
  } = {},
): Promise<RunningWorker> {
  const settings = parseSettings(analysisWorkerSettingsSchema, {
    WORKER_VERSION: TEST_WORKER_VERSION,
    LOG_LEVEL: 'silent',
    ...options.environment,
  });
  const app = await createAnalysisWorker({
    settings,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export interface WorkerResponse {
  status: number;
  body: any;
  headers: Headers;
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<WorkerResponse> {
  return postRaw(url, JSON.stringify(body), headers);
}

export async function postRaw(
  url: string,
  payload: string,
  headers: Record<string, string> = {},
): Promise<WorkerResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: payload,
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

export async function getJson(url: string): Promise<WorkerResponse> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

export function sentimentRequest(items: Array<{ submissionId: string; text: string }>): any {
  return {
    input: {
      jobId: randomUUID(),
      version: '1.0',
      type: 'sentiment',
      items,
      metadata: { pipelineId: randomUUID(), runId: randomUUID() },
      publishedAt: new Date().toISOString(),
    },
  };
}

export function embeddingRequest(items: Array<{ submissionId: string; text: string }>): any {
  return { input: { jobId: randomUUID(), version: '1.0', type: 'embedding', items } };
}

export const SAMPLE_COMMENTS = [
  { submissionId: 's1', text: 'The lectures were very clear and the examples helped a lot.' },
  { submissionId: 's2', text: 'Sana po mas mabagal mag discuss si sir, medyo mabilis po kasi.' },
  { submissionId: 's3', text: 'Dili ko kasabot sa iyang pagtudlo, kapoy kaayo ang klase.' },
];

/** Thirty short comments about six teaching aspects in English, Tagalog and Cebuano: enough for a topic model. */
export const TOPIC_COMMENTS = [
  'The teacher explains the lessons clearly',
  'Very clear explanation of every topic',
  'Malinaw po magturo si sir',
  'Klaro kaayo siya mutudlo',
  'Hindi ko maintindihan ang lecture',
  'His explanations are confusing',
  'Too many assignments every week',
  'Sobrang dami ng requirements',
  'Daghan kaayo og buluhaton',
  'The workload is too heavy for us',
  'Heavy workload and many projects',
  'Ang daming projects at assignments',
  'Always late to class',
  'Palaging late si maam sa klase',
  'Ulahi kanunay mosulod',
  'Comes late and ends early',
  'She is kind and approachable',
  'Mabait po at madaling lapitan',
  'Buotan kaayo si sir',
  'Very approachable during consultation',
  'Grades are fair and transparent',
  'Patas po magbigay ng grade',
  'Fair grading with clear rubrics',
  'The exams were graded fairly',
  'Boring lectures, nakakaantok',
  'Engaging activities every meeting',
  'Masaya ang klase dahil sa activities',
  'Lingaw kaayo ang klase',
  'Fun and interactive discussions',
  'Class activities keep us engaged',
];

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { createAnalysisWorker } from '../../src/analysis-worker/server.js';
import { analysisWorkerSettingsSchema } from '../../src/analysis-worker/settings.js';
import type { LanguageModelProvider } from '../../src/engine/llm/index.js';

export const TEST_WORKER_VERSION = 'test-worker-1.0';

export interface RunningWorker {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** A worker listening on a free port of 127.0.0.1, as a client reaches it over HTTP. */
export async function startWorker(
  options: { environment?: Record<string, string>; provider?: LanguageModelProvider; logger?: Logger } = {},
): Promise<RunningWorker> {
  const settings = analysisWorkerSettingsSchema.parse({
    WORKER_VERSION: TEST_WORKER_VERSION,
    LOG_LEVEL: 'silent',
    ...options.environment,
  });
  const app = await createAnalysisWorker({
    settings,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.provider ? { provider: options.provider } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export interface WorkerResponse {
  status: number;
  body: any;
}

export async function postJson(url: string, body: unknown): Promise<WorkerResponse> {
  return postRaw(url, JSON.stringify(body));
}

export async function postRaw(url: string, payload: string): Promise<WorkerResponse> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
  return { status: response.status, body: await response.json() };
}

export async function getJson(url: string): Promise<WorkerResponse> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
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

export const SAMPLE_COMMENTS = [
  { submissionId: 's1', text: 'The lectures were very clear and the examples helped a lot.' },
  { submissionId: 's2', text: 'Sana po mas mabagal mag discuss si sir, medyo mabilis po kasi.' },
  { submissionId: 's3', text: 'Dili ko kasabot sa iyang pagtudlo, kapoy kaayo ang klase.' },
];

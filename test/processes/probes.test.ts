import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../support/database-urls.js';
import { startEntryPoint, type RunningEntryPoint } from '../support/processes.js';
import { freePort } from '../support/redis-server.js';
import { createRedisPrefix, createTestDatabase } from '../support/test-context.js';

/*
 * Issue 20: what an orchestrator probes on the processes that have no API. The job worker serves GET /health and
 * GET /health/ready on HEALTH_PORT; the analysis worker answers GET /health/ready next to its /health, and on
 * SIGTERM turns it to 503 for SHUTDOWN_DRAIN_MS while it still serves, then exits.
 */
const database = await createTestDatabase();
const running: RunningEntryPoint[] = [];
afterAll(async () => {
  await Promise.all(running.map((process) => process.kill('SIGKILL')));
});

async function getJson(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
}

describe('the job worker on HEALTH_PORT', () => {
  it('answers liveness and readiness without a credential, 404 elsewhere, and stops on SIGTERM', async () => {
    const port = await freePort();
    const worker = startEntryPoint('worker', {
      DATABASE_URL: database.url,
      CACHE_URL: testRedisUrl(),
      CACHE_KEY_PREFIX: createRedisPrefix(),
      HEALTH_PORT: String(port),
      LOG_LEVEL: 'info',
    });
    running.push(worker);
    await worker.waitForOutput('job worker started');
    expect(worker.output()).toContain('health served at /health and /health/ready');

    expect(await getJson(`http://127.0.0.1:${port}/health`)).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', cache: 'ok' } },
    });
    expect(await getJson(`http://127.0.0.1:${port}/health/ready`)).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', cache: 'ok', migrations: 'ok', process: 'running' } },
    });
    expect(await getJson(`http://127.0.0.1:${port}/metrics`)).toMatchObject({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'route not found' },
    });
    expect(await worker.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});

describe('the analysis worker run alone', () => {
  it('is ready until SIGTERM, then answers 503 on /health/ready while it drains, still serving, and exits', async () => {
    const port = await freePort();
    const worker = startEntryPoint('analysis-worker/main', {
      ANALYSIS_WORKER_PORT: String(port),
      ANALYSIS_WORKER_THREADS: '0',
      SHUTDOWN_DRAIN_MS: '1500',
      LOG_LEVEL: 'info',
    });
    running.push(worker);
    await worker.waitForOutput('analysis worker listening');
    const base = `http://127.0.0.1:${port}`;
    expect(await getJson(`${base}/health/ready`)).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { process: 'running' } },
    });

    const exited = worker.kill('SIGTERM');
    await worker.waitForOutput('shutting down');
    const draining = await getJson(`${base}/health/ready`);
    // The error body of conventions §2 beside status and checks, as the API's probes answer it.
    expect(draining).toMatchObject({
      status: 503,
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'not ready: process draining',
        details: [{ path: 'checks.process', message: 'draining' }],
        status: 'error',
        checks: { process: 'draining' },
      },
    });
    expect(draining.headers.get('connection')).toBe('close');
    // Liveness and the contracts are still served during the drain.
    expect((await getJson(`${base}/sentiment/health`)).status).toBe(200);
    expect(await exited).toEqual({ code: 0, signal: null });
  });
});

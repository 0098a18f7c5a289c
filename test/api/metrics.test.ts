import { pino } from 'pino';
import { demoDepartment } from '../support/pipeline-faults.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithLogger } from '../../src/common/logging/logger.js';
import { observeWorkerCall } from '../../src/common/metrics/metrics.js';
import { WorkerCallError, WorkerClient } from '../../src/common/worker-client/index.js';
import { workerSettingsSchema } from '../../src/config/settings.js';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { WorkerMetricsServer } from '../../src/modules/metrics/worker-metrics-server.js';
import { startJobWorker } from '../../src/processes.js';
import { freePort } from '../support/redis-server.js';
import { startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';
import { ApiClient, startTestApp, SUPER_ADMIN, testSettings } from '../support/test-context.js';

/*
 * The API and the job worker of this file run in one process, as under `npm start`: they share the process's
 * registry, so the API's GET /api/v1/metrics shows the worker's stage and worker-call metrics too.
 */
const TOKEN = 'metrics-token-for-the-tests-0123';
const stack = await startPipelineStack({ METRICS_TOKEN: TOKEN });
const { client, database, api } = stack;

// The stack's job worker is replaced by one started with a log capture (getLogger follows the async context
// the worker's consumers were created in) and with /metrics on a port of its own.
const logLines: Array<Record<string, any>> = [];
const capture = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
await stack.jobWorker.close();
const metricsPort = await freePort();
const jobWorker = await runWithLogger(capture, () =>
  stack.startJobWorker({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN }),
);

const { METRICS_TOKEN: _token, ...environmentWithoutToken } = stack.environment;
const withoutToken = await startTestApp(
  testSettings(database, environmentWithoutToken.CACHE_KEY_PREFIX as string, environmentWithoutToken),
);
afterAll(() => withoutToken.close());

let pipelineId = '';

function metrics(token?: string) {
  return client.request<string>('GET', '/api/v1/metrics', token === undefined ? {} : { token });
}

/** The value of one series of the text exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const present = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (present) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

beforeAll(async () => {
  await seedDemo(api.app);
  const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const department = await demoDepartment(database.db);
  const created = await client.post(
    '/api/v1/analysis/pipelines',
    { semesterId: department.semesterId, scopeType: 'DEPARTMENT', scopeId: department.departmentId },
    admin,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  pipelineId = created.body.id;
  expect((await client.post(`/api/v1/analysis/pipelines/${pipelineId}/confirm`, undefined, admin)).status).toBe(200);
  const done = await waitForStatus(client, admin, pipelineId, ['COMPLETED', 'FAILED']);
  expect(done.status, done.errorMessage).toBe('COMPLETED');
}, 120_000);

describe('GET /api/v1/metrics', () => {
  it('is 404 as an unknown route while METRICS_TOKEN is unset', async () => {
    const other = new ApiClient(withoutToken.baseUrl);
    const response = await other.request('GET', '/api/v1/metrics', { token: TOKEN });
    expect(response.status).toBe(404);
    const unknown = await other.get('/api/v1/no-such-route');
    expect(response.body).toEqual(unknown.body);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'route not found', details: [] });
  });

  it('is 401 with the error body without the right bearer token', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await client.request('GET', '/api/v1/metrics', { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'a valid metrics token is required',
        details: [],
      });
    }
    // A user's access token is not the metrics token.
    const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    expect((await metrics(admin)).status).toBe(401);
  });

  it('answers the Prometheus text format with the right token: request latency by route pattern', async () => {
    const status = await client.get(`/api/v1/analysis/pipelines/${pipelineId}/status`);
    expect(status.status).toBe(401);
    const response = await metrics(TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('# TYPE feedback_analysis_http_request_duration_seconds histogram');
    expect(
      sample(text, 'feedback_analysis_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/analysis/pipelines/:id/status',
        status_code: '401',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'feedback_analysis_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v1/analysis/pipelines',
        status_code: '201',
      }),
    ).toBe(1);
    // An unknown path is one series, whatever the path.
    expect(text).not.toContain('no-such-route');
    // The process's default metrics.
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('after a pipeline has run: stage durations, worker calls, pipelines by status and queue depth', async () => {
    const text = (await metrics(TOKEN)).body;
    for (const stage of [
      'sentiment',
      'sentimentGate',
      'embeddings',
      'topicModeling',
      'topicLabeling',
      'recommendations',
    ])
      expect(
        sample(text, 'feedback_analysis_pipeline_stage_duration_seconds_count', { stage, outcome: 'completed' }),
        stage,
      ).toBe(1);
    expect(text).toContain('# TYPE feedback_analysis_pipeline_stage_failures_total counter');
    for (const worker of ['sentiment', 'embeddings', 'topics'])
      expect(
        sample(text, 'feedback_analysis_worker_call_duration_seconds_count', { worker, outcome: 'ok' }),
        worker,
      ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'feedback_analysis_analysis_pipelines', { status: 'COMPLETED' })).toBe(1);
    expect(sample(text, 'feedback_analysis_analysis_pipelines', { status: 'FAILED' })).toBe(0);
    // Every stage job of the run is in the pipeline queue's completed set (kept for a day).
    expect(
      sample(text, 'feedback_analysis_queue_jobs', { queue: 'analysis-pipeline', state: 'completed' }),
    ).toBeGreaterThanOrEqual(6);
    expect(sample(text, 'feedback_analysis_queue_jobs', { queue: 'analysis-pipeline', state: 'waiting' })).toBe(0);
    expect(sample(text, 'feedback_analysis_queue_jobs', { queue: 'lms-sync', state: 'active' })).toBe(0);
  });

  it('counts worker call failures by worker and kind', async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}/sentiment`;
    const failing = new WorkerClient({ onCall: observeWorkerCall, timeoutMs: 2_000 });
    const call = failing.sentiment(unreachable, {
      jobId: '6f1c2a4e-2f0b-4c1e-9d4a-0b1c2d3e4f50',
      version: '1.0',
      type: 'sentiment',
      items: [{ submissionId: 'a', text: 'a comment' }],
      metadata: { pipelineId: 'p', runId: 'r' },
      publishedAt: new Date().toISOString(),
    });
    await expect(call).rejects.toBeInstanceOf(WorkerCallError);
    const text = (await metrics(TOKEN)).body;
    expect(
      sample(text, 'feedback_analysis_worker_call_failures_total', { worker: 'sentiment', kind: 'unreachable' }),
    ).toBe(1);
    expect(
      sample(text, 'feedback_analysis_worker_call_duration_seconds_count', {
        worker: 'sentiment',
        outcome: 'unreachable',
      }),
    ).toBe(1);
  });
});

describe('the job worker /metrics on METRICS_PORT', () => {
  const url = `http://127.0.0.1:${metricsPort}/metrics`;

  it('listens on METRICS_PORT and serves the same registry under the same token rule', async () => {
    expect(jobWorker.get(WorkerMetricsServer).port).toBe(metricsPort);
    const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await ok.text();
    expect(text).toContain('feedback_analysis_pipeline_stage_duration_seconds_bucket');
    expect(text).toContain('feedback_analysis_queue_jobs{queue="analysis-pipeline"');
    expect(text).toContain('feedback_analysis_analysis_pipelines{status="COMPLETED"} 1');

    const wrong = await fetch(url, { headers: { authorization: 'Bearer not-the-metrics-token-at-all' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'a valid metrics token is required',
      details: [],
    });
    const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/api/v1/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('answers 404 on /metrics while METRICS_TOKEN is unset, and does not listen without METRICS_PORT', async () => {
    const port = await freePort();
    const untokened = await startJobWorker(
      workerSettingsSchema.parse({ ...environmentWithoutToken, METRICS_PORT: String(port) }),
    );
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'route not found',
      details: [],
    });
    await untokened.close();
    expect(stack.jobWorker.get(WorkerMetricsServer).port).toBeUndefined();
  });
});

describe('stage log lines', () => {
  it('every stage logs its start and its end with pipelineId, stage, attempt, durationMs, commitMs and outcome', () => {
    const mine = logLines.filter((line) => line.pipelineId === pipelineId);
    const started = mine.filter((line) => line.msg === 'stage started');
    const finished = mine.filter((line) => line.msg === 'stage finished');
    expect(started.map((line) => line.stage)).toEqual([
      'sentiment',
      'sentimentGate',
      'embeddings',
      'topicModeling',
      'topicLabeling',
      'recommendations',
    ]);
    expect(finished.map((line) => line.stage)).toEqual(started.map((line) => line.stage));
    for (const line of started) expect(line).toMatchObject({ pipelineId, attempt: 1 });
    for (const line of finished) {
      expect(line).toMatchObject({ pipelineId, attempt: 1, outcome: 'completed' });
      expect(typeof line.durationMs).toBe('number');
      // The guarded commit is part of the stage's time.
      expect(line.commitMs).toEqual(expect.any(Number));
      expect(line.commitMs as number).toBeLessThanOrEqual(line.durationMs as number);
    }
  });
});

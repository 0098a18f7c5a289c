import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/*
 * One registry per process, never prom-client's global default one: the metrics are registered once, when this
 * module loads, and every composition of the process (the API, the job workers, both under `npm start`) records
 * into the same instruments. GET /api/v1/metrics and the job worker's /metrics both serve this registry, so in
 * the one-process mode either answer covers the whole process. Values that live elsewhere (pipelines in
 * PostgreSQL, jobs in Redis) are read at scrape time by collectors that a composition registers (see
 * setScrapeCollector).
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

const PREFIX = 'feedback_analysis_';

/** Seconds; stage jobs and worker calls run from milliseconds (the gate) to minutes (a model-backed batch). */
const LONG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

const httpRequestDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'API request latency, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [registry],
});

const stageDuration = new Histogram({
  name: `${PREFIX}pipeline_stage_duration_seconds`,
  help: 'Duration of pipeline stage jobs, by stage and outcome (completed, dropped, retry, failed)',
  labelNames: ['stage', 'outcome'] as const,
  buckets: LONG_BUCKETS,
  registers: [registry],
});

const stageFailures = new Counter({
  name: `${PREFIX}pipeline_stage_failures_total`,
  help: 'Pipeline stage jobs that threw, by stage; final="true" when the failure ended the pipeline',
  labelNames: ['stage', 'final'] as const,
  registers: [registry],
});

const workerCallDuration = new Histogram({
  name: `${PREFIX}worker_call_duration_seconds`,
  help: 'Analysis worker calls (POST /runsync), by worker and outcome (ok or the failure kind)',
  labelNames: ['worker', 'outcome'] as const,
  buckets: LONG_BUCKETS,
  registers: [registry],
});

const workerCallFailures = new Counter({
  name: `${PREFIX}worker_call_failures_total`,
  help: 'Analysis worker calls that gave no usable result, by worker and failure kind',
  labelNames: ['worker', 'kind'] as const,
  registers: [registry],
});

/** What a scrape-time collector answers: one value per label set. */
export type ScrapedValues = Array<{ labels: Record<string, string>; value: number }>;
type ScrapeCollector = () => Promise<ScrapedValues>;
type CollectorName = 'queueJobs' | 'pipelines';

/**
 * The collectors registered under each name, newest last. Under `npm start` the API and the job workers both
 * register theirs; they read the same PostgreSQL and Redis, so the newest answers for the process.
 */
const collectors: Record<CollectorName, ScrapeCollector[]> = { queueJobs: [], pipelines: [] };

function scrapedGauge(name: string, help: string, labelNames: readonly string[], collector: CollectorName): Gauge {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      const collect = collectors[collector].at(-1);
      if (!collect) return;
      for (const { labels, value } of await collect()) this.set(labels, value);
    },
  });
}

scrapedGauge(
  `${PREFIX}queue_jobs`,
  'Jobs in each queue by state, read from BullMQ at scrape time',
  ['queue', 'state'],
  'queueJobs',
);
scrapedGauge(
  `${PREFIX}analysis_pipelines`,
  'Analysis pipelines by status, counted in PostgreSQL at scrape time',
  ['status'],
  'pipelines',
);

/** Registers a scrape-time collector; returns its removal (for the composition's shutdown). */
export function setScrapeCollector(name: CollectorName, collect: ScrapeCollector): () => void {
  collectors[name].push(collect);
  return () => {
    const index = collectors[name].lastIndexOf(collect);
    if (index >= 0) collectors[name].splice(index, 1);
  };
}

export function observeHttpRequest(method: string, route: string, statusCode: number, seconds: number): void {
  httpRequestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
}

/**
 * How a stage job ended: `completed` (the next stage or completion was recorded), `dropped` (the pipeline moved on
 * meanwhile; the result was dropped), `retry` (it threw and the queue tries again), `failed` (it threw and the
 * pipeline failed).
 */
export type StageOutcome = 'completed' | 'dropped' | 'retry' | 'failed';

export function observeStageJob(stage: string, outcome: StageOutcome, durationMs: number): void {
  stageDuration.observe({ stage, outcome }, durationMs / 1000);
  if (outcome === 'retry' || outcome === 'failed') stageFailures.inc({ stage, final: String(outcome === 'failed') });
}

/** `outcome`: 'ok', or the WorkerCallError kind ('failed', 'timeout', ...), or 'aborted'. */
export function observeWorkerCall(call: { worker: string; outcome: string; durationMs: number }): void {
  workerCallDuration.observe({ worker: call.worker, outcome: call.outcome }, call.durationMs / 1000);
  if (call.outcome !== 'ok') workerCallFailures.inc({ worker: call.worker, kind: call.outcome });
}

/** The Prometheus text exposition of this process's registry. */
export function metricsText(): Promise<string> {
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;

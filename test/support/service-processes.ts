import { setTimeout as delay } from 'node:timers/promises';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll } from 'vitest';
import { createRootLogger } from '../../src/common/logging/logger.js';
import { workerSettingsSchema } from '../../src/config/settings.js';
import { DomainModule } from '../../src/domain.module.js';
import { startWorker } from '../analysis-worker/worker-harness.js';
import { testRedisUrl } from './database-urls.js';
import { startFakeAnalysisWorker, type FakeAnalysisWorker } from './fake-analysis-worker.js';
import { startEntryPoint, type RunningEntryPoint } from './processes.js';
import { freePort } from './redis-server.js';
import { ApiClient, createRedisPrefix, createTestDatabase, SUPER_ADMIN, type ApiResponse } from './test-context.js';
import type { TestDatabase } from './test-context.js';

export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-keys';

/** One API, job-worker or analysis-worker process of a deployment, run from dist/ as `npm run start:*` runs it. */
export interface ServiceProcess extends RunningEntryPoint {
  readonly name: string;
  readonly role: 'api' | 'worker' | 'analysis-worker';
  /** The API's base URL, the job worker's HEALTH_PORT base URL, or the analysis worker's base URL. */
  readonly url: string;
  /** Its readiness endpoint. */
  readonly readyUrl: string;
}

export interface ServiceDeployment {
  database: TestDatabase;
  /** What every process of the deployment shares (database, Redis prefix, analysis worker URLs). */
  environment: Record<string, string>;
  /** In front of the real analysis worker (in this test process): counts, holds or delays its calls. */
  analysisWorker: FakeAnalysisWorker;
  /** Every process started so far, stopped ones included, in start order. */
  processes: ServiceProcess[];
  /** A composition of the domain core in this test process, to seed data with the services. */
  domain: INestApplicationContext;
  startApi(name: string, overrides?: Record<string, string>): Promise<ServiceProcess>;
  startJobWorker(name: string, overrides?: Record<string, string>): Promise<ServiceProcess>;
  /**
   * An analysis worker process (`npm run start:analysis-worker`) on `port` of 127.0.0.1, outside the fake: give
   * {@link analysisWorkerUrls} of its URL to the processes that should call it.
   */
  startAnalysisWorker(name: string, port: number, overrides?: Record<string, string>): Promise<ServiceProcess>;
}

/** The worker URL settings of an analysis worker at `url` (conventions §8). */
export function analysisWorkerUrls(url: string): Record<string, string> {
  return {
    SENTIMENT_WORKER_URL: `${url}/sentiment`,
    EMBEDDINGS_WORKER_URL: `${url}/embeddings`,
    TOPIC_MODEL_WORKER_URL: `${url}/topics`,
  };
}

/**
 * A deployment as issue 20 describes it, on a database and Redis prefix of the test file's own: API and job-worker
 * processes (dist/src/main.js, dist/src/worker.js: the global setup builds dist/), started and stopped by the
 * test, and the analysis worker (in this process, behind the fake so a test can hold a stage's call). `settings`
 * go to every process. Everything still running is killed after the file.
 */
export async function startServiceDeployment(settings: Record<string, string> = {}): Promise<ServiceDeployment> {
  const database = await createTestDatabase();
  const prefix = createRedisPrefix();
  const worker = await startWorker({ environment: { WORKER_VERSION: '' } });
  const fake = await startFakeAnalysisWorker(worker.url);
  const environment: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    CACHE_URL: testRedisUrl(),
    CACHE_KEY_PREFIX: prefix,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    ...fake.environment(),
    ...settings,
  };
  // This process's log (the seeding services') stays quiet like the in-process stacks'; the processes log at info.
  createRootLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const domain = await NestFactory.createApplicationContext(
    DomainModule.forRoot(workerSettingsSchema.parse(environment)),
    { logger: false },
  );
  const processes: ServiceProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((running) => running.kill('SIGKILL')));
    await domain.close();
    await fake.close();
    await worker.close();
  });

  const start = async (
    name: string,
    role: ServiceProcess['role'],
    extra: Record<string, string>,
    fixedPort?: number,
  ): Promise<ServiceProcess> => {
    const port = fixedPort ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const running =
      role === 'analysis-worker'
        ? startEntryPoint('analysis-worker/main', {
            NODE_ENV: 'test',
            LOG_LEVEL: 'info',
            LOG_FORMAT: 'json',
            ANALYSIS_WORKER_HOST: '127.0.0.1',
            ANALYSIS_WORKER_PORT: String(port),
            ...extra,
          })
        : role === 'api'
          ? startEntryPoint('main', {
              ...environment,
              PORT: String(port),
              HOST: '127.0.0.1',
              JWT_SECRET,
              SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
              SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
              // The database is a clone of the run's migrated template; a deployment migrates once, not per API.
              MIGRATE_ON_START: 'false',
              ...extra,
            })
          : startEntryPoint('worker', { ...environment, HEALTH_PORT: String(port), ...extra });
    const readyUrl = role === 'api' ? `${url}/api/v1/health/ready` : `${url}/health/ready`;
    const service: ServiceProcess = Object.assign(running, { name, role, url, readyUrl });
    processes.push(service);
    await waitUntilReady(service);
    return service;
  };

  return {
    database,
    environment,
    analysisWorker: fake,
    processes,
    domain,
    startApi: (name, overrides = {}) => start(name, 'api', overrides),
    startJobWorker: (name, overrides = {}) => start(name, 'worker', overrides),
    startAnalysisWorker: (name, port, overrides = {}) => start(name, 'analysis-worker', overrides, port),
  };
}

/** Resolves once the process answers its readiness endpoint with 200. */
export async function waitUntilReady(service: ServiceProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service.child.exitCode !== null || service.child.signalCode !== null)
      throw new Error(`${service.name} exited before it was ready:\n${service.output()}`);
    try {
      if ((await fetch(service.readyUrl, { signal: AbortSignal.timeout(1_000) })).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${service.name} was not ready in time:\n${service.output()}`);
    await delay(100);
  }
}

/** The JSON log lines of a process's output. */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** What the balancer saw of one request it sent. */
export interface BalancedRequest {
  method: string;
  path: string;
  backend: string;
  status?: number;
  /** The network error of a request an API had accepted (anything but a refused connection). */
  error?: string;
}

/**
 * A load balancer as the test's client: each request goes to the next API whose readiness answered 200 at its
 * last check (every 100 ms, as a proxy's active health check), and a refused connection (the request never
 * reached an API) is tried on another, as HAProxy's `retry-on conn-failure` does. Anything else that goes wrong
 * after the connection was made is recorded as a failure of an accepted request.
 */
export class BalancingClient extends ApiClient {
  private readonly backends = new Map<string, { readyUrl: string; ready: boolean }>();
  private next = 0;
  private readonly timer: NodeJS.Timeout;
  readonly log: BalancedRequest[] = [];

  constructor() {
    super('balanced');
    this.timer = setInterval(() => void this.check(), 100);
  }

  add(service: ServiceProcess): void {
    this.backends.set(service.url, { readyUrl: service.readyUrl, ready: true });
  }

  remove(service: ServiceProcess): void {
    this.backends.delete(service.url);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Requests that reached an API and then failed: a 5xx, or a connection broken before the answer. */
  failures(): BalancedRequest[] {
    return this.log.filter((entry) => entry.error !== undefined || (entry.status ?? 0) >= 500);
  }

  private async check(): Promise<void> {
    await Promise.all(
      [...this.backends.values()].map(async (backend) => {
        try {
          const response = await fetch(backend.readyUrl, { signal: AbortSignal.timeout(500) });
          await response.arrayBuffer();
          backend.ready = response.status === 200;
        } catch {
          backend.ready = false;
        }
      }),
    );
  }

  override async request<T = any>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const ready = [...this.backends.entries()].filter(([, backend]) => backend.ready).map(([url]) => url);
      const backend = ready[this.next++ % Math.max(1, ready.length)];
      if (backend === undefined) {
        await delay(100);
        continue;
      }
      try {
        const response = await new ApiClient(backend).request<T>(method, path, options);
        this.log.push({ method, path, backend, status: response.status });
        return response;
      } catch (error) {
        const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
        if (code === 'ECONNREFUSED') {
          const known = this.backends.get(backend);
          if (known) known.ready = false;
          continue;
        }
        this.log.push({ method, path, backend, error: `${code ?? ''} ${(error as Error).message}` });
        throw error;
      }
    }
    throw new Error(`no API took ${method} ${path}`);
  }
}

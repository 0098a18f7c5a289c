import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE } from '../../src/common/core/tokens.js';
import { runInTransaction, type DatabaseClient } from '../../src/common/database/database.js';
import { ProcessLifecycle } from '../../src/common/process/lifecycle.js';
import { migrations } from '../../src/db/migrations/index.js';
import { OwnRedis } from '../support/redis-server.js';
import { ApiClient, createTestDatabase, startTestApp, SUPER_ADMIN, testSettings } from '../support/test-context.js';

const redis = await OwnRedis.start();
afterAll(() => redis.stop());
const database = await createTestDatabase();
const app = await startTestApp(testSettings(database, 'health-test:', { CACHE_URL: redis.url }));
afterAll(() => app.close());
const client = new ApiClient(app.baseUrl);

describe('health', () => {
  it('is ok with both dependencies up, without a credential', async () => {
    const response = await client.get('/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: 'ok', cache: 'ok' } });
  });

  it('answers 503 naming the cache within about a second of Redis going down, and recovers when it is back', async () => {
    await redis.stop();
    const down = await until(client, '/api/v1/health', 503, 3_000);
    // The body of conventions §2's health check, with the error fields every 5xx carries.
    expect(down.body).toEqual({
      status: 'error',
      checks: { database: 'ok', cache: 'error' },
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'a dependency is down: cache error',
      details: [{ path: 'checks.cache', message: 'error' }],
    });
    const notReady = await client.get('/api/v1/health/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ status: 'error', checks: { cache: 'error' } });

    await redis.restart();
    await until(client, '/api/v1/health', 200, 8_000);
    await until(client, '/api/v1/health/ready', 200, 3_000);
  });
});

/** Polls `path` until it answers `status` (the probe behind it refreshes every second). */
async function until(on: ApiClient, path: string, status: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await on.get(path);
    if (response.status === status) return response;
    if (Date.now() > deadline) throw new Error(`${path} answered ${response.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('readiness', () => {
  it('is 200 with the database, Redis and every migration there, without a credential', async () => {
    const response = await client.get('/api/v1/health/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      checks: { database: 'ok', cache: 'ok', migrations: 'ok', process: 'running' },
    });
  });

  it('is 503 while a migration of this code is not applied, and turns ready once it is', async () => {
    const behind = await createTestDatabase();
    const [last] = Object.keys(migrations).slice(-1);
    const { rows } = await sql<{ name: string; timestamp: string }>`
      DELETE FROM kysely_migration WHERE name = ${last} RETURNING name, timestamp`.execute(behind.db);
    expect(rows).toHaveLength(1);
    const app = await startTestApp(testSettings(behind, 'health-behind:', { CACHE_URL: redis.url }));
    try {
      const behindClient = new ApiClient(app.baseUrl);
      const pending = await behindClient.get('/api/v1/health/ready');
      expect(pending.status).toBe(503);
      expect(pending.body).toEqual({
        status: 'error',
        checks: { database: 'ok', cache: 'ok', migrations: 'pending', process: 'running' },
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'not ready: migrations pending',
        details: [{ path: 'checks.migrations', message: 'pending' }],
      });
      // Liveness is not about the schema.
      expect((await behindClient.get('/api/v1/health')).status).toBe(200);

      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${rows[0]?.name}, ${rows[0]?.timestamp})`.execute(
        behind.db,
      );
      await until(behindClient, '/api/v1/health/ready', 200, 3_000);
    } finally {
      await app.close();
    }
  });

  it('is 503 from the moment the instance drains, which still serves and closes each connection after it', async () => {
    const draining = await startTestApp(testSettings(database, 'health-drain:', { CACHE_URL: redis.url }));
    try {
      const drainingClient = new ApiClient(draining.baseUrl);
      expect((await drainingClient.get('/api/v1/health/ready')).headers.get('connection')).not.toBe('close');
      draining.app.get(ProcessLifecycle).beginDrain();
      const ready = await drainingClient.get('/api/v1/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'error', checks: { process: 'draining' } });
      expect(ready.headers.get('connection')).toBe('close');
      const health = await drainingClient.get('/api/v1/health');
      expect(health.status).toBe(200);
      expect(health.headers.get('connection')).toBe('close');
    } finally {
      await draining.close();
    }
  });
});

describe('liveness while the request pool is exhausted', () => {
  it('answers at once: its probe has a connection of its own', async () => {
    const busy = await startTestApp(
      testSettings(database, 'health-busy:', {
        CACHE_URL: redis.url,
        DATABASE_POOL_SIZE: '1',
        DATABASE_CONNECTION_TIMEOUT_MS: '5000',
      }),
    );
    let release = () => undefined as void;
    const holding = runInTransaction(
      busy.app.get<DatabaseClient>(DATABASE),
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const busyClient = new ApiClient(busy.baseUrl);
      // Before: `select 1` through the pool waited behind the held connection, then answered 503 after 2 s.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const started = performance.now();
        const response = await busyClient.get('/api/v1/health');
        expect(performance.now() - started).toBeLessThan(250);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ status: 'ok', checks: { database: 'ok', cache: 'ok' } });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    } finally {
      release();
      await holding;
      await busy.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every route with the request schemas that validate it', async () => {
    const response = await client.get('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(document.openapi).toMatch(/^3\./);
    const login = document.paths['/api/v1/auth/login']?.post;
    expect(login?.requestBody?.content?.['application/json']?.schema?.required).toEqual(['username', 'password']);
    expect(document.paths['/api/v1/admin/institution/import']?.post).toBeDefined();
    const me = document.paths['/api/v1/enrollments/me']?.get;
    expect(me.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'page']);
    expect(me.description).toContain('Roles: SUPER_ADMIN');
    expect(document.paths['/api/v1/health']?.get?.security).toEqual([]);
    expect((document as { security?: unknown }).security).toEqual([{ bearer: [] }]);
  });

  it('documents the status each route answers: a POST that @HttpCode sets to 200 is 200, others 201', async () => {
    const document = (await client.get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const successOf = (path: string) =>
      Object.keys(document.paths[path]?.post?.responses ?? {}).filter((status) => status !== 'default');
    expect(successOf('/api/v1/auth/login')).toEqual(['200']);
    expect(successOf('/api/v1/alerts/{id}/reveal')).toEqual(['200']);
    expect(successOf('/api/v1/analysis/pipelines/{id}/confirm')).toEqual(['200']);
    // 201 a new pipeline, 200 the active pipeline of the same scope returned (audit H).
    expect(successOf('/api/v1/analysis/pipelines')).toEqual(['200', '201']);
    const login = await client.post('/api/v1/auth/login', {
      username: SUPER_ADMIN.username,
      password: SUPER_ADMIN.password,
    });
    expect(login.status).toBe(200);
  });

  it("documents health's 503 with its checks, and a body as required only when an empty one is refused", async () => {
    const document = (await client.get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, any>; requestBody?: { required: boolean } }>>;
    };
    const health = document.paths['/api/v1/health']?.get?.responses ?? {};
    expect(Object.keys(health).sort()).toEqual(['200', '503', 'default']);
    expect(health['503'].content['application/json'].schema).toEqual(health['200'].content['application/json'].schema);
    expect(document.paths['/api/v1/auth/login']?.post?.requestBody?.required).toBe(true);
    expect(document.paths['/api/v1/alerts/{id}/acknowledge']?.post?.requestBody?.required).toBe(true);
    expect(document.paths['/api/v1/auth/logout']?.post?.requestBody?.required).toBe(false);
  });

  it('serves the docs UI', async () => {
    const response = await fetch(`${app.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/swagger/i);
    // The page where people paste a bearer token keeps the dashboard's rules (conventions §2; outside audit AA).
    for (const path of ['/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const answer = await fetch(`${app.baseUrl}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

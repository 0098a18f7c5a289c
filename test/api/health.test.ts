import { afterAll, describe, expect, it } from 'vitest';
import { OwnRedis } from '../support/redis-server.js';
import { ApiClient, createTestDatabase, startTestApp, testSettings } from '../support/test-context.js';

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

  it('answers 503 naming the cache while Redis is down, and recovers when it is back', async () => {
    await redis.stop();
    const down = await client.get('/api/v1/health');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'error', checks: { database: 'ok', cache: 'error' } });

    await redis.restart();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      status = (await client.get('/api/v1/health')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
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

  it('serves the docs UI', async () => {
    const response = await fetch(`${app.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/swagger/i);
  });
});

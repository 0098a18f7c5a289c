import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  createRedisPrefix,
  createTestDatabase,
  startTestApp,
  testSettings,
} from '../support/test-context.js';

/*
 * Issue 20: an API process works on REQUEST_CONCURRENCY requests at once; the rest wait their turn (503 after
 * DATABASE_CONNECTION_TIMEOUT_MS without one), and health checks never wait. One request in flight is enough to
 * show it with REQUEST_CONCURRENCY 1: a login whose body the client has not finished sending.
 */
const WAIT_MS = 800;
const database = await createTestDatabase();
const api = await startTestApp(
  testSettings(database, createRedisPrefix(), {
    REQUEST_CONCURRENCY: '1',
    DATABASE_CONNECTION_TIMEOUT_MS: String(WAIT_MS),
  }),
);
afterAll(() => api.close());
const client = new ApiClient(api.baseUrl);

/** A login request admitted and kept in flight: its headers are sent, half its body is not. */
function unfinishedLogin(): { finish(): void; answered: Promise<number> } {
  const body = JSON.stringify({ username: 'nobody', password: 'not-the-password' });
  const request = httpRequest(`${api.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { finish: () => request.end(body.slice(10)), answered };
}

describe('request admission', () => {
  it('keeps the others waiting while the limit is in use, answers 503 after the wait, never holds health back', async () => {
    const inFlight = unfinishedLogin();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const health = performance.now();
    const liveness = await client.get('/api/v1/health');
    expect(liveness.status).toBe(200);
    expect((await client.get('/api/v1/health/ready')).status).toBe(200);
    expect(performance.now() - health).toBeLessThan(WAIT_MS / 2);

    const started = performance.now();
    const busy = await client.get('/api/v1/semesters');
    expect(performance.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'the service is busy; try again shortly',
    });

    // Its turn comes as soon as the request in flight is answered.
    const waiting = client.get('/api/v1/semesters');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const admittedFrom = performance.now();
    inFlight.finish();
    expect(await inFlight.answered).toBe(401);
    const answer = await waiting;
    expect(answer.status).toBe(401);
    expect(performance.now() - admittedFrom).toBeLessThan(WAIT_MS / 2);
  });
});

import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  createRedisPrefix,
  createTestDatabase,
  startTestApp,
  SUPER_ADMIN,
  testSettings,
} from '../support/test-context.js';

/*
 * Issue 20: an API process works on REQUEST_CONCURRENCY requests at once; the rest wait their turn (503 after
 * DATABASE_CONNECTION_TIMEOUT_MS without one), and health checks never wait. A turn is taken once the body is in:
 * a client that has not finished sending its JSON holds none, an upload (read by its handler) holds one while it
 * streams. REQUEST_CONCURRENCY 1 shows both.
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
const adminToken = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);

interface Unfinished {
  finish(): void;
  answered: Promise<number>;
}

/** A request whose headers and first bytes are sent, the rest of its body not until `finish`. */
function unfinished(path: string, headers: Record<string, string>, body: string, sentFirst: number): Unfinished {
  const request = httpRequest(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, sentFirst));
  return { finish: () => request.end(body.slice(sentFirst)), answered };
}

/** A login whose JSON body is half sent: the body is not in, so it has no turn yet. */
function unfinishedLogin(): Unfinished {
  const body = JSON.stringify({ username: 'nobody', password: 'not-the-password' });
  return unfinished('/api/v1/auth/login', { 'content-type': 'application/json' }, body, 10);
}

/** An upload admitted and kept in flight: its handler is reading the file part, which has not all arrived. */
function unfinishedUpload(): Unfinished {
  const boundary = 'admission-test-boundary';
  const body =
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="rows.csv"\r\n` +
    `content-type: text/csv\r\n\r\nstudent,comment\r\none,two\r\n--${boundary}--\r\n`;
  return unfinished(
    '/api/v1/questionnaires/versions/00000000-0000-4000-8000-000000000000/ingest',
    { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${adminToken}` },
    body,
    body.indexOf('one,two'),
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('request admission', () => {
  it('gives no turn to a request whose body has not arrived: the others are answered meanwhile', async () => {
    const slow = unfinishedLogin();
    await pause(100);
    const started = performance.now();
    const other = await client.get('/api/v1/semesters');
    expect(other.status).toBe(401);
    expect(performance.now() - started).toBeLessThan(WAIT_MS / 2);
    slow.finish();
    expect(await slow.answered).toBe(401);
  });

  it('keeps the others waiting while the limit is in use, answers 503 after the wait, never holds health back', async () => {
    const inFlight = unfinishedUpload();
    await pause(200);

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
      details: [],
    });

    // Its turn comes as soon as the request in flight is answered (the version does not exist: 404).
    const waiting = client.get('/api/v1/semesters');
    await pause(100);
    const admittedFrom = performance.now();
    inFlight.finish();
    expect(await inFlight.answered).toBe(404);
    const answer = await waiting;
    expect(answer.status).toBe(401);
    expect(performance.now() - admittedFrom).toBeLessThan(WAIT_MS / 2);
  });
});

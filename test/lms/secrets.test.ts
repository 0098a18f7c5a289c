import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../support/database-urls.js';
import { restart, startSimulator } from '../support/lms.js';
import { ApiClient, createRedisPrefix, createTestDatabase, SUPER_ADMIN } from '../support/test-context.js';

/**
 * LMS_TOKEN (and LMS_URL) in no log line, no answer and no audit record: the API runs as its own process at LOG_LEVEL=debug,
 * every line it writes is kept, and it is driven through successes and every kind of learning-system failure.
 */
const simulator = await startSimulator();
const database = await createTestDatabase();
const prefix = createRedisPrefix();
let child: ChildProcess | undefined;
let output = '';
const answers: string[] = [];
let client: ApiClient;
let admin = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  child = spawn(process.execPath, ['dist/src/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: database.url,
      CACHE_URL: testRedisUrl(),
      CACHE_KEY_PREFIX: prefix,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-keys',
      SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      LMS_URL: simulator.url,
      LMS_TOKEN: simulator.token,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  while (!output.includes('API listening') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(output, output).toContain('API listening');
  client = new ApiClient(`http://127.0.0.1:${port}`);
  admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
});

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child?.once('close', resolve));
  child.kill('SIGTERM');
  await exited;
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await client.request(method, path, { token: admin, body });
  answers.push(JSON.stringify(response.body), JSON.stringify([...response.headers.entries()]));
  return response;
}

const categories = {
  campuses: ['MAIN', 'SOUTH'],
  semesters: [1],
  startDate: '2025-08-01',
  endDate: '2025-12-18',
  departments: [{ code: 'CCS', programs: ['BSIT'] }],
};

describe('LMS_TOKEN never leaves the process', () => {
  it('is in no answer and no log line, whatever happens', async () => {
    expect((await call('GET', '/api/v1/lms/provision/tree')).status).toBe(200);
    expect((await call('POST', '/api/v1/lms/provision/categories/preview', categories)).status).toBe(200);
    expect((await call('POST', '/api/v1/lms/provision/categories', categories)).status).toBe(200);
    expect((await call('POST', '/api/v1/lms/sync')).status).toBe(200);
    expect(
      (await call('POST', '/api/v1/lms/provision/users', { count: 2, role: 'student', campus: 'MAIN', courseIds: [2] }))
        .status,
    ).toBe(200);

    simulator.fail('core_course_get_categories', 'access');
    expect((await call('GET', '/api/v1/lms/provision/tree')).status).toBe(503);
    simulator.fail('core_course_get_categories', {
      exception: 'moodle_exception',
      errorcode: 'invalidtoken',
      message: 'Invalid token - token not found',
    });
    expect((await call('POST', '/api/v1/lms/sync')).status).toBe(503);
    simulator.reset();
    simulator.fail('core_course_get_categories', 'reset');
    expect((await call('GET', '/api/v1/lms/provision/tree')).status).toBe(502);
    simulator.reset();
    await simulator.stop();
    try {
      expect((await call('POST', '/api/v1/lms/provision/categories', categories)).status).toBe(502);
    } finally {
      await restart(simulator);
    }
    expect((await call('GET', '/api/v1/admin/audit?limit=100')).status).toBe(200);

    // Log lines reach standard output a chunk at a time, at least every 100 ms (src/common/logging/logger.ts): wait
    // for the last request's line, which comes after every line written before it.
    const deadline = Date.now() + 10_000;
    while (!output.includes('/api/v1/admin/audit?limit=100') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(output).toContain('/api/v1/admin/audit?limit=100');

    // The logs were written at debug level and name each call by its function and duration only.
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    const calls = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.component === 'lms' && entry.wsfunction);
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.some((entry) => entry.level === 20 && entry.outcome === 'ok')).toBe(true);
    for (const entry of calls) {
      expect(entry).toHaveProperty('durationMs');
      expect(Object.keys(entry)).not.toEqual(expect.arrayContaining(['url', 'token', 'params']));
    }

    // Every audit record, read from the table (not only the page the API answers): the successes and failures
    // above are all there, and none carries the token or the URL.
    const audit = await database.db.selectFrom('audit_records').selectAll().execute();
    const actions = audit.map((record) => record.action);
    expect(actions).toEqual(expect.arrayContaining(['lms.provision.categories', 'lms.sync', 'lms.provision.users']));
    expect(
      audit.filter((record) => record.action === 'lms.sync' && JSON.stringify(record).includes('failure')),
    ).not.toHaveLength(0);
    const records = JSON.stringify(audit);
    expect(records).not.toContain(simulator.token);
    expect(records).not.toContain(simulator.url);
    expect(records).not.toContain(`:${new URL(simulator.url).port}`);

    const everything = `${output}\n${answers.join('\n')}`;
    expect(everything).not.toContain(simulator.token);
    expect(everything).not.toContain(simulator.url);
    expect(everything).not.toContain(`:${new URL(simulator.url).port}`);
    expect(simulator.calls.every((entry) => !entry.tokenInQuery)).toBe(true);
  });
});

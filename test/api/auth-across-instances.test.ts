import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PrincipalCache } from '../../src/modules/auth/principal-cache.js';
import { PASSWORD, twoCampusInstitution } from '../support/institution-fixtures.js';
import {
  ApiClient,
  createRedisPrefix,
  createTestDatabase,
  startTestApp,
  SUPER_ADMIN,
  testSettings,
  type TestApp,
} from '../support/test-context.js';

/**
 * Conventions §3: a change of roles or assignments, and a revoked session, takes effect within one second on
 * every API instance. Two instances on one database and Redis: each keeps the principals it authenticates in
 * memory, so the second has the caller cached when the first (or anyone else) makes the change.
 */
const database = await createTestDatabase();
const settings = testSettings(database, createRedisPrefix());
let first: TestApp;
let second: TestApp;
let a: ApiClient;
let b: ApiClient;
let admin = '';
const STATUS = '/api/v1/admin/institution/status';
const ME = '/api/v1/auth/me';

/**
 * Asks `check` until it holds, every 10 ms; the milliseconds it took, or a failure after `limitMs`. On the wall
 * clock: some tests stop `performance.now()`, the clock the caches read.
 */
async function within(check: () => Promise<boolean>, limitMs = 1000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not enforced within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function importThroughFirst(users: unknown[]) {
  return a.post('/api/v1/admin/institution/import', { users }, admin);
}

const fixtureUser = (username: string) => {
  const user = twoCampusInstitution().users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no fixture user ${username}`);
  return user;
};

beforeAll(async () => {
  first = await startTestApp(settings);
  second = await startTestApp(settings);
  a = new ApiClient(first.baseUrl);
  b = new ApiClient(second.baseUrl);
  admin = await a.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await a.post('/api/v1/admin/institution/import', twoCampusInstitution(), admin)).status).toBe(200);
});
afterAll(async () => {
  await first.close();
  await second.close();
});

describe('a change through one instance is enforced by the other within one second', () => {
  it('a role removed', async () => {
    const token = await b.login('admin.one', PASSWORD);
    expect((await b.get(STATUS, token)).status).toBe(200);
    expect((await b.get(ME, token)).body.roles).toEqual(['ADMIN']);
    expect((await a.get(STATUS, token)).status).toBe(200);

    const changed = await importThroughFirst([{ ...fixtureUser('admin.one'), roles: ['FACULTY'] }]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await within(async () => (await b.get(STATUS, token)).status === 403);
    expect((await b.get(ME, token)).body.roles).toEqual(['FACULTY']);
    // The instance that made the change sees it on its very next request.
    expect((await a.get(STATUS, token)).status).toBe(403);
  });

  it('an assignment changed', async () => {
    const token = await b.login('dean.main', PASSWORD);
    expect((await b.get(ME, token)).body.assignments).toEqual([
      { role: 'DEAN', campus: 'MAIN', department: 'CCS', program: null },
    ]);
    expect((await a.get(ME, token)).body.assignments[0]?.department).toBe('CCS');

    const moved = { ...fixtureUser('dean.main'), assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CBA' }] };
    expect((await importThroughFirst([moved])).status).toBe(200);
    await within(async () => (await b.get(ME, token)).body.assignments[0]?.department === 'CBA');
    expect((await a.get(ME, token)).body.assignments).toEqual([
      { role: 'DEAN', campus: 'MAIN', department: 'CBA', program: null },
    ]);
  });

  it('a session revoked (logout)', async () => {
    const pair = (await a.post('/api/v1/auth/login', { username: 'chair.main', password: PASSWORD })).body;
    expect((await b.get(ME, pair.accessToken)).status).toBe(200);
    expect((await a.get(ME, pair.accessToken)).status).toBe(200);

    const out = await a.request('POST', '/api/v1/auth/logout', { token: pair.accessToken, body: {} });
    expect(out.status).toBe(204);
    expect((await a.get(ME, pair.accessToken)).status).toBe(401);
    await within(async () => (await b.get(ME, pair.accessToken)).status === 401);
  });

  it('a change made outside the API (the CLI, psql): a user deactivated', async () => {
    const token = await a.login('stu.one', PASSWORD);
    expect((await a.get(ME, token)).status).toBe(200);
    expect((await b.get(ME, token)).status).toBe(200);
    await sql`UPDATE users SET is_active = false WHERE username = 'stu.one'`.execute(database.db);
    try {
      await within(async () => (await a.get(ME, token)).status === 401);
      await within(async () => (await b.get(ME, token)).status === 401);
    } finally {
      await sql`UPDATE users SET is_active = true WHERE username = 'stu.one'`.execute(database.db);
    }
  });
});

describe('what keeps the memory honest', () => {
  /** The principal cache's freshness clock stands still: only a notice, or a dropped channel, can refresh it. */
  async function withFrozenClock(work: () => Promise<void>): Promise<void> {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      await work();
    } finally {
      vi.useRealTimers();
    }
  }

  it('serves from memory, and a notice alone ends an entry', async () => {
    const token = await b.login('head.north', PASSWORD);
    const cache = second.app.get(PrincipalCache, { strict: false });
    expect(cache.listening).toBe(true);
    await withFrozenClock(async () => {
      expect((await b.get(ME, token)).body.fullName).toBe('Carla Lim');
      // Without a trigger (no notice), the memory answers: the change is not seen however long we wait.
      await sql`ALTER TABLE users DISABLE TRIGGER users_principal_changed`.execute(database.db);
      await sql`UPDATE users SET full_name = 'Carla Lim-Uy' WHERE username = 'head.north'`.execute(database.db);
      await sql`ALTER TABLE users ENABLE TRIGGER users_principal_changed`.execute(database.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await b.get(ME, token)).body.fullName).toBe('Carla Lim');
      // With the notice: at once.
      await sql`UPDATE users SET full_name = 'Carla Lim-Reyes' WHERE username = 'head.north'`.execute(database.db);
      await within(async () => (await b.get(ME, token)).body.fullName === 'Carla Lim-Reyes');
    });
  });

  it('a dropped channel empties the memory and reads the database until it listens again', async () => {
    const token = await b.login('fac.one', PASSWORD);
    const cache = second.app.get(PrincipalCache, { strict: false });
    await withFrozenClock(async () => {
      expect((await b.get(ME, token)).body.fullName).toBe('Ed Santos');
      await sql`ALTER TABLE users DISABLE TRIGGER users_principal_changed`.execute(database.db);
      await sql`UPDATE users SET full_name = 'Ed Santos Jr' WHERE username = 'fac.one'`.execute(database.db);
      await sql`ALTER TABLE users ENABLE TRIGGER users_principal_changed`.execute(database.db);
      expect((await b.get(ME, token)).body.fullName).toBe('Ed Santos');

      const listener = cache.listenerProcessId;
      expect(listener).toBeTypeOf('number');
      await sql`SELECT pg_terminate_backend(${listener}::int)`.execute(database.db);
      await within(async () => (await b.get(ME, token)).body.fullName === 'Ed Santos Jr');
      // It listens again by itself, on a new connection, and notices work as before.
      await within(async () => cache.listening && cache.listenerProcessId !== listener, 5000);
      expect((await b.get(ME, token)).body.fullName).toBe('Ed Santos Jr');
      await sql`UPDATE users SET full_name = 'Ed Santos' WHERE username = 'fac.one'`.execute(database.db);
      await within(async () => (await b.get(ME, token)).body.fullName === 'Ed Santos');
    });
  });
});

import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDIS } from '../../src/common/core/tokens.js';
import { hashPassword, PasswordHasher } from '../../src/modules/auth/password.js';
import { OwnRedis } from '../support/redis-server.js';
import {
  ApiClient,
  createRedisPrefix,
  setupApi,
  startTestApp,
  SUPER_ADMIN,
  testSettings,
  type ApiResponse,
} from '../support/test-context.js';

const MAX = 5; // LOGIN_MAX_FAILURES default
const WINDOW = 900; // LOGIN_FAILURE_WINDOW default
const LAB = 60; // LOGIN_ADDRESS_CONCURRENCY default
const RIGHT = 'the-right-password';
const WRONG = 'a-wrong-password';
const LOGIN = '/api/v1/auth/login';

// The default settings: TRUSTED_PROXIES unset, so X-Forwarded-For is not believed.
const { client, api, database } = await setupApi();
// The same database behind a proxy on 127.0.0.1: its X-Forwarded-For is believed. The lab's tests hold 60
// password checks open at once, more than REQUEST_CONCURRENCY lets one process work on: no admission limit here.
const proxied = await startTestApp(
  testSettings(database, createRedisPrefix(), { TRUSTED_PROXIES: '127.0.0.1', REQUEST_CONCURRENCY: '0' }),
);
afterAll(() => proxied.close());
const viaProxy = new ApiClient(proxied.baseUrl);

/** Every password check either application makes goes through its PasswordHasher: spied, not replaced. */
const hashers = [api.app.get(PasswordHasher), proxied.app.get(PasswordHasher)] as const;
const verifyBehindProxy = hashers[1].verify.bind(hashers[1]);
const checks = hashers.map((hasher) => vi.spyOn(hasher, 'verify'));
const checkCount = () => checks.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

/**
 * Holds the proxied application's password checks (still real argon2 checks) until `release()`, so that a
 * burst of requests has all its admitted checks running at the same moment, as when a whole lab presses
 * Enter at once, instead of the first ones finishing before the last arrive.
 */
function holdChecksBehindProxy() {
  let open = () => {};
  const released = new Promise<void>((resolve) => (open = resolve));
  const started = { count: 0 };
  checks[1]!.mockImplementation(async (hash: string, password: string) => {
    started.count += 1;
    await released;
    return verifyBehindProxy(hash, password);
  });
  return {
    started: () => started.count,
    release: () => {
      checks[1]!.mockImplementation(verifyBehindProxy);
      open();
    },
  };
}

/** Waits until `condition` holds, for at most `ms`; the assertions after it tell what went wrong. */
async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; !condition() && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sends all requests at once and counts those answered so far. */
function burst(requests: Array<() => Promise<ApiResponse>>) {
  const answered = { count: 0 };
  const all = Promise.all(
    requests.map((send) =>
      send().then((response) => {
        answered.count += 1;
        return response;
      }),
    ),
  );
  return { answered: () => answered.count, all };
}

const students = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => `student.${from + index}`);

beforeAll(async () => {
  const passwordHash = await hashPassword(RIGHT);
  const usernames = [
    ...['victim.one', 'victim.two', 'victim.three', 'victim.four', 'victim.five', 'victim.six', 'victim.seven'],
    ...students(0, 200),
  ];
  await database.db
    .insertInto('users')
    .values(usernames.map((username) => ({ username, full_name: username, password_hash: passwordHash })))
    .execute();
});

function login(on: ApiClient, username: string, password: string, forwardedFor?: string) {
  return on.request('POST', LOGIN, {
    body: { username, password },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

function statuses(responses: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

const FAILED = 'too many failed login attempts; try again later';
/** The refusal while the checks running now fill a counter and none has failed. */
const AT_ONCE = 'too many login attempts at once; try again in a moment';

/** A 429 with the documented body and one of `messages` (a refusal of a parallel burst may be either). */
function expectThrottled(response: ApiResponse, maxRetryAfter = WINDOW, messages: readonly string[] = [FAILED]) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: expect.any(String),
    details: [],
  });
  expect(messages).toContain((response.body as { message: string }).message);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
}

describe('counting before the password check', () => {
  it('lets at most LOGIN_MAX_FAILURES of 30 parallel wrong passwords reach the password check', async () => {
    const before = checkCount();
    const responses = await Promise.all(Array.from({ length: 30 }, () => login(client, 'victim.one', WRONG)));
    const verified = checkCount() - before;
    const counts = statuses(responses);
    console.warn(`30 parallel wrong passwords: ${verified} password checks, statuses ${JSON.stringify(counts)}`);
    expect(verified).toBe(MAX);
    expect(counts).toEqual({ 401: MAX, 429: 30 - MAX });
    // Refused while the first five ran (busy), or once they had failed.
    for (const response of responses.filter((r) => r.status === 429))
      expectThrottled(response, WINDOW, [AT_ONCE, FAILED]);
    // The five failures lock the username at this address for the window.
    const locked = await login(client, 'victim.one', WRONG);
    expectThrottled(locked);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(WINDOW - 60);
  });

  it('gains nothing from a rotating X-Forwarded-For when no proxy is trusted', async () => {
    const before = checkCount();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => login(client, 'victim.one', WRONG, `198.51.100.${index + 1}`)),
    );
    expect(statuses(responses)).toEqual({ 429: 10 });
    expectThrottled(await login(client, 'victim.one', RIGHT, '198.51.100.77'));
    expect(checkCount() - before).toBe(0);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  it('counts the forwarded address, so two forwarded addresses get separate allowances', async () => {
    const before = checkCount();
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      for (let attempt = 0; attempt < MAX; attempt += 1) {
        expect((await login(viaProxy, 'victim.two', WRONG, address)).status).toBe(401);
      }
      expectThrottled(await login(viaProxy, 'victim.two', WRONG, address));
    }
    expect(checkCount() - before).toBe(2 * MAX);
  });

  it('a username locked from one address still logs in with the right password from another', async () => {
    const responses = await Promise.all(
      Array.from({ length: MAX + 3 }, () => login(viaProxy, 'victim.three', WRONG, '203.0.113.10')),
    );
    expect(statuses(responses)).toEqual({ 401: MAX, 429: 3 });
    expectThrottled(await login(viaProxy, 'victim.three', RIGHT, '203.0.113.10'));
    expect((await login(viaProxy, 'victim.three', RIGHT, '203.0.113.11')).status).toBe(200);
  });

  it('a successful login resets the username+address count', async () => {
    const address = '203.0.113.20';
    for (let attempt = 0; attempt < MAX - 1; attempt += 1) {
      expect((await login(viaProxy, 'victim.four', WRONG, address)).status).toBe(401);
    }
    expect((await login(viaProxy, 'victim.four', RIGHT, address)).status).toBe(200);
    for (let attempt = 0; attempt < MAX; attempt += 1) {
      expect((await login(viaProxy, 'victim.four', WRONG, address)).status).toBe(401);
    }
    expectThrottled(await login(viaProxy, 'victim.four', WRONG, address));
  });

  it('an address gets LOGIN_ADDRESS_CONCURRENCY failed checks across usernames a window', async () => {
    const address = '203.0.113.30';
    const before = checkCount();
    for (const from of [0, LAB / 2]) {
      const responses = await Promise.all(
        Array.from({ length: LAB / 2 }, (_, index) => login(viaProxy, `nobody.${from + index}`, WRONG, address)),
      );
      expect(statuses(responses)).toEqual({ 401: LAB / 2 });
    }
    expectThrottled(await login(viaProxy, 'nobody.else', WRONG, address));
    expect(checkCount() - before).toBe(LAB);
  });

  it('IPv6 addresses count by their /64', async () => {
    const responses = [];
    for (let host = 1; host <= MAX + 1; host += 1) {
      responses.push(await login(viaProxy, 'victim.five', WRONG, `2001:db8:5:6::${host.toString(16)}`));
    }
    expect(statuses(responses)).toEqual({ 401: MAX, 429: 1 });
    expect((await login(viaProxy, 'victim.five', RIGHT, '2001:db8:5:7::1')).status).toBe(200);
  });

  it('one username from everywhere gets 10 × LOGIN_MAX_FAILURES checks a minute, then at most a minute of 429', async () => {
    const before = checkCount();
    const addresses = Array.from({ length: 10 }, (_, index) => `192.0.2.${index + 1}`);
    for (const address of addresses) {
      const responses = await Promise.all(
        Array.from({ length: MAX }, () => login(viaProxy, 'victim.six', WRONG, address)),
      );
      expect(statuses(responses)).toEqual({ 401: MAX });
    }
    expect(checkCount() - before).toBe(10 * MAX);
    expectThrottled(await login(viaProxy, 'victim.six', WRONG, '192.0.2.100'), 60);
    // The price of the global counter: the owner is refused too, for at most a minute.
    expectThrottled(await login(viaProxy, 'victim.six', RIGHT, '192.0.2.101'), 60);
    // Both were refused before any password check.
    expect(checkCount() - before).toBe(10 * MAX);
  });
});

describe('a computer lab behind one NAT address (TRUSTED_PROXIES=127.0.0.1)', () => {
  it('60 students signing in at once all get 200, and 20 more after them too', async () => {
    const address = '198.51.100.60';
    const held = holdChecksBehindProxy();
    const lab = burst(students(0, LAB).map((username) => () => login(viaProxy, username, RIGHT, address)));
    await until(() => held.started() === LAB);
    const running = held.started();
    held.release();
    const counts = statuses(await lab.all);
    console.warn(
      `60 students at once: ${running} password checks running together, statuses ${JSON.stringify(counts)}`,
    );
    expect(counts).toEqual({ 200: LAB });
    expect(running).toBe(LAB);

    const after = await Promise.all(
      students(LAB, LAB + 20).map((username) => login(viaProxy, username, RIGHT, address)),
    );
    expect(statuses(after)).toEqual({ 200: 20 });
  });

  it("a lab's typing errors, each followed by its student signing in, never lock the address; guesses still do", async () => {
    const address = '198.51.100.70';
    // 80 students, ten at a time, each mistyping once and then signing in: 80 failures from one address in
    // the window, more than its LOGIN_ADDRESS_CONCURRENCY.
    for (let from = 100; from < 180; from += 10) {
      const typed = await Promise.all(
        students(from, from + 10).map(async (username) => {
          const wrong = await login(viaProxy, username, WRONG, address);
          const right = await login(viaProxy, username, RIGHT, address);
          return [wrong.status, right.status];
        }),
      );
      expect(typed).toEqual(Array.from({ length: 10 }, () => [401, 200]));
    }
    // Each success took its student's own failure back, so the address still has its whole allowance for
    // guesses at other usernames, and no more.
    for (const from of [0, LAB / 2]) {
      const guesses = await Promise.all(
        Array.from({ length: LAB / 2 }, (_, index) => login(viaProxy, `stranger.${from + index}`, WRONG, address)),
      );
      expect(statuses(guesses)).toEqual({ 401: LAB / 2 });
    }
    expectThrottled(await login(viaProxy, 'student.180', RIGHT, address));
  });

  it('checks beyond the lab size are refused for a second and leave nothing behind', async () => {
    const address = '198.51.100.61';
    const held = holdChecksBehindProxy();
    const crowd = burst(students(80, 160).map((username) => () => login(viaProxy, username, RIGHT, address)));
    await until(() => held.started() === LAB && crowd.answered() === 20);
    held.release();
    const responses = await crowd.all;
    expect(statuses(responses)).toEqual({ 200: LAB, 429: 20 });
    // Refused for the checks running, none failed: the message says so, and a second is enough.
    for (const refused of responses.filter((response) => response.status === 429)) {
      expectThrottled(refused, 1, [AT_ONCE]);
    }
    // The 20 refused at once try again: nothing was counted against them or the address.
    const retried = await Promise.all(students(140, 160).map((username) => login(viaProxy, username, RIGHT, address)));
    expect(statuses(retried)).toEqual({ 200: 20 });
  });

  it('one account signing in from several tabs at once: the logins over the limit are told to wait a moment, not that they failed', async () => {
    const address = '198.51.100.65';
    const held = holdChecksBehindProxy();
    const tabs = burst(Array.from({ length: MAX + 3 }, () => () => login(viaProxy, 'student.190', RIGHT, address)));
    await until(() => held.started() === MAX && tabs.answered() === 3);
    held.release();
    const responses = await tabs.all;
    expect(statuses(responses)).toEqual({ 200: MAX, 429: 3 });
    for (const refused of responses.filter((response) => response.status === 429))
      expectThrottled(refused, 1, [AT_ONCE]);
    // Nothing was counted against the account: it signs in again at once.
    expect((await login(viaProxy, 'student.190', RIGHT, address)).status).toBe(200);
  });

  it('20 concurrent wrong passwords for one student lock that student there, not the classmates', async () => {
    const address = '198.51.100.62';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => login(viaProxy, 'victim.seven', WRONG, address)),
    );
    expect(statuses(guesses)).toEqual({ 401: MAX, 429: 20 - MAX });
    // Only the MAX failures count against the address, so 20 classmates still sign in at once.
    const classmates = await Promise.all(
      students(160, 180).map((username) => login(viaProxy, username, RIGHT, address)),
    );
    expect(statuses(classmates)).toEqual({ 200: 20 });
    // The MAX failures justify locking victim.seven at this address for the window, even with the right password...
    const locked = await login(viaProxy, 'victim.seven', RIGHT, address);
    expectThrottled(locked);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(WINDOW - 60);
    // ...but not elsewhere.
    expect((await login(viaProxy, 'victim.seven', RIGHT, '198.51.100.63')).status).toBe(200);
  });

  it('a burst of guesses across usernames gets at most LOGIN_ADDRESS_CONCURRENCY checks, then the address is locked', async () => {
    const address = '198.51.100.64';
    const before = checkCount();
    const held = holdChecksBehindProxy();
    const guesses = burst(
      Array.from({ length: LAB + 20 }, (_, index) => () => login(viaProxy, `guessed.${index}`, WRONG, address)),
    );
    await until(() => held.started() === LAB && guesses.answered() === 20);
    held.release();
    expect(statuses(await guesses.all)).toEqual({ 401: LAB, 429: 20 });
    expect(checkCount() - before).toBe(LAB);
    // LAB failures: the address is locked for the window, for every username, right password or not.
    for (const response of [
      await login(viaProxy, 'guessed.again', WRONG, address),
      await login(viaProxy, 'student.199', RIGHT, address),
    ]) {
      expectThrottled(response);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(WINDOW - 60);
    }
    expect(checkCount() - before).toBe(LAB);
  });
});

// A third application on a Redis of this file's own, which the last test stops.
const ownRedis = await OwnRedis.start();
afterAll(() => ownRedis.stop());
const redisless = await startTestApp(testSettings(database, 'login-throttle-down:', { CACHE_URL: ownRedis.url }));
afterAll(() => redisless.close());
const direct = new ApiClient(redisless.baseUrl);

describe('while Redis is down', () => {
  it('logins keep working and stay limited (each process counts in its own memory)', async () => {
    await ownRedis.stop();
    const redis = redisless.app.get<symbol, Redis>(REDIS);
    for (let wait = 0; wait < 50 && redis.status === 'ready'; wait += 1) await new Promise((r) => setTimeout(r, 50));
    expect(redis.status).not.toBe('ready');

    expect((await login(direct, SUPER_ADMIN.username, SUPER_ADMIN.password)).status).toBe(200);
    const responses = await Promise.all(Array.from({ length: MAX + 5 }, () => login(direct, 'victim.one', WRONG)));
    expect(statuses(responses)).toEqual({ 401: MAX, 429: 5 });
    expectThrottled(await login(direct, 'victim.one', RIGHT));

    await ownRedis.restart(); // so the application closes cleanly
  });
});

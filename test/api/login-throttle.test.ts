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
const RIGHT = 'the-right-password';
const WRONG = 'a-wrong-password';
const LOGIN = '/api/v1/auth/login';

// The default settings: TRUSTED_PROXIES unset, so X-Forwarded-For is not believed.
const { client, api, database } = await setupApi();
// The same database behind a proxy on 127.0.0.1: its X-Forwarded-For is believed.
const proxied = await startTestApp(testSettings(database, createRedisPrefix(), { TRUSTED_PROXIES: '127.0.0.1' }));
afterAll(() => proxied.close());
const viaProxy = new ApiClient(proxied.baseUrl);

/** Every password check either application makes goes through its PasswordHasher: spied, not replaced. */
const checks = [vi.spyOn(api.app.get(PasswordHasher), 'verify'), vi.spyOn(proxied.app.get(PasswordHasher), 'verify')];
const checkCount = () => checks.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

beforeAll(async () => {
  const passwordHash = await hashPassword(RIGHT);
  const usernames = ['victim.one', 'victim.two', 'victim.three', 'victim.four', 'victim.five', 'victim.six'];
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

function expectThrottled(response: ApiResponse, maxRetryAfter = WINDOW) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'too many failed login attempts; try again later',
  });
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
    for (const response of responses.filter((r) => r.status === 429)) expectThrottled(response);
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

  it('an address gets 4 × LOGIN_MAX_FAILURES checks across usernames', async () => {
    const address = '203.0.113.30';
    const before = checkCount();
    const responses = await Promise.all(
      Array.from({ length: 4 * MAX }, (_, index) => login(viaProxy, `nobody.${index}`, WRONG, address)),
    );
    expect(statuses(responses)).toEqual({ 401: 4 * MAX });
    expectThrottled(await login(viaProxy, 'nobody.else', WRONG, address));
    expect(checkCount() - before).toBe(4 * MAX);
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

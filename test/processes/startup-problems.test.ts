import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings, loadWorkerSettings } from '../../src/config/settings.js';
import { testRedisUrl } from '../support/database-urls.js';
import { runEntryPoint } from '../support/processes.js';
import { createRedisPrefix, createTestDatabase, SUPER_ADMIN } from '../support/test-context.js';

/**
 * A missing or bad setting, or a port that is taken, stops a process with one line naming the setting
 * (conventions §1; README "Settings"), never a stack trace; a command that cannot reach its database says so on one
 * line too, without the connection string's password.
 */
const database = await createTestDatabase();
const core = { DATABASE_URL: database.url, CACHE_URL: testRedisUrl(), CACHE_KEY_PREFIX: createRedisPrefix() };
const api = {
  ...core,
  JWT_SECRET: 'startup-problems-test-secret-0123456789',
  SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
  SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
};

let taken: Server;
let takenPort = 0;
beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

function expectOneProblem(result: { code: number | null; stderr: string }, line: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(line);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('settings checked at start-up', () => {
  it('ALERT_WEBHOOK_URL without ALERT_WEBHOOK_SECRET: the API and the job worker refuse, naming the secret', () => {
    const webhook = { ALERT_WEBHOOK_URL: 'http://127.0.0.1:9/hook' };
    expect(() => loadSettings({ ...api, ...webhook })).toThrow(/ALERT_WEBHOOK_SECRET: required with ALERT_WEBHOOK_URL/);
    expect(() => loadWorkerSettings({ ...core, ...webhook })).toThrow(
      /ALERT_WEBHOOK_SECRET: required with ALERT_WEBHOOK_URL/,
    );
    const secret = { ALERT_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters' };
    expect(() => loadSettings({ ...api, ...webhook, ...secret })).not.toThrow();
    expect(() => loadWorkerSettings({ ...core, ...webhook, ...secret })).not.toThrow();
  });

  it('a malformed TRUSTED_PROXIES is a settings problem, not a crash while the app is built', () => {
    expect(() => loadSettings({ ...api, TRUSTED_PROXIES: '10.0.0.0/8, banana' })).toThrow(
      /TRUSTED_PROXIES: not an IP address or CIDR: "banana"/,
    );
    expect(loadSettings({ ...api, TRUSTED_PROXIES: '10.0.0.0/8, loopback' }).TRUSTED_PROXIES).toBe(
      '10.0.0.0/8, loopback',
    );
  });
});

describe('one line, no stack trace', () => {
  it('the API with TRUSTED_PROXIES malformed', async () => {
    const result = await runEntryPoint('main', [], { ...api, PORT: '0', TRUSTED_PROXIES: 'banana' });
    expectOneProblem(result, /TRUSTED_PROXIES: not an IP address or CIDR: "banana"/);
  });

  it('the API on a port that is taken', async () => {
    const result = await runEntryPoint('main', [], { ...api, PORT: String(takenPort) });
    expectOneProblem(result, new RegExp(`PORT: port ${takenPort} is already in use on 127\\.0\\.0\\.1`));
  });

  it('the API and the analysis worker with an engine setting that is not one (read while the engine loads)', async () => {
    const apiResult = await runEntryPoint('main', [], { ...api, PORT: '0', SENTIMENT_MODEL_WEIGHT: 'half' });
    expectOneProblem(apiResult, /SENTIMENT_MODEL_WEIGHT: /);
    const worker = await runEntryPoint('analysis-worker/main', [], {
      ANALYSIS_WORKER_PORT: '0',
      LOG_LEVEL: 'silent',
      SCREEN_MODEL: 'maybe',
    });
    expectOneProblem(worker, /SCREEN_MODEL: must be 'on' or 'off'/);
  });

  it('the demo with a malformed setting', async () => {
    const result = await runEntryPoint('demo', [], { ...api, ANALYSIS_WORKER_PORT: 'abc' });
    expectOneProblem(result, /^demo failed: Invalid settings:\n {2}- ANALYSIS_WORKER_PORT: /);
  });

  it('a CLI command whose database cannot be reached, or does not exist', async () => {
    const refused = await runEntryPoint('cli', ['migrate'], {
      // Port 1: nothing listens there, so the connection is refused at once.
      DATABASE_URL: 'postgres://postgres:a-secret-password@127.0.0.1:1/nothing_here',
    });
    expectOneProblem(refused, /^error: .*\(check DATABASE_URL and CACHE_URL\)\n$/);
    expect(refused.stderr).not.toContain('a-secret-password');

    const url = new URL(database.url);
    url.pathname = '/fas_no_such_database_here';
    const missing = await runEntryPoint('cli', ['migrate'], { DATABASE_URL: url.toString() });
    expectOneProblem(missing, /^error: PostgreSQL answered: database "fas_no_such_database_here" does not exist/);
  });
});

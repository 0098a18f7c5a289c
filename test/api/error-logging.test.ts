import { createServer } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../support/log-capture.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * Issue 21: an expected, classified failure (a dependency that cannot serve: the learning system unreachable) is a
 * warning that says what failed and how, without a stack; a fault of the service itself is an error with its stack.
 * LMS_URL is a loopback port that was free a moment ago, so every learning-system call is refused.
 */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const { client, api, database } = await setupApi({
  LMS_URL: `http://127.0.0.1:${await closedPort()}`,
  LMS_TOKEN: 'token-of-a-learning-system-that-is-not-there',
  LOG_LEVEL: 'info',
});
const logs = captureLogs(api.app);
let token = '';

beforeAll(async () => {
  token = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
});

const hasStack = (line: Record<string, unknown>) => JSON.stringify(line).includes('"stack"');

describe('5xx log lines', () => {
  it('the learning system unreachable: one warning with status, error code and operation, and no stack', async () => {
    logs.clear();
    const response = await client.request('POST', '/api/v1/lms/sync', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(502);
    expect(response.body.message).toBe('LMS is unreachable (enrollment sync: connection refused)');

    const classified = logs.lines.filter((line) => line.component === 'http' && line.level === 40);
    expect(classified).toEqual([
      expect.objectContaining({
        statusCode: 502,
        errorKind: 'unreachable',
        errorCode: 'connection refused',
        operation: 'enrollment sync',
        errorMessage: 'LMS is unreachable (enrollment sync: connection refused)',
        msg: 'request failed: a dependency could not serve it',
      }),
    ]);
    expect(logs.lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(logs.lines.filter(hasStack)).toEqual([]);
  });

  it('a fault of the service: an error with the stack', async () => {
    await sql`ALTER TABLE audit_records RENAME TO audit_records_elsewhere`.execute(database.db);
    try {
      logs.clear();
      const response = await client.get('/api/v1/admin/audit', token);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'internal server error',
        details: [],
      });
    } finally {
      await sql`ALTER TABLE audit_records_elsewhere RENAME TO audit_records`.execute(database.db);
    }
    const errors = logs.lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ component: 'http', msg: 'request failed' });
    expect((errors[0]?.err as { stack?: string }).stack).toMatch(/relation "audit_records" does not exist/);
    expect(logs.lines.filter((line) => line.level === 40)).toEqual([]);
  });
});

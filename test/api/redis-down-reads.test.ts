import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../src/common/core/core.module.js';
import { OwnRedis } from '../support/redis-server.js';
import { ApiClient, createTestDatabase, startTestApp, SUPER_ADMIN, testSettings } from '../support/test-context.js';

/**
 * Cached reads while Redis is down answer from PostgreSQL within about a command timeout, not after the Redis
 * client's reconnection attempts (25-30 s each before the shared client had a command timeout).
 */
const redis = await OwnRedis.start();
afterAll(() => redis.stop());
const database = await createTestDatabase();
const app = await startTestApp(testSettings(database, 'redis-down-reads:', { CACHE_URL: redis.url }));
afterAll(() => app.close());
const client = new ApiClient(app.baseUrl);

const institution = {
  campuses: [{ code: 'MAIN', name: 'Main Campus' }],
  semesters: [{ campus: 'MAIN', code: 'S12526' }],
  departments: [{ campus: 'MAIN', semester: 'S12526', code: 'CCS', name: 'Computer Studies' }],
  programs: [{ campus: 'MAIN', semester: 'S12526', department: 'CCS', code: 'BSIT', name: 'BS IT' }],
  courses: [{ campus: 'MAIN', semester: 'S12526', program: 'BSIT', shortname: 'IT101', fullname: 'Intro' }],
  users: [{ username: 's001', fullName: 'Student One', password: 'student-password', roles: ['STUDENT'] }],
  enrollments: [{ username: 's001', course: 'IT101', campus: 'MAIN', semester: 'S12526', role: 'student' }],
};

describe('while Redis is down', () => {
  it('cached reads answer from PostgreSQL within a few command timeouts, and logins keep working', async () => {
    const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    expect((await client.post('/api/v1/admin/institution/import', institution, admin)).status).toBe(200);
    const student = await client.login('s001', 'student-password');
    const before = await client.get('/api/v1/enrollments/me', student);
    expect(before.status).toBe(200);

    await redis.stop();
    try {
      await readWithoutRedis(student, before.body);
    } finally {
      // Back up before the application closes (its queue connections wait for Redis to close cleanly).
      await redis.restart();
    }
  }, 60_000);
});

async function readWithoutRedis(student: string, enrollments: unknown): Promise<void> {
  for (const path of ['/api/v1/enrollments/me', '/api/v1/questionnaires/types', '/api/v1/enrollments/me']) {
    const started = performance.now();
    const response = await client.get(path, student);
    const took = performance.now() - started;
    expect(response.status, path).toBe(200);
    expect(took, path).toBeLessThan(4 * REDIS_COMMAND_TIMEOUT_MS);
    if (path.startsWith('/api/v1/enrollments')) expect(response.body).toEqual(enrollments);
  }
  const started = performance.now();
  expect(await client.login('s001', 'student-password')).toMatch(/\S+/);
  expect(performance.now() - started).toBeLessThan(4 * REDIS_COMMAND_TIMEOUT_MS);
}

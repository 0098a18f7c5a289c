import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../support/database-urls.js';
import { PASSWORD, twoCampusInstitution } from '../support/institution-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, database, prefix } = await setupApi();
const redis = new Redis(testRedisUrl());
afterAll(() => redis.quit());

/** The two-campus institution, with a second teacher in IT101-MAIN and a course nobody teaches yet. */
function institution() {
  const base = twoCampusInstitution();
  const semester = 'S12526';
  return {
    ...base,
    courses: [
      ...base.courses,
      { campus: 'MAIN', semester, program: 'BSIT', shortname: 'IT199-MAIN', fullname: 'Capstone' },
    ],
    users: [...base.users, { username: 'fac.two', fullName: 'Abe Bautista', password: PASSWORD, roles: ['FACULTY'] }],
    enrollments: [
      ...base.enrollments,
      { username: 'fac.two', course: 'IT101-MAIN', campus: 'MAIN', semester, role: 'faculty' },
      { username: 'stu.one', course: 'IT199-MAIN', campus: 'MAIN', semester, role: 'student' },
    ],
  };
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', institution(), admin)).status).toBe(200);
  for (const row of await database.db.selectFrom('users').select(['id', 'username']).execute())
    ids[row.username] = row.id;
});

describe('GET /enrollments/me', () => {
  it("names each course's faculty, so a student can build a submission from the API alone", async () => {
    const student = await client.login('stu.one', PASSWORD);
    const response = await client.get('/api/v1/enrollments/me', student);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, limit: 20, total: 2 });
    expect(response.body.items).toEqual([
      {
        id: expect.any(String),
        role: 'student',
        course: { id: expect.any(String), shortname: 'IT101-MAIN', fullname: 'Intro to Computing' },
        faculty: [
          { id: ids['fac.two'], fullName: 'Abe Bautista' },
          { id: ids['fac.one'], fullName: 'Ed Santos' },
        ],
        program: { id: expect.any(String), code: 'BSIT' },
        department: { id: expect.any(String), code: 'CCS' },
        semester: { id: expect.any(String), code: 'S12526', label: '1st Semester 2025-2026' },
        campus: { id: expect.any(String), code: 'MAIN' },
      },
      expect.objectContaining({ course: expect.objectContaining({ shortname: 'IT199-MAIN' }), faculty: [] }),
    ]);
  });

  it('keeps the cache key of the spec', async () => {
    const keys = await redis.keys(`${prefix}enrollments-me:*`);
    expect(keys).toEqual([`${prefix}enrollments-me:${ids['stu.one']}:1:20`]);
  });

  it("a faculty member's own courses list them too, and paging works", async () => {
    const faculty = await client.login('fac.one', PASSWORD);
    const response = await client.get('/api/v1/enrollments/me?page=1&limit=1', faculty);
    expect(response.body).toMatchObject({ page: 1, limit: 1, total: 1 });
    expect(response.body.items[0]).toMatchObject({
      role: 'faculty',
      faculty: [{ fullName: 'Abe Bautista' }, { id: ids['fac.one'], fullName: 'Ed Santos' }],
    });
    const empty = await client.get('/api/v1/enrollments/me?page=2&limit=1', faculty);
    expect(empty.body).toMatchObject({ items: [], total: 1 });
  });

  it('documents the faculty list in the OpenAPI document', async () => {
    const document = (await client.get('/api/v1/openapi.json')).body;
    const schema = JSON.stringify(document.paths['/api/v1/enrollments/me'].get.responses);
    const components = JSON.stringify(document.components ?? {});
    expect(`${schema}${components}`).toMatch(
      /"faculty":\{"type":"array","items":\{"type":"object","properties":\{"id":\{"type":"string","format":"uuid"/,
    );
    expect(`${schema}${components}`).toContain('"fullName"');
  });
});

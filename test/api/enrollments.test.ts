import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../support/database-urls.js';
import { PASSWORD, twoCampusInstitution } from '../support/institution-fixtures.js';
import { activeVersion, createDimensions, simpleSchema } from '../support/questionnaire-fixtures.js';
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
let admin = '';

beforeAll(async () => {
  admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
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
          { id: ids['fac.two'], username: 'fac.two', fullName: 'Abe Bautista', evaluated: false, submissionId: null },
          { id: ids['fac.one'], username: 'fac.one', fullName: 'Ed Santos', evaluated: false, submissionId: null },
        ],
        evaluated: false,
        program: { id: expect.any(String), code: 'BSIT' },
        department: { id: expect.any(String), code: 'CCS' },
        semester: { id: expect.any(String), code: 'S12526', label: '1st Semester 2025-2026' },
        campus: { id: expect.any(String), code: 'MAIN' },
      },
      // Nobody teaches it yet: there is nobody to evaluate, and nothing is done either.
      expect.objectContaining({
        course: expect.objectContaining({ shortname: 'IT199-MAIN' }),
        faculty: [],
        evaluated: false,
      }),
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
    // Pages past the last are answered from the first page's total and kept under no key of their own: a caller
    // cannot fill Redis with a key per page number (outside audit U).
    for (const page of [3, 500, 1_000_000]) {
      const far = await client.get(`/api/v1/enrollments/me?page=${page}&limit=1`, faculty);
      expect(far.body).toEqual({ items: [], page, limit: 1, total: 1 });
    }
    const keys = await redis.keys(`${prefix}enrollments-me:${ids['fac.one']}:*`);
    expect(keys.sort()).toEqual([`${prefix}enrollments-me:${ids['fac.one']}:1:1`]);
  });

  it('documents the faculty list in the OpenAPI document', async () => {
    const document = (await client.get('/api/v1/openapi.json')).body;
    const schema = JSON.stringify(document.paths['/api/v1/enrollments/me'].get.responses);
    const components = JSON.stringify(document.components ?? {});
    expect(`${schema}${components}`).toMatch(
      /"faculty":\{"type":"array","items":\{"type":"object","properties":\{"id":\{"type":"string","format":"uuid"/,
    );
    expect(`${schema}${components}`).toContain('"fullName"');
    expect(`${schema}${components}`).toMatch(/"evaluated":\{"type":"boolean","description":"the caller has submitted/);
    expect(`${schema}${components}`).toContain('"submissionId"');
  });
});

describe('GET /enrollments/me says which faculty the caller has evaluated', () => {
  const cacheKey = () => `${prefix}enrollments-me:${ids['stu.one']}:1:20`;
  let versionId = '';

  async function intro(token: string) {
    const response = await client.get('/api/v1/enrollments/me', token);
    expect(response.status).toBe(200);
    return response.body.items.find((item: any) => item.course.shortname === 'IT101-MAIN');
  }

  it('is current on the very next read after a submission, although the enrollments come from the cache', async () => {
    await createDimensions(client, admin);
    versionId = (await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema())).versionId;
    const student = await client.login('stu.one', PASSWORD);
    const before = await intro(student);
    expect(before.evaluated).toBe(false);
    expect(before.faculty.map((member: any) => [member.username, member.evaluated, member.submissionId])).toEqual([
      ['fac.two', false, null],
      ['fac.one', false, null],
    ]);
    const cached = await redis.get(cacheKey());
    expect(cached).not.toBeNull();

    const submitted = await client.post(
      '/api/v1/submissions',
      {
        versionId,
        facultyId: ids['fac.one'],
        courseId: before.course.id,
        answers: [{ questionId: 'q1', value: 5 }],
      },
      student,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);

    const after = await intro(student);
    expect(after.faculty).toEqual([
      expect.objectContaining({ username: 'fac.two', evaluated: false, submissionId: null }),
      expect.objectContaining({ username: 'fac.one', evaluated: true, submissionId: submitted.body.id }),
    ]);
    expect(after.evaluated).toBe(false);
    // The cached entry was served as it was: the evaluations are not part of it.
    expect(await redis.get(cacheKey())).toBe(cached);
    expect(cached).not.toContain('evaluated');

    // The 409 the app would otherwise have had to provoke to learn the same thing.
    const again = await client.post(
      '/api/v1/submissions',
      {
        versionId,
        facultyId: ids['fac.one'],
        courseId: before.course.id,
        answers: [{ questionId: 'q1', value: 4 }],
      },
      student,
    );
    expect(again.status).toBe(409);
  });

  it('counts a bulk-ingested submission at once too, and marks the course done when every teacher is', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([
        'respondent_username,faculty_username,course_shortname,q1,q2,q3,comment\nstu.one,fac.two,IT101-MAIN,4,4,1,Clear\n',
      ]),
      'answers.csv',
    );
    const upload = await fetch(`${client.baseUrl}/api/v1/questionnaires/versions/${versionId}/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const result = (await upload.json()) as any;
    expect(upload.status, JSON.stringify(result)).toBe(200);
    expect(result).toMatchObject({ succeeded: 1, failed: 0 });

    const student = await client.login('stu.one', PASSWORD);
    const done = await intro(student);
    expect(done.faculty.map((member: any) => [member.username, member.evaluated])).toEqual([
      ['fac.two', true],
      ['fac.one', true],
    ]);
    expect(done.evaluated).toBe(true);
    // The course nobody teaches stays not evaluated; another user's view is untouched.
    const all = (await client.get('/api/v1/enrollments/me', student)).body.items;
    expect(all.find((item: any) => item.course.shortname === 'IT199-MAIN')).toMatchObject({ evaluated: false });
    const faculty = await client.login('fac.one', PASSWORD);
    expect((await intro(faculty)).faculty.every((member: any) => member.evaluated === false)).toBe(true);
  });
});

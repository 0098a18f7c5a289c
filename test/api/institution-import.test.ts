import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client } = await setupApi();
const example = JSON.parse(await readFile(new URL('../fixtures/institution-example.json', import.meta.url), 'utf8'));
let token = '';

beforeAll(async () => {
  token = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
});

async function status() {
  const response = await client.get('/api/v1/admin/institution/status', token);
  expect(response.status).toBe(200);
  return response.body as { enrollmentsLastSyncedAt: string | null; counts: Record<string, number> };
}

describe('institution import', () => {
  it('imports the conventions example, and importing it again changes nothing', async () => {
    expect((await status()).enrollmentsLastSyncedAt).toBeNull();
    const first = await client.post('/api/v1/admin/institution/import', example, token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      campuses: { created: 1, updated: 0, unchanged: 0 },
      semesters: { created: 1, updated: 0, unchanged: 0 },
      departments: { created: 1, updated: 0, unchanged: 0 },
      programs: { created: 1, updated: 0, unchanged: 0 },
      courses: { created: 1, updated: 0, unchanged: 0 },
      users: { created: 2, updated: 0, unchanged: 0 },
      enrollments: { created: 1, updated: 0, unchanged: 0 },
    });
    const afterFirst = await status();
    expect(afterFirst.enrollmentsLastSyncedAt).not.toBeNull();

    const second = await client.post('/api/v1/admin/institution/import', example, token);
    expect(second.status).toBe(200);
    for (const counts of Object.values(second.body as Record<string, { created: number; updated: number }>))
      expect(counts).toMatchObject({ created: 0, updated: 0 });
    expect(second.body.users).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect((await status()).counts).toEqual(afterFirst.counts);

    const semesters = await client.get('/api/v1/semesters', token);
    expect(semesters.body).toEqual([
      expect.objectContaining({ code: 'S12526', campusCode: 'MAIN', startDate: '2025-08-01', endDate: '2025-12-18' }),
    ]);
  });

  it('an update is counted as updated', async () => {
    const changed = structuredClone(example);
    changed.departments[0].name = 'College of Computer Studies';
    const response = await client.post('/api/v1/admin/institution/import', changed, token);
    expect(response.status).toBe(200);
    expect(response.body.departments).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(response.body.campuses).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });

  it('computes semester dates from the code when they are absent', async () => {
    const file = {
      campuses: [{ code: 'EAST', name: 'East Campus' }],
      semesters: [
        { campus: 'EAST', code: 'S12627' },
        { campus: 'EAST', code: 'S22627' },
      ],
    };
    expect((await client.post('/api/v1/admin/institution/import', file, token)).status).toBe(200);
    const east = (await client.get('/api/v1/admin/filters/semesters', token)).body.filter(
      (s: { campusCode: string }) => s.campusCode === 'EAST',
    );
    expect(east).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'S12627', startDate: '2026-08-01', endDate: '2026-12-31' }),
        expect.objectContaining({ code: 'S22627', startDate: '2027-01-01', endDate: '2027-05-31' }),
      ]),
    );
  });

  it('a file with an unknown campus, a bad semester code and a duplicate username is refused whole', async () => {
    const before = await status();
    const bad = structuredClone(example);
    bad.campuses.push({ code: 'SOUTH', name: 'South Campus' });
    bad.departments.push({ campus: 'NOWHERE', semester: 'S12526', code: 'CAS', name: 'Arts and Sciences' });
    bad.semesters.push({ campus: 'MAIN', code: 'S32526' });
    bad.users.push({ ...bad.users[1], fullName: 'Someone Else' });
    const response = await client.post('/api/v1/admin/institution/import', bad, token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const details = response.body.details as Array<{ path: string; message: string }>;
    const text = details.map((d) => `${d.path}: ${d.message}`).join('\n');
    expect(text).toMatch(/departments\.1\.campus: unknown campus 'NOWHERE'/);
    expect(text).toMatch(/semesters\.1.*S32526|semesters\.1\.code/);
    expect(text).toMatch(/users\.2.*duplicate username 's001'/);
    expect(await status()).toEqual(before);
    const campuses = (await client.get('/api/v1/campuses', token)).body.map((c: { code: string }) => c.code);
    expect(campuses).not.toContain('SOUTH');
  });

  it('reports unknown references, unknown roles and unknown fields', async () => {
    const response = await client.post(
      '/api/v1/admin/institution/import',
      {
        courses: [{ campus: 'MAIN', semester: 'S12526', program: 'NOPE', shortname: 'X1', fullname: 'X' }],
        users: [{ username: 'u.one', fullName: 'U One', roles: ['WIZARD'] }],
        enrollments: [
          { username: 'ghost', course: 'IT101-S12526', campus: 'MAIN', semester: 'S12526', role: 'student' },
        ],
        extra: true,
      },
      token,
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.details)).toContain('extra');

    const roles = await client.post(
      '/api/v1/admin/institution/import',
      { users: [{ username: 'u.one', fullName: 'U One', roles: ['WIZARD'] }] },
      token,
    );
    expect(roles.status).toBe(400);
    expect(roles.body.details).toEqual([{ path: 'users.0.roles.0', message: "unknown role 'WIZARD'" }]);
  });

  it('unknown references are all listed in one answer', async () => {
    const response = await client.post(
      '/api/v1/admin/institution/import',
      {
        courses: [{ campus: 'MAIN', semester: 'S12526', program: 'NOPE', shortname: 'X1', fullname: 'X' }],
        enrollments: [
          { username: 'ghost', course: 'IT101-S12526', campus: 'MAIN', semester: 'S12526', role: 'student' },
        ],
      },
      token,
    );
    expect(response.status).toBe(400);
    const text = JSON.stringify(response.body.details);
    expect(text).toContain('NOPE');
    expect(text).toContain('ghost');
  });

  it('a non-admin cannot import', async () => {
    const response = await client.post('/api/v1/admin/institution/import', example);
    expect(response.status).toBe(401);
  });
});

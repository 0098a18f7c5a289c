import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/common/database/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { coursesWithHierarchy } from '../../src/modules/institution/course-hierarchy.js';
import { InstitutionImportRepository } from '../../src/modules/institution/institution-import.repository.js';
import { createTestDatabase, setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, database } = await setupApi();
/** A second database, for the migration test. */
const scratch = await createTestDatabase();
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

  it('takes enrollments that name the campus and semester of courses already stored, alone or with the campus', async () => {
    const enrollmentsOnly = { enrollments: example.enrollments };
    const alone = await client.post('/api/v1/admin/institution/import', enrollmentsOnly, token);
    expect(alone.status).toBe(200);
    expect(alone.body.enrollments).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const withCampus = { campuses: example.campuses, enrollments: example.enrollments };
    const listed = await client.post('/api/v1/admin/institution/import', withCampus, token);
    expect(listed.status).toBe(200);
    expect(listed.body.enrollments).toEqual({ created: 0, updated: 0, unchanged: 1 });
    // A campus or semester that is stored nowhere is still refused, with its path.
    const elsewhere = { enrollments: [{ ...example.enrollments[0], semester: 'S22526' }] };
    const refused = await client.post('/api/v1/admin/institution/import', elsewhere, token);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: 'enrollments.0.semester', message: "unknown semester 'S22526' at campus 'MAIN'" },
    ]);
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

  it('matches course shortnames ignoring case: another spelling updates the course, enrollments attach to it', async () => {
    const file = {
      courses: [
        { campus: 'MAIN', semester: 'S12526', program: 'BSIT', shortname: 'it101-s12526', fullname: 'Computing 1' },
      ],
      users: [{ username: 's002', fullName: 'Student Two', roles: ['STUDENT'] }],
      enrollments: [{ username: 's002', course: 'It101-S12526', campus: 'MAIN', semester: 'S12526', role: 'student' }],
    };
    const response = await client.post('/api/v1/admin/institution/import', file, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.courses).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(response.body.enrollments).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const courses = await database.db
      .selectFrom('courses')
      .select(['id', 'shortname', 'fullname'])
      .where(sql<string>`lower(shortname)`, '=', 'it101-s12526')
      .execute();
    // One course; the stored spelling (the learning system's) is kept.
    expect(courses).toEqual([{ id: expect.any(String), shortname: 'IT101-S12526', fullname: 'Computing 1' }]);
    const enrolled = await database.db
      .selectFrom('enrollments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select('e.course_id')
      .where('u.username', 'in', ['s001', 's002'])
      .execute();
    expect(enrolled.map((row) => row.course_id)).toEqual([courses[0]?.id, courses[0]?.id]);

    const again = await client.post('/api/v1/admin/institution/import', file, token);
    expect(again.body.courses).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });

  it('refuses a file naming one shortname in two spellings', async () => {
    const course = { campus: 'MAIN', semester: 'S12526', program: 'BSIT', fullname: 'Data Structures' };
    const response = await client.post(
      '/api/v1/admin/institution/import',
      {
        courses: [
          { ...course, shortname: 'IT201-S12526' },
          { ...course, shortname: 'it201-s12526' },
        ],
      },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      {
        path: 'courses.1',
        message:
          "duplicate course shortname 'it201-s12526' (also at courses.0 as 'IT201-S12526'; compared ignoring case)",
      },
    ]);
  });

  it('checks semester codes in every section that names one, and campus codes everywhere', async () => {
    const bad = "Invalid semester code 'S12527': the end year must follow the start year";
    const response = await client.post(
      '/api/v1/admin/institution/import',
      {
        departments: [{ campus: 'MAIN', semester: 'S12527', code: 'CAS' }],
        programs: [{ campus: 'MAIN', semester: 'S12527', department: 'CAS', code: 'BSX' }],
        courses: [{ campus: 'MAIN', semester: 'S12527', program: 'BSX', shortname: 'X1-S12527', fullname: 'X' }],
        enrollments: [
          { username: 's001', course: 'IT101-S12526', campus: 'MAIN', semester: 'S12527', role: 'faculty' },
          { username: 'dean.ccs', course: 'IT101-S12526', semester: 'S3', role: 'student' },
          { username: 's002', course: 'IT101-S12526', campus: 'NOWHERE', semester: 'S12526', role: 'student' },
          { username: 's001', course: 'IT101-S12527', campus: 'MAIN', semester: 'S12527', role: 'student' },
          { username: 'dean.ccs', course: 'IT101-S12526', campus: 'MAIN', semester: 'S22526', role: 'faculty' },
        ],
      },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { path: 'departments.0.semester', message: bad },
      { path: 'programs.0.semester', message: bad },
      { path: 'courses.0.semester', message: bad },
      { path: 'enrollments.0.semester', message: bad },
      { path: 'enrollments.1.semester', message: "Invalid semester code 'S3': expected S1YYYY or S2YYYY, e.g. S12526" },
      { path: 'enrollments.2.campus', message: "unknown campus 'NOWHERE'" },
      { path: 'enrollments.3.semester', message: bad },
      { path: 'enrollments.3.course', message: "unknown course 'IT101-S12527'" },
      { path: 'enrollments.4.semester', message: "unknown semester 'S22526' at campus 'MAIN'" },
    ]);
  });

  it('the faculty filter narrows through the course hierarchy', async () => {
    const file = {
      users: [{ username: 'f001', fullName: 'Faculty One', roles: ['FACULTY'] }],
      enrollments: [{ username: 'f001', course: 'IT101-S12526', role: 'faculty' }],
    };
    expect((await client.post('/api/v1/admin/institution/import', file, token)).status).toBe(200);
    const program = await database.db.selectFrom('programs').select(['id', 'department_id']).executeTakeFirstOrThrow();
    const campus = await database.db
      .selectFrom('campuses')
      .select('id')
      .where('code', '=', 'MAIN')
      .executeTakeFirstOrThrow();
    const names = async (query: string) =>
      (await client.get(`/api/v1/admin/filters/faculty${query}`, token)).body.map(
        (f: { username: string }) => f.username,
      );
    expect(await names('')).toEqual(['f001']);
    expect(await names(`?programId=${program.id}&departmentId=${program.department_id}&campusId=${campus.id}`)).toEqual(
      ['f001'],
    );
    expect(await names(`?programId=00000000-0000-4000-8000-000000000000`)).toEqual([]);
  });

  it('refuses a course row that would move a stored course to another campus or semester, writing nothing', async () => {
    const before = await status();
    const north = {
      campuses: [{ code: 'NORTH', name: 'North Campus' }],
      semesters: [{ campus: 'NORTH', code: 'S12526' }],
      departments: [{ campus: 'NORTH', semester: 'S12526', code: 'CCS' }],
      programs: [{ campus: 'NORTH', semester: 'S12526', department: 'CCS', code: 'BSIT' }],
    };
    const moved = {
      ...north,
      courses: [{ campus: 'NORTH', semester: 'S12526', program: 'BSIT', shortname: 'it101-s12526', fullname: 'Moved' }],
      // The enrollment names the course's real place: it is no second problem.
      enrollments: [{ username: 's001', course: 'IT101-S12526', campus: 'MAIN', semester: 'S12526', role: 'student' }],
    };
    const response = await client.post('/api/v1/admin/institution/import', moved, token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'the import file has 1 problem(s); nothing was imported',
      details: [
        {
          path: 'courses.0.shortname',
          message:
            "course 'it101-s12526' (stored as 'IT101-S12526') already belongs to semester 'S12526' at campus 'MAIN'; " +
            'a course cannot move to another campus or semester',
        },
      ],
    });

    const otherSemester = {
      semesters: [{ campus: 'MAIN', code: 'S22526' }],
      departments: [{ campus: 'MAIN', semester: 'S22526', code: 'CCS' }],
      programs: [{ campus: 'MAIN', semester: 'S22526', department: 'CCS', code: 'BSIT' }],
      courses: [{ campus: 'MAIN', semester: 'S22526', program: 'BSIT', shortname: 'IT101-S12526', fullname: 'Moved' }],
    };
    const later = await client.post('/api/v1/admin/institution/import', otherSemester, token);
    expect(later.status).toBe(400);
    expect(later.body.details).toEqual([
      {
        path: 'courses.0.shortname',
        message:
          "course 'IT101-S12526' already belongs to semester 'S12526' at campus 'MAIN'; " +
          'a course cannot move to another campus or semester',
      },
    ]);
    expect(await status()).toEqual(before);
    const place = await coursesWithHierarchy(database.db)
      .select(['co.fullname', 'c.code as campus', 's.code as semester'])
      .where('co.shortname', '=', 'IT101-S12526')
      .executeTakeFirstOrThrow();
    expect(place).toEqual({ fullname: 'Computing 1', campus: 'MAIN', semester: 'S12526' });
  });

  it('takes one of two concurrent imports that put one new course at two campuses, and refuses the other', async () => {
    const at = (campus: string) => ({
      campuses: [{ code: campus, name: `${campus} Campus` }],
      semesters: [{ campus, code: 'S12526' }],
      departments: [{ campus, semester: 'S12526', code: 'CCS' }],
      programs: [{ campus, semester: 'S12526', department: 'CCS', code: 'BSIT' }],
      courses: [{ campus, semester: 'S12526', program: 'BSIT', shortname: 'RACE101-S12526', fullname: campus }],
    });
    const answers = await Promise.all(
      ['MAIN', 'NORTH'].map((campus) => client.post('/api/v1/admin/institution/import', at(campus), token)),
    );
    // Imports run one at a time: the second reads the first's course and is refused; the course never moves.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.status === 400);
    expect(refused?.body.details[0].message).toContain('a course cannot move to another campus or semester');
    const won = answers.findIndex((answer) => answer.status === 200);
    const stored = await database.db
      .selectFrom('courses')
      .select('fullname')
      .where('shortname', '=', 'RACE101-S12526')
      .execute();
    expect(stored).toEqual([{ fullname: ['MAIN', 'NORTH'][won] }]);
  });

  it('takes a course moving to another program of the same campus and semester (a correction)', async () => {
    const response = await client.post(
      '/api/v1/admin/institution/import',
      {
        programs: [{ campus: 'MAIN', semester: 'S12526', department: 'CCS', code: 'BSCS', name: 'BS CS' }],
        courses: [
          {
            campus: 'MAIN',
            semester: 'S12526',
            program: 'BSCS',
            shortname: 'IT201-S12526',
            fullname: 'Data Structures',
          },
        ],
      },
      token,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const corrected = await client.post(
      '/api/v1/admin/institution/import',
      {
        courses: [
          {
            campus: 'MAIN',
            semester: 'S12526',
            program: 'BSIT',
            shortname: 'it201-s12526',
            fullname: 'Data Structures',
          },
        ],
      },
      token,
    );
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.courses).toEqual({ created: 0, updated: 1, unchanged: 0 });
  });

  it('a non-admin cannot import', async () => {
    const response = await client.post('/api/v1/admin/institution/import', example);
    expect(response.status).toBe(401);
  });
});

describe('what the import takes as its body (outside audit Q)', () => {
  const IMPORT = '/api/v1/admin/institution/import';
  const oneUser = { users: [{ username: 'q.user', fullName: 'Q User', roles: ['STUDENT'] }] };

  async function stored(username: string) {
    return database.db
      .selectFrom('users')
      .select(['username', 'full_name'])
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .execute();
  }

  it('a file sent as multipart, or no body at all, is refused and leaves the enrollment sync time alone (F3)', async () => {
    expect((await client.post(IMPORT, example, token)).status).toBe(200);
    const before = (await status()).enrollmentsLastSyncedAt;
    expect(before).not.toBeNull();

    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(oneUser)]), 'institution.json');
    const upload = await fetch(`${client.baseUrl}${IMPORT}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect({ status: upload.status, body: await upload.json() }).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: "unsupported content type 'multipart/form-data'; this route accepts application/json",
        details: [],
      },
    });

    const json = { 'content-type': 'application/json' };
    for (const [label, options] of [
      ['an empty JSON body', { rawBody: '', headers: json }],
      ['a JSON body of whitespace', { rawBody: ' \n', headers: json }],
      ['no body and no content type', {}],
    ] as const) {
      const empty = await client.request('POST', IMPORT, { token, ...options });
      expect(empty.body, label).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'the request has no body; this route takes a JSON body',
        details: [{ path: 'body', message: 'required' }],
      });
    }
    expect(await stored('q.user')).toEqual([]);
    expect((await status()).enrollmentsLastSyncedAt).toBe(before);
  });

  it('an import that lists no enrollment ({} or users alone) answers its counts but records no enrollment sync', async () => {
    const before = (await status()).enrollmentsLastSyncedAt;
    expect(before).not.toBeNull();
    const nothing = await client.post(IMPORT, {}, token);
    expect(nothing.status).toBe(200);
    for (const counts of Object.values(nothing.body as Record<string, unknown>))
      expect(counts).toEqual({ created: 0, updated: 0, unchanged: 0 });
    const usersOnly = await client.post(IMPORT, oneUser, token);
    expect(usersOnly.body.users).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await status()).enrollmentsLastSyncedAt).toBe(before);

    // Enrollments listed, even all unchanged, are a sync: the file was read from the source again.
    const again = await client.post(IMPORT, { enrollments: example.enrollments }, token);
    expect(again.body.enrollments).toMatchObject({ created: 0, updated: 0 });
    expect(Date.parse((await status()).enrollmentsLastSyncedAt ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
  });

  it('a body that is not UTF-8 is refused, whatever charset it claims, and nothing is stored (F4)', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('{"users":[{"username":"q.latin1","fullName":"Jos'),
      Buffer.from([0xe9]),
      Buffer.from(' P'),
      Buffer.from([0xe9]),
      Buffer.from('rez","roles":["FACULTY"]}]}'),
    ]);
    const plain = await client.request('POST', IMPORT, {
      token,
      rawBody: latin1,
      headers: { 'content-type': 'application/json' },
    });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('request body is not valid UTF-8');
    const claimed = await client.request('POST', IMPORT, {
      token,
      rawBody: latin1,
      headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    });
    expect(claimed.status).toBe(415);
    expect(claimed.body.message).toBe("unsupported charset 'iso-8859-1'; request bodies are JSON in utf-8");
    expect(await stored('q.latin1')).toEqual([]);

    const utf8 = await client.request('POST', IMPORT, {
      token,
      rawBody: latin1.toString('latin1'),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(utf8.status).toBe(200);
    expect(await stored('q.latin1')).toEqual([{ username: 'q.latin1', full_name: 'José Pérez' }]);
  });

  it('usernames and full names are taken in NFC: a decomposed "josé" is the same account, at the import and at login (F11)', async () => {
    const composed = 'jos\u00e9.q11';
    const decomposed = 'jose\u0301.q11';
    const user = (username: string) => ({
      username,
      fullName: 'Jose\u0301 Pen\u0303a',
      password: 'q11-password-1',
      roles: ['STUDENT'],
    });
    const both = await client.post(IMPORT, { users: [user(composed), user(decomposed)] }, token);
    expect(both.status).toBe(400);
    expect(both.body.details).toEqual([
      { path: 'users.1', message: "duplicate username 'jos\u00e9.q11' (also at users.0)" },
    ]);

    expect((await client.post(IMPORT, { users: [user(decomposed)] }, token)).body.users).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await stored(composed)).toEqual([{ username: composed, full_name: 'Jos\u00e9 Pe\u00f1a' }]);
    expect((await client.post(IMPORT, { users: [user(composed)] }, token)).body.users).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    const enrolled = await client.post(
      IMPORT,
      { enrollments: [{ username: decomposed.toUpperCase(), course: 'IT101-S12526', role: 'student' }] },
      token,
    );
    expect(enrolled.body.enrollments).toEqual({ created: 1, updated: 0, unchanged: 0 });
    for (const username of [composed, decomposed, decomposed.toUpperCase()])
      expect((await client.post('/api/v1/auth/login', { username, password: 'q11-password-1' })).status, username).toBe(
        200,
      );
  });
});

describe('the import and the inserts that reference its users (audit K)', () => {
  it('a submission naming two users the import locked in the other order does not deadlock with it', async () => {
    const repository = new InstitutionImportRepository(database.db);
    const [student, teacher] = await Promise.all(
      ['k.student', 'k.teacher'].map(async (username) => {
        const row = await database.db
          .insertInto('users')
          .values({ username, full_name: username, password_hash: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    await database.db.transaction().execute(async (importing) => {
      // The file lists the teacher first: the import locks the teacher ...
      await repository.findUser(importing, 'k.teacher');
      // ... while a submission inserts: its foreign keys key-share the student, then the teacher. With the teacher
      // locked FOR UPDATE it waited here, and the import, reaching the student next, waited for it: a deadlock.
      const submission = database.db.transaction().execute(async (trx) => {
        await sql`SELECT id FROM users WHERE id = ${student} FOR KEY SHARE`.execute(trx);
        await sql`SELECT id FROM users WHERE id = ${teacher} FOR KEY SHARE`.execute(trx);
        return 'inserted';
      });
      const waited = new Promise((resolve) => setTimeout(() => resolve('waiting for the import'), 3_000));
      expect(await Promise.race([submission, waited])).toBe('inserted');
      await repository.findUser(importing, 'k.student');
    });
  });
});

describe('migration 0003-data-hygiene', () => {
  const migrator = new Migrator({ db: scratch.db, provider: { getMigrations: async () => migrations } });

  it('refuses to run over shortnames that differ only in case, naming them, and runs once they are fixed', async () => {
    expect((await migrator.migrateTo('0002-questionnaires')).error).toBeUndefined();
    await sql`
      INSERT INTO campuses (code, name) VALUES ('MAIN', 'Main');
      INSERT INTO semesters (campus_id, code, label, academic_year, start_date, end_date)
        SELECT id, 'S12526', 'l', '2025-2026', '2025-08-01', '2025-12-31' FROM campuses;
      INSERT INTO departments (semester_id, code) SELECT id, 'CCS' FROM semesters;
      INSERT INTO programs (department_id, code) SELECT id, 'BSIT' FROM departments;
      INSERT INTO courses (program_id, shortname, fullname)
        SELECT id, unnest(ARRAY['IT101', 'it101', 'IT102']), 'Course' FROM programs;
    `.execute(scratch.db);

    await expect(migrateToLatest(scratch.db)).rejects.toThrow(
      /1 group\(s\) of course shortnames differ only in case \('(IT101' = 'it101|it101' = 'IT101)'\)/,
    );
    const columns = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'campuses'`.execute(scratch.db);
    expect(columns.rows.map((row) => row.name)).not.toContain('lms_category_id');

    await sql`UPDATE courses SET shortname = 'IT101-OLD' WHERE shortname = 'it101'`.execute(scratch.db);
    await migrateToLatest(scratch.db);
    await expect(
      sql`INSERT INTO courses (program_id, shortname, fullname) SELECT id, 'it102', 'Again' FROM programs`.execute(
        scratch.db,
      ),
    ).rejects.toThrow(/courses_shortname_lower_key/);
    await sql`UPDATE campuses SET lms_category_id = 7`.execute(scratch.db);
  });
});

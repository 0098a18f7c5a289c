import { beforeAll, describe, expect, it } from 'vitest';
import { ScopeService } from '../../src/modules/institution/scope.service.js';
import { PASSWORD, twoCampusInstitution } from '../support/institution-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, database } = await setupApi();
const scope = new ScopeService(database.db);
let adminToken = '';

const ids = {
  semester: {} as Record<string, string>,
  department: {} as Record<string, string>,
  program: {} as Record<string, string>,
  campus: {} as Record<string, string>,
  user: {} as Record<string, string>,
};

async function loadIds() {
  for (const row of await database.db
    .selectFrom('semesters as s')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['s.id', 'c.code as campus', 'c.id as campusId'])
    .execute()) {
    ids.semester[row.campus] = row.id;
    ids.campus[row.campus] = row.campusId;
  }
  for (const row of await database.db
    .selectFrom('departments as d')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['d.id', 'd.code', 'c.code as campus'])
    .execute())
    ids.department[`${row.campus}/${row.code}`] = row.id;
  for (const row of await database.db
    .selectFrom('programs as p')
    .innerJoin('departments as d', 'd.id', 'p.department_id')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['p.id', 'p.code', 'c.code as campus'])
    .execute())
    ids.program[`${row.campus}/${row.code}`] = row.id;
  for (const row of await database.db.selectFrom('users').select(['id', 'username']).execute())
    ids.user[row.username] = row.id;
}

beforeAll(async () => {
  adminToken = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', twoCampusInstitution(), adminToken)).status).toBe(200);
  await loadIds();
});

describe('scope resolution', () => {
  it('SUPER_ADMIN is unrestricted', async () => {
    expect(await scope.resolve(ids.user[SUPER_ADMIN.username]!, ids.semester.MAIN!)).toEqual({ unrestricted: true });
  });

  it('a DEAN resolves to the department of the assigned campus only, never the same code elsewhere', async () => {
    const main = await scope.resolve(ids.user['dean.main']!, ids.semester.MAIN!);
    expect(main).toEqual({
      unrestricted: false,
      departmentIds: [ids.department['MAIN/CCS']],
      programIds: [],
      campusIds: [],
      campusDepartmentIds: [],
    });
    const north = await scope.resolve(ids.user['dean.main']!, ids.semester.NORTH!);
    expect(north).toMatchObject({ unrestricted: false, departmentIds: [], programIds: [], campusIds: [] });
  });

  it('a CHAIRPERSON resolves to program ids of the assigned campus', async () => {
    expect(await scope.resolve(ids.user['chair.main']!, ids.semester.MAIN!)).toMatchObject({
      programIds: [ids.program['MAIN/BSIT']],
      departmentIds: [],
    });
    expect(await scope.resolve(ids.user['chair.main']!, ids.semester.NORTH!)).toMatchObject({ programIds: [] });
  });

  it('a CAMPUS_HEAD resolves to the campus and its departments in that semester', async () => {
    expect(await scope.resolve(ids.user['head.north']!, ids.semester.NORTH!)).toMatchObject({
      campusIds: [ids.campus.NORTH],
      campusDepartmentIds: [ids.department['NORTH/CCS']],
    });
    expect(await scope.resolve(ids.user['head.north']!, ids.semester.MAIN!)).toMatchObject({
      campusIds: [],
      campusDepartmentIds: [],
    });
  });

  it('FACULTY, STUDENT and unknown ids resolve to nothing', async () => {
    const empty = { unrestricted: false, departmentIds: [], programIds: [], campusIds: [], campusDepartmentIds: [] };
    expect(await scope.resolve(ids.user['fac.one']!, ids.semester.MAIN!)).toEqual(empty);
    expect(await scope.resolve(ids.user['stu.one']!, ids.semester.MAIN!)).toEqual(empty);
    expect(await scope.resolve(ids.user['dean.main']!, '00000000-0000-4000-8000-000000000000')).toEqual(empty);
  });

  it('a reassignment takes effect at once, in the service and in /auth/me', async () => {
    const token = await client.login('dean.main', PASSWORD);
    const before = await client.get('/api/v1/auth/me', token);
    expect(before.body.assignments).toEqual([{ role: 'DEAN', campus: 'MAIN', department: 'CCS', program: null }]);

    const institution = twoCampusInstitution();
    const dean = institution.users.find((user) => user.username === 'dean.main')!;
    dean.assignments = [{ role: 'DEAN', campus: 'MAIN', department: 'CBA' }];
    expect((await client.post('/api/v1/admin/institution/import', institution, adminToken)).status).toBe(200);

    expect(await scope.resolve(ids.user['dean.main']!, ids.semester.MAIN!)).toMatchObject({
      departmentIds: [ids.department['MAIN/CBA']],
    });
    const after = await client.get('/api/v1/auth/me', token);
    expect(after.body.assignments).toEqual([{ role: 'DEAN', campus: 'MAIN', department: 'CBA', program: null }]);
  });

  it('losing the role drops the assignment at once even where the assignment row remains', async () => {
    await database.db
      .deleteFrom('user_roles')
      .where('user_id', '=', ids.user['chair.main']!)
      .where('role', '=', 'CHAIRPERSON')
      .execute();
    expect(await scope.resolve(ids.user['chair.main']!, ids.semester.MAIN!)).toMatchObject({ programIds: [] });
  });
});

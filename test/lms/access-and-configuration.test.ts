import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, twoCampusInstitution } from '../support/institution-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/** Who may use the learning-system routes, and what they answer while LMS_URL is not set. */
const { client } = await setupApi();
const tokens: Record<string, string> = {};

beforeAll(async () => {
  tokens.SUPER_ADMIN = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect(
    (await client.post('/api/v1/admin/institution/import', twoCampusInstitution(), tokens.SUPER_ADMIN)).status,
  ).toBe(200);
  tokens.DEAN = await client.login('dean.main', PASSWORD);
  tokens.ADMIN = await client.login('admin.one', PASSWORD);
});

const header = {
  semesterId: '00000000-0000-4000-8000-000000000001',
  departmentId: '00000000-0000-4000-8000-000000000002',
  programId: '00000000-0000-4000-8000-000000000003',
  startDate: '2025-08-01',
  endDate: '2025-12-18',
};
const routes: Array<{ method: 'GET' | 'POST'; path: string; body?: unknown }> = [
  {
    method: 'POST',
    path: '/api/v1/lms/provision/categories/preview',
    body: { campuses: ['MAIN'], semesters: [1], startDate: '2025-08-01', endDate: '2025-12-18', departments: [] },
  },
  {
    method: 'POST',
    path: '/api/v1/lms/provision/categories',
    body: { campuses: ['MAIN'], semesters: [1], startDate: '2025-08-01', endDate: '2025-12-18', departments: [] },
  },
  {
    method: 'POST',
    path: '/api/v1/lms/provision/courses/execute',
    body: {
      campus: 'MAIN',
      department: 'CCS',
      startDate: '2025-08-01',
      endDate: '2025-12-18',
      rows: [{ program: 'BSIT', courseCode: 'IT1', descriptiveTitle: 'x', semester: 1 }],
    },
  },
  {
    method: 'POST',
    path: '/api/v1/lms/provision/users',
    body: { count: 1, role: 'student', campus: 'MAIN', courseIds: [2] },
  },
  { method: 'GET', path: '/api/v1/lms/provision/tree' },
  { method: 'GET', path: '/api/v1/lms/provision/tree/2/courses' },
  { method: 'POST', path: '/api/v1/lms/sync' },
];
const bodyChecked = [
  {
    path: '/api/v1/lms/provision/courses/bulk/preview',
    body: { ...header, courses: [{ courseCode: 'A', descriptiveTitle: 'a' }] },
  },
  { path: '/api/v1/lms/provision/courses/quick', body: { ...header, courseCode: 'A', descriptiveTitle: 'a' } },
];

describe('roles: SUPER_ADMIN only', () => {
  it.each(['DEAN', 'ADMIN'])('%s gets 403 on every learning-system route', async (role) => {
    for (const route of [...routes, ...bodyChecked.map((r) => ({ method: 'POST' as const, ...r }))]) {
      const response = await client.request(route.method, route.path, { token: tokens[role], body: route.body });
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
      expect(response.body.message).toBe('role not allowed; this route is for SUPER_ADMIN');
    }
  });

  it('the OpenAPI document lists every route of the provisioning table, for SUPER_ADMIN', async () => {
    const document = (await client.get('/api/v1/openapi.json')).body;
    const paths = Object.keys(document.paths).filter((path) => path.startsWith('/api/v1/lms'));
    expect(paths.sort()).toEqual([
      '/api/v1/lms/provision/categories',
      '/api/v1/lms/provision/categories/preview',
      '/api/v1/lms/provision/courses/bulk/execute',
      '/api/v1/lms/provision/courses/bulk/preview',
      '/api/v1/lms/provision/courses/execute',
      '/api/v1/lms/provision/courses/preview',
      '/api/v1/lms/provision/courses/quick',
      '/api/v1/lms/provision/courses/quick/preview',
      '/api/v1/lms/provision/tree',
      '/api/v1/lms/provision/tree/{categoryId}/courses',
      '/api/v1/lms/provision/users',
      '/api/v1/lms/sync',
    ]);
    expect(document.paths['/api/v1/lms/provision/courses/preview'].post.requestBody.content).toHaveProperty(
      'multipart/form-data',
    );
    expect(document.paths['/api/v1/lms/sync'].post.description).toBe('Roles: SUPER_ADMIN.');
  });
});

describe('without LMS_URL', () => {
  it('every route that reaches the learning system answers 503 naming LMS_URL', async () => {
    for (const route of routes) {
      const response = await client.request(route.method, route.path, { token: tokens.SUPER_ADMIN, body: route.body });
      expect(response.status, `${route.method} ${route.path}`).toBe(503);
      expect(response.body).toMatchObject({
        statusCode: 503,
        message: 'the learning system is not configured: LMS_URL is not set',
      });
    }
  });

  it('a bulk request is still checked first (400 before the learning system is needed)', async () => {
    for (const route of bodyChecked) {
      const response = await client.post(route.path, route.body, tokens.SUPER_ADMIN);
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ path: 'programId', message: 'no program has this id' }]);
    }
  });
});

describe('admin filter cascade', () => {
  it('programs answer { id, code, name, lmsCategoryId }, and departments filter by semesterId and campusId', async () => {
    const semesters = (await client.get('/api/v1/admin/filters/semesters', tokens.SUPER_ADMIN)).body;
    const north = semesters.find((s: { campusCode: string }) => s.campusCode === 'NORTH');
    const departments = await client.get(
      `/api/v1/admin/filters/departments?semesterId=${north.id}`,
      tokens.SUPER_ADMIN,
    );
    expect(departments.status).toBe(200);
    expect(departments.body.map((d: { code: string; campusCode: string }) => `${d.campusCode}/${d.code}`)).toEqual([
      'NORTH/CCS',
    ]);
    const campuses = (await client.get('/api/v1/campuses', tokens.SUPER_ADMIN)).body;
    const main = campuses.find((c: { code: string }) => c.code === 'MAIN');
    const mainDepartments = await client.get(
      `/api/v1/admin/filters/departments?campusId=${main.id}`,
      tokens.SUPER_ADMIN,
    );
    expect(mainDepartments.body.map((d: { code: string }) => d.code).sort()).toEqual(['CBA', 'CCS']);
    const bad = await client.get('/api/v1/admin/filters/departments?semesterId=nope', tokens.SUPER_ADMIN);
    expect(bad.status).toBe(400);

    const programs = await client.get(
      `/api/v1/admin/filters/programs?departmentId=${departments.body[0].id}`,
      tokens.SUPER_ADMIN,
    );
    expect(programs.status).toBe(200);
    expect(programs.body).toEqual([
      {
        id: expect.any(String),
        code: 'BSIT',
        name: 'BS IT (North)',
        lmsCategoryId: null,
        departmentId: departments.body[0].id,
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { categoryId, restart, setupLms } from '../support/lms.js';

/** POST /lms/provision/categories(/preview) against the simulator's live tree. */
// A short call timeout, for the create call that times out but goes through (the other calls take milliseconds).
const { client, admin, simulator, database } = await setupLms({ overrides: { LMS_TIMEOUT_MS: '2000' } });

const plan = {
  campuses: ['MAIN', 'north'],
  semesters: [1, 2],
  startDate: '2025-08-01',
  endDate: '2026-05-31',
  departments: [
    { code: 'CCS', programs: ['BSIT', 'BSCS'] },
    { code: 'COE', programs: ['BSCE'] },
  ],
};

const statusOf = (body: { nodes: Array<{ path: string; status: string }> }) =>
  Object.fromEntries(body.nodes.map((node) => [node.path, node.status]));

describe('preview', () => {
  it('marks each node created or skipped against the live tree, and changes nothing', async () => {
    const before = simulator.state.categories.size;
    const response = await client.post('/api/v1/lms/provision/categories/preview', plan, admin);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.semesterCodes).toEqual(['S12526', 'S22526']);
    // 2 campuses × (1 + 2 semesters × (1 + CCS 1 + 2 programs + COE 1 + 1 program)) = 26 nodes.
    expect(response.body.nodes).toHaveLength(26);
    expect(response.body).toMatchObject({ created: 21, skipped: 5 });
    const status = statusOf(response.body);
    expect(status).toMatchObject({
      MAIN: 'skipped',
      'MAIN / S12526': 'skipped',
      'MAIN / S12526 / CCS': 'skipped',
      'MAIN / S12526 / CCS / BSIT': 'skipped',
      'MAIN / S12526 / CCS / BSCS': 'skipped',
      'MAIN / S12526 / COE': 'created',
      'MAIN / S12526 / COE / BSCE': 'created',
      'MAIN / S22526': 'created',
      NORTH: 'created',
      'NORTH / S22526 / COE / BSCE': 'created',
    });
    expect(response.body.nodes[0]).toEqual({
      type: 'campus',
      name: 'MAIN',
      path: 'MAIN',
      status: 'skipped',
      categoryId: categoryId(simulator, 'MAIN'),
    });
    expect(response.body.nodes.find((node: { path: string }) => node.path === 'NORTH')).toMatchObject({
      type: 'campus',
      categoryId: null,
    });
    expect(simulator.state.categories.size).toBe(before);
  });

  it.each([
    ['spanned years', [1, 2], '2025-08-01', '2026-05-31', ['S12526', 'S22526']],
    ['semester 1 inside one calendar year → (year, year+1)', [1], '2025-08-01', '2025-12-15', ['S12526']],
    ['semester 2 inside one calendar year → (year-1, year)', [2], '2026-01-05', '2026-05-30', ['S22526']],
    ['both terms inside one calendar year', [2, 1], '2026-01-05', '2026-05-30', ['S12627', 'S22526']],
    ['semester 1, 2025-01-10 .. 2025-05-30 → (2025, 2026)', [1], '2025-01-10', '2025-05-30', ['S12526']],
    ['semester 2, 2025-01-10 .. 2025-05-30 → (2024, 2025)', [2], '2025-01-10', '2025-05-30', ['S22425']],
  ])('computes semester codes: %s', async (_label, semesters, startDate, endDate, codes) => {
    const response = await client.post(
      '/api/v1/lms/provision/categories/preview',
      { campuses: ['MAIN'], semesters, startDate, endDate, departments: [] },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.semesterCodes).toEqual(codes);
  });

  it.each([
    ['a range over more than two calendar years', '2025-08-01', '2027-05-31', /^Invalid semester code 'S12527'/],
    ['a start after the end', '2026-05-31', '2025-08-01', /^Invalid semester dates: startDate must precede endDate/],
    ['equal dates', '2025-08-01', '2025-08-01', /^Invalid semester dates/],
    ['dates two years apart', '2024-01-10', '2026-01-09', /^Invalid semester code 'S12426'/],
    ['an unparseable start date', 'soon', '2026-05-31', /^Invalid semester dates: startDate and endDate must be ISO/],
    [
      'an unparseable end date',
      '2025-08-01',
      '31/05/2026',
      /^Invalid semester dates: startDate and endDate must be ISO/,
    ],
    ['a day that does not exist', '2025-02-30', '2026-05-31', /^Invalid semester dates/],
  ])('answers 400 "Invalid semester …" for %s', async (_label, startDate, endDate, message) => {
    for (const path of ['/api/v1/lms/provision/categories/preview', '/api/v1/lms/provision/categories']) {
      const response = await client.post(path, { ...plan, startDate, endDate }, admin);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });

  it.each([[[3]], [[0]], [[1, 3]], [[1.5]]])(
    'answers 400 "Invalid semester …" for semesters %j, and creates nothing',
    async (semesters) => {
      const before = simulator.state.categories.size;
      for (const path of ['/api/v1/lms/provision/categories/preview', '/api/v1/lms/provision/categories']) {
        const response = await client.post(path, { ...plan, semesters }, admin);
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(/^Invalid semester (0|3|1\.5): a semester is 1 or 2$/);
        expect(response.body.details).toEqual([
          { path: `semesters.${semesters.length - 1}`, message: 'must be 1 or 2' },
        ]);
      }
      expect(simulator.state.categories.size).toBe(before);
    },
  );

  it('refuses a bad request body with 400 and details', async () => {
    const response = await client.post(
      '/api/v1/lms/provision/categories/preview',
      { campuses: [], semesters: ['one'], startDate: 5, endDate: '2026-05-31', departments: [{ code: 'C C' }] },
      admin,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('validation failed');
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual(
      expect.arrayContaining(['campuses', 'semesters.0', 'startDate', 'departments.0.code']),
    );
    const repeated = await client.post(
      '/api/v1/lms/provision/categories/preview',
      { ...plan, campuses: ['MAIN', 'main'] },
      admin,
    );
    expect(repeated.status).toBe(400);
    expect(repeated.body.details).toEqual([{ path: 'campuses', message: "duplicate campus 'MAIN'" }]);
  });

  it('refuses an unknown field, so a misspelt one does not silently drop part of the plan', async () => {
    const { departments, ...rest } = plan;
    const misspelt = await client.post(
      '/api/v1/lms/provision/categories/preview',
      { ...rest, department: departments },
      admin,
    );
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.details).toEqual([{ path: '(root)', message: 'unknown field(s): department' }]);
    const inner = await client.post(
      '/api/v1/lms/provision/categories/preview',
      { ...plan, departments: [{ code: 'CCS', program: ['BSIT'] }] },
      admin,
    );
    expect(inner.status).toBe(400);
    expect(inner.body.details).toEqual([{ path: 'departments.0', message: 'unknown field(s): program' }]);
  });
});

describe('execute', () => {
  it('creates the missing nodes, level by level, and records them locally with their category ids', async () => {
    simulator.reset();
    const response = await client.post('/api/v1/lms/provision/categories', plan, admin);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ created: 21, skipped: 5 });
    expect(
      response.body.nodes.every((node: { categoryId: number | null }) => typeof node.categoryId === 'number'),
    ).toBe(true);
    // One create call per depth that had something missing (campus, semester, department, program).
    expect(simulator.callsOf('core_course_create_categories')).toHaveLength(4);
    const bsce = categoryId(simulator, 'NORTH', 'S22526', 'COE', 'BSCE');
    expect(response.body.nodes.find((node: { path: string }) => node.path === 'NORTH / S22526 / COE / BSCE')).toEqual({
      type: 'program',
      name: 'BSCE',
      path: 'NORTH / S22526 / COE / BSCE',
      status: 'created',
      categoryId: bsce,
    });

    const programs = await database.db
      .selectFrom('programs as p')
      .innerJoin('departments as d', 'd.id', 'p.department_id')
      .innerJoin('semesters as s', 's.id', 'd.semester_id')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select([
        'c.code as campus',
        's.code as semester',
        'd.code as department',
        'p.code as program',
        'p.lms_category_id',
      ])
      .execute();
    expect(programs).toHaveLength(12);
    expect(programs).toContainEqual({
      campus: 'NORTH',
      semester: 'S22526',
      department: 'COE',
      program: 'BSCE',
      lms_category_id: bsce,
    });
    const semester = await database.db
      .selectFrom('semesters')
      .select(['label', 'academic_year', 'start_date', 'end_date', 'lms_category_id'])
      .where('code', '=', 'S22526')
      .where('lms_category_id', '=', categoryId(simulator, 'MAIN', 'S22526'))
      .executeTakeFirstOrThrow();
    expect(semester).toMatchObject({ label: '2nd Semester 2025-2026', academic_year: '2025-2026' });

    // The admin filter cascade shows the new programs with their category ids.
    const filtered = await client.get('/api/v1/admin/filters/programs', admin);
    expect(filtered.body).toContainEqual({
      id: expect.any(String),
      code: 'BSCE',
      name: null,
      lmsCategoryId: bsce,
      departmentId: expect.any(String),
    });
  });

  it('is idempotent: a second execute creates nothing', async () => {
    simulator.reset();
    const response = await client.post('/api/v1/lms/provision/categories', plan, admin);
    expect(response.body).toMatchObject({ created: 0, skipped: 26 });
    expect(simulator.callsOf('core_course_create_categories')).toHaveLength(0);
    const preview = await client.post('/api/v1/lms/provision/categories/preview', plan, admin);
    expect(preview.body).toMatchObject({ created: 0, skipped: 26 });
  });

  it('records lms.provision.categories with actor, time, target, outcome and metadata', async () => {
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.categories', admin);
    expect(audit.status).toBe(200);
    expect(audit.body.total).toBeGreaterThanOrEqual(2);
    const [latest, first] = audit.body.items;
    expect(latest).toMatchObject({
      action: 'lms.provision.categories',
      actorId: expect.any(String),
      at: expect.any(String),
      target: 'lms-categories:S12526,S22526',
      metadata: { outcome: 'success', created: 0, skipped: 26, semesterCodes: ['S12526', 'S22526'] },
    });
    expect(first.metadata).toMatchObject({ outcome: 'success', created: 21 });
  });
});

describe('failures', () => {
  it('a Moodle error → 503 with the operation label', async () => {
    simulator.fail('core_course_create_categories', {
      exception: 'moodle_exception',
      errorcode: 'unknowncategory',
      message: 'Category not known',
    });
    try {
      const response = await client.post('/api/v1/lms/provision/categories', { ...plan, campuses: ['WEST'] }, admin);
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'category provisioning failed: Category not known',
      });
      const audit = await client.get('/api/v1/admin/audit?action=lms.provision.categories&limit=1', admin);
      expect(audit.body.items[0].metadata).toMatchObject({
        outcome: 'failure',
        createdBeforeFailure: 0,
        error: 'category provisioning failed: Category not known',
      });
    } finally {
      simulator.reset();
    }
  });

  it('a Moodle error after categories were created → 503 saying how many; running it again finishes the tree', async () => {
    const east = { ...plan, campuses: ['EAST'], semesters: [1], departments: [] };
    // The first create call (the campus) goes through, the next (its semester) fails.
    simulator.fail(
      'core_course_create_categories',
      { exception: 'moodle_exception', errorcode: 'unknowncategory', message: 'Category not known' },
      { after: 1 },
    );
    try {
      const response = await client.post('/api/v1/lms/provision/categories', east, admin);
      expect(response.status).toBe(503);
      expect(response.body.message).toBe(
        'category provisioning (stopped after 1 new category was created) failed: Category not known',
      );
      const audit = await client.get('/api/v1/admin/audit?action=lms.provision.categories&limit=1', admin);
      expect(audit.body.items[0].metadata).toMatchObject({ outcome: 'failure', createdBeforeFailure: 1 });
    } finally {
      simulator.reset();
    }
    const again = await client.post('/api/v1/lms/provision/categories', east, admin);
    expect(again.status).toBe(200);
    expect(again.body.nodes.map((node: { path: string; status: string }) => [node.path, node.status])).toEqual([
      ['EAST', 'skipped'],
      ['EAST / S12526', 'created'],
    ]);
  });

  it('a webservice_access_exception → 503 with the original message followed by the hint', async () => {
    simulator.fail('core_course_get_categories', 'access');
    try {
      for (const path of ['/api/v1/lms/provision/categories/preview', '/api/v1/lms/provision/categories']) {
        const response = await client.post(path, plan, admin);
        expect(response.status).toBe(503);
        expect(response.body.message).toBe(
          'category provisioning failed: Access control exception (hint: the web-service function ' +
            'core_course_get_categories must be added to the external service of the learning system that ' +
            'LMS_TOKEN belongs to: Site administration > Server > Web services > External services)',
        );
      }
    } finally {
      simulator.reset();
    }
  });

  it('a create call that timed out but went through is not made again by the retry: no category twice', async () => {
    const south = { ...plan, campuses: ['SOUTH'], semesters: [1], departments: [] };
    const campuses = () =>
      [...simulator.state.categories.values()].filter((category) => category.parent === 0 && category.name === 'SOUTH');
    // The learning system answers after the client gave up (2 s), and then creates the campus all the same.
    simulator.delay('core_course_create_categories', 3500);
    try {
      const first = await client.post('/api/v1/lms/provision/categories', south, admin);
      expect(first.status, JSON.stringify(first.body)).toBe(502);
      expect(first.body.message).toBe('LMS is unreachable (category provisioning: timed out)');
    } finally {
      simulator.reset();
    }
    const retry = await client.post('/api/v1/lms/provision/categories', south, admin);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    // Let the first create call land: Moodle refuses it (the idnumber is taken) instead of making SOUTH twice.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(campuses()).toHaveLength(1);
    expect(campuses()[0]?.idnumber).toBe('lmsprov:SOUTH');
    expect(categoryId(simulator, 'SOUTH', 'S12526')).toBe(
      retry.body.nodes.find((node: { path: string }) => node.path === 'SOUTH / S12526').categoryId,
    );
  }, 20_000);

  it('an unreachable learning system → 502', async () => {
    await simulator.stop();
    try {
      for (const path of ['/api/v1/lms/provision/categories/preview', '/api/v1/lms/provision/categories']) {
        const response = await client.post(path, plan, admin);
        expect(response.status).toBe(502);
        expect(response.body).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
        expect(response.body.message).toMatch(
          /^LMS is unreachable \(category provisioning: connection (refused|reset)\)$/,
        );
      }
    } finally {
      await restart(simulator);
    }
  });
});

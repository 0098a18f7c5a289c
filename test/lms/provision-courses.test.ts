import { beforeAll, describe, expect, it } from 'vitest';
import { categoryId, restart, setupLms } from '../support/lms.js';

/** The JSON bulk, quick and legacy CSV course flows, with the provisioning lock and batches of 50. */
const { client, admin, simulator, database } = await setupLms();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const categories = await client.post(
    '/api/v1/lms/provision/categories',
    {
      campuses: ['MAIN'],
      semesters: [1, 2],
      startDate: '2025-08-01',
      endDate: '2026-05-31',
      departments: [
        { code: 'CCS', programs: ['BSIT', 'BSCS'] },
        { code: 'COE', programs: ['BSCE'] },
      ],
    },
    admin,
  );
  expect(categories.status, JSON.stringify(categories.body)).toBe(200);
  const rows = await database.db
    .selectFrom('programs as p')
    .innerJoin('departments as d', 'd.id', 'p.department_id')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .select([
      'p.id as programId',
      'p.code as program',
      'd.id as departmentId',
      'd.code as department',
      's.id as semesterId',
      's.code as semester',
    ])
    .execute();
  for (const row of rows) {
    ids[`${row.semester}/${row.program}`] = row.programId;
    ids[`${row.semester}/${row.department}`] = row.departmentId;
    ids[row.semester] = row.semesterId;
  }
});

const header = (program = 'BSIT', department = 'CCS', semester = 'S12526') => ({
  semesterId: ids[semester],
  departmentId: ids[`${semester}/${department}`],
  programId: ids[`${semester}/${program}`],
  startDate: '2025-08-01',
  endDate: '2025-12-18',
});

/** The legacy CSV flow's form fields, and its upload. */
const context = { campus: 'main', department: 'CCS', startDate: '2025-08-01', endDate: '2025-12-18' };

async function upload(content: string | Buffer, filename = 'courses.csv', fields: Record<string, string> = context) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content]), filename);
  const response = await fetch(`${client.baseUrl}/api/v1/lms/provision/courses/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const courses = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    courseCode: `${prefix}${String(index + 1).padStart(3, '0')}`,
    descriptiveTitle: `${prefix} course number ${index + 1}`,
  }));

describe('JSON bulk preview', () => {
  it('derives shortname, fullname and category per course and marks the ones that exist', async () => {
    const response = await client.post(
      '/api/v1/lms/provision/courses/bulk/preview',
      {
        ...header(),
        courses: [
          { courseCode: 'it 102', descriptiveTitle: '  Computer   Programming 1 ' },
          { courseCode: 'IT101', descriptiveTitle: 'Introduction to Computing' },
          { courseCode: 'IT/9', descriptiveTitle: 'Slash' },
        ],
      },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const bsit = categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSIT');
    expect(response.body).toEqual({
      courses: [
        {
          courseCode: 'IT102',
          descriptiveTitle: 'Computer   Programming 1',
          shortname: 'IT102-BSIT-MAIN-S12526',
          fullname: 'IT102 - Computer Programming 1',
          categoryId: bsit,
          status: 'new',
        },
        {
          courseCode: 'IT101',
          descriptiveTitle: 'Introduction to Computing',
          shortname: 'IT101-BSIT-MAIN-S12526',
          fullname: 'IT101 - Introduction to Computing',
          categoryId: bsit,
          status: 'exists',
        },
      ],
      errors: [
        {
          index: 2,
          courseCode: 'IT/9',
          message: "course code 'IT/9' may hold only letters, digits, '.', '_' and '-' (at most 30)",
        },
      ],
    });
  });

  it('refuses a courseCode given twice (ignoring case and spaces) with 400', async () => {
    const response = await client.post(
      '/api/v1/lms/provision/courses/bulk/preview',
      {
        ...header(),
        courses: [
          { courseCode: 'IT200', descriptiveTitle: 'a' },
          { courseCode: 'it 200', descriptiveTitle: 'b' },
        ],
      },
      admin,
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: 'duplicate courseCode in the request',
      details: [{ path: 'courses.1.courseCode', message: "duplicate courseCode 'it 200' (also courses.0)" }],
    });
  });

  it('refuses more than 500 courses, and none', async () => {
    for (const list of [courses('X', 501), []]) {
      for (const path of ['/api/v1/lms/provision/courses/bulk/preview', '/api/v1/lms/provision/courses/bulk/execute']) {
        const response = await client.post(path, { ...header(), courses: list }, admin);
        expect(response.status).toBe(400);
        expect(response.body.details[0].path).toBe('courses');
      }
    }
  });

  describe('the chain checks, each a 400 naming its field', () => {
    it('the program must belong to the department', async () => {
      const response = await client.post(
        '/api/v1/lms/provision/courses/bulk/preview',
        { ...header(), departmentId: ids['S12526/COE'], courses: courses('A', 1) },
        admin,
      );
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([
        { path: 'departmentId', message: 'program BSIT does not belong to this department' },
      ]);
    });

    it('the department must belong to the semester', async () => {
      const response = await client.post(
        '/api/v1/lms/provision/courses/bulk/execute',
        { ...header(), semesterId: ids.S22526, courses: courses('A', 1) },
        admin,
      );
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([
        { path: 'semesterId', message: 'department CCS does not belong to this semester' },
      ]);
    });

    it('the program must exist and have a learning-system category', async () => {
      const unknown = await client.post(
        '/api/v1/lms/provision/courses/bulk/preview',
        { ...header(), programId: '00000000-0000-4000-8000-000000000000', courses: courses('A', 1) },
        admin,
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toEqual([{ path: 'programId', message: 'no program has this id' }]);

      const imported = await client.post(
        '/api/v1/admin/institution/import',
        {
          programs: [{ campus: 'MAIN', semester: 'S12526', department: 'CCS', code: 'BSIS', name: 'BS IS' }],
        },
        admin,
      );
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const bsis = await database.db
        .selectFrom('programs')
        .select('id')
        .where('code', '=', 'BSIS')
        .executeTakeFirstOrThrow();
      const response = await client.post(
        '/api/v1/lms/provision/courses/bulk/preview',
        { ...header(), programId: bsis.id, courses: courses('A', 1) },
        admin,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^program BSIS has no learning-system category \(lmsCategoryId\)/);
    });

    it('the dates must be in order', async () => {
      const response = await client.post(
        '/api/v1/lms/provision/courses/bulk/preview',
        { ...header(), startDate: '2025-12-18', endDate: '2025-08-01', courses: courses('A', 1) },
        admin,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Invalid semester dates/);
    });
  });
});

describe('JSON bulk execute', () => {
  it('creates in calls of 50 courses, re-derives the category, and records courses locally', async () => {
    simulator.reset();
    const preview = await client.post(
      '/api/v1/lms/provision/courses/bulk/preview',
      { ...header(), courses: courses('GE', 120) },
      admin,
    );
    expect(preview.status).toBe(200);
    // A client that tampers with the echoed rows changes nothing: the server derives the category again.
    const echoed = preview.body.courses.map((row: object, index: number) =>
      index === 0 ? { ...row, categoryId: 1, shortname: 'HACKED' } : row,
    );
    const response = await client.post(
      '/api/v1/lms/provision/courses/bulk/execute',
      { ...header(), courses: echoed },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ created: 120, skipped: 0, batches: 3, errors: [] });
    const calls = simulator.callsOf('core_course_create_courses');
    expect(calls.map((call) => (call.params.courses as unknown[]).length)).toEqual([50, 50, 20]);
    const bsit = categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSIT');
    const created = [...simulator.state.courses.values()].filter((course) => course.shortname.startsWith('GE'));
    expect(created).toHaveLength(120);
    expect(created.every((course) => course.categoryid === bsit)).toBe(true);
    expect(created.find((course) => course.shortname === 'GE001-BSIT-MAIN-S12526')).toMatchObject({
      fullname: 'GE001 - GE course number 1',
      startdate: Date.UTC(2025, 7, 1) / 1000,
      enddate: Date.UTC(2025, 11, 18) / 1000,
    });
    const local = await database.db
      .selectFrom('courses')
      .select(['shortname', 'lms_course_id', 'program_id'])
      .where('shortname', 'like', 'GE%')
      .execute();
    expect(local).toHaveLength(120);
    expect(local.every((row) => row.program_id === ids['S12526/BSIT'] && typeof row.lms_course_id === 'number')).toBe(
      true,
    );
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.bulk-courses', admin);
    expect(audit.body.items[0]).toMatchObject({
      actorId: expect.any(String),
      target: `program:${ids['S12526/BSIT']}`,
      metadata: { outcome: 'success', created: 120, skipped: 0, batches: 3, requested: 120, categoryId: bsit },
    });
  });

  it('skips what exists, so running it again creates nothing', async () => {
    simulator.reset();
    const response = await client.post(
      '/api/v1/lms/provision/courses/bulk/execute',
      { ...header(), courses: courses('GE', 120) },
      admin,
    );
    expect(response.body).toMatchObject({ created: 0, skipped: 120, batches: 0 });
    expect(simulator.callsOf('core_course_create_courses')).toHaveLength(0);
  });

  it('keeps the batches before a failing one, says so, and finishes on a second run', async () => {
    simulator.reset();
    simulator.fail(
      'core_course_create_courses',
      { exception: 'dml_write_exception', errorcode: 'dmlwriteexception', message: 'Error writing to database' },
      { after: 1 },
    );
    const response = await client.post(
      '/api/v1/lms/provision/courses/bulk/execute',
      { ...header('BSCS'), courses: courses('CS', 80) },
      admin,
    );
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(
      'bulk course creation (stopped after 50 of 80 new courses were created) failed: Error writing to database',
    );
    const local = await database.db
      .selectFrom('courses')
      .select('id')
      .where('shortname', 'like', 'CS%-BSCS-%')
      .execute();
    expect(local).toHaveLength(50);
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.bulk-courses&limit=1', admin);
    expect(audit.body.items[0].metadata).toMatchObject({ outcome: 'failure', createdBeforeFailure: 50, requested: 80 });

    simulator.reset();
    const again = await client.post(
      '/api/v1/lms/provision/courses/bulk/execute',
      { ...header('BSCS'), courses: courses('CS', 80) },
      admin,
    );
    expect(again.body).toMatchObject({ created: 30, skipped: 50, batches: 1 });
  });

  it('takes the provisioning lock: a second execute while one runs gets 409, and batches never interleave', async () => {
    simulator.reset();
    simulator.delay('core_course_create_courses', 250);
    const [first, second] = await Promise.all([
      client.post('/api/v1/lms/provision/courses/bulk/execute', { ...header(), courses: courses('LA', 75) }, admin),
      client.post(
        '/api/v1/lms/provision/courses/bulk/execute',
        { ...header('BSCS'), courses: courses('LB', 75) },
        admin,
      ),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toBe(
      'another learning-system provisioning is running; try again when it has finished',
    );
    const calls = simulator.callsOf('core_course_create_courses');
    expect(calls).toHaveLength(2);
    // One execute's calls only, one after the other.
    const prefixes = new Set(
      calls.flatMap((call) =>
        (call.params.courses as Array<{ shortname: string }>).map((c) => c.shortname.slice(0, 2)),
      ),
    );
    expect(prefixes.size).toBe(1);
    expect((calls[1]?.startedAt ?? 0) >= (calls[0]?.finishedAt ?? Infinity)).toBe(true);
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.bulk-courses&limit=2', admin);
    expect(audit.body.items.map((item: { metadata: { outcome: string } }) => item.metadata.outcome).sort()).toEqual([
      'failure',
      'success',
    ]);

    // Serialised, the refused one goes through.
    simulator.reset();
    const retried = await client.post(
      '/api/v1/lms/provision/courses/bulk/execute',
      { ...header(first.status === 409 ? 'BSIT' : 'BSCS'), courses: courses(first.status === 409 ? 'LA' : 'LB', 75) },
      admin,
    );
    expect(retried.body).toMatchObject({ created: 75, batches: 2 });
  });

  it('maps an unreachable learning system to 502 and a webservice_access_exception to 503 with the hint', async () => {
    simulator.reset();
    simulator.fail('core_course_create_courses', 'access');
    const denied = await client.post(
      '/api/v1/lms/provision/courses/bulk/execute',
      { ...header(), courses: courses('AX', 2) },
      admin,
    );
    expect(denied.status).toBe(503);
    expect(denied.body.message).toMatch(
      /^bulk course creation \(stopped after 0 of 2 new courses were created\) failed: Access control exception \(hint: the web-service function core_course_create_courses must be added to the external service/,
    );
    simulator.reset();
    await simulator.stop();
    try {
      const response = await client.post(
        '/api/v1/lms/provision/courses/bulk/execute',
        { ...header(), courses: courses('AX', 2) },
        admin,
      );
      expect(response.status).toBe(502);
      expect(response.body.message).toMatch(/^LMS is unreachable \(bulk course creation: /);
    } finally {
      await restart(simulator);
    }
  });
});

describe('quick', () => {
  const quick = () => ({ ...header(), courseCode: 'it 305', descriptiveTitle: 'Networks' });

  it('previews and creates one course', async () => {
    const preview = await client.post('/api/v1/lms/provision/courses/quick/preview', quick(), admin);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      courseCode: 'IT305',
      descriptiveTitle: 'Networks',
      shortname: 'IT305-BSIT-MAIN-S12526',
      fullname: 'IT305 - Networks',
      categoryId: categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSIT'),
      status: 'new',
    });
    // The preview's answer sent back as it is: its shortname, fullname, categoryId and status are ignored (audit M).
    const created = await client.post(
      '/api/v1/lms/provision/courses/quick',
      { ...quick(), ...preview.body, categoryId: 999_999, fullname: 'ignored' },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ fullname: 'IT305 - Networks', categoryId: preview.body.categoryId });
    expect(created.body).toMatchObject({
      shortname: 'IT305-BSIT-MAIN-S12526',
      status: 'created',
      lmsCourseId: expect.any(Number),
    });
    const again = await client.post('/api/v1/lms/provision/courses/quick', quick(), admin);
    expect(again.body).toMatchObject({ status: 'skipped', lmsCourseId: created.body.lmsCourseId });
    // Skipped with another title: the course stays as Moodle holds it, locally too (audit M).
    const retitled = await client.post(
      '/api/v1/lms/provision/courses/quick',
      { ...quick(), descriptiveTitle: 'Totally Different' },
      admin,
    );
    expect(retitled.body).toMatchObject({ status: 'skipped', fullname: 'IT305 - Networks' });
    const local = await database.db
      .selectFrom('courses')
      .select('fullname')
      .where('shortname', '=', 'IT305-BSIT-MAIN-S12526')
      .executeTakeFirstOrThrow();
    expect(local.fullname).toBe('IT305 - Networks');
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.quick-course', admin);
    expect(audit.body.items[2]).toMatchObject({
      target: `program:${ids['S12526/BSIT']}`,
      metadata: { outcome: 'success', shortname: 'IT305-BSIT-MAIN-S12526', created: 1 },
    });
  });

  it('refuses a course code that cannot name a course', async () => {
    const response = await client.post(
      '/api/v1/lms/provision/courses/quick/preview',
      { ...quick(), courseCode: 'IT 3/05' },
      admin,
    );
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe('courseCode');
  });
});

describe('legacy CSV', () => {
  const csv = [
    'Program,Course Code,Descriptive Title,Semester,Units',
    'BSIT,IT401,Capstone 1,1,3',
    'bsit,it 401,Capstone again,1,3',
    'BSCS,CS401,Thesis 1,1,3',
    'BSXX,IT300,Unknown program,1,3',
    'BSIT,IT/9,Bad code,1,3',
    'BSIT,IT101,Introduction to Computing,1,3',
    'BSIT,IT402,Second term,3,3',
  ].join('\n');

  it('a body cut short inside the file part → 400 in the error body, never a 500', async () => {
    const response = await fetch(`${client.baseUrl}/api/v1/lms/provision/courses/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: `--xyz\r\nContent-Disposition: form-data; name="file"; filename="courses.csv"\r\n\r\n${csv}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/^the multipart body could not be read: /),
      details: [{ path: 'body', message: 'malformed multipart/form-data' }],
    });
  });

  it('previews: valid rows with their shortnames, skipped rows, errors, and the shortname note', async () => {
    const response = await upload(csv);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.valid).toEqual([
      {
        row: 1,
        program: 'BSIT',
        courseCode: 'IT401',
        descriptiveTitle: 'Capstone 1',
        semester: 1,
        semesterCode: 'S12526',
        shortname: 'IT401-BSIT-MAIN-S12526',
        fullname: 'IT401 - Capstone 1',
        categoryId: categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSIT'),
      },
      expect.objectContaining({ row: 3, shortname: 'CS401-BSCS-MAIN-S12526' }),
    ]);
    expect(response.body.skipped).toEqual([
      { row: 2, shortname: 'IT401-BSIT-MAIN-S12526', reason: 'same shortname as row 1' },
      { row: 6, shortname: 'IT101-BSIT-MAIN-S12526', reason: 'already in the learning system' },
    ]);
    expect(response.body.errors).toEqual([
      {
        row: 4,
        message: 'the learning system has no category MAIN / S12526 / CCS / BSXX; provision the categories first',
      },
      { row: 5, message: "course code 'IT/9' may hold only letters, digits, '.', '_' and '-' (at most 30)" },
      { row: 7, message: expect.stringMatching(/^semester: /) },
    ]);
    expect(response.body.shortnameNote).toMatch(/recomputes?|computes them again/);
  });

  it('executes the valid rows: shortnames computed again, created in the learning system and locally', async () => {
    const preview = await upload(csv);
    simulator.reset();
    const response = await client.post(
      '/api/v1/lms/provision/courses/execute',
      { ...context, rows: preview.body.valid.map((row: object) => ({ ...row, shortname: 'IGNORED' })) },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ created: 2, skipped: 0, batches: 1, errors: [] });
    expect(response.body.courses.map((course: { shortname: string }) => course.shortname)).toEqual([
      'IT401-BSIT-MAIN-S12526',
      'CS401-BSCS-MAIN-S12526',
    ]);
    const local = await database.db
      .selectFrom('courses')
      .select(['shortname', 'program_id', 'lms_course_id'])
      .where('shortname', 'in', ['IT401-BSIT-MAIN-S12526', 'CS401-BSCS-MAIN-S12526'])
      .orderBy('shortname')
      .execute();
    expect(local).toEqual([
      { shortname: 'CS401-BSCS-MAIN-S12526', program_id: ids['S12526/BSCS'], lms_course_id: expect.any(Number) },
      { shortname: 'IT401-BSIT-MAIN-S12526', program_id: ids['S12526/BSIT'], lms_course_id: expect.any(Number) },
    ]);
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.courses', admin);
    expect(audit.body.items[0]).toMatchObject({
      target: 'lms-campus:MAIN/CCS',
      metadata: { outcome: 'success', created: 2, campus: 'main', department: 'CCS' },
    });
  });

  it('names the rows execute skipped for repeating an earlier shortname', async () => {
    const capstone = { program: 'BSIT', courseCode: 'IT501', descriptiveTitle: 'Capstone 2', semester: 1 };
    const thesis = { program: 'BSCS', courseCode: 'CS501', descriptiveTitle: 'Thesis 2', semester: 1 };
    const response = await client.post(
      '/api/v1/lms/provision/courses/execute',
      { ...context, rows: [capstone, thesis, capstone] },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ created: 2, skipped: 1 });
    expect(response.body.courses).toHaveLength(2);
    expect(response.body.repeated).toEqual([
      { row: 3, shortname: 'IT501-BSIT-MAIN-S12526', reason: 'same shortname as row 1' },
    ]);
  });

  it('refuses a file over 2 MB with 413 (as every upload over its limit), a file that is not .csv and a missing context field with 400', async () => {
    // Just over the limit, and well over it (outside audit Y: 3 MB named the 20 MB limit of the other uploads).
    for (const size of [2 * 1024 * 1024 + 10, 3 * 1024 * 1024, 12 * 1024 * 1024]) {
      const tooBig = await upload(Buffer.alloc(size, 'a'));
      expect(tooBig.status, `${size} bytes`).toBe(413);
      expect(tooBig.body, `${size} bytes`).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'the CSV file is larger than 2 MB',
        details: [{ path: 'file', message: 'at most 2 MB' }],
      });
    }
    const notCsv = await upload(csv, 'courses.xlsx');
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.message).toBe('only .csv files are accepted');
    const noContext = await upload(csv, 'courses.csv', { campus: 'MAIN' });
    expect(noContext.status).toBe(400);
    expect(noContext.body.details.map((detail: { path: string }) => detail.path)).toEqual([
      'department',
      'startDate',
      'endDate',
    ]);
    const noColumns = await upload('code,title\nIT1,x\n');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.message).toBe('the CSV file lacks the column(s) program, semester');
    const json = await client.post('/api/v1/lms/provision/courses/preview', context, admin);
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(
      "unsupported content type 'application/json'; this route accepts multipart/form-data",
    );
  });

  it('outside audit Z (D8): refuses a file that is not UTF-8 and a NUL as the ingestion does, and an unknown form field', async () => {
    const head = 'program,courseCode,descriptiveTitle,semester\n';
    const latin1 = await upload(
      Buffer.concat([Buffer.from(head), Buffer.from('BSIT,IT912,Caf\xe9 Management,1\n', 'latin1')]),
    );
    expect(latin1.status).toBe(400);
    expect(latin1.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message:
        'the file is not UTF-8 text: its first byte that is not UTF-8 is on line 2; save it as "CSV UTF-8" and upload it again',
      details: [],
    });
    // A NUL among the first 64 KB is binary data, as at ingestion; further on, it fails its row.
    const binary = await upload(`${head}BSIT,IT913,Ti\u0000tle,1\n`);
    expect(binary.status).toBe(400);
    expect(binary.body.message).toBe(
      'the file is not CSV: it holds binary data; send a CSV file (UTF-8 text, as "CSV UTF-8" in a spreadsheet)',
    );
    const padding = `BSIT,IT914,${'x'.repeat(150)},1\n`.repeat(450);
    const late = await upload(`${head}${padding}BSIT,IT913,Ti\u0000tle,1\n`);
    expect(late.status, JSON.stringify(late.body).slice(0, 300)).toBe(200);
    expect(late.body.errors).toContainEqual({
      row: 451,
      message: 'descriptiveTitle: must not contain the NUL character (\\u0000)',
    });
    const typo = await upload(csv, 'courses.csv', { ...context, typo: 'ignored' });
    expect(typo.status).toBe(400);
    expect(typo.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'validation failed',
      details: [{ path: '(root)', message: 'unknown field(s): typo' }],
    });
  });

  it('outside audit Z (D9): execute refuses an unknown field beside rows or in a row, naming it, and creates nothing', async () => {
    const row = { program: 'BSIT', courseCode: 'IT990', descriptiveTitle: 'Never made', semester: 1 };
    simulator.reset();
    for (const [body, detail] of [
      [
        { ...context, typo: 'x', rows: [row] },
        { path: '(root)', message: 'unknown field(s): typo' },
      ],
      [
        { ...context, rows: [{ ...row, units: 3 }] },
        { path: 'rows.0', message: 'unknown field(s): units' },
      ],
    ] as const) {
      const response = await client.post('/api/v1/lms/provision/courses/execute', body, admin);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body).toMatchObject({ message: 'validation failed', details: [detail] });
    }
    expect(simulator.callsOf('core_course_create_courses')).toEqual([]);
  });
});

describe('a shortname a course of another category holds (Moodle checks shortnames site-wide)', () => {
  const shortname = 'TK001-BSIT-MAIN-S12526';
  // Someone gave a course of COE / BSCE the shortname the BSIT flows plan for TK001: before, every preview called
  // TK001 new, and execute sent it to Moodle, whose `shortnametaken` failed the whole batch with 503.
  let foreign: { id: number; categoryid: number };
  beforeAll(() => {
    const categoryid = categoryId(simulator, 'MAIN', 'S12526', 'COE', 'BSCE');
    foreign = simulator.state.addCourse({ shortname, fullname: 'Borrowed name', categoryid });
  });
  const takenBy = () => ({
    lmsCourseId: foreign.id,
    shortname,
    fullname: 'Borrowed name',
    categoryId: foreign.categoryid,
    category: 'MAIN / S12526 / COE / BSCE',
  });
  const message = () =>
    `shortname ${shortname} is already used by course ${foreign.id} (Borrowed name) in category ` +
    `MAIN / S12526 / COE / BSCE (id ${foreign.categoryid}); Moodle shortnames are unique site-wide, so this course ` +
    'is not created: rename or move that course in the learning system first';
  const shortnameLookups = () =>
    simulator.callsOf('core_course_get_courses_by_field').filter((call) => call.params.field === 'shortname');

  it('bulk preview lists it in errors, naming the other course, and not among the courses', async () => {
    simulator.reset();
    const response = await client.post(
      '/api/v1/lms/provision/courses/bulk/preview',
      {
        ...header(),
        courses: [
          { courseCode: 'TK001', descriptiveTitle: 'Taken' },
          { courseCode: 'TK002', descriptiveTitle: 'Free' },
          { courseCode: 'IT101', descriptiveTitle: 'Introduction to Computing' },
        ],
      },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(
      response.body.courses.map((row: { shortname: string; status: string }) => [row.shortname, row.status]),
    ).toEqual([
      ['TK002-BSIT-MAIN-S12526', 'new'],
      ['IT101-BSIT-MAIN-S12526', 'exists'],
    ]);
    expect(response.body.errors).toEqual([{ index: 0, courseCode: 'TK001', message: message(), takenBy: takenBy() }]);
    // Only the shortnames not in the program's category are looked up site-wide, one call each.
    expect(shortnameLookups().map((call) => call.params.value)).toEqual([shortname, 'TK002-BSIT-MAIN-S12526']);
  });

  it('looks shortnames up a few calls at a time', async () => {
    simulator.reset();
    simulator.delay('core_course_get_courses_by_field', 30);
    const response = await client.post(
      '/api/v1/lms/provision/courses/bulk/preview',
      { ...header(), courses: courses('TQ', 12) },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const lookups = shortnameLookups();
    expect(lookups).toHaveLength(12);
    // The calls in flight at the moment each one started (the most at once is at some call's start): counting every
    // call whose span meets a call's span would also count calls that ran one after another beside a long one.
    const inFlight = lookups.map(
      (call) =>
        lookups.filter((other) => other.startedAt <= call.startedAt && call.startedAt < other.finishedAt).length,
    );
    expect(Math.max(...inFlight)).toBeGreaterThan(1);
    expect(Math.max(...inFlight)).toBeLessThanOrEqual(4);
  });

  it('bulk execute reports that row, creates the others, and records the counts', async () => {
    simulator.reset();
    const response = await client.post(
      '/api/v1/lms/provision/courses/bulk/execute',
      { ...header(), courses: courses('TK', 3) },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      created: 2,
      skipped: 0,
      batches: 1,
      errors: [{ index: 0, courseCode: 'TK001', message: message(), takenBy: takenBy() }],
    });
    expect(response.body.courses.map((row: { shortname: string }) => row.shortname)).toEqual([
      'TK002-BSIT-MAIN-S12526',
      'TK003-BSIT-MAIN-S12526',
    ]);
    const sent = simulator
      .callsOf('core_course_create_courses')
      .flatMap((call) => (call.params.courses as Array<{ shortname: string }>).map((course) => course.shortname));
    expect(sent).toEqual(['TK002-BSIT-MAIN-S12526', 'TK003-BSIT-MAIN-S12526']);
    expect(simulator.state.courses.get(foreign.id)).toMatchObject({ shortname, categoryid: foreign.categoryid });
    const local = await database.db
      .selectFrom('courses')
      .select('shortname')
      .where('shortname', 'like', 'TK00%')
      .orderBy('shortname')
      .execute();
    expect(local.map((row) => row.shortname)).toEqual(['TK002-BSIT-MAIN-S12526', 'TK003-BSIT-MAIN-S12526']);
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.bulk-courses&limit=1', admin);
    expect(audit.body.items[0].metadata).toMatchObject({
      outcome: 'partial',
      requested: 3,
      created: 2,
      skipped: 0,
      taken: 1,
      rejected: 0,
    });

    // The same batch again: the two are skipped, the taken one reported again, nothing sent to Moodle.
    simulator.reset();
    const again = await client.post(
      '/api/v1/lms/provision/courses/bulk/execute',
      { ...header(), courses: courses('TK', 3) },
      admin,
    );
    expect(again.body).toMatchObject({
      created: 0,
      skipped: 2,
      batches: 0,
      errors: [{ index: 0, takenBy: takenBy() }],
    });
    expect(simulator.callsOf('core_course_create_courses')).toHaveLength(0);
  });

  it('quick preview and quick create answer 409 naming the other course, and create nothing', async () => {
    simulator.reset();
    const body = { ...header(), courseCode: 'tk 001', descriptiveTitle: 'Taken' };
    for (const path of ['/api/v1/lms/provision/courses/quick/preview', '/api/v1/lms/provision/courses/quick']) {
      const response = await client.post(path, body, admin);
      expect(response.status, path).toBe(409);
      expect(response.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: message(),
        details: [{ path: 'courseCode', message: message() }],
      });
    }
    expect(simulator.callsOf('core_course_create_courses')).toHaveLength(0);
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.quick-course&limit=1', admin);
    expect(audit.body.items[0].metadata).toMatchObject({ outcome: 'failure', shortname, created: 0, taken: 1 });
  });

  it('the CSV preview and execute report that row in errors and create the others', async () => {
    const file = 'program,courseCode,descriptiveTitle,semester\nBSIT,TK001,Taken,1\nBSIT,TK009,Free,1\n';
    const preview = await upload(file);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.valid.map((row: { shortname: string }) => row.shortname)).toEqual(['TK009-BSIT-MAIN-S12526']);
    expect(preview.body.skipped).toEqual([]);
    expect(preview.body.errors).toEqual([{ row: 1, message: message(), takenBy: takenBy() }]);

    simulator.reset();
    const rows = [
      { program: 'BSIT', courseCode: 'TK001', descriptiveTitle: 'Taken', semester: 1 },
      { program: 'BSIT', courseCode: 'TK009', descriptiveTitle: 'Free', semester: 1 },
    ];
    const response = await client.post('/api/v1/lms/provision/courses/execute', { ...context, rows }, admin);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      created: 1,
      skipped: 0,
      errors: [{ row: 1, message: message(), takenBy: takenBy() }],
    });
    expect(response.body.courses.map((row: { shortname: string }) => row.shortname)).toEqual([
      'TK009-BSIT-MAIN-S12526',
    ]);
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.courses&limit=1', admin);
    expect(audit.body.items[0].metadata).toMatchObject({ outcome: 'partial', requested: 2, created: 1, taken: 1 });
  });

  it('a lookup Moodle refuses or drops fails the preview (503, 502) and the execute before any course is created', async () => {
    const failure = {
      exception: 'dml_read_exception',
      errorcode: 'dmlreadexception',
      message: 'Error reading from database',
    };
    const body = { ...header(), courses: courses('TF', 3) };
    simulator.reset();
    // The first call lists the category; the lookups by shortname come after it.
    simulator.fail('core_course_get_courses_by_field', failure, { after: 1 });
    const preview = await client.post('/api/v1/lms/provision/courses/bulk/preview', body, admin);
    expect(preview.status).toBe(503);
    expect(preview.body.message).toBe('bulk course preview failed: Error reading from database');
    const execute = await client.post('/api/v1/lms/provision/courses/bulk/execute', body, admin);
    expect(execute.status).toBe(503);
    expect(execute.body.message).toBe('bulk course creation failed: Error reading from database');

    simulator.reset();
    simulator.fail('core_course_get_courses_by_field', 'reset', { after: 1 });
    const dropped = await client.post('/api/v1/lms/provision/courses/bulk/preview', body, admin);
    expect(dropped.status).toBe(502);
    expect(dropped.body.message).toBe('LMS is unreachable (bulk course preview: connection reset)');
    expect(simulator.callsOf('core_course_create_courses')).toHaveLength(0);
    simulator.reset();
  });
});

import { describe, expect, it } from 'vitest';
import { categoryId, restart, setupLms } from '../support/lms.js';

/** Fake users (POST /lms/provision/users) and the read-only tree routes. */
const { client, admin, simulator } = await setupLms();

const courseId = (shortname: string) =>
  [...simulator.state.courses.values()].find((course) => course.shortname === shortname)?.id as number;

describe('POST /lms/provision/users', () => {
  it('creates fake users, enrols them as students, and answers counts without any password', async () => {
    simulator.reset();
    const it101 = courseId('IT101-BSIT-MAIN-S12526');
    const response = await client.post(
      '/api/v1/lms/provision/users',
      { count: 3, role: 'student', campus: 'MAIN', courseIds: [it101, 99999] },
      admin,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      usersCreated: 3,
      usersFailed: 0,
      enrolmentsCreated: 3,
      warnings: ['course 99999 does not exist in the learning system; nobody was enrolled in it'],
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    const created = [...simulator.state.users.values()].filter((user) => user.username.startsWith('main.student.'));
    expect(created).toHaveLength(3);
    expect(created.every((user) => /^main\.student\.[0-9a-f]{10}$/.test(user.username))).toBe(true);
    const enrolments = simulator.state.enrolments.filter((e) => created.some((user) => user.id === e.userid));
    expect(enrolments.map((e) => [e.courseid, e.roleid])).toEqual([
      [it101, 5],
      [it101, 5],
      [it101, 5],
    ]);
    // A generated password reached Moodle (its policy accepted it) in the form body, masked in the simulator's log.
    const call = simulator.callsOf('core_user_create_users')[0];
    expect((call?.params.users as Array<{ password: string }>).every((user) => user.password === '[masked]')).toBe(
      true,
    );
  });

  it('enrols faculty with the editing-teacher role, in calls of at most 50', async () => {
    simulator.reset();
    const cs102 = courseId('CS102-BSCS-MAIN-S12526');
    const psy101 = courseId('PSY101-BSPSYCH-MAIN-S12526');
    const response = await client.post(
      '/api/v1/lms/provision/users',
      { count: 60, role: 'faculty', campus: 'MAIN', courseIds: [cs102, psy101] },
      admin,
    );
    expect(response.body).toMatchObject({ usersCreated: 60, usersFailed: 0, enrolmentsCreated: 120, warnings: [] });
    expect(simulator.callsOf('core_user_create_users').map((call) => (call.params.users as unknown[]).length)).toEqual([
      50, 10,
    ]);
    expect(simulator.callsOf('enrol_manual_enrol_users')).toHaveLength(4);
    const roles = new Set(
      simulator.state.enrolments.filter((e) => e.courseid === cs102 && e.roleid !== 3).map((e) => e.userid),
    );
    expect(roles.size).toBe(3); // the seeded students only; every new faculty member is an editing teacher
  });

  it('counts a refused batch as failed and reports it', async () => {
    simulator.reset();
    simulator.fail('core_user_create_users', {
      exception: 'invalid_parameter_exception',
      errorcode: 'invalidparameter',
      message: 'Invalid parameter value detected',
    });
    try {
      const response = await client.post(
        '/api/v1/lms/provision/users',
        { count: 2, role: 'student', campus: 'MAIN', courseIds: [courseId('IT101-BSIT-MAIN-S12526')] },
        admin,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        usersCreated: 0,
        usersFailed: 2,
        enrolmentsCreated: 0,
        warnings: ['user batch 1 (2 users) was refused: Invalid parameter value detected'],
      });
    } finally {
      simulator.reset();
    }
  });

  it('validates count (1 to 200), role, campus and courseIds', async () => {
    for (const body of [
      { count: 0, role: 'student', campus: 'MAIN', courseIds: [2] },
      { count: 201, role: 'student', campus: 'MAIN', courseIds: [2] },
      { count: 1, role: 'dean', campus: 'MAIN', courseIds: [2] },
      { count: 1, role: 'student', campus: '', courseIds: [2] },
      { count: 1, role: 'student', campus: 'MAIN', courseIds: [] },
      { count: 1, role: 'student', campus: 'MAIN', courseIds: [0] },
    ]) {
      const response = await client.post('/api/v1/lms/provision/users', body, admin);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('records lms.provision.users without secrets', async () => {
    const audit = await client.get('/api/v1/admin/audit?action=lms.provision.users', admin);
    expect(audit.body.total).toBe(3);
    const oldest = audit.body.items.at(-1);
    expect(oldest).toMatchObject({
      actorId: expect.any(String),
      target: 'lms-campus:MAIN',
      metadata: { outcome: 'success', count: 3, role: 'student', roleId: 5, usersCreated: 3, enrolmentsCreated: 3 },
    });
    expect(audit.body.items[0].metadata.outcome).toBe('failure');
    expect(JSON.stringify(audit.body)).not.toMatch(/password|wstoken/i);
    expect(JSON.stringify(audit.body)).not.toContain(simulator.token);
  });

  it('records a seeding whose second user batch was refused as partial (issue 21)', async () => {
    simulator.reset();
    simulator.fail(
      'core_user_create_users',
      { exception: 'invalid_parameter_exception', errorcode: 'invalidparameter', message: 'Invalid parameter value' },
      { after: 1 },
    );
    try {
      const response = await client.post(
        '/api/v1/lms/provision/users',
        { count: 60, role: 'student', campus: 'MAIN', courseIds: [courseId('IT101-BSIT-MAIN-S12526')] },
        admin,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ usersCreated: 50, usersFailed: 10, enrolmentsCreated: 50 });
      const audit = await client.get('/api/v1/admin/audit?action=lms.provision.users&limit=1', admin);
      expect(audit.body.items[0]).toMatchObject({
        actor: { username: 'root.admin' },
        metadata: { usersCreated: 50, usersFailed: 10, outcome: 'partial' },
      });
    } finally {
      simulator.reset();
    }
  });

  it('answers 502 when the learning system is unreachable', async () => {
    await simulator.stop();
    try {
      const response = await client.post(
        '/api/v1/lms/provision/users',
        { count: 1, role: 'student', campus: 'MAIN', courseIds: [2] },
        admin,
      );
      expect(response.status).toBe(502);
      expect(response.body.message).toMatch(/^LMS is unreachable \(user seeding: /);
    } finally {
      await restart(simulator);
    }
  });
});

describe('POST /lms/provision/users cut off part way', () => {
  const seeded = () => [...simulator.state.users.values()].filter((user) => user.username.startsWith('main.student.'));
  const latestAudit = async () =>
    (await client.get('/api/v1/admin/audit?action=lms.provision.users&limit=1', admin)).body.items[0];
  const body = (count: number) => ({
    count,
    role: 'student',
    campus: 'MAIN',
    courseIds: [courseId('IT101-BSIT-MAIN-S12526')],
  });

  /** One seeding run of `count` users with `fault` set on the simulator: its answer and the users it made there. */
  async function seedWithFault(fault: () => void, count = 60) {
    simulator.reset();
    const before = new Set(seeded().map((user) => user.id));
    fault();
    try {
      const response = await client.post('/api/v1/lms/provision/users', body(count), admin);
      return { response, made: seeded().filter((user) => !before.has(user.id)) };
    } finally {
      simulator.reset();
    }
  }

  it('says what was created when the connection drops during enrolment (502), and records it in the audit', async () => {
    const { response, made } = await seedWithFault(() => simulator.fail('enrol_manual_enrol_users', 'reset'));
    expect(response.status, JSON.stringify(response.body)).toBe(502);
    expect(response.body).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message:
        'LMS is unreachable (user seeding (stopped after 60 users were created and 0 enrolments were made): ' +
        'connection reset)',
      details: [],
    });
    expect(made).toHaveLength(60);
    const audit = await latestAudit();
    expect(audit.metadata).toMatchObject({
      outcome: 'failure',
      usersCreated: 60,
      enrolmentsCreated: 0,
      createdBeforeFailure: 60,
      enrolledBeforeFailure: 0,
      error: response.body.message,
    });
    // The usernames let an administrator find the users that no sync will bring in (nobody enrolled them).
    expect([...audit.metadata.createdUsernames].sort()).toEqual(made.map((user) => user.username).sort());
    expect(JSON.stringify(audit)).not.toMatch(/password|wstoken/i);
    expect(JSON.stringify(audit)).not.toContain(simulator.token);
  });

  it('says how many users and enrolments were made when Moodle answers an HTTP error part way (503)', async () => {
    // The first enrolment call goes through, the second is answered with an HTTP 500 page.
    const { response } = await seedWithFault(() =>
      simulator.fail('enrol_manual_enrol_users', 'server-error', { after: 1 }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    expect(response.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message:
        'user seeding (stopped after 60 users were created and 50 enrolments were made) failed: ' +
        'the learning system answered HTTP 500 to enrol_manual_enrol_users',
      details: [],
    });
    expect((await latestAudit()).metadata).toMatchObject({
      outcome: 'failure',
      createdBeforeFailure: 60,
      enrolledBeforeFailure: 50,
    });
  });

  it('counts the users of the create calls that went through when a later create call loses its connection', async () => {
    const { response } = await seedWithFault(() => simulator.fail('core_user_create_users', 'reset', { after: 1 }));
    expect(response.status, JSON.stringify(response.body)).toBe(502);
    expect(response.body.message).toBe(
      'LMS is unreachable (user seeding (stopped after 50 users were created and 0 enrolments were made): ' +
        'connection reset)',
    );
    const audit = await latestAudit();
    expect(audit.metadata).toMatchObject({ outcome: 'failure', usersCreated: 50, createdBeforeFailure: 50 });
    expect(audit.metadata.createdUsernames).toHaveLength(50);
  });

  it('keeps the message as it was when nothing was created, and a new run makes new users', async () => {
    const { response } = await seedWithFault(() => simulator.fail('core_user_create_users', 'reset'), 2);
    expect(response.status).toBe(502);
    expect(response.body.message).toBe('LMS is unreachable (user seeding: connection reset)');
    expect((await latestAudit()).metadata).toMatchObject({
      outcome: 'failure',
      createdBeforeFailure: 0,
      enrolledBeforeFailure: 0,
      createdUsernames: [],
    });
    const before = seeded().length;
    const again = await client.post('/api/v1/lms/provision/users', body(2), admin);
    expect(again.body).toMatchObject({ usersCreated: 2, enrolmentsCreated: 2 });
    expect(seeded()).toHaveLength(before + 2);
  });
});

describe('GET /lms/provision/tree', () => {
  it('answers the recursive tree', async () => {
    const response = await client.get('/api/v1/lms/provision/tree', admin);
    expect(response.status).toBe(200);
    expect(response.body.totalCategories).toBe(simulator.state.categories.size);
    expect(Date.parse(response.body.fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(response.body.tree.map((node: { name: string }) => node.name)).toEqual(['Category 1', 'MAIN']);
    const main = response.body.tree[1];
    expect(main).toMatchObject({ id: categoryId(simulator, 'MAIN'), depth: 1, coursecount: 0, visible: true });
    const ccs = main.children[0].children[0];
    expect(ccs).toMatchObject({ name: 'CCS', depth: 3 });
    expect(ccs.children).toEqual([
      {
        id: categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSIT'),
        name: 'BSIT',
        depth: 4,
        coursecount: 1,
        visible: true,
        children: [],
      },
      {
        id: categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSCS'),
        name: 'BSCS',
        depth: 4,
        coursecount: 1,
        visible: true,
        children: [],
      },
    ]);
  });

  it("answers a category's live courses", async () => {
    const bsit = categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSIT');
    const response = await client.get(`/api/v1/lms/provision/tree/${bsit}/courses`, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      categoryId: bsit,
      courses: [
        {
          id: courseId('IT101-BSIT-MAIN-S12526'),
          shortname: 'IT101-BSIT-MAIN-S12526',
          fullname: 'IT101 - Introduction to Computing',
          visible: true,
          startdate: '2025-08-01T00:00:00.000Z',
          enddate: '2025-12-18T00:00:00.000Z',
        },
      ],
    });
    const empty = await client.get('/api/v1/lms/provision/tree/424242/courses', admin);
    expect(empty.body).toEqual({ categoryId: 424242, courses: [] });
  });

  it.each(['0', '-1', 'abc', '1.5', '99999999999'])('refuses categoryId %s with 400', async (value) => {
    const response = await client.get(`/api/v1/lms/provision/tree/${value}/courses`, admin);
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe('params.categoryId');
  });

  it("answers 502 'LMS is unreachable' when the learning system is down", async () => {
    await simulator.stop();
    try {
      for (const path of ['/api/v1/lms/provision/tree', '/api/v1/lms/provision/tree/2/courses']) {
        const response = await client.get(path, admin);
        expect(response.status).toBe(502);
        expect(response.body).toEqual({
          statusCode: 502,
          error: 'Bad Gateway',
          message: 'LMS is unreachable',
          details: [],
        });
      }
    } finally {
      await restart(simulator);
    }
  });

  it('answers 503 with the operation label on a Moodle error, and the hint on an access exception', async () => {
    simulator.fail('core_course_get_categories', {
      exception: 'moodle_exception',
      errorcode: 'generalexceptionmessage',
      message: 'Error code: generalexceptionmessage',
    });
    simulator.fail('core_course_get_courses_by_field', 'access');
    try {
      const tree = await client.get('/api/v1/lms/provision/tree', admin);
      expect(tree.status).toBe(503);
      expect(tree.body.message).toBe('category tree fetch failed: Error code: generalexceptionmessage');
      const courses = await client.get('/api/v1/lms/provision/tree/2/courses', admin);
      expect(courses.status).toBe(503);
      expect(courses.body.message).toMatch(
        /^course list fetch failed: Access control exception \(hint: the web-service function core_course_get_courses_by_field must be added to the external service/,
      );
    } finally {
      simulator.reset();
    }
  });
});

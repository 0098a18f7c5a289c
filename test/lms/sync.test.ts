import type { INestApplicationContext } from '@nestjs/common';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockInstitutionWrites } from '../../src/common/database/institution-lock.js';
import { workerSettingsSchema } from '../../src/config/settings.js';
import { LMS_SYNC_QUEUE, LmsSyncJob, syncJobId } from '../../src/modules/lms/jobs/lms-sync.job.js';
import { QueueConnections } from '../../src/common/queue/queue-connections.js';
import { startJobWorker } from '../../src/processes.js';
import { testRedisUrl } from '../support/database-urls.js';
import { PASSWORD } from '../support/institution-fixtures.js';
import { categoryId, restart, setupLms } from '../support/lms.js';
import { runEntryPoint } from '../support/processes.js';
import { SUPER_ADMIN } from '../support/test-context.js';

/** The enrollment sync: POST /lms/sync, `npm run cli -- lms sync`, and the scheduled job of the job workers. */
const { client, admin, simulator, database, prefix } = await setupLms();

const user = (username: string) =>
  [...simulator.state.users.values()].find((u) => u.username === username) as { id: number };
const course = (shortname: string) =>
  [...simulator.state.courses.values()].find((c) => c.shortname === shortname) as { id: number };

let student = '';

beforeAll(async () => {
  // stu.garcia exists locally (with a password) before any sync, and reads /enrollments/me: an empty, cached page.
  const imported = await client.post(
    '/api/v1/admin/institution/import',
    { users: [{ username: 'stu.garcia', fullName: 'Fe Garcia', password: PASSWORD, roles: ['STUDENT'] }] },
    admin,
  );
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  student = await client.login('stu.garcia', PASSWORD);
  const before = await client.get('/api/v1/enrollments/me', student);
  expect(before.body).toMatchObject({ items: [], total: 0 });
});

describe('POST /lms/sync', () => {
  it('creates the hierarchy with category ids, the courses, users and enrollments, and answers counts', async () => {
    const response = await client.post('/api/v1/lms/sync', undefined, admin);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      campuses: { created: 1, updated: 0, unchanged: 0 },
      semesters: { created: 1 },
      departments: { created: 2 },
      programs: { created: 4 },
      courses: { created: 3 },
      // stu.garcia existed: the sync gives it its learning-system id.
      users: { created: 5, updated: 1, unchanged: 0 },
      enrollments: { created: 10, unchanged: 0 },
      warnings: [],
      syncedAt: expect.any(String),
      durationMs: expect.any(Number),
    });

    const programs = await database.db
      .selectFrom('programs as p')
      .innerJoin('departments as d', 'd.id', 'p.department_id')
      .select([
        'd.code as department',
        'd.lms_category_id as departmentCategory',
        'p.code as program',
        'p.lms_category_id as programCategory',
      ])
      .orderBy('p.code')
      .execute();
    expect(programs).toEqual([
      {
        department: 'CAS',
        departmentCategory: categoryId(simulator, 'MAIN', 'S12526', 'CAS'),
        program: 'ABCOMM',
        programCategory: categoryId(simulator, 'MAIN', 'S12526', 'CAS', 'ABCOMM'),
      },
      {
        department: 'CCS',
        departmentCategory: categoryId(simulator, 'MAIN', 'S12526', 'CCS'),
        program: 'BSCS',
        programCategory: categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSCS'),
      },
      {
        department: 'CCS',
        departmentCategory: categoryId(simulator, 'MAIN', 'S12526', 'CCS'),
        program: 'BSIT',
        programCategory: categoryId(simulator, 'MAIN', 'S12526', 'CCS', 'BSIT'),
      },
      {
        department: 'CAS',
        departmentCategory: categoryId(simulator, 'MAIN', 'S12526', 'CAS'),
        program: 'BSPSYCH',
        programCategory: categoryId(simulator, 'MAIN', 'S12526', 'CAS', 'BSPSYCH'),
      },
    ]);
    const campus = await database.db.selectFrom('campuses').selectAll().executeTakeFirstOrThrow();
    expect(campus).toMatchObject({ code: 'MAIN', name: 'MAIN', lms_category_id: categoryId(simulator, 'MAIN') });
    const semester = await database.db.selectFrom('semesters').selectAll().executeTakeFirstOrThrow();
    expect(semester).toMatchObject({ code: 'S12526', label: '1st Semester 2025-2026', start_date: '2025-08-01' });
    // Moodle's own "Category 1" is not a campus.
    expect(await database.db.selectFrom('campuses').select('code').execute()).toEqual([{ code: 'MAIN' }]);

    const it101 = await database.db
      .selectFrom('courses')
      .selectAll()
      .where('shortname', '=', 'IT101-BSIT-MAIN-S12526')
      .executeTakeFirstOrThrow();
    expect(it101).toMatchObject({
      fullname: 'IT101 - Introduction to Computing',
      lms_course_id: course('IT101-BSIT-MAIN-S12526').id,
    });

    const santos = await database.db
      .selectFrom('users')
      .select(['id', 'full_name', 'lms_user_id', 'password_hash'])
      .where('username', '=', 'fac.santos')
      .executeTakeFirstOrThrow();
    expect(santos).toMatchObject({
      full_name: 'Edgardo Santos',
      lms_user_id: user('fac.santos').id,
      password_hash: null,
    });
    const roles = await database.db.selectFrom('user_roles').select('role').where('user_id', '=', santos.id).execute();
    expect(roles).toEqual([{ role: 'FACULTY' }]);
    const teaching = await database.db
      .selectFrom('enrollments as e')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .select(['c.shortname', 'e.role'])
      .where('e.user_id', '=', santos.id)
      .orderBy('c.shortname')
      .execute();
    expect(teaching).toEqual([
      { shortname: 'CS102-BSCS-MAIN-S12526', role: 'faculty' },
      { shortname: 'IT101-BSIT-MAIN-S12526', role: 'faculty' },
    ]);

    const synced = await database.db
      .selectFrom('system_config')
      .select('value')
      .where('key', '=', 'enrollments_last_synced_at')
      .executeTakeFirstOrThrow();
    expect(synced.value).toBe(response.body.syncedAt);
    const status = await client.get('/api/v1/admin/institution/status', admin);
    expect(status.body.enrollmentsLastSyncedAt).toBe(response.body.syncedAt);
  });

  it('clears the enrollments-me cache: a cached /enrollments/me shows the new enrollment right after a sync', async () => {
    const after = await client.get('/api/v1/enrollments/me', student);
    expect(after.body.total).toBe(1);
    expect(after.body.items[0]).toMatchObject({
      role: 'student',
      course: { shortname: 'IT101-BSIT-MAIN-S12526' },
      faculty: [{ fullName: 'Edgardo Santos' }],
      program: { code: 'BSIT' },
    });
    // Cached now; a new enrolment in the learning system shows only after the next sync.
    simulator.state.enrol(user('stu.garcia').id, course('PSY101-BSPSYCH-MAIN-S12526').id, 5);
    expect((await client.get('/api/v1/enrollments/me', student)).body.total).toBe(1);
    const again = await client.post('/api/v1/lms/sync', undefined, admin);
    expect(again.body).toMatchObject({
      campuses: { created: 0, updated: 0, unchanged: 1 },
      courses: { unchanged: 3 },
      users: { unchanged: 6 },
      enrollments: { created: 1, unchanged: 10 },
    });
    expect((await client.get('/api/v1/enrollments/me', student)).body.total).toBe(2);
  });

  it('records lms.sync in the audit', async () => {
    const audit = await client.get('/api/v1/admin/audit?action=lms.sync', admin);
    expect(audit.body.total).toBe(2);
    expect(audit.body.items[0]).toMatchObject({
      actorId: expect.any(String),
      target: 'lms',
      metadata: { outcome: 'success', enrollments: { created: 1, unchanged: 10 }, warnings: 0 },
    });
  });

  it('skips categories whose names cannot be codes, with a warning', async () => {
    const semester = categoryId(simulator, 'MAIN', 'S12526');
    simulator.state.addCategory({ name: 'Old stuff (archive)', parent: semester });
    const response = await client.post('/api/v1/lms/sync', undefined, admin);
    expect(response.body.warnings).toEqual([
      expect.stringMatching(/^category \d+ 'Old stuff \(archive\)' is not a department code; skipped/),
    ]);
  });

  it('runs one sync at a time (409), and maps failures like the provisioning routes', async () => {
    simulator.reset();
    simulator.delay('core_course_get_categories', 300);
    const [first, second] = await Promise.all([
      client.post('/api/v1/lms/sync', undefined, admin),
      client.post('/api/v1/lms/sync', undefined, admin),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((first.status === 409 ? first : second).body.message).toBe(
      'a learning-system sync is already running; try again when it has finished',
    );
    simulator.reset();
    simulator.fail('core_enrol_get_enrolled_users', 'access');
    const denied = await client.post('/api/v1/lms/sync', undefined, admin);
    expect(denied.status).toBe(503);
    expect(denied.body.message).toMatch(
      /^enrollment sync failed: Access control exception \(hint: the web-service function core_enrol_get_enrolled_users must be added/,
    );
    simulator.reset();
    await simulator.stop();
    try {
      const down = await client.post('/api/v1/lms/sync', undefined, admin);
      expect(down.status).toBe(502);
      expect(down.body.message).toMatch(/^LMS is unreachable \(enrollment sync: connection (refused|reset)\)$/);
    } finally {
      await restart(simulator);
    }
  });

  it('waits for an institution import to end before it writes, instead of deadlocking with it (audit K)', async () => {
    let answered: { status: number; body: unknown } | undefined;
    let sync: Promise<void> | undefined;
    await database.db.transaction().execute(async (trx) => {
      // An import's transaction is open (it took the lock it starts with, lockInstitutionWrites).
      await lockInstitutionWrites(trx);
      sync = client.post('/api/v1/lms/sync', undefined, admin).then((response) => {
        answered = response;
      });
      // The sync reads the learning system, then waits for the lock before its first write.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const waiting = await sql<{ count: number }>`
          SELECT count(*)::int AS count FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(database.db);
        if ((waiting.rows[0]?.count ?? 0) > 0) break;
        expect(answered, 'the sync wrote while an import was open').toBeUndefined();
        if (Date.now() > deadline) throw new Error('the sync never waited for the import');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(answered).toBeUndefined();
    });
    await sync;
    expect(answered?.status, JSON.stringify(answered?.body)).toBe(200);
  });
});

describe('npm run cli -- lms sync', () => {
  const environment = () => ({
    DATABASE_URL: database.url,
    CACHE_URL: testRedisUrl(),
    CACHE_KEY_PREFIX: prefix,
    LMS_URL: simulator.url,
    LMS_TOKEN: simulator.token,
  });

  it('runs a sync and prints its counts', async () => {
    simulator.state.addUser({ username: 'stu.new', firstname: 'Nina', lastname: 'Ramos' });
    simulator.state.enrol(user('stu.new').id, course('IT101-BSIT-MAIN-S12526').id, 5);
    const result = await runEntryPoint('cli', ['lms', 'sync'], environment());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ users: { created: 1 }, enrollments: { created: 1 } });
    const audit = await client.get('/api/v1/admin/audit?action=lms.sync&limit=1', admin);
    expect(audit.body.items[0]).toMatchObject({ actorId: null, metadata: { outcome: 'success' } });
  });

  it('names a missing setting, and refuses an unknown subcommand', async () => {
    const { LMS_URL: _url, ...withoutUrl } = environment();
    const missing = await runEntryPoint('cli', ['lms', 'sync'], withoutUrl);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/LMS_URL: required by lms sync/);
    const unknown = await runEntryPoint('cli', ['lms', 'push'], environment());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe("error: lms: unknown lms command 'push' (expected: sync)");
  });
});

describe('the scheduled sync in the job workers', () => {
  let worker: INestApplicationContext | undefined;
  afterAll(() => worker?.close());

  it('enqueues one job per schedule slot and runs the sync', async () => {
    simulator.reset();
    const settings = workerSettingsSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      CACHE_URL: testRedisUrl(),
      CACHE_KEY_PREFIX: prefix,
      LMS_URL: simulator.url,
      LMS_TOKEN: simulator.token,
      SCHEDULER_ENABLED: 'true',
      SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
      LMS_SYNC_CRON: '* * * * * *',
    });
    const before = (await client.get('/api/v1/admin/audit?action=lms.sync', admin)).body.total as number;
    worker = await startJobWorker(settings);
    const deadline = Date.now() + 15_000;
    let total = before;
    while (total === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      total = (await client.get('/api/v1/admin/audit?action=lms.sync', admin)).body.total;
    }
    expect(total).toBeGreaterThan(before);
    const latest = (await client.get('/api/v1/admin/audit?action=lms.sync&limit=1', admin)).body.items[0];
    expect(latest).toMatchObject({ actorId: null, metadata: { outcome: 'success' } });

    // Two workers firing for the same slot add the same job id: BullMQ keeps one job.
    const job = worker.get(LmsSyncJob);
    const slot = new Date('2030-01-01T06:00:00Z');
    await job.enqueue(slot);
    await job.enqueue(slot);
    const queue = worker.get(QueueConnections).queue(LMS_SYNC_QUEUE);
    const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
    expect(jobs.filter((candidate) => candidate.id === syncJobId(slot))).toHaveLength(1);
  });
});

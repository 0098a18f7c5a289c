import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueueConnections } from '../../src/common/queue/queue-connections.js';
import { PIPELINE_QUEUE } from '../../src/modules/analysis/pipeline-stages.js';
import { captureLogs } from '../support/log-capture.js';
import {
  COVERAGE_PLAN,
  pipelineInstitution,
  seedPipelineFixture,
  STAFF_PASSWORD,
  type PipelineFixture,
  type StaffName,
} from '../support/pipeline-fixtures.js';
import { ApiClient, setupApi, startTestApp, testSettings } from '../support/test-context.js';

/**
 * Issue 10: who may create, confirm, cancel and read an analysis pipeline (spec, "Analysis pipelines", "Create
 * rules", "Create/confirm/cancel/read-by-id scope requirement by role", "Read-by-id rules", Errors, Limits).
 * The API has a sentiment worker URL but no job worker, so a confirmed pipeline's sentiment job waits in the
 * queue where the tests can count it.
 */
const { client, database, api, prefix } = await setupApi({
  SENTIMENT_WORKER_URL: 'http://127.0.0.1:9/sentiment',
  LOG_LEVEL: 'warn',
});
const logs = captureLogs(api.app);
const db = database.db;
const queue = api.app.get(QueueConnections).queue(PIPELINE_QUEUE);
let f: PipelineFixture;

const PIPELINES = '/api/v1/analysis/pipelines';
const SCOPE_FILTER_REQUIRED = 'scope filter required for your role';
const SCOPE_NOT_ASSIGNED = 'scope not in your assigned access';
const CREATE_ROLES = 'role not allowed; this route is for SUPER_ADMIN, DEAN, CHAIRPERSON or CAMPUS_HEAD';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
type Who = StaffName | 'admin';

beforeAll(async () => {
  f = await seedPipelineFixture({ client, database, app: api.app }, COVERAGE_PLAN, { inClassroomByChair: true });
});

/** Every test starts with no active pipeline, so one scope can be created afresh by each test. */
afterEach(async () => {
  await db
    .updateTable('analysis_pipelines')
    .set({ status: 'CANCELLED' })
    .where('status', 'not in', ['COMPLETED', 'FAILED', 'CANCELLED'])
    .execute();
  await setSyncedHoursAgo(0);
});

const create = (who: Who, body: Record<string, unknown>, on: ApiClient = client) =>
  on.post(PIPELINES, body, f.token[who]);
const confirm = (who: Who, id: string, on: ApiClient = client) =>
  on.post(`${PIPELINES}/${id}/confirm`, undefined, f.token[who]);
const cancel = (who: Who, id: string) => client.post(`${PIPELINES}/${id}/cancel`, undefined, f.token[who]);
const status = (who: Who, id: string) => client.get(`${PIPELINES}/${id}/status`, f.token[who]);
const recommendations = (who: Who, id: string) => client.get(`${PIPELINES}/${id}/recommendations`, f.token[who]);

/** Creates a pipeline that must be new (201) and answers its view. */
async function created(who: Who, body: Record<string, unknown>) {
  const response = await create(who, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const main = () => ({ semesterId: f.semester.MAIN });
const north = () => ({ semesterId: f.semester.NORTH });
const department = (key: string, semester = main()) => ({
  ...semester,
  scopeType: 'DEPARTMENT',
  scopeId: f.department[key],
});
const faculty = (username: string, semester = main()) => ({
  ...semester,
  scopeType: 'FACULTY',
  scopeId: f.user[username],
});
const campus = (code: 'MAIN' | 'NORTH') => ({
  semesterId: f.semester[code],
  scopeType: 'CAMPUS',
  scopeId: f.campus[code],
});

async function pipelineCount(): Promise<number> {
  const row = await db
    .selectFrom('analysis_pipelines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function setSyncedHoursAgo(hours: number | null): Promise<void> {
  if (hours === null) {
    await db.deleteFrom('system_config').where('key', '=', 'enrollments_last_synced_at').execute();
    return;
  }
  const value = JSON.stringify(new Date(Date.now() - hours * 3600_000).toISOString());
  await db
    .insertInto('system_config')
    .values({ key: 'enrollments_last_synced_at', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** What a confirm or cancel may have left behind: the stored pipeline, its sentiment runs and its queue jobs. */
async function sideEffects(id: string) {
  const pipeline = await db
    .selectFrom('analysis_pipelines')
    .select(['status', 'confirmed_at', 'stages', 'error_message'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const runs = await db
    .selectFrom('sentiment_runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pipeline_id', '=', id)
    .executeTakeFirstOrThrow();
  const jobs = await queue.getJobs(['wait', 'active', 'delayed', 'prioritized', 'completed', 'failed']);
  return {
    status: pipeline.status,
    confirmedAt: pipeline.confirmed_at,
    errorMessage: pipeline.error_message,
    sentimentRuns: Number(runs.n),
    jobs: jobs.filter((job) => job?.data?.pipelineId === id).map((job) => job.name),
  };
}

const untouched = {
  status: 'AWAITING_CONFIRMATION',
  confirmedAt: null,
  errorMessage: null,
  sentimentRuns: 0,
  jobs: [],
};

describe('create: the required scope filter per role', () => {
  it('SUPER_ADMIN needs no scope filter: semesterId only covers the semester (its campus)', async () => {
    const pipeline = await created('admin', main());
    expect(pipeline).toMatchObject({
      status: 'AWAITING_CONFIRMATION',
      trigger: 'USER',
      scopeType: 'CAMPUS',
      scopeId: f.campus.MAIN,
      createdBy: f.user['root.admin'],
    });
    // Unrestricted: any campus, department or faculty member.
    await created('admin', department('NORTH/CCS', north()));
    await created('admin', faculty('fac.north', north()));
  });

  it('DEAN: a department filter inside the resolved departments; never the same code at another campus', async () => {
    const own = await created('dean.main', department('MAIN/CCS'));
    expect(own.scope).toMatchObject({ departmentId: f.department['MAIN/CCS'], campusId: f.campus.MAIN });

    for (const [body, expected] of [
      [department('NORTH/CCS', north()), 403],
      [department('MAIN/CBA'), 403],
      [faculty('fac.acc'), 403], // teaches in CBA only
      [faculty('fac.north', north()), 403],
      [campus('MAIN'), 400], // a campus scope carries no department
      [north(), 400], // no department assigned in NORTH's semester: nothing to fill in
    ] as const) {
      const response = await create('dean.main', body);
      expect(response.status, JSON.stringify(body)).toBe(expected);
      expect(response.body.message).toBe(expected === 403 ? SCOPE_NOT_ASSIGNED : SCOPE_FILTER_REQUIRED);
    }
    // A faculty scope takes the dean's department from what the faculty member teaches.
    const teacher = await created('dean.main', faculty('fac.one'));
    expect(teacher.scope).toMatchObject({
      facultyId: f.user['fac.one'],
      facultyName: 'Ed Santos',
      departmentId: f.department['MAIN/CCS'],
      departmentCode: 'CCS',
    });
  });

  it('CHAIRPERSON: a program filter inside the resolved programs', async () => {
    const own = await created('chair.bsit', department('MAIN/CCS'));
    expect(own).toMatchObject({ scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CCS'] });
    expect(own.scope).toMatchObject({ programId: f.program['MAIN/BSIT'], programCode: 'BSIT' });
    const teacher = await created('chair.bsit', faculty('fac.one'));
    expect(teacher.scope).toMatchObject({ facultyId: f.user['fac.one'], programId: f.program['MAIN/BSIT'] });

    for (const [body, expected] of [
      [{ ...main(), programId: f.program['MAIN/BSCS'] }, 403], // another program of the same department
      [faculty('fac.two'), 403], // teaches BSCS
      [{ ...north(), programId: f.program['NORTH/BSIT'] }, 403], // the same program code at NORTH
      [department('MAIN/CBA'), 400], // no program of the caller there
      [north(), 400],
    ] as const) {
      const response = await create('chair.bsit', body);
      expect(response.status, JSON.stringify(body)).toBe(expected);
      expect(response.body.message).toBe(expected === 403 ? SCOPE_NOT_ASSIGNED : SCOPE_FILTER_REQUIRED);
    }
  });

  it('CAMPUS_HEAD: a campus or department filter inside the resolved campus', async () => {
    const own = await created('head.main', campus('MAIN'));
    expect(own.scope).toMatchObject({ campusId: f.campus.MAIN, campusCode: 'MAIN', departmentId: null });
    const unit = await created('head.main', department('MAIN/CBA'));
    expect(unit.scope).toMatchObject({ departmentId: f.department['MAIN/CBA'], campusId: f.campus.MAIN });
    await created('head.north', department('NORTH/CCS', north()));

    for (const [body, expected] of [
      [campus('NORTH'), 403],
      [department('NORTH/CCS', north()), 403],
      [faculty('fac.north', north()), 403],
      [north(), 400],
    ] as const) {
      const response = await create('head.main', body);
      expect(response.status, JSON.stringify(body)).toBe(expected);
      expect(response.body.message).toBe(expected === 403 ? SCOPE_NOT_ASSIGNED : SCOPE_FILTER_REQUIRED);
    }
  });

  it('a caller with exactly one assigned scope gets it filled in', async () => {
    const dean = await created('dean.main', main());
    expect(dean).toMatchObject({ scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CCS'] });
    expect(dean.scope).toMatchObject({ programId: null, facultyId: null });

    const chair = await created('chair.bsit', main());
    expect(chair).toMatchObject({ scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CCS'] });
    expect(chair.scope).toMatchObject({ programId: f.program['MAIN/BSIT'] });

    const head = await created('head.main', main());
    expect(head).toMatchObject({ scopeType: 'CAMPUS', scopeId: f.campus.MAIN });

    const northDean = await created('dean.north', north());
    expect(northDean).toMatchObject({ scopeType: 'DEPARTMENT', scopeId: f.department['NORTH/CCS'] });
    // Half a scope is filled in only when it agrees with the one assigned scope.
    expect((await create('dean.main', { ...main(), scopeType: 'DEPARTMENT' })).status).toBe(200);
    const mismatch = await create('dean.main', { ...main(), scopeType: 'CAMPUS' });
    expect(mismatch.status).toBe(400);
    const foreign = await create('dean.main', { ...north(), scopeId: f.department['NORTH/CCS'] });
    expect(foreign.status).toBe(400);
  });

  it('a dean of two departments must say which (400), and may create either', async () => {
    const response = await create('dean.two', main());
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: SCOPE_FILTER_REQUIRED });
    await created('dean.two', department('MAIN/CBA'));
    await created('dean.two', department('MAIN/CCS'));
  });

  it('FACULTY, STUDENT and ADMIN are refused at the role guard, which names the allowed roles', async () => {
    const before = await pipelineCount();
    for (const who of ['fac.one', 'stu.one', 'admin.one'] as const) {
      for (const body of [main(), department('MAIN/CCS'), faculty('fac.one')]) {
        const response = await create(who, body);
        expect(response.status, who).toBe(403);
        expect(response.body).toMatchObject({ statusCode: 403, error: 'Forbidden', message: CREATE_ROLES });
      }
    }
    expect(await pipelineCount()).toBe(before);
  });

  it('an unknown reference in the body is a 400 with details, never a 500', async () => {
    const before = await pipelineCount();
    for (const body of [
      { semesterId: UNKNOWN_ID },
      { ...main(), scopeType: 'FACULTY', scopeId: UNKNOWN_ID },
      { ...main(), scopeType: 'DEPARTMENT', scopeId: UNKNOWN_ID },
      { ...main(), scopeType: 'CAMPUS', scopeId: UNKNOWN_ID },
      { ...department('MAIN/CCS'), questionnaireVersionId: UNKNOWN_ID },
      { ...main(), programId: UNKNOWN_ID },
      { ...main(), courseId: UNKNOWN_ID },
      { ...department('MAIN/CCS'), courseId: f.course['IT101-NORTH'] },
      { ...main(), scopeType: 'DEPARTMENT', scopeId: 'not-a-uuid' },
      { ...main(), scopeType: 'PROGRAM', scopeId: f.program['MAIN/BSIT'] },
      { ...department('MAIN/CCS'), unknownField: true }, // the body is strict beyond the legacy fields
    ]) {
      const response = await create('admin', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details, JSON.stringify(response.body)).toEqual(expect.any(Array));
    }
    expect(await pipelineCount()).toBe(before);
  });

  it('names the input field of an unknown reference, never a constraint or a table; a faculty scope must be a teacher', async () => {
    const before = await pipelineCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...department('MAIN/CCS'), questionnaireVersionId: UNKNOWN_ID },
        'questionnaireVersionId',
        'unknown questionnaire version',
      ],
      [{ ...main(), scopeType: 'FACULTY', scopeId: f.user['stu.one'] }, 'scopeId', 'unknown faculty member'],
      [{ ...main(), scopeType: 'FACULTY', scopeId: f.user['dean.main'] }, 'scopeId', 'unknown faculty member'],
    ];
    for (const [body, path, message] of cases) {
      const response = await create('admin', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ message, details: [{ path }] });
      expect(JSON.stringify(response.body)).not.toMatch(/_fkey|questionnaire_versions|users/);
    }
    expect(await pipelineCount()).toBe(before);
    expect((await create('admin', { ...main(), scopeType: 'FACULTY', scopeId: f.user['fac.one'] })).status).toBe(201);
  });

  it('scopeType/scopeId with legacy fields: a campus axis of another campus, or a legacy field naming another scope of the same kind, is a 400 (audit H)', async () => {
    const before = await pipelineCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      // A MAIN semester with a NORTH campus axis: a pipeline over two campuses, which could only fail.
      [{ ...main(), scopeType: 'FACULTY', scopeId: f.user['fac.one'], campusId: f.campus.NORTH }, 'campusId'],
      // Two faculty members, two departments: one of them was dropped without a word.
      [{ ...main(), scopeType: 'FACULTY', scopeId: f.user['fac.one'], facultyId: f.user['dean.main'] }, 'facultyId'],
      [{ ...department('MAIN/CCS'), departmentId: f.department['MAIN/CBA'] }, 'departmentId'],
      // A faculty axis that is no user.
      [{ ...department('MAIN/CCS'), facultyId: UNKNOWN_ID }, 'facultyId'],
    ];
    for (const [body, path] of cases) {
      const response = await create('admin', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details, JSON.stringify(response.body)).toEqual([{ path, message: expect.any(String) }]);
    }
    // Legacy fields alone: the error names the field sent, not scopeId.
    const legacy = await create('admin', { ...main(), campusId: f.campus.NORTH });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toMatchObject({
      message: "the campus is not the semester's campus",
      details: [{ path: 'campusId', message: 'another campus' }],
    });
    expect(await pipelineCount()).toBe(before);
    // The same axis given twice, in agreement, is fine.
    const same = await create('admin', {
      ...main(),
      scopeType: 'FACULTY',
      scopeId: f.user['fac.one'],
      facultyId: f.user['fac.one'],
      campusId: f.campus.MAIN,
    });
    expect([200, 201]).toContain(same.status);
  });

  it('an active pipeline of the same scope is returned unchanged (200, same id) instead of a new one', async () => {
    const first = await create('dean.main', department('MAIN/CCS'));
    expect(first.status).toBe(201);
    // Another caller, another route to the same scope (the dean's auto-fill, the super admin's explicit scope).
    for (const [who, body] of [
      ['dean.main', department('MAIN/CCS')],
      ['dean.main', main()],
      ['admin', department('MAIN/CCS')],
      ['head.main', department('MAIN/CCS')],
    ] as const) {
      const again = await create(who, body);
      expect(again.status, who).toBe(200);
      expect(again.body).toEqual({ ...first.body, nextScheduledRunAt: again.body.nextScheduledRunAt });
    }
    // Still active after the confirm: still returned.
    expect((await confirm('dean.main', first.body.id)).status).toBe(200);
    const running = await create('dean.main', department('MAIN/CCS'));
    expect(running.status).toBe(200);
    expect(running.body).toMatchObject({ id: first.body.id, status: 'SENTIMENT_ANALYSIS' });
    // A terminal pipeline holds nothing: the next create is a new pipeline.
    expect((await cancel('dean.main', first.body.id)).status).toBe(200);
    const next = await create('dean.main', department('MAIN/CCS'));
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(first.body.id);
  });
});

describe('create: the legacy multi-reference input', () => {
  const deprecations = () => logs.lines.filter((line) => line.event === 'deprecated_field_used');

  it('maps each legacy field onto scopeType/scopeId and writes a deprecated_field_used log entry', async () => {
    const cases = [
      [
        'dean.main',
        { ...main(), departmentId: f.department['MAIN/CCS'] },
        { scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CCS'] },
        { departmentId: f.department['MAIN/CCS'] },
        ['departmentId'],
      ],
      [
        'admin',
        { ...main(), facultyId: f.user['fac.two'], questionnaireTypeCode: 'FACULTY_FEEDBACK' },
        { scopeType: 'FACULTY', scopeId: f.user['fac.two'] },
        { facultyId: f.user['fac.two'], questionnaireTypeCode: 'FACULTY_FEEDBACK' },
        ['facultyId', 'questionnaireTypeCode'],
      ],
      [
        'head.main',
        { ...main(), campusId: f.campus.MAIN },
        { scopeType: 'CAMPUS', scopeId: f.campus.MAIN },
        { campusId: f.campus.MAIN },
        ['campusId'],
      ],
      [
        'chair.bsit',
        { ...main(), programId: f.program['MAIN/BSIT'] },
        { scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CCS'] },
        { programId: f.program['MAIN/BSIT'] },
        ['programId'],
      ],
      [
        'admin',
        { ...main(), courseId: f.course['IT101-MAIN'] },
        { scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CCS'] },
        { courseId: f.course['IT101-MAIN'], courseShortname: 'IT101-MAIN' },
        ['courseId'],
      ],
    ] as const;
    for (const [who, body, scope, axes, fields] of cases) {
      logs.clear();
      const pipeline = await created(who, body);
      expect(pipeline).toMatchObject(scope);
      expect(pipeline.scope).toMatchObject(axes);
      expect(deprecations(), JSON.stringify(body)).toEqual([
        expect.objectContaining({ level: 40, fields, callerId: f.user[who === 'admin' ? 'root.admin' : who] }),
      ]);
    }
    // The course filter limits the coverage to IT101-MAIN: 60 enrolled, 15 submissions, 10 comments.
    const course = await create('admin', { ...main(), courseId: f.course['IT101-MAIN'] });
    expect(course.body.coverage).toEqual({
      totalEnrolled: 60,
      submissionCount: 15,
      commentCount: 10,
      responseRate: 0.25,
    });
  });

  it('the legacy fields are still checked against the caller (403) and the semester (400)', async () => {
    logs.clear();
    const foreign = await create('dean.main', { ...north(), departmentId: f.department['NORTH/CCS'] });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(SCOPE_NOT_ASSIGNED);
    const elsewhere = await create('dean.main', { ...main(), departmentId: f.department['NORTH/CCS'] });
    expect(elsewhere.status).toBe(400);
    expect(deprecations()).toHaveLength(2);
  });

  it('the scopeType/scopeId shape writes no deprecation entry', async () => {
    logs.clear();
    await created('dean.main', department('MAIN/CCS'));
    await created('admin', main());
    expect(deprecations()).toEqual([]);
  });
});

describe('create: coverage stats and warnings', () => {
  it('counts enrollments, submissions and comments of the scope (computed by hand for the fixture)', async () => {
    // fac.one: IT101 + IT102, 60 students each = 120 enrollments; 30 FACULTY_FEEDBACK, 10 with a comment.
    const one = await created('admin', faculty('fac.one'));
    expect(one.coverage).toEqual({ totalEnrolled: 120, submissionCount: 30, commentCount: 10, responseRate: 0.25 });
    // fac.two: CS101, 40 students; 9 FACULTY_FEEDBACK with comments + 1 FACULTY_IN_CLASSROOM without. The rate
    // counts student feedback per student enrollment: 9/40, not 10/40.
    const two = await created('admin', faculty('fac.two'));
    expect(two.coverage).toEqual({ totalEnrolled: 40, submissionCount: 10, commentCount: 9, responseRate: 0.225 });
    // MAIN CCS: 120 + 40 enrollments; 40 submissions (39 feedback), 19 comments.
    const ccs = await created('dean.main', department('MAIN/CCS'));
    expect(ccs.coverage).toMatchObject({ totalEnrolled: 160, submissionCount: 40, commentCount: 19 });
    expect(ccs.coverage.responseRate).toBeCloseTo(39 / 160, 4);
    // BSIT (the chairperson's auto-fill): IT101 + IT102 only.
    const bsit = await created('chair.bsit', main());
    expect(bsit.coverage).toEqual({ totalEnrolled: 120, submissionCount: 30, commentCount: 10, responseRate: 0.25 });
    // MAIN campus: + ACC101's 20 enrollments, no submissions there.
    const whole = await created('head.main', campus('MAIN'));
    expect(whole.coverage).toMatchObject({ totalEnrolled: 180, submissionCount: 40, commentCount: 19 });
    expect(whole.coverage.responseRate).toBeCloseTo(39 / 180, 4);
    // NORTH CCS: 10 enrollments, 5 submissions with comments; nothing of MAIN's CCS.
    const northCcs = await created('dean.north', north());
    expect(northCcs.coverage).toEqual({ totalEnrolled: 10, submissionCount: 5, commentCount: 5, responseRate: 0.5 });
    // A pinned questionnaire version counts its own submissions only.
    const pinned = await created('admin', { ...faculty('fac.two'), questionnaireVersionId: f.versions.inClassroom });
    expect(pinned.coverage).toEqual({ totalEnrolled: 40, submissionCount: 1, commentCount: 0, responseRate: 0 });
    expect(pinned.scope).toMatchObject({
      questionnaireVersionId: f.versions.inClassroom,
      questionnaireVersionNumber: 1,
    });
  });

  it('warns below 25% response, under 30 submissions and under 10 comments; at the thresholds it does not', async () => {
    // fac.one sits exactly on every threshold: 25%, 30 submissions, 10 comments.
    expect((await created('admin', faculty('fac.one'))).warnings).toEqual([]);
    // fac.two is just under each: 22.5%, 10 submissions, 9 comments.
    expect((await created('admin', faculty('fac.two'))).warnings).toEqual([
      'low_response_rate',
      'insufficient_submissions',
      'insufficient_comments',
    ]);
    // MAIN CCS: 24.4%, but 40 submissions and 19 comments.
    expect((await created('dean.main', department('MAIN/CCS'))).warnings).toEqual(['low_response_rate']);
    // NORTH CCS: 50%, 5 submissions, 5 comments.
    expect((await created('dean.north', north())).warnings).toEqual([
      'insufficient_submissions',
      'insufficient_comments',
    ]);
  });

  it('warns when the enrollment data was synced more than 24 hours ago (or never)', async () => {
    for (const [hours, warned] of [
      [0, false],
      [23.9, false],
      [24.1, true],
      [24 * 30, true],
      [null, true],
    ] as const) {
      await setSyncedHoursAgo(hours);
      const pipeline = await created('admin', faculty('fac.one'));
      expect(pipeline.warnings, String(hours)).toEqual(warned ? ['stale_enrollment_data'] : []);
      expect((await cancel('admin', pipeline.id)).status).toBe(200);
    }
  });
});

describe('confirm and cancel', () => {
  it('each create role confirms a pipeline of its own scope: SentimentRun created, sentiment job queued', async () => {
    for (const [who, body] of [
      ['admin', department('NORTH/CCS', north())],
      ['dean.main', department('MAIN/CCS')],
      ['chair.bsit', main()],
      ['head.main', campus('MAIN')],
    ] as const) {
      const pipeline = await created(who, body);
      const response = await confirm(who, pipeline.id);
      expect(response.status, who).toBe(200);
      expect(response.body).toMatchObject({ id: pipeline.id, status: 'SENTIMENT_ANALYSIS', errorMessage: null });
      expect(response.body.stages.sentiment).toBe('processing');
      expect(Date.parse(response.body.confirmedAt)).not.toBeNaN();
      const effects = await sideEffects(pipeline.id);
      expect(effects).toMatchObject({ status: 'SENTIMENT_ANALYSIS', sentimentRuns: 1, jobs: ['sentiment'] });
      // A second confirm answers the running pipeline and starts nothing more.
      const again = await confirm(who, pipeline.id);
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('SENTIMENT_ANALYSIS');
      expect(await sideEffects(pipeline.id)).toEqual(effects);
    }
  });

  it('each create role cancels a pipeline of its own scope; a queued stage job is removed', async () => {
    for (const [who, body] of [
      ['admin', faculty('fac.north', north())],
      ['dean.main', department('MAIN/CCS')],
      ['chair.bsit', main()],
      ['head.main', campus('MAIN')],
    ] as const) {
      const waiting = await created(who, body);
      const response = await cancel(who, waiting.id);
      expect(response.status, who).toBe(200);
      expect(response.body.status).toBe('CANCELLED');
      expect(Object.values(response.body.stages)).toEqual(Array(6).fill('skipped'));

      const running = await created(who, body);
      await confirm(who, running.id);
      expect((await sideEffects(running.id)).jobs).toEqual(['sentiment']);
      expect((await cancel(who, running.id)).body.status).toBe('CANCELLED');
      expect(await sideEffects(running.id)).toMatchObject({ status: 'CANCELLED', jobs: [] });
    }
  });

  it('FACULTY, STUDENT and ADMIN are refused at the role guard on confirm and cancel', async () => {
    const pipeline = await created('admin', faculty('fac.one'));
    for (const who of ['fac.one', 'stu.one', 'admin.one'] as const) {
      for (const action of [confirm, cancel]) {
        const response = await action(who, pipeline.id);
        expect(response.status).toBe(403);
        expect(response.body.message).toBe(CREATE_ROLES);
      }
    }
    expect(await sideEffects(pipeline.id)).toEqual(untouched);
  });

  it('an unknown id is 404 for every role the route admits, also for one the scope check would refuse', async () => {
    for (const who of ['admin', 'dean.main', 'dean.north', 'chair.bscs', 'head.north', 'dean.two'] as const) {
      for (const action of [confirm, cancel, status, recommendations]) {
        const response = await action(who, UNKNOWN_ID);
        expect(response.status, `${who} ${action.name}`).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, message: 'pipeline not found' });
      }
    }
    // FACULTY may read: a 404 for reads; confirm and cancel are closed to the role before anything is looked up.
    expect((await status('fac.one', UNKNOWN_ID)).status).toBe(404);
    expect((await recommendations('fac.one', UNKNOWN_ID)).status).toBe(404);
    expect((await confirm('fac.one', UNKNOWN_ID)).status).toBe(403);
    expect((await status('stu.one', UNKNOWN_ID)).status).toBe(403);
  });

  it('a foreign caller gets 403 and changes nothing: no status change, no sentiment run, no job', async () => {
    const ccs = await created('dean.main', department('MAIN/CCS'));
    const bsit = await created('chair.bsit', faculty('fac.one'));
    const wholeCampus = await created('admin', campus('MAIN'));
    const northCcs = await created('dean.north', north());
    const jobsBefore = await queue.getJobCounts();
    for (const [who, id] of [
      ['dean.north', ccs.id], // the same department code at the other campus
      ['head.north', ccs.id],
      ['dean.main', northCcs.id],
      ['chair.bscs', bsit.id], // a chairperson of another program
      ['chair.bsit', ccs.id], // a department pipeline has no program: null on the chairperson's axis
      ['dean.main', wholeCampus.id], // a campus pipeline has no department: null on the dean's axis
      ['dean.two', northCcs.id],
    ] as const) {
      for (const action of [confirm, cancel]) {
        const response = await action(who, id);
        expect(response.status, `${who} ${action.name}`).toBe(403);
        expect(response.body.message).toBe(SCOPE_NOT_ASSIGNED);
      }
    }
    for (const pipeline of [ccs, bsit, wholeCampus, northCcs])
      expect(await sideEffects(pipeline.id)).toEqual(untouched);
    expect(await queue.getJobCounts()).toEqual(jobsBefore);
  });

  it('without SENTIMENT_WORKER_URL a confirm fails the pipeline with an error naming the sentiment stage', async () => {
    // Another API instance on the same database and Redis, started without the setting.
    const bare = await startTestApp(testSettings(database, prefix));
    const other = new ApiClient(bare.baseUrl);
    const pipeline = await created('dean.main', department('MAIN/CCS'));
    const response = await other
      .login('dean.main', STAFF_PASSWORD)
      .then((token) => other.post(`${PIPELINES}/${pipeline.id}/confirm`, undefined, token))
      .finally(() => bare.close());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: pipeline.id, status: 'FAILED' });
    expect(response.body.errorMessage).toMatch(/^sentiment: .*SENTIMENT_WORKER_URL/);
    expect(response.body.stages).toEqual({
      embeddings: 'skipped',
      sentiment: 'failed',
      sentimentGate: 'skipped',
      topicModeling: 'skipped',
      topicLabeling: 'skipped',
      recommendations: 'skipped',
    });
    expect(await sideEffects(pipeline.id)).toMatchObject({ status: 'FAILED', sentimentRuns: 0, jobs: [] });
    // The stored state is what every API instance reports.
    expect((await status('dean.main', pipeline.id)).body.errorMessage).toBe(response.body.errorMessage);
  });

  it('a terminal pipeline cannot be cancelled (409), nor confirmed (409)', async () => {
    const cancelled = await created('dean.main', department('MAIN/CCS'));
    expect((await cancel('dean.main', cancelled.id)).status).toBe(200);
    const failed = await created('dean.main', department('MAIN/CCS'));
    await db.updateTable('analysis_pipelines').set({ status: 'FAILED' }).where('id', '=', failed.id).execute();
    const completed = await created('dean.main', department('MAIN/CCS'));
    await db
      .updateTable('analysis_pipelines')
      .set({ status: 'COMPLETED', completed_at: new Date() })
      .where('id', '=', completed.id)
      .execute();
    for (const [pipeline, state] of [
      [cancelled, 'CANCELLED'],
      [failed, 'FAILED'],
      [completed, 'COMPLETED'],
    ] as const) {
      for (const action of [cancel, confirm]) {
        const response = await action('dean.main', pipeline.id);
        expect(response.status, `${action.name} ${state}`).toBe(409);
        expect(response.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
        expect(response.body.message).toContain(state);
      }
      expect((await sideEffects(pipeline.id)).status).toBe(state);
    }
  });
});

describe('read by id: status and recommendations', () => {
  it('FACULTY reads only pipelines whose faculty is the caller; department pipelines are 403', async () => {
    const own = await created('dean.main', faculty('fac.one'));
    const bySuperAdmin = await created('admin', { ...faculty('fac.one'), questionnaireVersionId: f.versions.feedback });
    const other = await created('dean.main', faculty('fac.two'));
    const ccs = await created('dean.main', department('MAIN/CCS'));
    for (const read of [status, recommendations]) {
      expect((await read('fac.one', own.id)).status).toBe(200);
      expect((await read('fac.one', bySuperAdmin.id)).status).toBe(200);
      for (const [who, id] of [
        ['fac.one', other.id],
        ['fac.two', own.id],
        ['fac.one', ccs.id],
        ['fac.north', own.id],
      ] as const) {
        const response = await read(who, id);
        expect(response.status, `${who} ${read.name}`).toBe(403);
        expect(response.body.message).toBe(SCOPE_NOT_ASSIGNED);
      }
    }
    // STUDENT and ADMIN never read: the role guard answers first.
    for (const who of ['stu.one', 'admin.one'] as const) {
      for (const read of [status, recommendations]) {
        const response = await read(who, own.id);
        expect(response.status).toBe(403);
        expect(response.body.message).toBe(
          'role not allowed; this route is for SUPER_ADMIN, DEAN, CHAIRPERSON, CAMPUS_HEAD or FACULTY',
        );
      }
    }
    expect((await recommendations('fac.one', own.id)).body).toEqual({
      pipelineId: own.id,
      runId: null,
      status: null,
      actions: [],
    });
  });

  it('each scoped role reads inside its scope, and gets 403 where the pipeline is null on its axis', async () => {
    // Super admin's faculty pipeline: no department, program or campus.
    const bare = await created('admin', faculty('fac.one'));
    expect(bare.scope).toMatchObject({ departmentId: null, programId: null, campusId: null });
    const ccs = await created('dean.main', department('MAIN/CCS'));
    const bsit = await created('chair.bsit', main());
    const wholeCampus = await created('head.main', campus('MAIN'));

    const expectations: Array<[Who, string, number]> = [
      ['admin', bare.id, 200],
      ['dean.main', bare.id, 403],
      ['chair.bsit', bare.id, 403],
      ['head.main', bare.id, 403],
      ['dean.main', ccs.id, 200],
      ['chair.bsit', ccs.id, 403], // program null
      ['head.main', ccs.id, 200],
      ['dean.main', bsit.id, 200],
      ['chair.bsit', bsit.id, 200],
      ['chair.bscs', bsit.id, 403],
      ['head.main', bsit.id, 200],
      ['dean.main', wholeCampus.id, 403], // department null
      ['chair.bsit', wholeCampus.id, 403], // program null
      ['head.main', wholeCampus.id, 200],
      ['dean.north', ccs.id, 403],
      ['head.north', ccs.id, 403],
      ['dean.north', wholeCampus.id, 403],
      ['head.north', wholeCampus.id, 403],
    ];
    for (const [who, id, expected] of expectations) {
      for (const read of [status, recommendations]) {
        const response = await read(who, id);
        expect(response.status, `${who} ${read.name} ${id}`).toBe(expected);
        if (expected === 403) expect(response.body.message).toBe(SCOPE_NOT_ASSIGNED);
      }
    }
  });

  it('access follows current assignments: a reassigned dean loses the pipelines they started', async () => {
    const pipeline = await created('dean.moved', main());
    expect(pipeline.scopeId).toBe(f.department['MAIN/CCS']);
    expect((await status('dean.moved', pipeline.id)).status).toBe(200);

    const move = pipelineInstitution().users.find((user) => user.username === 'dean.moved');
    const imported = await client.post(
      '/api/v1/admin/institution/import',
      { users: [{ ...move, assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CBA' }] }] },
      f.token.admin,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);

    for (const action of [status, recommendations, confirm, cancel]) {
      const response = await action('dean.moved', pipeline.id);
      expect(response.status, action.name).toBe(403);
    }
    expect(await sideEffects(pipeline.id)).toEqual(untouched);
    const list = await client.get(`${PIPELINES}?semesterId=${f.semester.MAIN}`, f.token['dean.moved']);
    expect(list.body.map((item: { id: string }) => item.id)).not.toContain(pipeline.id);
    // The new department is theirs at once.
    await created('dean.moved', main()).then((fresh) => expect(fresh.scopeId).toBe(f.department['MAIN/CBA']));
  });
});

describe('the status response', () => {
  it('carries status, scope ids beside display values, coverage, stages, gate, warnings, times, voices, next run', async () => {
    const pipeline = await created('chair.bscs', faculty('fac.two'));
    const response = await status('chair.bscs', pipeline.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: pipeline.id,
      status: 'AWAITING_CONFIRMATION',
      trigger: 'USER',
      scopeType: 'FACULTY',
      scopeId: f.user['fac.two'],
      scope: {
        semesterId: f.semester.MAIN,
        semesterCode: 'S12526',
        semesterLabel: '1st Semester 2025-2026',
        facultyId: f.user['fac.two'],
        facultyName: 'Hugo Dela Cruz',
        departmentId: null,
        departmentCode: null,
        departmentName: null,
        programId: f.program['MAIN/BSCS'],
        programCode: 'BSCS',
        campusId: null,
        campusCode: null,
        courseId: null,
        courseShortname: null,
        questionnaireVersionId: null,
        questionnaireVersionNumber: null,
        questionnaireTypeCode: null,
      },
      coverage: { totalEnrolled: 40, submissionCount: 10, commentCount: 9, responseRate: 0.225 },
      stages: {
        embeddings: 'pending',
        sentiment: 'pending',
        sentimentGate: 'pending',
        topicModeling: 'pending',
        topicLabeling: 'pending',
        recommendations: 'pending',
      },
      sentimentGate: { included: null, excluded: null },
      warnings: ['low_response_rate', 'insufficient_submissions', 'insufficient_comments'],
      errorMessage: null,
      createdBy: f.user['chair.bscs'],
      createdByName: 'Cora Diaz',
      createdAt: pipeline.createdAt,
      confirmedAt: null,
      completedAt: null,
      voiceBreakdown: { FACULTY_FEEDBACK: 9, FACULTY_IN_CLASSROOM: 1 },
      nextScheduledRunAt: expect.any(String),
    });
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    expect(response.body.createdAt).toMatch(iso);
    expect(response.body.nextScheduledRunAt).toMatch(iso);
    const next = Date.parse(response.body.nextScheduledRunAt);
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);

    // Each scope type reports its own tier (the tiers fire an hour apart).
    const departmentPipeline = await created('dean.main', department('MAIN/CCS'));
    const campusPipeline = await created('head.main', campus('MAIN'));
    const nextOf = async (id: string) => Date.parse((await status('admin', id)).body.nextScheduledRunAt as string);
    expect(new Set([next, await nextOf(departmentPipeline.id), await nextOf(campusPipeline.id)]).size).toBe(3);

    await confirm('chair.bscs', pipeline.id);
    const confirmed = (await status('chair.bscs', pipeline.id)).body;
    expect(confirmed.confirmedAt).toMatch(iso);
    expect(confirmed.stages.sentiment).toBe('processing');
  });
});

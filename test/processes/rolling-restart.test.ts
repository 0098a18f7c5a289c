import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../src/config/settings.js';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { TokenService } from '../../src/modules/auth/token.service.js';
import { InstitutionImportService } from '../../src/modules/institution/institution-import.service.js';
import { institutionImportBody } from '../../src/modules/institution/institution.schemas.js';
import {
  createAndConfirm,
  expectNoDuplicates,
  pipelineRows,
  waitUntil,
  type DepartmentScope,
} from '../support/pipeline-faults.js';
import { waitForStatus } from '../support/pipeline-stack.js';
import {
  BalancingClient,
  JWT_SECRET,
  logLines,
  startServiceDeployment,
  type ServiceProcess,
} from '../support/service-processes.js';
import { SUPER_ADMIN } from '../support/test-context.js';

/*
 * Issue 20: a rolling restart. Two APIs behind a balancer (readiness-checked, as HAProxy in compose.yaml) and two
 * job workers; each process in turn gets SIGTERM and a replacement, while two pipelines run (their topic-modeling
 * calls held, so a job worker is stopped with a stage in hand) and three clients keep submitting. Nothing may be
 * lost and no request an API accepted may fail; a stage in the hands of a stopped worker goes on elsewhere at
 * once (SHUTDOWN_GRACE_MS, then handed back), well before its lock (JOB_LOCK_DURATION_MS, 6 s) would expire.
 */
const GRACE_MS = 1_500;
const STUDENTS = 60;
const COURSES = 50;

const deployment = await startServiceDeployment({ SHUTDOWN_DRAIN_MS: '700', SHUTDOWN_GRACE_MS: String(GRACE_MS) });
const { database, analysisWorker } = deployment;
await seedDemo(deployment.domain);
await deployment.domain.get(InstitutionImportService).import(institutionImportBody.parse(loadCampus()), null);
const apis = await Promise.all([deployment.startApi('api-a'), deployment.startApi('api-b')]);
const workers = await Promise.all([deployment.startJobWorker('worker-a'), deployment.startJobWorker('worker-b')]);
const balancer = new BalancingClient();
for (const api of apis) balancer.add(api);
const admin = await balancer.login(SUPER_ADMIN.username, SUPER_ADMIN.password);

/** A campus of its own for the stream: STUDENTS students each enrolled in COURSES courses, one teacher each. */
function loadCampus() {
  const semester = 'S12526';
  const pad = (n: number) => String(n).padStart(3, '0');
  const courses = Array.from({ length: COURSES }, (_, i) => `LOAD${pad(i)}-S12526`);
  return {
    campuses: [{ code: 'LOAD', name: 'Load Campus' }],
    semesters: [{ campus: 'LOAD', code: semester, label: '1st Semester 2025-2026' }],
    departments: [{ campus: 'LOAD', semester, code: 'LDEP', name: 'Load Department' }],
    programs: [{ campus: 'LOAD', semester, department: 'LDEP', code: 'LPRG', name: 'Load Program' }],
    courses: courses.map((shortname, i) => ({
      campus: 'LOAD',
      semester,
      program: 'LPRG',
      shortname,
      fullname: `Load ${i}`,
    })),
    users: [
      ...courses.map((_, i) => ({ username: `load.fac${pad(i)}`, fullName: `Load Faculty ${i}`, roles: ['FACULTY'] })),
      ...Array.from({ length: STUDENTS }, (_, i) => ({
        username: `load.stu${pad(i)}`,
        fullName: `Load Student ${i}`,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: courses.flatMap((course, i) => [
      { username: `load.fac${pad(i)}`, course, campus: 'LOAD', semester, role: 'faculty' },
      ...Array.from({ length: STUDENTS }, (_, s) => ({
        username: `load.stu${pad(s)}`,
        course,
        campus: 'LOAD',
        semester,
        role: 'student',
      })),
    ]),
  };
}

/** Every (student, course) pair of the load campus, with a signed access token per student (no password hash). */
async function submissionSlots() {
  const db = database.db;
  const tokens = new TokenService(
    settingsSchema.parse({
      ...deployment.environment,
      JWT_SECRET,
      SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    }),
  );
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).where('username', 'like', 'load.%').execute()).map(
      (row) => [row.username, row.id],
    ),
  );
  const sessions = await db
    .insertInto('auth_sessions')
    .values([...users.entries()].filter(([name]) => name.startsWith('load.stu')).map(([, id]) => ({ user_id: id })))
    .returning(['id', 'user_id'])
    .execute();
  const tokenOf = new Map<string, string>();
  for (const session of sessions)
    tokenOf.set(session.user_id, await tokens.signAccessToken({ userId: session.user_id, sessionId: session.id }));
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'shortname'])
    .where('shortname', 'like', 'LOAD%')
    .execute();
  const version = await db
    .selectFrom('submissions')
    .select('version_id')
    .where('questionnaire_type_code', '=', 'FACULTY_FEEDBACK')
    .executeTakeFirstOrThrow();
  return courses.flatMap((course) => {
    const index = course.shortname.slice(4, 7);
    return [...tokenOf.entries()].map(([, token]) => ({
      token,
      body: {
        versionId: version.version_id,
        facultyId: users.get(`load.fac${index}`),
        courseId: course.id,
        answers: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6']
          .map((questionId) => ({ questionId, value: 4 }))
          .concat({
            questionId: 'q7',
            value: 1,
          }),
        qualitativeComment: 'Malinaw magpaliwanag si sir at patas ang grading.',
      },
    }));
  });
}

async function departmentScopes(): Promise<DepartmentScope[]> {
  return database.db
    .selectFrom('departments as d')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['d.id as departmentId', 's.id as semesterId'])
    .where('c.code', '=', 'MAIN')
    .where('s.code', 'in', ['S12425', 'S22425'])
    .where('d.code', '=', 'CCS')
    .execute();
}

function topicStagesOf(worker: ServiceProcess): string[] {
  return logLines(worker.output())
    .filter((line) => line.msg === 'stage started' && line.stage === 'topicModeling')
    .map((line) => line.pipelineId as string);
}

describe('a rolling restart of every API and job worker during pipelines and submissions', () => {
  it('loses nothing, fails no accepted request, and hands running stages over at once', async () => {
    const slots = await submissionSlots();
    analysisWorker.script('topics', { type: 'hold' }, { type: 'hold' });
    const pipelines = await Promise.all(
      (await departmentScopes()).map((scope) => createAndConfirm(balancer, admin, scope)),
    );
    expect(pipelines).toHaveLength(2);
    await analysisWorker.waitForCalls('topics', 2, 30_000);

    // Three clients submit, one after another each, for the whole restart.
    let streaming = true;
    let next = 0;
    const answers: Array<{ status: number; id?: string }> = [];
    const stream = Promise.all(
      Array.from({ length: 3 }, async () => {
        while (streaming && next < slots.length) {
          const slot = slots[next++] as (typeof slots)[number];
          const response = await balancer.post<{ id?: string }>('/api/v1/submissions', slot.body, slot.token);
          answers.push({ status: response.status, ...(response.body.id ? { id: response.body.id } : {}) });
          await delay(80);
        }
      }),
    );

    const handovers: Array<{ pipelineId: string; afterMs: number }> = [];
    const stopped: Array<{ name: string; code: number | null; signal: string | null; output: string }> = [];
    for (const old of [...apis, ...workers]) {
      await delay(800);
      const held =
        old.role === 'worker' ? topicStagesOf(old).filter((id) => analysisWorker.count('topics', id) < 2) : [];
      const stoppedAt = Date.now();
      const exit = await old.kill('SIGTERM');
      stopped.push({ name: old.name, ...exit, output: old.output() });
      if (old.role === 'api') {
        balancer.remove(old);
        balancer.add(await deployment.startApi(`${old.name}-2`));
      } else {
        for (const pipelineId of held) {
          await waitUntil(() => analysisWorker.count('topics', pipelineId) >= 2, 'the stage to run again', 20_000);
          handovers.push({ pipelineId, afterMs: Date.now() - stoppedAt });
        }
        await deployment.startJobWorker(`${old.name}-2`);
      }
    }
    await delay(800);
    streaming = false;
    await stream;
    analysisWorker.release('topics');

    // Every process stopped cleanly, within its grace period.
    for (const exit of stopped)
      expect([exit.name, exit.code, exit.signal], exit.output.slice(-3_000)).toEqual([exit.name, 0, null]);
    // Both held stages were in a stopped worker's hands, handed back at the end of its grace period, and ran again
    // on another worker long before their lock would have expired.
    expect(handovers.map((handover) => handover.pipelineId).sort()).toEqual([...pipelines].sort());
    for (const handover of handovers)
      expect(handover.afterMs, JSON.stringify(handovers)).toBeLessThan(GRACE_MS + 3_000);
    expect(stopped.some((exit) => exit.output.includes('running jobs handed back to the queue'))).toBe(true);

    // No accepted request failed: every submission was created, and the balancer saw no 5xx or broken connection.
    expect(balancer.failures()).toEqual([]);
    expect(answers.length).toBeGreaterThan(50);
    expect(next, 'the stream ran out of submissions before the last restart').toBeLessThan(slots.length);
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    // Nothing lost: each one is in the database.
    const stored = await database.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'id',
        'in',
        answers.map((answer) => answer.id as string),
      )
      .executeTakeFirstOrThrow();
    expect(stored.n).toBe(answers.length);

    for (const id of pipelines) {
      const done = await waitForStatus(balancer, admin, id, ['COMPLETED', 'FAILED'], 30_000);
      expect([done.status, done.errorMessage]).toEqual(['COMPLETED', null]);
      expectNoDuplicates(await pipelineRows(database.db, id));
    }
    balancer.stop();
  }, 180_000);
});

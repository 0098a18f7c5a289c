import { setTimeout as delay } from 'node:timers/promises';
import type { INestApplicationContext } from '@nestjs/common';
import type { DatabaseClient } from '../../src/common/database/database.js';
import { settingsSchema } from '../../src/config/settings.js';
import { TokenService } from '../../src/modules/auth/token.service.js';
import { InstitutionImportService } from '../../src/modules/institution/institution-import.service.js';
import { institutionImportBody } from '../../src/modules/institution/institution.schemas.js';
import type { DepartmentScope } from './pipeline-faults.js';
import { JWT_SECRET, type BalancingClient, type ServiceDeployment } from './service-processes.js';
import { SUPER_ADMIN } from './test-context.js';

/*
 * A stream of submissions for the process tests of issue 20: a campus of its own ("LOAD") whose every (student,
 * course) pair may submit once, and clients that submit one after another through a balancer while processes
 * restart.
 */

const SEMESTER = 'S12526';
const pad = (n: number) => String(n).padStart(3, '0');

/** The load campus: `students` students each enrolled in `courses` courses, one teacher each. */
function loadCampus(students: number, courses: number) {
  const shortnames = Array.from({ length: courses }, (_, i) => `LOAD${pad(i)}-${SEMESTER}`);
  return {
    campuses: [{ code: 'LOAD', name: 'Load Campus' }],
    semesters: [{ campus: 'LOAD', code: SEMESTER, label: '1st Semester 2025-2026' }],
    departments: [{ campus: 'LOAD', semester: SEMESTER, code: 'LDEP', name: 'Load Department' }],
    programs: [{ campus: 'LOAD', semester: SEMESTER, department: 'LDEP', code: 'LPRG', name: 'Load Program' }],
    courses: shortnames.map((shortname, i) => ({
      campus: 'LOAD',
      semester: SEMESTER,
      program: 'LPRG',
      shortname,
      fullname: `Load ${i}`,
    })),
    users: [
      ...shortnames.map((_, i) => ({
        username: `load.fac${pad(i)}`,
        fullName: `Load Faculty ${i}`,
        roles: ['FACULTY'],
      })),
      ...Array.from({ length: students }, (_, i) => ({
        username: `load.stu${pad(i)}`,
        fullName: `Load Student ${i}`,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: shortnames.flatMap((course, i) => [
      { username: `load.fac${pad(i)}`, course, campus: 'LOAD', semester: SEMESTER, role: 'faculty' },
      ...Array.from({ length: students }, (_, s) => ({
        username: `load.stu${pad(s)}`,
        course,
        campus: 'LOAD',
        semester: SEMESTER,
        role: 'student',
      })),
    ]),
  };
}

/** Imports the load campus with the deployment's own services (seedDemo must have run: its questionnaire). */
export async function importLoadCampus(
  domain: INestApplicationContext,
  size: { students: number; courses: number },
): Promise<void> {
  await domain
    .get(InstitutionImportService)
    .import(institutionImportBody.parse(loadCampus(size.students, size.courses)), null);
}

export interface SubmissionSlot {
  token: string;
  body: Record<string, unknown>;
}

/** Every (student, course) pair of the load campus, with a signed access token per student (no password hash). */
export async function submissionSlots(deployment: ServiceDeployment): Promise<SubmissionSlot[]> {
  const db = deployment.database.db;
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
    return [...tokenOf.values()].map((token) => ({
      token,
      body: {
        versionId: version.version_id,
        facultyId: users.get(`load.fac${index}`),
        courseId: course.id,
        answers: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6']
          .map((questionId) => ({ questionId, value: 4 }))
          .concat({ questionId: 'q7', value: 1 }),
        qualitativeComment: 'Malinaw magpaliwanag si sir at patas ang grading.',
      },
    }));
  });
}

/** The demo's CCS department in both semesters of 2024-2025 (seedDemo must have run): two pipeline scopes. */
export async function departmentScopes(db: DatabaseClient): Promise<DepartmentScope[]> {
  return db
    .selectFrom('departments as d')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['d.id as departmentId', 's.id as semesterId'])
    .where('c.code', '=', 'MAIN')
    .where('s.code', 'in', ['S12425', 'S22425'])
    .where('d.code', '=', 'CCS')
    .orderBy('s.code')
    .execute();
}

export interface SubmissionStream {
  /** Every answer so far: its status and, when created, the submission's id. */
  readonly answers: ReadonlyArray<{ status: number; id?: string }>;
  /** Whether the slots ran out before `stop` (the stream then did not cover the whole test). */
  exhausted(): boolean;
  /** Lets each client finish its request in hand, then resolves. */
  stop(): Promise<void>;
}

/** `clients` clients, each submitting one slot after another with `pauseMs` between, until `stop`. */
export function startSubmissionStream(
  balancer: BalancingClient,
  slots: readonly SubmissionSlot[],
  options: { clients: number; pauseMs: number },
): SubmissionStream {
  let streaming = true;
  let next = 0;
  const answers: Array<{ status: number; id?: string }> = [];
  const running = Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (streaming && next < slots.length) {
        const slot = slots[next++] as SubmissionSlot;
        const response = await balancer.post<{ id?: string }>('/api/v1/submissions', slot.body, slot.token);
        answers.push({ status: response.status, ...(response.body.id ? { id: response.body.id } : {}) });
        await delay(options.pauseMs);
      }
    }),
  );
  return {
    answers,
    exhausted: () => next >= slots.length,
    async stop() {
      streaming = false;
      await running;
    },
  };
}

/** How many of the answers' submissions are stored. */
export async function storedSubmissions(db: DatabaseClient, answers: ReadonlyArray<{ id?: string }>): Promise<number> {
  const ids = answers.flatMap((answer) => (answer.id ? [answer.id] : []));
  if (ids.length === 0) return 0;
  const stored = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(stored.n);
}

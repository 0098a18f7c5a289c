import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTransaction, NestedConnectionError } from '../../src/common/database/database.js';
import { DATABASE } from '../../src/common/core/tokens.js';
import type { DatabaseClient } from '../../src/common/database/database.js';
import { PASSWORD } from '../support/institution-fixtures.js';
import { activeVersion, createDimensions, simpleSchema } from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * With a pool of two connections, nothing may hold one connection while it waits for another: before the fix,
 * two concurrent dean submissions (each resolving its scope through the pool from inside its transaction)
 * hung forever, and every request behind them.
 */
const { client, database, api } = await setupApi({ DATABASE_POOL_SIZE: '2', DATABASE_CONNECTION_TIMEOUT_MS: '10000' });

const FACULTY = Array.from({ length: 10 }, (_, index) => `fac.${String(index + 1).padStart(2, '0')}`);
const STUDENTS = Array.from({ length: 12 }, (_, index) => `stu.${String(index + 1).padStart(2, '0')}`);
const semester = 'S12526';

function institution() {
  return {
    campuses: [{ code: 'MAIN', name: 'Main Campus' }],
    semesters: [{ campus: 'MAIN', code: semester, label: '1st Semester 2025-2026' }],
    departments: [{ campus: 'MAIN', semester, code: 'CCS', name: 'Computer Studies' }],
    programs: [{ campus: 'MAIN', semester, department: 'CCS', code: 'BSIT', name: 'BS IT' }],
    courses: FACULTY.map((_, index) => ({
      campus: 'MAIN',
      semester,
      program: 'BSIT',
      shortname: `IT${100 + index}-MAIN`,
      fullname: `Course ${index}`,
    })),
    users: [
      {
        username: 'dean.main',
        fullName: 'Ana Reyes',
        password: PASSWORD,
        roles: ['DEAN'],
        assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CCS' }],
      },
      {
        username: 'chair.main',
        fullName: 'Ben Cruz',
        password: PASSWORD,
        roles: ['CHAIRPERSON'],
        assignments: [{ role: 'CHAIRPERSON', campus: 'MAIN', program: 'BSIT' }],
      },
      ...FACULTY.map((username) => ({ username, fullName: `Faculty ${username}`, roles: ['FACULTY'] })),
      ...STUDENTS.map((username) => ({ username, fullName: `Student ${username}`, roles: ['STUDENT'] })),
    ],
    enrollments: FACULTY.flatMap((faculty, index) => [
      { username: faculty, course: `IT${100 + index}-MAIN`, campus: 'MAIN', semester, role: 'faculty' },
      ...STUDENTS.map((student) => ({
        username: student,
        course: `IT${100 + index}-MAIN`,
        campus: 'MAIN',
        semester,
        role: 'student',
      })),
    ]),
  };
}

let admin = '';
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let inClassroom = '';
let feedback = '';

beforeAll(async () => {
  admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', institution(), admin)).status).toBe(200);
  tokens.dean = await client.login('dean.main', PASSWORD);
  tokens.chair = await client.login('chair.main', PASSWORD);
  for (const row of await database.db.selectFrom('users').select(['id', 'username']).execute())
    ids[row.username] = row.id;
  for (const row of await database.db.selectFrom('semesters').select('id').execute()) ids.semester = row.id;
  await createDimensions(client, admin);
  inClassroom = (await activeVersion(client, admin, 'FACULTY_IN_CLASSROOM', simpleSchema())).versionId;
  feedback = (await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema())).versionId;
});

function csv(students: string[]): string {
  const rows = students.flatMap((student) =>
    FACULTY.map((faculty, index) =>
      [student, faculty, `IT${100 + index}-MAIN`, '4', '3', '1', 'Clear explanations and fair grading po'].join(','),
    ),
  );
  return ['respondent_username,faculty_username,course_shortname,q1,q2,q3,comment', ...rows].join('\n');
}

async function ingest(file: string) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'answers.csv');
  const response = await fetch(`${client.baseUrl}/api/v1/questionnaires/versions/${feedback}/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { succeeded: number; failed: number } };
}

describe('a pool of two connections', () => {
  it('serves 20 concurrent dean and chairperson submissions and two concurrent ingestions, and /health throughout', async () => {
    let done = false;
    const healthLatencies: number[] = [];
    const healthStatuses: number[] = [];
    const poll = (async () => {
      while (!done) {
        const started = performance.now();
        const response = await client.get('/api/v1/health');
        healthLatencies.push(performance.now() - started);
        healthStatuses.push(response.status);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();

    const submissions = ['dean', 'chair'].flatMap((role) =>
      FACULTY.map((faculty) =>
        client.post(
          '/api/v1/submissions',
          {
            versionId: inClassroom,
            facultyId: ids[faculty],
            semesterId: ids.semester,
            answers: [
              { questionId: 'q1', value: 4 },
              { questionId: 'q2', value: 5 },
              { questionId: 'q3', value: 1 },
            ],
          },
          tokens[role],
        ),
      ),
    );
    const ingestions = [ingest(csv(STUDENTS.slice(0, 6))), ingest(csv(STUDENTS.slice(6)))];
    const [submitted, ingested] = await Promise.all([Promise.all(submissions), Promise.all(ingestions)]);
    done = true;
    await poll;

    expect(submitted.map((response) => response.status)).toEqual(Array(20).fill(201));
    for (const result of ingested) {
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ succeeded: 60, failed: 0 });
    }
    expect(healthStatuses.length).toBeGreaterThan(0);
    expect(new Set(healthStatuses)).toEqual(new Set([200]));
    expect(Math.max(...healthLatencies)).toBeLessThan(2_000);
  });

  it('a unit of work that asks the pool for a second connection fails at once instead of waiting', async () => {
    const db = api.app.get<DatabaseClient>(DATABASE);
    await expect(
      runInTransaction(db, async () => db.selectFrom('users').select('id').execute()),
    ).rejects.toBeInstanceOf(NestedConnectionError);
  });
});

describe('an exhausted pool', () => {
  const holders: Array<() => void> = [];
  afterAll(() => holders.forEach((release) => release()));

  it('answers 503 after DATABASE_CONNECTION_TIMEOUT_MS instead of hanging', async () => {
    const { client: busy, api: busyApi } = await setupApi({
      DATABASE_POOL_SIZE: '1',
      DATABASE_CONNECTION_TIMEOUT_MS: '300',
    });
    const token = await busy.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    const db = busyApi.app.get<DatabaseClient>(DATABASE);
    let held!: () => void;
    const holding = runInTransaction(db, () => new Promise<void>((resolve) => (held = resolve)));
    holders.push(() => held());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const response = await busy.get('/api/v1/semesters', token);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(performance.now() - started).toBeLessThan(2_000);
    held();
    await holding;
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LARGE_INSTITUTION, seedLargeInstitution } from '../../tools/moodle-simulator/seed.js';
import { setupLms } from '../support/lms.js';

/**
 * The enrollment sync at scale: a simulator holding 3 campuses × 2 semesters, 300 courses and 5,000 users
 * (100 editing teachers, 4,900 students, 15,000 enrolments), answering every call after 20 ms.
 */
const { client, admin, simulator, database } = await setupLms({ seed: false });
seedLargeInstitution(simulator.state);

/** Answer delay of every simulated call, in milliseconds. */
const CALL_DELAY_MS = 20;
/** The sync's duration target at this size. */
const TARGET_MS = 30_000;

const ENTITY_TABLES = [
  'campuses',
  'semesters',
  'departments',
  'programs',
  'courses',
  'users',
  'user_roles',
  'enrollments',
] as const;
type Table = (typeof ENTITY_TABLES)[number] | 'system_config';

/** Row count and an md5 over every row (all columns, updated_at included) of each table. */
async function snapshot(tables: readonly Table[] = ENTITY_TABLES) {
  const result: Record<string, { rows: number; checksum: string }> = {};
  for (const table of tables) {
    const { rows } = await sql<{ rows: number; checksum: string }>`
      SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS checksum
      FROM ${sql.table(table)} t`.execute(database.db);
    result[table] = rows[0] as { rows: number; checksum: string };
  }
  return result;
}

/** What the simulator holds, counted the way the sync reads it. */
function simulatorCounts() {
  const state = simulator.state;
  const categories = [...state.categories.values()];
  const childrenOf = (parent: number) => categories.filter((category) => category.parent === parent);
  const campuses = childrenOf(0).filter((top) => childrenOf(top.id).some((child) => /^S[12]\d{4}$/.test(child.name)));
  const semesters = campuses.flatMap((campus) => childrenOf(campus.id));
  const departments = semesters.flatMap((semester) => childrenOf(semester.id));
  const programs = departments.flatMap((department) => childrenOf(department.id));
  const programIds = new Set(programs.map((program) => program.id));
  const courseIds = new Set([...state.courses.values()].filter((c) => programIds.has(c.categoryid)).map((c) => c.id));
  const enrolments = state.enrolments.filter((e) => courseIds.has(e.courseid) && (e.roleid === 3 || e.roleid === 5));
  return {
    campuses: campuses.length,
    semesters: semesters.length,
    departments: departments.length,
    programs: programs.length,
    courses: courseIds.size,
    users: new Set(enrolments.map((e) => e.userid)).size,
    enrollments: enrolments.length,
  };
}

/** The same counts locally (users: the ones the learning system knows; the seeded super admin is not one). */
async function localCounts() {
  const count = async (table: Table, where = sql`true`) => {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${where}`.execute(database.db);
    return (rows[0] as { n: number }).n;
  };
  return {
    campuses: await count('campuses'),
    semesters: await count('semesters'),
    departments: await count('departments'),
    programs: await count('programs'),
    courses: await count('courses'),
    users: await count('users', sql`lms_user_id IS NOT NULL`),
    enrollments: await count('enrollments'),
  };
}

/** From the first call's arrival to the last answer, as the simulator saw them. */
function callPhaseMs(): number {
  const calls = simulator.calls;
  if (calls.length === 0) return 0;
  return Math.max(...calls.map((call) => call.finishedAt)) - Math.min(...calls.map((call) => call.startedAt));
}

async function timedSync() {
  const started = performance.now();
  const response = await client.post('/api/v1/lms/sync', undefined, admin);
  return { response, wallMs: Math.round(performance.now() - started) };
}

/** Prints a line of figures to the test output. */
const report = (line: string) => process.stdout.write(`${line}\n`);

/** The counts side by side, one row per kind. */
function countTable(columns: Record<string, Record<string, number>>): string {
  const names = Object.keys(columns);
  const kinds = Object.keys(columns[names[0] as string] ?? {});
  const row = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(12) : cell.padStart(10))).join(' ');
  return [
    row(['', ...names]),
    ...kinds.map((kind) => row([kind, ...names.map((n) => String(columns[n]?.[kind]))])),
  ].join('\n');
}

let callsPerSync = 0;

describe('the sync of a large institution, 20 ms per learning-system call', () => {
  it('brings every campus, semester, department, program, course, user and enrollment over, within the target', async () => {
    const expected = simulatorCounts();
    expect(expected).toEqual({
      campuses: 3,
      semesters: 6,
      departments: 12,
      programs: 24,
      courses: 300,
      users: LARGE_INSTITUTION.teachers + LARGE_INSTITUTION.students,
      enrollments: 15_000,
    });
    simulator.reset();
    simulator.delayMs = CALL_DELAY_MS;

    const { response, wallMs } = await timedSync();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    callsPerSync = simulator.calls.length;
    const local = await localCounts();
    report(
      `sync of a large institution: ${wallMs} ms (service: ${response.body.durationMs} ms) for ${callsPerSync} ` +
        `learning-system calls at ${CALL_DELAY_MS} ms each (calls: ${callPhaseMs()} ms, then one transaction)`,
    );
    report(countTable({ simulator: expected, local }));
    expect(local).toEqual(expected);
    expect(response.body).toMatchObject({
      campuses: { created: 3 },
      semesters: { created: 6 },
      departments: { created: 12 },
      programs: { created: 24 },
      courses: { created: 300 },
      users: { created: 5000, updated: 0 },
      enrollments: { created: 15_000, unchanged: 0 },
      warnings: [],
    });
    expect(callsPerSync).toBe(2 + 300);
    expect(response.body.durationMs).toBeLessThanOrEqual(TARGET_MS);
  }, 120_000);

  it('changes nothing on a second sync: same counts, no row rewritten', async () => {
    const before = await snapshot();
    simulator.calls.length = 0;
    const { response, wallMs } = await timedSync();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    report(`second sync (nothing to change): ${wallMs} ms (service: ${response.body.durationMs} ms)`);
    expect(response.body).toMatchObject({
      campuses: { created: 0, updated: 0, unchanged: 3 },
      semesters: { created: 0, updated: 0, unchanged: 6 },
      departments: { created: 0, updated: 0, unchanged: 12 },
      programs: { created: 0, updated: 0, unchanged: 24 },
      courses: { created: 0, updated: 0, unchanged: 300 },
      users: { created: 0, updated: 0, unchanged: 5000 },
      enrollments: { created: 0, unchanged: 15_000 },
    });
    // Counts and every column (updated_at included) of every row are as they were.
    expect(await snapshot()).toEqual(before);
    expect(response.body.durationMs).toBeLessThanOrEqual(TARGET_MS);
  }, 120_000);

  it('changes nothing when the learning system goes away half-way, and answers the mapped error', async () => {
    // New data a complete sync would bring: a course with a teacher and 20 new students, and a renamed user.
    const state = simulator.state;
    const program = [...state.categories.values()].find((category) => category.name === 'PROG11') as { id: number };
    const course = state.addCourse({
      shortname: 'NEW101-PROG11-CAMPUS1-S12526',
      fullname: 'New',
      categoryid: program.id,
    });
    const teacher = state.addUser({ username: 'fac.new', firstname: 'New', lastname: 'Teacher' });
    state.enrol(teacher.id, course.id, 3);
    for (let s = 0; s < 20; s += 1)
      state.enrol(state.addUser({ username: `stu.new${s}`, firstname: 'New', lastname: `${s}` }).id, course.id, 5);
    const renamed = [...state.users.values()].find((user) => user.username === 'stu.1') as { lastname: string };
    renamed.lastname = 'Renamed';

    const tables: Table[] = [...ENTITY_TABLES, 'system_config'];
    const before = await snapshot(tables);
    simulator.reset();
    simulator.delayMs = CALL_DELAY_MS;
    const failAfter = Math.floor(callsPerSync / 2);
    simulator.failAfter(failAfter, 'reset');
    const { response, wallMs } = await timedSync();
    report(`sync failing after ${failAfter} of ${callsPerSync + 1} calls: ${wallMs} ms → ${response.status}`);
    expect(response.status).toBe(502);
    expect(response.body.message).toBe('LMS is unreachable (enrollment sync: connection reset)');
    // It stopped at the failure: the lanes still running make one more call each at most.
    const answered = simulator.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 5 * CALL_DELAY_MS));
    expect(simulator.calls.length).toBe(answered);
    expect(answered).toBeLessThan(callsPerSync);
    expect(await snapshot(tables)).toEqual(before);

    // Once the site is back, a sync brings the new data.
    simulator.reset();
    const { response: after } = await timedSync();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body).toMatchObject({
      courses: { created: 1, unchanged: 300 },
      users: { created: 21, updated: 1, unchanged: 4999 },
      enrollments: { created: 21, unchanged: 15_000 },
    });
    expect(await localCounts()).toEqual(simulatorCounts());
  }, 120_000);
});

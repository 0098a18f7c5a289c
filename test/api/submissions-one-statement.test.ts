import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SubmissionsRepository } from '../../src/modules/submissions/submissions.repository.js';
import { TokenService } from '../../src/modules/auth/token.service.js';
import {
  activeVersion,
  createDimensions,
  createDraft,
  publish,
  simpleSchema,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * A student's course submission is checked and written by one statement (SubmissionsRepository.insertChecked),
 * outside any transaction; whatever it does not write goes the transactional way, which decides the answer. With a
 * pool of two connections, a burst of such submissions, repeats and bad ones must all be answered (no deadlock, no
 * 503 from a connection that never came free), each exactly once in the database, alerts only for stored ones.
 */
const { client, database, api } = await setupApi({
  DATABASE_POOL_SIZE: '2',
  DATABASE_CONNECTION_TIMEOUT_MS: '5000',
});

const SEMESTER = 'S12526';
const COURSES = ['IT100-MAIN', 'IT101-MAIN', 'IT102-MAIN', 'IT103-MAIN'];
const FACULTY = ['fac.a', 'fac.b', 'fac.c', 'fac.d'];
const STUDENTS = Array.from({ length: 30 }, (_, index) => `stu.${String(index + 1).padStart(2, '0')}`);
/** A comment the local screen flags (abuse): its submission gets an alert, written by the same statement. */
const FLAGGED = 'He slapped a student in class';

function institution() {
  return {
    campuses: [{ code: 'MAIN', name: 'Main Campus' }],
    semesters: [{ campus: 'MAIN', code: SEMESTER, label: '1st Semester 2025-2026' }],
    departments: [{ campus: 'MAIN', semester: SEMESTER, code: 'CCS', name: 'Computer Studies' }],
    programs: [{ campus: 'MAIN', semester: SEMESTER, department: 'CCS', code: 'BSIT', name: 'BS IT' }],
    courses: COURSES.map((shortname, index) => ({
      campus: 'MAIN',
      semester: SEMESTER,
      program: 'BSIT',
      shortname,
      fullname: `Course ${index}`,
    })),
    users: [
      { username: 'stu.outsider', fullName: 'Not Enrolled', roles: ['STUDENT'] },
      ...FACULTY.map((username) => ({ username, fullName: `Faculty ${username}`, roles: ['FACULTY'] })),
      ...[...STUDENTS, 'stu.late'].map((username) => ({
        username,
        fullName: `Student ${username}`,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: COURSES.flatMap((course, index) => [
      { username: FACULTY[index], course, campus: 'MAIN', semester: SEMESTER, role: 'faculty' },
      ...[...STUDENTS, 'stu.late'].map((username) => ({
        username,
        course,
        campus: 'MAIN',
        semester: SEMESTER,
        role: 'student',
      })),
    ]),
  };
}

let admin = '';
let feedback = { questionnaireId: '', versionId: '' };
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', institution(), admin)).status).toBe(200);
  for (const row of await database.db.selectFrom('users').select(['id', 'username']).execute())
    ids[row.username] = row.id;
  for (const row of await database.db.selectFrom('courses').select(['id', 'shortname']).execute())
    ids[row.shortname] = row.id;
  for (const row of await database.db.selectFrom('semesters').select('id').execute()) ids.semester = row.id;
  // Signed like a login would (one session each), without sixty password hashes.
  const signer = api.app.get(TokenService);
  const sessions = await database.db
    .insertInto('auth_sessions')
    .values([...STUDENTS, 'stu.late', 'stu.outsider'].map((username) => ({ user_id: ids[username] as string })))
    .returning(['id', 'user_id'])
    .execute();
  const usernameOf = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  for (const session of sessions)
    tokens[usernameOf.get(session.user_id) as string] = await signer.signAccessToken({
      userId: session.user_id,
      sessionId: session.id,
    });
  await createDimensions(client, admin);
  feedback = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
});

afterEach(() => vi.restoreAllMocks());

function body(course: number, overrides: Record<string, unknown> = {}) {
  return {
    versionId: feedback.versionId,
    facultyId: ids[FACULTY[course] as string],
    courseId: ids[COURSES[course] as string],
    answers: [
      { questionId: 'q1', value: 1 + (course % 5) },
      { questionId: 'q2', value: 4 },
      { questionId: 'q3', value: 1 },
    ],
    qualitativeComment: null as string | null,
    ...overrides,
  };
}

const count = async (table: 'submissions' | 'submission_answers' | 'alerts') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('one-statement submissions on a pool of two connections', () => {
  it('answers a burst of 150 at once: each valid one stored once, repeats 409, bad answers 400, no 5xx', async () => {
    const repository = api.app.get(SubmissionsRepository);
    const transactions = vi.spyOn(repository, 'transaction');
    const written = vi.spyOn(repository, 'insertChecked');

    // 120 distinct (student, course) pairs, a quarter of them with a flagged comment; 20 of them sent twice at
    // once; 10 with a value out of range. All 150 go out together and are shuffled by arrival.
    const valid = STUDENTS.flatMap((student, s) =>
      COURSES.map((_, course) => ({
        student,
        body: body(course, { qualitativeComment: (s + course) % 4 === 0 ? FLAGGED : 'Clear and fair.' }),
      })),
    );
    const repeats = valid.filter((_, index) => index % 6 === 0);
    const invalid = STUDENTS.slice(0, 10).map((student) => ({
      student,
      body: body(0, { answers: [{ questionId: 'q1', value: 9 }] }),
    }));
    const requests = [...valid, ...repeats, ...invalid].map(({ student, body: sent }) => ({
      sent,
      answer: client.post('/api/v1/submissions', sent, tokens[student]),
    }));
    const started = performance.now();
    const answers = await Promise.all(requests.map(async (request) => ({ ...request, ...(await request.answer) })));
    const elapsed = performance.now() - started;

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(valid.length);
    expect(statuses.filter((status) => status === 409)).toHaveLength(repeats.length);
    expect(statuses.filter((status) => status === 400)).toHaveLength(invalid.length);
    const bad = answers.find((answer) => answer.status === 400);
    expect(bad?.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'the answers break 1 rule(s)',
      details: [{ path: 'answers.0.value', message: 'question "q1" (LIKERT_5) takes an integer from 1 to 5' }],
    });
    // Well inside the wait for a connection: nothing waited for one that never came.
    expect(elapsed).toBeLessThan(5_000);

    expect(await count('submissions')).toBe(valid.length);
    expect(await count('submission_answers')).toBe(3 * valid.length);
    const flagged = valid.filter((request) => request.body.qualitativeComment === FLAGGED).length;
    expect(await count('alerts')).toBe(flagged);
    const created = answers.filter((answer) => answer.status === 201);
    const alerted = await database.db
      .selectFrom('alerts as a')
      .innerJoin('submissions as s', 's.id', 'a.submission_id')
      .select('s.qualitative_comment')
      .execute();
    expect(new Set(alerted.map((row) => row.qualitative_comment))).toEqual(new Set([FLAGGED]));
    expect(created.every((answer) => typeof (answer.body as { id?: unknown }).id === 'string')).toBe(true);

    // Every valid one and every repeat went through the one statement; only the bad ones opened a transaction
    // (to find their error in the order of the rules).
    expect(written).toHaveBeenCalledTimes(valid.length + repeats.length);
    expect(transactions).toHaveBeenCalledTimes(invalid.length);
  });

  it('stores what the transactional path stores: snapshots, score, trimmed and cleaned comment, answers', async () => {
    const transactions = vi.spyOn(api.app.get(SubmissionsRepository), 'transaction');
    const response = await client.post(
      '/api/v1/submissions',
      body(1, { semesterId: ids.semester, qualitativeComment: '  Malinaw po ang paliwanag.  ' }),
      tokens['stu.late'],
    );
    expect(response.status).toBe(201);
    expect(transactions).not.toHaveBeenCalled();
    expect(response.body).toMatchObject({
      versionId: feedback.versionId,
      facultyId: ids['fac.b'],
      courseId: ids['IT101-MAIN'],
      semesterId: ids.semester,
      qualitativeComment: 'Malinaw po ang paliwanag.',
      cleanedComment: expect.any(String),
    });
    const semester = await database.db
      .selectFrom('semesters')
      .select(['code', 'label', 'academic_year'])
      .executeTakeFirstOrThrow();
    const row = await database.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', response.body.id as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      questionnaire_id: feedback.questionnaireId,
      questionnaire_type_code: 'FACULTY_FEEDBACK',
      respondent_id: ids['stu.late'],
      faculty_id: ids['fac.b'],
      semester_id: ids.semester,
      qualitative_comment: 'Malinaw po ang paliwanag.',
      cleaned_comment: response.body.cleanedComment,
      campus_code_snapshot: 'MAIN',
      campus_name_snapshot: 'Main Campus',
      department_code_snapshot: 'CCS',
      department_name_snapshot: 'Computer Studies',
      program_code_snapshot: 'BSIT',
      program_name_snapshot: 'BS IT',
      course_shortname_snapshot: 'IT101-MAIN',
      course_fullname_snapshot: 'Course 1',
      faculty_username_snapshot: 'fac.b',
      faculty_name_snapshot: 'Faculty fac.b',
      semester_code_snapshot: semester.code,
      semester_label_snapshot: semester.label,
      academic_year_snapshot: semester.academic_year,
    });
    expect(Number(row.normalized_score)).toBe(response.body.normalizedScore);
    const stored = await database.db
      .selectFrom('submission_answers')
      .select(['question_id', 'section_id', 'dimension_code', 'value'])
      .where('submission_id', '=', row.id)
      .orderBy('question_id')
      .execute();
    expect(stored.map((answer) => ({ ...answer, value: Number(answer.value) }))).toEqual([
      { question_id: 'q1', section_id: 'clarity', dimension_code: 'CLARITY', value: 2 },
      { question_id: 'q2', section_id: 'clarity', dimension_code: 'CLARITY', value: 4 },
      { question_id: 'q3', section_id: 'fair', dimension_code: 'FAIRNESS', value: 1 },
    ]);
  });

  it('a check the statement finds failing writes nothing, and the transactional path names it', async () => {
    const before = await count('submissions');
    const outsider = await client.post('/api/v1/submissions', body(2), tokens['stu.outsider']);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({ statusCode: 403, message: 'you are not enrolled in this course' });
    const wrongFaculty = await client.post(
      '/api/v1/submissions',
      body(2, { facultyId: ids['fac.a'] }),
      tokens['stu.late'],
    );
    expect(wrongFaculty.status).toBe(400);
    expect(wrongFaculty.body).toMatchObject({ details: [{ path: 'facultyId' }] });
    const otherSemester = await client.post(
      '/api/v1/submissions',
      body(3, { semesterId: '00000000-0000-4000-8000-000000000000' }),
      tokens['stu.late'],
    );
    expect(otherSemester.status).toBe(400);
    expect(otherSemester.body).toMatchObject({ details: [{ path: 'semesterId' }] });
    expect(await count('submissions')).toBe(before);
  });

  it('a version this process saw ACTIVE, deprecated since, takes nothing more: 409 and nothing written', async () => {
    const before = await count('submissions');
    const next = await createDraft(client, admin, feedback.questionnaireId, simpleSchema());
    await publish(client, admin, feedback.questionnaireId, next.id);
    const late = await client.post('/api/v1/submissions', body(0), tokens['stu.late']);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ statusCode: 409, message: expect.stringMatching(/DEPRECATED/) });
    expect(await count('submissions')).toBe(before);
  });
});

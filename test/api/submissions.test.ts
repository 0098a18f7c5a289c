import { beforeAll, describe, expect, it } from 'vitest';
import { createCachedLookups } from '../../src/modules/submissions/submission-lookups.js';
import { SubmissionsRepository } from '../../src/modules/submissions/submissions.repository.js';
import { SubmissionsService } from '../../src/modules/submissions/submissions.service.js';
import { PASSWORD } from '../support/institution-fixtures.js';
import {
  activeVersion,
  createDimensions,
  createDraft,
  createQuestionnaire,
  publish,
  simpleSchema,
  submissionInstitution,
  threeLevelSchema,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, database, api } = await setupApi();
const tokens: Record<string, string> = {};
const users: Record<string, string> = {};
const courses: Record<string, string> = {};
const semesters: Record<string, string> = {};
let feedback = { questionnaireId: '', versionId: '' };
let inClassroom = { questionnaireId: '', versionId: '' };
let outOfClassroom = { questionnaireId: '', versionId: '' };

const goodAnswers = [
  { questionId: 'q1', value: 5 },
  { questionId: 'q2', value: 3 },
  { questionId: 'q3', value: 1 },
];

beforeAll(async () => {
  tokens.admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const imported = await client.post('/api/v1/admin/institution/import', submissionInstitution(), tokens.admin);
  expect(imported.status).toBe(200);
  for (const username of ['stu.one', 'stu.two', 'dean.main', 'chair.main', 'fac.one', 'admin.one', 'head.north'])
    tokens[username] = await client.login(username, PASSWORD);
  for (const row of await database.db.selectFrom('users').select(['id', 'username']).execute())
    users[row.username] = row.id;
  for (const row of await database.db.selectFrom('courses').select(['id', 'shortname']).execute())
    courses[row.shortname] = row.id;
  for (const row of await database.db
    .selectFrom('semesters as s')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['s.id', 'c.code'])
    .execute())
    semesters[row.code] = row.id;
  await createDimensions(client, tokens.admin);
  feedback = await activeVersion(client, tokens.admin, 'FACULTY_FEEDBACK', simpleSchema());
  inClassroom = await activeVersion(client, tokens.admin, 'FACULTY_IN_CLASSROOM', simpleSchema());
  outOfClassroom = await activeVersion(client, tokens.admin, 'FACULTY_OUT_OF_CLASSROOM', simpleSchema());
});

function submit(token: string, body: Record<string, unknown>) {
  return client.post('/api/v1/submissions', body, token);
}

const paths = (body: { details?: Array<{ path: string }> }) => (body.details ?? []).map((d) => d.path);

describe('students submit FACULTY_FEEDBACK', () => {
  it('stores the submission, its answers, score, cleaned comment and snapshots (201)', async () => {
    const response = await submit(tokens['stu.one']!, {
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
      qualitativeComment: '  Sooooo good at   explaining recursion!!!!!!  ',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // clarity: q1 = 5 → 1, q2 = 3 → 0.5 → 0.75 (60); fair: q3 = 1 → 1 (40): 0.75 × 60 + 1 × 40 = 85
    expect(response.body).toEqual({
      id: expect.any(String),
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      semesterId: semesters.MAIN,
      normalizedScore: 85,
      cleanedComment: 'Soo good at explaining recursion!!!',
      qualitativeComment: 'Sooooo good at   explaining recursion!!!!!!',
      createdAt: expect.any(String),
    });

    const stored = await database.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      questionnaire_id: feedback.questionnaireId,
      questionnaire_type_code: 'FACULTY_FEEDBACK',
      respondent_id: users['stu.one'],
      normalized_score: 85,
      campus_code_snapshot: 'MAIN',
      campus_name_snapshot: 'Main Campus',
      department_code_snapshot: 'CCS',
      department_name_snapshot: 'Computer Studies',
      program_code_snapshot: 'BSIT',
      program_name_snapshot: 'BS IT',
      course_shortname_snapshot: 'IT101-MAIN',
      course_fullname_snapshot: 'Intro to Computing',
      faculty_username_snapshot: 'fac.one',
      faculty_name_snapshot: 'Ed Santos',
      semester_code_snapshot: 'S12526',
      semester_label_snapshot: '1st Semester 2025-2026',
      academic_year_snapshot: '2025-2026',
    });
    const answers = await database.db
      .selectFrom('submission_answers')
      .select(['question_id', 'section_id', 'dimension_code', 'value'])
      .where('submission_id', '=', response.body.id)
      .orderBy('question_id')
      .execute();
    expect(answers).toEqual([
      { question_id: 'q1', section_id: 'clarity', dimension_code: 'CLARITY', value: 5 },
      { question_id: 'q2', section_id: 'clarity', dimension_code: 'CLARITY', value: 3 },
      { question_id: 'q3', section_id: 'fair', dimension_code: 'FAIRNESS', value: 1 },
    ]);

    // Snapshots keep the names of submission time.
    await database.db.updateTable('campuses').set({ name: 'Renamed Campus' }).where('code', '=', 'MAIN').execute();
    const again = await database.db
      .selectFrom('submissions')
      .select('campus_name_snapshot')
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(again.campus_name_snapshot).toBe('Main Campus');
    await database.db.updateTable('campuses').set({ name: 'Main Campus' }).where('code', '=', 'MAIN').execute();
  });

  it('a second submission for the same faculty, version, course and semester is 409', async () => {
    const body = {
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT102-MAIN'],
      answers: goodAnswers,
    };
    expect((await submit(tokens['stu.one']!, body)).status).toBe(201);
    const duplicate = await submit(tokens['stu.one']!, body);
    expect(duplicate.status).toBe(409);
  });

  it('the same submission sent twice at once: one 201, one 409', async () => {
    const version = await activeVersion(client, tokens.admin!, 'FACULTY_FEEDBACK', simpleSchema());
    const body = {
      versionId: version.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
    };
    const results = await Promise.all([submit(tokens['stu.one']!, body), submit(tokens['stu.one']!, body)]);
    expect(results.map((response) => response.status).sort()).toEqual([201, 409]);
  });

  it('junk comments are kept as written, with cleanedComment null; a blank one is no comment', async () => {
    const response = await submit(tokens['stu.one']!, {
      versionId: feedback.versionId,
      facultyId: users['fac.two'],
      courseId: courses['ACC101-MAIN'],
      answers: [{ questionId: 'q1', value: 4 }],
      qualitativeComment: 'asdfghjkl',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ qualitativeComment: 'asdfghjkl', cleanedComment: null, normalizedScore: 75 });
  });

  it('a comment with a lone surrogate ("\\ud800" in JSON) → 400 at qualitativeComment, not stored as U+FFFD (outside audit Z, D1)', async () => {
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('submissions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const response = await submit(tokens['stu.one']!, {
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
      qualitativeComment: 'Explains well \ud800 but rushes the last topic',
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      {
        path: 'qualitativeComment',
        message: 'must be valid Unicode: a lone surrogate (\\ud800-\\udfff) is not a character',
      },
    ]);
    expect(await count()).toBe(before);
  });

  it('a student not enrolled in the course is 403', async () => {
    const response = await submit(tokens['stu.two']!, {
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('you are not enrolled in this course');
  });

  it('a faculty member who does not teach the course is 400 on facultyId', async () => {
    const response = await submit(tokens['stu.one']!, {
      versionId: feedback.versionId,
      facultyId: users['fac.two'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
    });
    expect(response.status).toBe(400);
    expect(paths(response.body)).toEqual(['facultyId']);
  });

  it('FACULTY_FEEDBACK without a course is 400; unknown references are 400 with their path', async () => {
    const base = { versionId: feedback.versionId, facultyId: users['fac.one'], answers: goodAnswers };
    const noCourse = await submit(tokens['stu.one']!, { ...base, semesterId: semesters.MAIN });
    expect(noCourse.status).toBe(400);
    expect(paths(noCourse.body)).toEqual(['courseId']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(paths((await submit(tokens['stu.one']!, { ...base, courseId: unknown })).body)).toEqual(['courseId']);
    expect(
      paths((await submit(tokens['stu.one']!, { ...base, facultyId: unknown, courseId: courses['IT101-MAIN'] })).body),
    ).toEqual(['facultyId']);
    expect(
      paths((await submit(tokens['stu.one']!, { ...base, versionId: unknown, courseId: courses['IT101-MAIN'] })).body),
    ).toEqual(['versionId']);
  });

  it('bad answers are 400 with one detail per problem and its path', async () => {
    const response = await submit(tokens['stu.one']!, {
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: [
        { questionId: 'q2', value: 6 },
        { questionId: 'nope', value: 1 },
        { questionId: 'q3', value: 0.5 },
        { questionId: 'q2', value: 2 },
      ],
      qualitativeComment: 'x'.repeat(201),
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { path: 'answers.0.value', message: 'question "q2" (LIKERT_5) takes an integer from 1 to 5' },
      { path: 'answers.1.questionId', message: 'unknown question "nope"' },
      { path: 'answers.2.value', message: 'question "q3" (YES_NO) takes an integer from 0 to 1' },
      { path: 'answers.3.questionId', message: 'question "q2" is answered twice' },
      { path: 'answers', message: 'question "q1" is required' },
      { path: 'qualitativeComment', message: 'a comment has at most 200 characters' },
    ]);
    const shape = await submit(tokens['stu.one']!, {
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: [{ questionId: 'q1', value: 'five' }],
    });
    expect(shape.status).toBe(400);
    expect(paths(shape.body)).toEqual(['answers.0.value']);
  });

  it('only an ACTIVE version accepts submissions: DRAFT and DEPRECATED are 409', async () => {
    const questionnaire = await createQuestionnaire(client, tokens.admin!, 'FACULTY_FEEDBACK');
    const draft = await createDraft(client, tokens.admin!, questionnaire.id, simpleSchema());
    const body = {
      versionId: draft.id,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
    };
    expect((await submit(tokens['stu.one']!, body)).status).toBe(409);
    await publish(client, tokens.admin!, questionnaire.id, draft.id);
    const next = await createDraft(client, tokens.admin!, questionnaire.id, simpleSchema());
    await publish(client, tokens.admin!, questionnaire.id, next.id);
    const deprecated = await submit(tokens['stu.one']!, body);
    expect(deprecated.status).toBe(409);
    expect(deprecated.body.message).toMatch(/DEPRECATED/);
    expect((await submit(tokens['stu.one']!, { ...body, versionId: next.id })).status).toBe(201);
  });

  it('comment rules of the schema: disabled refuses one, required needs one', async () => {
    const disabled = await activeVersion(
      client,
      tokens.admin!,
      'FACULTY_FEEDBACK',
      simpleSchema({ qualitativeFeedback: { enabled: false } }),
    );
    const required = await activeVersion(
      client,
      tokens.admin!,
      'FACULTY_FEEDBACK',
      simpleSchema({ qualitativeFeedback: { enabled: true, required: true, maxLength: 100 } }),
    );
    const base = { facultyId: users['fac.one'], courseId: courses['IT101-MAIN'], answers: goodAnswers };
    const given = await submit(tokens['stu.one']!, {
      ...base,
      versionId: disabled.versionId,
      qualitativeComment: 'Nice',
    });
    expect(given.status).toBe(400);
    expect(paths(given.body)).toEqual(['qualitativeComment']);
    const blank = await submit(tokens['stu.one']!, {
      ...base,
      versionId: required.versionId,
      qualitativeComment: '   ',
    });
    expect(blank.status).toBe(400);
    expect(paths(blank.body)).toEqual(['qualitativeComment']);
    const ok = await submit(tokens['stu.one']!, { ...base, versionId: disabled.versionId, qualitativeComment: '  ' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ qualitativeComment: null, cleanedComment: null });
  });

  it('a 3-level schema weighted 50/30/20 scores as computed by hand', async () => {
    const version = await activeVersion(client, tokens.admin!, 'FACULTY_FEEDBACK', threeLevelSchema());
    // clarity (50): c1 = 5 → 1, c2 = 4 → 0.75 → 0.875; pacing (30): p1 = 2 → 0.25, p2 = 1 → 1 → 0.625;
    // respect (20): r1 = 3 → 0.5. 0.875 × 50 + 0.625 × 30 + 0.5 × 20 = 43.75 + 18.75 + 10 = 72.5
    const response = await submit(tokens['stu.one']!, {
      versionId: version.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: [
        { questionId: 'c1', value: 5 },
        { questionId: 'c2', value: 4 },
        { questionId: 'p1', value: 2 },
        { questionId: 'p2', value: 1 },
        { questionId: 'r1', value: 3 },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.normalizedScore).toBe(72.5);
  });
});

describe('deans and chairpersons submit IN/OUT_OF_CLASSROOM within their scope', () => {
  it('a dean evaluates a faculty member for a course of their department (201) but not another department (403)', async () => {
    const ok = await submit(tokens['dean.main']!, {
      versionId: inClassroom.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const outside = await submit(tokens['dean.main']!, {
      versionId: inClassroom.versionId,
      facultyId: users['fac.two'],
      courseId: courses['ACC101-MAIN'],
      answers: goodAnswers,
    });
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe('scope not in your assigned access');
  });

  it('without a course the semester is required; the snapshot comes from the in-scope teaching; one per semester', async () => {
    const base = { versionId: outOfClassroom.versionId, facultyId: users['fac.one'], answers: goodAnswers };
    const missing = await submit(tokens['dean.main']!, base);
    expect(missing.status).toBe(400);
    expect(paths(missing.body)).toEqual(['semesterId']);

    const ok = await submit(tokens['dean.main']!, { ...base, semesterId: semesters.MAIN, courseId: null });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ courseId: null, semesterId: semesters.MAIN });
    const stored = await database.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', ok.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      course_id: null,
      course_shortname_snapshot: null,
      department_code_snapshot: 'CCS',
      program_code_snapshot: 'BSIT',
      campus_code_snapshot: 'MAIN',
      semester_code_snapshot: 'S12526',
    });
    // NULLS NOT DISTINCT: the missing course still makes the submission unique.
    expect((await submit(tokens['dean.main']!, { ...base, semesterId: semesters.MAIN })).status).toBe(409);

    // A faculty member teaching nothing in the dean's department is out of scope; one teaching nothing at all is 400.
    const foreign = await submit(tokens['dean.main']!, {
      ...base,
      facultyId: users['fac.two'],
      semesterId: semesters.MAIN,
    });
    expect(foreign.status).toBe(403);
    const idle = await submit(tokens['dean.main']!, {
      ...base,
      facultyId: users['stu.two'],
      semesterId: semesters.MAIN,
    });
    expect(idle.status).toBe(400);
    expect(paths(idle.body)).toEqual(['facultyId']);
    // Another campus's semester: the dean's assignment does not reach it.
    const north = await submit(tokens['dean.main']!, {
      ...base,
      facultyId: users['fac.north'],
      semesterId: semesters.NORTH,
    });
    expect(north.status).toBe(403);
  });

  it('a chairperson submits for the program they chair', async () => {
    const ok = await submit(tokens['chair.main']!, {
      versionId: outOfClassroom.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT102-MAIN'],
      answers: goodAnswers,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const outside = await submit(tokens['chair.main']!, {
      versionId: outOfClassroom.versionId,
      facultyId: users['fac.two'],
      courseId: courses['ACC101-MAIN'],
      answers: goodAnswers,
    });
    expect(outside.status).toBe(403);
  });

  it('the course must be in the given semester', async () => {
    const response = await submit(tokens['dean.main']!, {
      versionId: inClassroom.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT102-MAIN'],
      semesterId: semesters.NORTH,
      answers: goodAnswers,
    });
    expect(response.status).toBe(400);
    expect(paths(response.body)).toEqual(['semesterId']);
  });
});

describe('who may submit what', () => {
  it('a student cannot answer IN_CLASSROOM; a dean cannot answer FACULTY_FEEDBACK', async () => {
    const student = await submit(tokens['stu.one']!, {
      versionId: inClassroom.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
    });
    expect(student.status).toBe(403);
    const dean = await submit(tokens['dean.main']!, {
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
    });
    expect(dean.status).toBe(403);
  });

  it('FACULTY, ADMIN, CAMPUS_HEAD and SUPER_ADMIN are refused by the role guard', async () => {
    const body = {
      versionId: feedback.versionId,
      facultyId: users['fac.one'],
      courseId: courses['IT101-MAIN'],
      answers: goodAnswers,
    };
    for (const token of [tokens['fac.one'], tokens['admin.one'], tokens['head.north'], tokens.admin])
      expect((await submit(token!, body)).status).toBe(403);
  });
});

describe('the service used by bulk ingestion', () => {
  it('dry-run runs every check and persists nothing; cached lookups resolve names once', async () => {
    const service = api.app.get(SubmissionsService);
    const lookups = createCachedLookups(api.app.get(SubmissionsRepository));
    const respondent = await lookups().userByUsername('STU.ONE');
    expect(respondent?.roles).toEqual(['STUDENT']);
    const course = await lookups().courseByShortname('IT101-MAIN');
    expect(course?.semester.code).toBe('S12526');
    const faculty = await lookups().userByUsername('fac.one');
    const before = await database.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const fresh = await activeVersion(client, tokens.admin!, 'FACULTY_FEEDBACK', simpleSchema());
    const input = { versionId: fresh.versionId, facultyId: faculty!.id, courseId: course!.id, answers: goodAnswers };
    const dry = await service.submit(respondent!, input, { dryRun: true, lookups });
    expect(dry).toMatchObject({ normalizedScore: 85, courseId: course!.id });
    const after = await database.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    await expect(
      service.submit(respondent!, { ...input, answers: [] }, { dryRun: true, lookups }),
    ).rejects.toMatchObject({
      kind: 'invalid',
    });

    const real = await service.submit(respondent!, input, { lookups });
    expect(real.id).not.toBe(dry.id);
    await expect(service.submit(respondent!, input, { lookups })).rejects.toMatchObject({ kind: 'conflict' });
  });
});

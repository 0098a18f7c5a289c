import { beforeAll, describe, expect, it } from 'vitest';
import { distinctQuotes } from '../../src/modules/analytics/faculty-report-calculations.js';
import { PASSWORD } from '../support/institution-fixtures.js';
import { pdfPages } from '../support/pdf-text.js';
import {
  activeVersion,
  createDimensions,
  simpleSchema,
  submissionInstitution,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * Outside audit S. S-1: a faculty member with student feedback on two questionnaires of the type (conventions §5:
 * "A type may have several questionnaires"); the report lays out the latest version, and an answer of the other
 * version counts toward one of its questions only when it is the same question (id, type and dimension). It
 * folded answers in by id alone, so Likert 1s of an unrelated q2 showed as "yes" to a yes/no q2. S-10: a quote
 * that another quote of the theme contains is one voice, shown once, in /qualitative-summary and the PDF alike.
 *
 * Version A (published first): simpleSchema, q1 LIKERT CLARITY "Explains clearly", q2 LIKERT CLARITY "Answers
 * questions", q3 YES_NO FAIRNESS "Grades fairly". Version B (published later, laid out): q1 LIKERT CLARITY
 * reworded (the same question), q2 YES_NO FAIRNESS (another question under A's id), q3 LIKERT FAIRNESS with A's
 * text (another type: not the same question).
 */
const { client, database } = await setupApi();
const db = database.db;
const token: Record<string, string> = {};
const user: Record<string, string> = {};
const course: Record<string, string> = {};
const version: Record<'A' | 'B', string> = { A: '', B: '' };
const submission: Record<string, string> = {};
let semesterId = '';
const FB = 'FACULTY_FEEDBACK';
const STUDENTS = ['stu.v1', 'stu.v2', 'stu.v3', 'stu.v4'];
const SHORT = 'Walang interaction, puro lecture lang for two hours, nakakainip talaga';
const LONGER = `${SHORT}. Hard to approach po si teacher, natatakot kaming magtanong.`;
const OTHER = 'Explains the lessons clearly and kindly every week.';

const qualitativeFeedback = { enabled: true, required: false, maxLength: 2000 };
const schemaB = {
  sections: [
    {
      id: 'teaching',
      title: 'Teaching',
      sections: [
        {
          id: 'clarity',
          title: 'Clarity',
          weight: 60,
          questions: [
            {
              id: 'q1',
              text: 'Explains the lessons clearly',
              type: 'LIKERT_5',
              dimensionCode: 'CLARITY',
              required: true,
            },
          ],
        },
        {
          id: 'fair',
          title: 'Fairness',
          weight: 40,
          questions: [
            { id: 'q2', text: 'Gives fair grades', type: 'YES_NO', dimensionCode: 'FAIRNESS', required: false },
            { id: 'q3', text: 'Grades fairly', type: 'LIKERT_5', dimensionCode: 'FAIRNESS', required: false },
          ],
        },
      ],
    },
  ],
  qualitativeFeedback,
};

async function submit(who: string, on: 'A' | 'B', answers: Record<string, number>, comment?: string) {
  const response = await client.post(
    '/api/v1/submissions',
    {
      versionId: version[on],
      facultyId: user['fac.one'],
      courseId: course['IT101-MAIN'],
      answers: Object.entries(answers).map(([questionId, value]) => ({ questionId, value })),
      ...(comment ? { qualitativeComment: comment } : {}),
    },
    token[who],
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { id: string }).id;
}

/** A completed faculty pipeline: every submission labelled negative (strength as given), one dominant topic. */
async function analysedPipeline(strengths: Record<string, number>) {
  const pipeline = await db
    .insertInto('analysis_pipelines')
    .values({
      semester_id: semesterId,
      scope_type: 'FACULTY',
      scope_id: user['fac.one']!,
      faculty_id: user['fac.one']!,
      status: 'COMPLETED',
      completed_at: new Date('2025-10-01T00:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const run = await db
    .insertInto('sentiment_runs')
    .values({ pipeline_id: pipeline.id, status: 'COMPLETED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const modelRun = await db
    .insertInto('topic_model_runs')
    .values({ pipeline_id: pipeline.id, topic_count: 1, outlier_count: 0, document_count: 3, metrics: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const topic = await db
    .insertInto('topics')
    .values({
      run_id: modelRun.id,
      topic_index: 0,
      raw_label: 'lecture only',
      label: 'Lecture only',
      keywords: ['lecture', 'interaction'],
      doc_count: Object.keys(strengths).length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [key, negative] of Object.entries(strengths)) {
    await db
      .insertInto('sentiment_results')
      .values({
        run_id: run.id,
        submission_id: submission[key]!,
        label: 'negative',
        positive: 0.05,
        neutral: 1 - negative - 0.05,
        negative,
      })
      .execute();
    await db
      .insertInto('topic_assignments')
      .values({ topic_id: topic.id, submission_id: submission[key]!, probability: 0.9, is_dominant: true })
      .execute();
  }
}

beforeAll(async () => {
  token.admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const base = submissionInstitution();
  const imported = await client.post(
    '/api/v1/admin/institution/import',
    {
      ...base,
      users: [
        ...base.users,
        ...STUDENTS.map((username) => ({
          username,
          fullName: `Student ${username}`,
          password: PASSWORD,
          roles: ['STUDENT'],
        })),
      ],
      enrollments: [
        ...base.enrollments,
        ...STUDENTS.map((username) => ({
          username,
          course: 'IT101-MAIN',
          campus: 'MAIN',
          semester: 'S12526',
          role: 'student',
        })),
      ],
    },
    token.admin,
  );
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  for (const username of STUDENTS) token[username] = await client.login(username, PASSWORD);
  for (const row of await db.selectFrom('users').select(['id', 'username']).execute()) user[row.username] = row.id;
  for (const row of await db.selectFrom('courses').select(['id', 'shortname']).execute())
    course[row.shortname] = row.id;
  semesterId = (
    await db
      .selectFrom('semesters as s')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select('s.id')
      .where('c.code', '=', 'MAIN')
      .executeTakeFirstOrThrow()
  ).id;
  await createDimensions(client, token.admin);
  version.A = (await activeVersion(client, token.admin, FB, simpleSchema({ qualitativeFeedback }))).versionId;
  version.B = (await activeVersion(client, token.admin, FB, schemaB)).versionId;
  submission.v1 = await submit('stu.v1', 'A', { q1: 5, q2: 1, q3: 0 }, SHORT);
  submission.v2 = await submit('stu.v2', 'A', { q1: 4, q2: 1, q3: 1 }, LONGER);
  submission.v3 = await submit('stu.v3', 'A', { q1: 3, q2: 2, q3: 1 }, OTHER);
  submission.v4 = await submit('stu.v4', 'B', { q1: 2, q2: 1, q3: 4 });
  // LONGER is the strongest, then SHORT (which LONGER holds), then OTHER.
  await analysedPipeline({ v2: 0.9, v1: 0.8, v3: 0.7 });
}, 120_000);

const search = (params: Record<string, string>) => new URLSearchParams({ semesterId, ...params }).toString();
const url = (path: string) =>
  `/api/v1/analytics/faculty/${user['fac.one']}/${path}?${search({ questionnaireTypeCode: FB })}`;

async function pdf() {
  const response = await fetch(`${client.baseUrl}${url('report.pdf')}`, {
    headers: { authorization: `Bearer ${token.admin}` },
  });
  expect(response.status).toBe(200);
  return pdfPages(Buffer.from(await response.arrayBuffer()));
}

describe('report over two questionnaire versions of one type', () => {
  it('counts an answer of the other version only toward the same question (id, type and dimension)', async () => {
    const response = await client.get(url('report'), token.admin);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body;
    expect(body.version).toMatchObject({ id: version.B, versionNumber: 1 });
    expect(body.versionsIncluded).toBe(2);
    expect(body.overall.submissionCount).toBe(4);
    const [clarity, fairness] = body.sections;
    // q1 is the same question reworded: A's 5, 4, 3 and B's 2.
    expect(clarity).toMatchObject({ id: 'clarity', responseCount: 4, rating: 62.5 });
    expect(clarity.questions).toEqual([
      expect.objectContaining({
        id: 'q1',
        text: 'Explains the lessons clearly',
        responseCount: 4,
        average: 3.5,
        ratingCounts: { '1': 0, '2': 1, '3': 1, '4': 1, '5': 1 },
      }),
    ]);
    // B's q2 (yes/no) is not A's q2 (Likert): A's Likert 1s are not "yes". B's q3 (Likert) is not A's q3 (yes/no).
    expect(fairness).toMatchObject({ id: 'fair', responseCount: 1, rating: 87.5 });
    expect(fairness.questions).toEqual([
      expect.objectContaining({
        id: 'q2',
        type: 'YES_NO',
        responseCount: 1,
        average: 1,
        ratingCounts: { '0': 0, '1': 1 },
      }),
      expect.objectContaining({
        id: 'q3',
        type: 'LIKERT_5',
        responseCount: 1,
        average: 4,
        ratingCounts: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
      }),
    ]);
    // Dimensions read every answer on its own version's scale, as before.
    expect(body.dimensions).toEqual([
      expect.objectContaining({ code: 'CLARITY', average: 2.57, responseCount: 7, yesNo: null }),
      expect.objectContaining({
        code: 'FAIRNESS',
        average: 4,
        responseCount: 5,
        yesNo: { yesCount: 3, responseCount: 4 },
      }),
    ]);
  });

  it('the PDF says what it covers, and a question row counts only its own answers', async () => {
    const pages = await pdf();
    const text = pages.map((page) => page.text.replace(/\s+/g, ' ')).join(' ');
    expect(text).toContain(
      "Covers 4 submissions on 2 questionnaire versions, laid out as the latest one's questions; answers are " +
        "matched by question id, type and dimension, so a question's n counts only the answers to that same question.",
    );
    const first = pages[0]!.runs.concat(pages.slice(1).flatMap((page) => page.runs));
    const row = (label: string) => {
      const start = first.find((run) => run.text === label)!;
      return first.filter((run) => Math.abs(run.top - start.top) < 1 && run.x >= start.x).map((run) => run.text);
    };
    expect(row('Gives fair grades')).toEqual(['Gives fair grades', '100% yes (1 of 1)', '1']);
    expect(row('Grades fairly')).toEqual(['Grades fairly', '4.00', '0', '0', '0', '1', '0', '1']);
  });
});

describe('sample quotes: one quote another holds is shown once', () => {
  it('/qualitative-summary and the PDF leave out a quote the theme has already said', async () => {
    const summary = await client.get(url('qualitative-summary'), token.admin);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.themes).toHaveLength(1);
    expect(summary.body.themes[0]).toMatchObject({ label: 'Lecture only', count: 3, sampleQuotes: [LONGER, OTHER] });
    const text = (await pdf()).map((page) => page.text.replace(/\s+/g, ' ')).join(' ');
    expect(text).toContain('Lecture only - 3 comments');
    expect(text.split(SHORT)).toHaveLength(2);
    expect(text).toContain(`"${OTHER}"`);
  });
});

describe('distinctQuotes', () => {
  it('takes the best first, drops a quote held in one taken or holding one, compares whole words', () => {
    expect(
      distinctQuotes(
        [
          'Always late to class.',
          'always LATE to class',
          'He is always late to class. Sayang ang oras.',
          'Translate the lessons into examples, please.',
          'Always on time.',
          'Late.',
        ],
        3,
      ),
    ).toEqual(['Always late to class.', 'Translate the lessons into examples, please.', 'Always on time.']);
    expect(distinctQuotes(['Ang galing ni sir talaga', 'galing ni sir', 'Ang galing ni sir'], 3)).toEqual([
      'Ang galing ni sir talaga',
    ]);
  });
});

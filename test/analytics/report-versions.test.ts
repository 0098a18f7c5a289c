import { beforeAll, describe, expect, it } from 'vitest';
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
 * folded answers in by id alone, so Likert 1s of an unrelated q2 showed as "yes" to a yes/no q2.
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

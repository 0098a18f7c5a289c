import { pdfPages } from '../support/pdf-text.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/institution-fixtures.js';
import {
  activeVersion,
  createDimensions,
  simpleSchema,
  submissionInstitution,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * Issue 11: the faculty report endpoints on live data. Submissions go through the API; sentiment and topic
 * results are inserted as a completed pipeline would leave them. Every figure below is computed by hand
 * from simpleSchema (clarity leaf q1, q2 LIKERT_5, weight 60; fairness leaf q3 YES_NO, weight 40).
 */
const { client, database } = await setupApi();
const db = database.db;
const token: Record<string, string> = {};
const user: Record<string, string> = {};
const course: Record<string, string> = {};
let semesterId = '';
const version: Record<string, string> = {};
const submission: Record<string, string> = {};
const topic: Record<string, string> = {};
const BASE = '/api/v1/analytics/faculty';
const SEMESTER = 'S12526';

const FACULTY = ['fac.partial', 'fac.nofb', 'fac.fbonly', 'fac.insuf', 'fac.nodata'];
const STUDENTS = ['stu.s1', 'stu.s2', 'stu.s3'];
const LONG_COMMENT =
  'Good examples in class and thanks to Mark for sharing the notes with everyone. ' +
  'The lessons on recursion were hard at first but the worked examples on the board made them much easier to follow, ' +
  'and the weekly exercises gave us enough practice before the long exam so that nobody felt lost when the questions came.';

function institution() {
  const base = submissionInstitution();
  const on = (username: string, shortname: string, role: 'student' | 'faculty') => ({
    username,
    course: shortname,
    campus: 'MAIN',
    semester: SEMESTER,
    role,
  });
  return {
    ...base,
    users: [
      ...base.users,
      ...FACULTY.map((username, index) => ({
        username,
        fullName: `Faculty ${String.fromCharCode(65 + index)} Member`,
        password: PASSWORD,
        roles: ['FACULTY'],
      })),
      ...STUDENTS.map((username) => ({
        username,
        fullName: `Student ${username}`,
        password: PASSWORD,
        roles: ['STUDENT'],
      })),
      {
        username: 'dean.cba',
        fullName: 'Lito Abad',
        password: PASSWORD,
        roles: ['DEAN'],
        assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CBA' }],
      },
      // Teaches IT101 without holding the FACULTY role: a faculty member by enrollment.
      { username: 'adjunct.one', fullName: 'Adjunct One', password: PASSWORD, roles: [] },
      // Holds the FACULTY role and teaches nothing yet.
      { username: 'fac.new', fullName: 'New Faculty', password: PASSWORD, roles: ['FACULTY'] },
    ],
    enrollments: [
      ...base.enrollments,
      ...FACULTY.map((username) => on(username, 'IT101-MAIN', 'faculty')),
      on('adjunct.one', 'IT101-MAIN', 'faculty'),
      ...STUDENTS.map((username) => on(username, 'IT101-MAIN', 'student')),
    ],
  };
}

type Answers = { q1: number; q2?: number; q3?: number };
async function submit(
  who: string,
  faculty: string,
  type: string,
  answers: Answers,
  comment?: string,
  shortname = 'IT101-MAIN',
) {
  const response = await client.post(
    '/api/v1/submissions',
    {
      versionId: version[type],
      facultyId: user[faculty],
      courseId: course[shortname],
      answers: Object.entries(answers).map(([questionId, value]) => ({ questionId, value })),
      ...(comment ? { qualitativeComment: comment } : {}),
    },
    token[who],
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; normalizedScore: number };
}

const FB = 'FACULTY_FEEDBACK';
const OUT = 'FACULTY_OUT_OF_CLASSROOM';
const IN = 'FACULTY_IN_CLASSROOM';

/** A completed (or other status) pipeline with sentiment labels and dominant topics, as the stages write them. */
async function analysedPipeline(
  status: 'COMPLETED' | 'FAILED',
  completedAt: string,
  labels: Record<string, 'positive' | 'neutral' | 'negative'>,
  topics: Array<{ key: string; label: string; dominant: string[]; other?: string[] }> = [],
) {
  const pipeline = await db
    .insertInto('analysis_pipelines')
    .values({
      semester_id: semesterId,
      scope_type: 'FACULTY',
      scope_id: user['fac.one']!,
      faculty_id: user['fac.one']!,
      status,
      completed_at: status === 'COMPLETED' ? new Date(completedAt) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const run = await db
    .insertInto('sentiment_runs')
    .values({ pipeline_id: pipeline.id, status: 'COMPLETED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [key, label] of Object.entries(labels)) {
    const scores = { positive: 0.1, neutral: 0.1, negative: 0.1, [label]: 0.8 };
    await db
      .insertInto('sentiment_results')
      .values({ run_id: run.id, submission_id: submission[key]!, label, ...scores })
      .execute();
  }
  if (topics.length === 0) return;
  const modelRun = await db
    .insertInto('topic_model_runs')
    .values({
      pipeline_id: pipeline.id,
      topic_count: topics.length,
      outlier_count: 0,
      document_count: 3,
      metrics: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, entry] of topics.entries()) {
    const row = await db
      .insertInto('topics')
      .values({
        run_id: modelRun.id,
        topic_index: index,
        raw_label: entry.label.toLowerCase(),
        label: entry.label,
        keywords: ['a', 'b'],
        doc_count: entry.dominant.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    topic[entry.key] = row.id;
    for (const key of entry.dominant)
      await db
        .insertInto('topic_assignments')
        .values({ topic_id: row.id, submission_id: submission[key]!, probability: 0.9, is_dominant: true })
        .execute();
    for (const key of entry.other ?? [])
      await db
        .insertInto('topic_assignments')
        .values({ topic_id: row.id, submission_id: submission[key]!, probability: 0.2, is_dominant: false })
        .execute();
  }
}

beforeAll(async () => {
  token.admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const imported = await client.post('/api/v1/admin/institution/import', institution(), token.admin);
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const logins = [
    'dean.main',
    'chair.main',
    'head.north',
    'dean.cba',
    'fac.one',
    'fac.two',
    'stu.one',
    ...FACULTY,
    ...STUDENTS,
  ];
  for (const username of logins) token[username] = await client.login(username, PASSWORD);
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
  for (const type of [FB, OUT, IN])
    version[type] = (
      await activeVersion(
        client,
        token.admin,
        type,
        simpleSchema({ qualitativeFeedback: { enabled: true, required: false, maxLength: 2000 } }),
      )
    ).versionId;

  // fac.one (Ed Santos), FULL. FEEDBACK in IT101: 85, 45, 70 (mean 66.67); plus 100 in IT102.
  submission.s1 = (
    await submit(
      'stu.s1',
      'fac.one',
      FB,
      { q1: 5, q2: 3, q3: 1 },
      'Sir Santos explains recursion very clearly and patiently.',
    )
  ).id;
  submission.s2 = (
    await submit('stu.s2', 'fac.one', FB, { q1: 4, q3: 0 }, 'Santos is always late and the grading feels unfair to us.')
  ).id;
  submission.s3 = (await submit('stu.s3', 'fac.one', FB, { q1: 2, q2: 4, q3: 1 }, LONG_COMMENT)).id;
  submission.it102 = (await submit('stu.one', 'fac.one', FB, { q1: 5, q2: 5, q3: 1 }, undefined, 'IT102-MAIN')).id;
  // OUT: 100, 45 (72.5); IN: 70, 50 (60).
  await submit('dean.main', 'fac.one', OUT, { q1: 5, q2: 5, q3: 1 });
  await submit('chair.main', 'fac.one', OUT, { q1: 4, q3: 0 });
  await submit('dean.main', 'fac.one', IN, { q1: 2, q2: 4, q3: 1 });
  await submit('chair.main', 'fac.one', IN, { q1: 3 });
  // fac.partial: FEEDBACK 85, 50 (67.5), OUT 70.
  await submit('stu.s1', 'fac.partial', FB, { q1: 5, q2: 3, q3: 1 });
  await submit('stu.s2', 'fac.partial', FB, { q1: 3 });
  await submit('dean.main', 'fac.partial', OUT, { q1: 2, q2: 4, q3: 1 });
  // fac.nofb: OUT 85, IN 45.
  await submit('dean.main', 'fac.nofb', OUT, { q1: 5, q2: 3, q3: 1 });
  await submit('chair.main', 'fac.nofb', IN, { q1: 4, q3: 0 });
  // fac.fbonly: FEEDBACK 70, 45 (57.5).
  await submit('stu.s1', 'fac.fbonly', FB, { q1: 2, q2: 4, q3: 1 });
  await submit('stu.s2', 'fac.fbonly', FB, { q1: 4, q3: 0 });
  // fac.insuf: IN 100.
  await submit('dean.main', 'fac.insuf', IN, { q1: 5, q2: 5, q3: 1 });

  // An older completed pipeline called s2 neutral; the latest completed one says negative; a failed one is ignored.
  await analysedPipeline('COMPLETED', '2025-09-01T00:00:00Z', { s2: 'neutral' });
  await analysedPipeline('COMPLETED', '2025-10-01T00:00:00Z', { s1: 'positive', s2: 'negative', s3: 'positive' }, [
    { key: 'clarity', label: 'Clear explanations', dominant: ['s1', 's3'], other: ['s2'] },
    { key: 'punctuality', label: 'Punctuality', dominant: ['s2'], other: ['s1'] },
  ]);
  await analysedPipeline('FAILED', '2025-11-01T00:00:00Z', { s3: 'negative' });
}, 120_000);

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

function get(who: string, faculty: string, path: string, params: Record<string, string | number | undefined>) {
  return client.get(`${BASE}/${user[faculty] ?? faculty}/${path}?${query({ semesterId, ...params })}`, token[who]);
}

const contribution = (
  questionnaireTypeCode: string,
  weight: number,
  effectiveWeight: number,
  rating: number | null,
  submissionCount: number,
  value: number | null,
) => ({ questionnaireTypeCode, weight, effectiveWeight, rating, submissionCount, contribution: value });

describe('overview: composite rating per coverage status', () => {
  it('FULL (courseId forwarded): 66.67 × 0.5 = 33.34 (half up), 72.5 × 0.25 = 18.13, 60 × 0.25 = 15 → 66.47', async () => {
    const response = await get('dean.main', 'fac.one', 'overview', { courseId: course['IT101-MAIN'] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      faculty: { id: user['fac.one'], fullName: 'Ed Santos' },
      courseId: course['IT101-MAIN'],
      coverageStatus: 'FULL',
      coverageWeight: 1,
      composite: { rating: 66.47 },
      contributions: [
        contribution(FB, 0.5, 0.5, 66.67, 3, 33.34),
        contribution(OUT, 0.25, 0.25, 72.5, 2, 18.13),
        contribution(IN, 0.25, 0.25, 60, 2, 15),
      ],
    });
  });

  it('FULL over every course: FEEDBACK (85 + 45 + 70 + 100) / 4 = 75 → 37.5 + 18.13 + 15 = 70.63', async () => {
    const admin = await get('admin', 'fac.one', 'overview', {});
    expect(admin.body.composite).toEqual({ rating: 70.63 });
    expect(admin.body.contributions[0]).toEqual(contribution(FB, 0.5, 0.5, 75, 4, 37.5));
  });

  it('PARTIAL (0.75): 67.5 × 0.5/0.75 = 45, 70 × 0.25/0.75 = 23.33 → 68.33; IN missing', async () => {
    const response = await get('dean.main', 'fac.partial', 'overview', {});
    expect(response.body).toMatchObject({
      coverageStatus: 'PARTIAL',
      coverageWeight: 0.75,
      composite: { rating: 68.33 },
    });
    expect(response.body.contributions).toEqual([
      contribution(FB, 0.5, 0.5 / 0.75, 67.5, 2, 45),
      contribution(OUT, 0.25, 0.25 / 0.75, 70, 1, 23.33),
      contribution(IN, 0.25, 0, null, 0, null),
    ]);
  });

  it('PARTIAL_NO_FEEDBACK (0.50): no composite; the ratings stay, nothing contributes', async () => {
    const response = await get('chair.main', 'fac.nofb', 'overview', {});
    expect(response.body).toMatchObject({
      coverageStatus: 'PARTIAL_NO_FEEDBACK',
      coverageWeight: 0.5,
      composite: { rating: null },
    });
    expect(response.body.contributions).toEqual([
      contribution(FB, 0.5, 0, null, 0, null),
      contribution(OUT, 0.25, 0, 85, 1, null),
      contribution(IN, 0.25, 0, 45, 1, null),
    ]);
  });

  it('FEEDBACK_ONLY (0.50): composite = round2(FEEDBACK rating) = 57.5, effective weight 1', async () => {
    const response = await get('dean.main', 'fac.fbonly', 'overview', {});
    expect(response.body).toMatchObject({
      coverageStatus: 'FEEDBACK_ONLY',
      coverageWeight: 0.5,
      composite: { rating: 57.5 },
    });
    expect(response.body.contributions).toEqual([
      contribution(FB, 0.5, 1, 57.5, 2, 57.5),
      contribution(OUT, 0.25, 0, null, 0, null),
      contribution(IN, 0.25, 0, null, 0, null),
    ]);
  });

  it('INSUFFICIENT (0.25) and NO_DATA: no composite', async () => {
    const insufficient = await get('dean.main', 'fac.insuf', 'overview', {});
    expect(insufficient.body).toMatchObject({
      coverageStatus: 'INSUFFICIENT',
      coverageWeight: 0.25,
      composite: { rating: null },
    });
    expect(insufficient.body.contributions[2]).toEqual(contribution(IN, 0.25, 0, 100, 1, null));
    const none = await get('dean.main', 'fac.nodata', 'overview', {});
    expect(none.body).toMatchObject({ coverageStatus: 'NO_DATA', coverageWeight: 0, composite: { rating: null } });
    expect(
      none.body.contributions.map((entry: { questionnaireTypeCode: string }) => entry.questionnaireTypeCode),
    ).toEqual([FB, OUT, IN]);
  });

  it("each per-type rating equals /report's overall rating (same routine, same rounding)", async () => {
    for (const courseId of [undefined, course['IT101-MAIN']]) {
      const overview = await get('dean.main', 'fac.one', 'overview', { courseId });
      for (const entry of overview.body.contributions as Array<{ questionnaireTypeCode: string; rating: number }>) {
        const report = await get('dean.main', 'fac.one', 'report', {
          questionnaireTypeCode: entry.questionnaireTypeCode,
          courseId,
        });
        expect(report.body.overall.rating).toBe(entry.rating);
      }
    }
  });
});

describe('report', () => {
  it('sections with exact ratingCounts, dimensions and the overall rating', async () => {
    const response = await get('chair.main', 'fac.one', 'report', {
      questionnaireTypeCode: FB,
      courseId: course['IT101-MAIN'],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body;
    expect(body.questionnaireType).toEqual({ code: FB, name: expect.any(String) });
    expect(body.version).toMatchObject({ id: version[FB], versionNumber: 1 });
    expect(body.versionsIncluded).toBe(1);
    expect(body.overall).toEqual({ rating: 66.67, submissionCount: 3 });
    expect(body.sections).toHaveLength(2);
    const [clarity, fairness] = body.sections;
    // clarity: scaled q1 1, .75, .25 and q2 .5, .75 → 3.25 / 5 = 65
    expect(clarity).toMatchObject({ id: 'clarity', path: ['Teaching'], weight: 60, responseCount: 3, rating: 65 });
    expect(clarity.questions).toEqual([
      expect.objectContaining({
        id: 'q1',
        responseCount: 3,
        average: 3.67,
        ratingCounts: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 1 },
      }),
      expect.objectContaining({
        id: 'q2',
        responseCount: 2,
        average: 3.5,
        ratingCounts: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 0 },
      }),
    ]);
    expect(fairness).toMatchObject({ id: 'fair', responseCount: 3, rating: 66.67 });
    expect(fairness.questions[0]).toMatchObject({
      id: 'q3',
      type: 'YES_NO',
      average: 0.67,
      ratingCounts: { '0': 1, '1': 2 },
    });
    // CLARITY 5, 4, 2, 3, 4 → 3.6; FAIRNESS yes/no mapped to 5/1: 5, 1, 5 → 3.67
    expect(body.dimensions).toEqual([
      {
        code: 'CLARITY',
        displayName: 'Clarity',
        average: 3.6,
        responseCount: 5,
        interpretation: 'Very Good',
        yesNo: null,
      },
      {
        code: 'FAIRNESS',
        displayName: 'Fairness',
        average: 3.67,
        responseCount: 3,
        interpretation: 'Very Good',
        yesNo: { yesCount: 2, responseCount: 3 },
      },
    ]);
    // IT101-MAIN has 4 student enrollments (stu.one, stu.s1..s3) and 3 answered: 75%, but fewer than 10.
    expect(body).toMatchObject({ enrolledCount: 4, responseRate: 0.75, lowResponse: true });
  });

  it('a type without submissions: sections of no version, zero counts, null rating', async () => {
    const response = await get('dean.main', 'fac.nodata', 'report', { questionnaireTypeCode: FB });
    expect(response.body).toMatchObject({
      version: null,
      versionsIncluded: 0,
      sections: [],
      dimensions: [],
      overall: { rating: null, submissionCount: 0 },
    });
  });

  it('questionnaire-types lists the types with submissions', async () => {
    const response = await get('fac.partial', 'fac.partial', 'questionnaire-types', {});
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      { code: FB, name: expect.any(String), submissionCount: 2 },
      { code: OUT, name: expect.any(String), submissionCount: 1 },
    ]);
  });
});

describe('report/comments', () => {
  const comments = (who: string, params: Record<string, string | number | undefined> = {}) =>
    get(who, 'fac.one', 'report/comments', { questionnaireTypeCode: FB, ...params });

  it('pages the comments, newest first, scrubbed of names, with the latest completed sentiment and dominant themes', async () => {
    const first = await comments('dean.main', { limit: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(first.body.items.map((item: { submissionId: string }) => item.submissionId)).toEqual([
      submission.s3,
      submission.s2,
    ]);
    const second = await comments('dean.main', { limit: 2, page: 2 });
    expect(second.body.items.map((item: { submissionId: string }) => item.submissionId)).toEqual([submission.s1]);
    const beyond = await comments('dean.main', { limit: 2, page: 3 });
    expect(beyond.body).toEqual({ items: [], page: 3, limit: 2, total: 3 });

    const all = [...first.body.items, ...second.body.items];
    const byId = Object.fromEntries(all.map((item) => [item.submissionId, item]));
    expect(byId[submission.s1!]).toMatchObject({ sentiment: 'positive', themeIds: [topic.clarity], redacted: false });
    expect(byId[submission.s1!].text).toBe('Sir [name] explains recursion very clearly and patiently.');
    expect(byId[submission.s2!]).toMatchObject({ sentiment: 'negative', themeIds: [topic.punctuality] });
    expect(byId[submission.s2!].text).toBe('[name] is always late and the grading feels unfair to us.');
    expect(byId[submission.s3!].sentiment).toBe('positive'); // the FAILED pipeline's 'negative' is ignored
    expect(byId[submission.s3!].text).not.toContain('Mark');
    for (const item of all) expect(item.text).not.toMatch(/Santos|Mark/);
  });

  it('filters by sentiment and by dominant theme; courseId narrows', async () => {
    const negative = await comments('dean.main', { sentiment: 'negative' });
    expect(negative.body.total).toBe(1);
    expect(negative.body.items[0].submissionId).toBe(submission.s2);
    const clarity = await comments('dean.main', { themeId: topic.clarity });
    expect(clarity.body.items.map((item: { submissionId: string }) => item.submissionId).sort()).toEqual(
      [submission.s1, submission.s3].sort(),
    );
    // s1 has a non-dominant assignment to Punctuality: not matched.
    const punctuality = await comments('dean.main', { themeId: topic.punctuality, sentiment: 'negative' });
    expect(punctuality.body.total).toBe(1);
    const none = await comments('dean.main', { themeId: topic.punctuality, sentiment: 'positive' });
    expect(none.body).toEqual({ items: [], page: 1, limit: 20, total: 0 });
    const otherCourse = await comments('dean.main', { courseId: course['IT102-MAIN'] });
    expect(otherCourse.body.total).toBe(0);
  });

  it('the faculty member reads their own comments without any student text', async () => {
    const own = await comments('fac.one');
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(3);
    for (const item of own.body.items) {
      expect(item).toMatchObject({ text: null, redacted: true });
      expect(item.sentiment).not.toBeUndefined();
      // When a student answered, to the day only: the minute could name them.
      expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    }
    // So do a dean and a super admin, who read the text: the minute next to the words and the course could name the
    // student without the audited reveal (outside audit Q).
    for (const reader of ['dean.main', 'admin']) {
      const read = await comments(reader);
      expect(read.body.total).toBe(3);
      for (const item of read.body.items) expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    }
  });
});

describe('qualitative-summary', () => {
  it('distribution, themes ranked by count with sentiment split, up to 3 scrubbed quotes of at most 280 characters', async () => {
    const response = await get('dean.main', 'fac.one', 'qualitative-summary', { questionnaireTypeCode: FB });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.redacted).toBe(false);
    expect(response.body.sentimentDistribution).toEqual({ positive: 2, neutral: 0, negative: 1 });
    expect(
      response.body.themes.map((theme: { themeId: string; count: number }) => [theme.themeId, theme.count]),
    ).toEqual([
      [topic.clarity, 2],
      [topic.punctuality, 1],
    ]);
    const [clarity, punctuality] = response.body.themes;
    expect(clarity).toMatchObject({
      label: 'Clear explanations',
      sentimentSplit: { positive: 2, neutral: 0, negative: 0 },
    });
    expect(punctuality.sentimentSplit).toEqual({ positive: 0, neutral: 0, negative: 1 });
    expect(clarity.sampleQuotes).toHaveLength(2);
    for (const quote of [...clarity.sampleQuotes, ...punctuality.sampleQuotes]) {
      expect(quote.length).toBeLessThanOrEqual(280);
      expect(quote).not.toMatch(/Santos|Mark/);
    }
    const long = clarity.sampleQuotes.find((quote: string) => quote.startsWith('Good examples'));
    expect(long.endsWith('…')).toBe(true);
    expect(long).toContain('[name]');
    expect(long.slice(0, -1)).not.toMatch(/\s$/);
  });

  it('quotes the same sentence once, however many students wrote it', async () => {
    const original = await db
      .selectFrom('submissions')
      .select(['cleaned_comment', 'qualitative_comment'])
      .where('id', '=', submission.s3!)
      .executeTakeFirstOrThrow();
    const s1 = await db
      .selectFrom('submissions')
      .select(['cleaned_comment', 'qualitative_comment'])
      .where('id', '=', submission.s1!)
      .executeTakeFirstOrThrow();
    // s3 now says what s1 says (a second case, as another student would write it): one quote, not two.
    await db
      .updateTable('submissions')
      .set({ cleaned_comment: s1.cleaned_comment?.toUpperCase() ?? null, qualitative_comment: s1.qualitative_comment })
      .where('id', '=', submission.s3!)
      .execute();
    try {
      const response = await get('dean.main', 'fac.one', 'qualitative-summary', { questionnaireTypeCode: FB });
      expect(response.status).toBe(200);
      const clarity = response.body.themes.find((theme: { themeId: string }) => theme.themeId === topic.clarity);
      expect(clarity.count).toBe(2);
      expect(clarity.sampleQuotes).toHaveLength(1);
    } finally {
      await db.updateTable('submissions').set(original).where('id', '=', submission.s3!).execute();
    }
  });

  it('the faculty member gets no sampleQuotes', async () => {
    const own = await get('fac.one', 'fac.one', 'qualitative-summary', { questionnaireTypeCode: FB });
    expect(own.status).toBe(200);
    expect(own.body.redacted).toBe(true);
    expect(own.body.themes).toHaveLength(2);
    for (const theme of own.body.themes) expect(theme).not.toHaveProperty('sampleQuotes');
    expect(JSON.stringify(own.body)).not.toMatch(/recursion|grading|examples/);
  });
});

describe('access', () => {
  const paths = [
    ['report', { questionnaireTypeCode: FB }],
    ['report/comments', { questionnaireTypeCode: FB }],
    ['overview', {}],
    ['qualitative-summary', { questionnaireTypeCode: FB }],
    ['questionnaire-types', {}],
    ['report.pdf', { questionnaireTypeCode: FB }],
  ] as const;

  it('a faculty member may read only themselves (403 for another id, even an unknown one)', async () => {
    for (const [path, params] of paths) {
      expect((await get('fac.one', 'fac.one', path, params)).status, path).toBe(200);
      const other = await get('fac.two', 'fac.one', path, params);
      expect(other.status, path).toBe(403);
      expect(other.body.message).toBe('faculty members may read only their own report');
    }
  });

  it('scoped roles need the faculty member in their resolved scope; others are refused by role', async () => {
    for (const [path, params] of paths) {
      for (const who of ['dean.main', 'chair.main', 'admin'])
        expect((await get(who, 'fac.one', path, params)).status, `${who} ${path}`).toBe(200);
      for (const who of ['dean.cba', 'head.north']) {
        const response = await get(who, 'fac.one', path, params);
        expect(response.status, `${who} ${path}`).toBe(403);
        expect(response.body.message).toBe('scope not in your assigned access');
      }
      expect((await get('stu.one', 'fac.one', path, params)).status).toBe(403);
    }
  });

  it('404 for an unknown faculty member, semester or questionnaire type', async () => {
    expect((await get('admin', '00000000-0000-4000-8000-000000000000', 'overview', {})).status).toBe(404);
    const semester = await client.get(
      `${BASE}/${user['fac.one']}/overview?semesterId=00000000-0000-4000-8000-000000000000`,
      token.admin,
    );
    expect(semester.status).toBe(404);
    expect((await get('admin', 'fac.one', 'report', { questionnaireTypeCode: 'NOT_A_TYPE' })).status).toBe(404);
  });

  it('404 for a user who is not a faculty member (no FACULTY role, faculty enrollment or evaluation), on every path', async () => {
    for (const [path, params] of paths)
      for (const who of ['dean.main', 'stu.s1']) {
        const response = await get('admin', who, path, params);
        expect(response.status, `${who} ${path}`).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, message: 'faculty member not found' });
      }
    // A faculty enrollment is enough without the role; so is the role without an enrollment.
    for (const [path, params] of paths) {
      expect((await get('admin', 'adjunct.one', path, params)).status, `adjunct ${path}`).toBe(200);
      expect((await get('admin', 'fac.new', path, params)).status, `fac.new ${path}`).toBe(200);
    }
  });

  it('a scoped reader gets the same 403 for an id outside their scope, a student, a dean or no user: never which ids are faculty members', async () => {
    const refused = { statusCode: 403, error: 'Forbidden', message: 'scope not in your assigned access', details: [] };
    for (const [path, params] of paths)
      for (const who of ['dean.main', 'chair.main', 'head.north']) {
        const outsiders = ['stu.s1', 'dean.cba', '00000000-0000-4000-8000-000000000000'];
        // fac.one is outside head.north's campus: a faculty member out of scope, answered as the others.
        if (who === 'head.north') outsiders.push('fac.one');
        for (const id of outsiders) {
          const response = await get(who, id, path, params);
          expect(response.status, `${who} ${id} ${path}`).toBe(403);
          expect(response.body, `${who} ${id} ${path}`).toEqual(refused);
        }
      }
    // An unknown semester stays a 404 (semesters are listed to every role).
    const semester = await client.get(
      `${BASE}/${user['stu.s1']}/overview?semesterId=00000000-0000-4000-8000-000000000000`,
      token['dean.main'],
    );
    expect(semester.status).toBe(404);
    expect(semester.body.message).toBe('semester not found');
  });

  it('400 for bad queries, with details', async () => {
    const bad: Array<[string, string]> = [
      ['report', `questionnaireTypeCode=${FB}`],
      ['report', `semesterId=${semesterId}`],
      ['report', `semesterId=nope&questionnaireTypeCode=${FB}`],
      ['report', `semesterId=${semesterId}&questionnaireTypeCode=feedback`],
      ['report', `semesterId=${semesterId}&questionnaireTypeCode=${FB}&courseId=x`],
      ['report/comments', `semesterId=${semesterId}&questionnaireTypeCode=${FB}&limit=101`],
      ['report/comments', `semesterId=${semesterId}&questionnaireTypeCode=${FB}&page=0`],
      ['report/comments', `semesterId=${semesterId}&questionnaireTypeCode=${FB}&sentiment=happy`],
      ['report/comments', `semesterId=${semesterId}&questionnaireTypeCode=${FB}&themeId=7`],
      ['overview', ''],
      ['questionnaire-types', 'semesterId=1'],
      ['report.pdf', `semesterId=${semesterId}`],
    ];
    for (const [path, search] of bad) {
      const response = await client.get(`${BASE}/${user['fac.one']}/${path}?${search}`, token['dean.main']);
      expect(response.status, `${path}?${search}`).toBe(400);
      expect(response.body.details.length).toBeGreaterThan(0);
    }
    const badId = await client.get(`${BASE}/not-a-uuid/overview?semesterId=${semesterId}`, token['dean.main']);
    expect(badId.status).toBe(400);
  });

  it('ignores undocumented query parameters, as every route does (a cache-buster is no error)', async () => {
    for (const path of [
      `report?semesterId=${semesterId}&questionnaireTypeCode=${FB}&_=1732600000`,
      `report/comments?semesterId=${semesterId}&questionnaireTypeCode=${FB}&extra=1`,
      `overview?semesterId=${semesterId}&_=1`,
      `qualitative-summary?semesterId=${semesterId}&questionnaireTypeCode=${FB}&foo=bar`,
      `questionnaire-types?semesterId=${semesterId}&foo=bar`,
    ]) {
      const response = await client.get(`${BASE}/${user['fac.one']}/${path}`, token['dean.main']);
      expect(response.status, path).toBe(200);
    }
  });
});

describe('report.pdf', () => {
  async function pdfText(who: string): Promise<string> {
    const response = await fetch(
      `${client.baseUrl}${BASE}/${user['fac.one']}/report.pdf?${query({ semesterId, questionnaireTypeCode: FB })}`,
      { headers: { authorization: `Bearer ${token[who]}` } },
    );
    expect(response.status).toBe(200);
    return pdfPages(Buffer.from(await response.arrayBuffer()))
      .map((page) => page.text)
      .join('\n')
      .replace(/\s+/gu, ' ');
  }

  it('quotes students for the dean and never for the faculty member it is about', async () => {
    const dean = await pdfText('dean.main');
    const own = await pdfText('fac.one');
    // The late-and-unfair comment is a quote of the punctuality theme.
    expect(dean).toContain('always late');
    expect(own).not.toContain('always late');
    expect(own).not.toMatch(/recursion|grading feels|Good examples/);
    expect(own).toContain('Student quotes are not shown to the faculty member evaluated.');
    expect(`${dean}${own}`).not.toMatch(/[\uE000-\uE002]/u);
  });

  it('is a well-formed PDF with a filename', async () => {
    const started = performance.now();
    const response = await fetch(
      `${client.baseUrl}${BASE}/${user['fac.one']}/report.pdf?${query({ semesterId, questionnaireTypeCode: FB })}`,
      { headers: { authorization: `Bearer ${token['dean.main']}` } },
    );
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="faculty-report-fac.one-${SEMESTER}-${FB}.pdf"`,
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const tail = pdf.subarray(-64).toString('latin1');
    expect(tail.trimEnd().endsWith('%%EOF')).toBe(true);
    // startxref points at the cross-reference table.
    const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)?.[1]);
    expect(pdf.subarray(startxref, startxref + 4).toString('latin1')).toBe('xref');
    expect(pdf.toString('latin1')).toMatch(/\/Type \/Page\b/);
    expect(elapsed).toBeLessThan(1_000);
  });
});

describe('a member who teaches in two departments (outside audit U)', () => {
  it("gives each dean the words written in their department's courses only; the figures stay the member's", async () => {
    // fac.two teaches ACC101 (CBA) and now IT101 (CCS) too.
    const imported = await client.post(
      '/api/v1/admin/institution/import',
      {
        enrollments: [
          { username: 'fac.two', course: 'IT101-MAIN', campus: 'MAIN', semester: SEMESTER, role: 'faculty' },
        ],
      },
      token.admin,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const inCba = 'The accounting drills were clear and the examples practical.';
    const inCcs = 'The programming labs ran long but the feedback on code was useful.';
    await submit('stu.one', 'fac.two', FB, { q1: 4, q2: 4, q3: 1 }, inCba, 'ACC101-MAIN');
    await submit('stu.s1', 'fac.two', FB, { q1: 3, q2: 3, q3: 1 }, inCcs, 'IT101-MAIN');

    const texts = async (reader: string) => {
      const response = await get(reader, 'fac.two', 'report/comments', { questionnaireTypeCode: FB });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.total).toBe(2);
      return Object.fromEntries(
        (response.body.items as Array<{ courseShortname: string; text: string | null; redacted: boolean }>).map(
          (item) => [item.courseShortname, [item.text, item.redacted]],
        ),
      );
    };
    expect(await texts('dean.main')).toEqual({ 'IT101-MAIN': [inCcs, false], 'ACC101-MAIN': [null, true] });
    expect(await texts('dean.cba')).toEqual({ 'IT101-MAIN': [null, true], 'ACC101-MAIN': [inCba, false] });
    expect(await texts('admin')).toEqual({ 'IT101-MAIN': [inCcs, false], 'ACC101-MAIN': [inCba, false] });
    // The figures are the member's, whoever reads them.
    const dean = await get('dean.main', 'fac.two', 'report', { questionnaireTypeCode: FB });
    const cba = await get('dean.cba', 'fac.two', 'report', { questionnaireTypeCode: FB });
    expect(dean.body.overall).toEqual(cba.body.overall);
  });
});

describe('sample quotes of a theme (outside audit T)', () => {
  it("show the theme's own sentiment first: a mostly negative theme is not illustrated by its lone praise", async () => {
    // The latest analysis puts all three of fac.one's comments in one theme: two complaints, one praise, the praise
    // read far more surely than the complaints.
    await analysedPipeline('COMPLETED', '2025-12-01T00:00:00Z', { s1: 'positive', s2: 'negative', s3: 'negative' }, [
      { key: 'mixed', label: 'Clear explanations', dominant: ['s1', 's2', 's3'] },
    ]);
    await db
      .updateTable('sentiment_results')
      .set({ positive: 0.99, neutral: 0.005, negative: 0.005 })
      .where('submission_id', '=', submission.s1!)
      .where('label', '=', 'positive')
      .execute();
    const response = await get('dean.main', 'fac.one', 'qualitative-summary', { questionnaireTypeCode: FB });
    expect(response.status).toBe(200);
    const [theme] = response.body.themes as Array<{ sentimentSplit: Record<string, number>; sampleQuotes: string[] }>;
    expect(theme?.sentimentSplit).toEqual({ positive: 1, neutral: 0, negative: 2 });
    expect(theme?.sampleQuotes).toHaveLength(3);
    // The praise (s1) comes last, after both complaints.
    expect(theme?.sampleQuotes[2]).toMatch(/explains recursion very clearly/u);
  });
});

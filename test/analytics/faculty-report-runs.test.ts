import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CORPUS_PLAN,
  seedPipelineFixture,
  type FeedbackPlan,
  type PipelineFixture,
} from '../support/pipeline-fixtures.js';
import { startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';

/**
 * Issue 21: a faculty report shows ONE analysis, never the union of every run. Real pipelines run on the whole
 * stack: fac.one (60 commented FACULTY_FEEDBACK submissions) and fac.two (30) of MAIN/CCS. A FACULTY-scope run
 * for fac.one, then a DEPARTMENT run of CCS (covering both, completed later), then a second FACULTY-scope run
 * for fac.one. Rule: the most specific scope's latest COMPLETED pipeline that analysed the submissions.
 */
const stack = await startPipelineStack();
const { client, database, api } = stack;
const PIPELINES = '/api/v1/analysis/pipelines';
const BASE = '/api/v1/analytics/faculty';
const FB = 'FACULTY_FEEDBACK';
const PLAN: FeedbackPlan[] = [
  ...CORPUS_PLAN,
  {
    faculty: 'fac.two',
    course: 'CS101-MAIN',
    students: Array.from({ length: 30 }, (_, i) => `s${String(i + 1).padStart(3, '0')}`),
    comments: 30,
  },
];
let f: PipelineFixture;
const run: Record<'faculty1' | 'department' | 'faculty2', string> = { faculty1: '', department: '', faculty2: '' };

async function complete(scopeType: 'FACULTY' | 'DEPARTMENT', scopeId: string): Promise<string> {
  const token = f.token['dean.main'];
  const created = await client.post(PIPELINES, { semesterId: f.semester.MAIN, scopeType, scopeId }, token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.status).toBe('AWAITING_CONFIRMATION');
  expect((await client.post(`${PIPELINES}/${created.body.id}/confirm`, undefined, token)).status).toBe(200);
  const done = await waitForStatus(client, token, created.body.id, ['COMPLETED', 'FAILED', 'CANCELLED']);
  expect(done.errorMessage).toBeNull();
  expect(done.status).toBe('COMPLETED');
  return created.body.id as string;
}

interface Theme {
  themeId: string;
  label: string;
  count: number;
  sentimentSplit: { positive: number; neutral: number; negative: number };
}
interface Summary {
  analysis: { pipelineId: string; scopeType: string; analysedAt: string } | null;
  sentimentDistribution: { positive: number; neutral: number; negative: number };
  themes: Theme[];
}

async function summary(faculty: string, who: 'dean.main' | 'admin' = 'dean.main'): Promise<Summary> {
  const response = await client.get(
    `${BASE}/${f.user[faculty]}/qualitative-summary?semesterId=${f.semester.MAIN}&questionnaireTypeCode=${FB}`,
    f.token[who],
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Summary;
}

/** What one pipeline wrote for a faculty member: its labels, and its topics with their dominant submissions. */
async function written(pipelineId: string, faculty: string) {
  const { rows: labels } = await sql<{ label: string; count: number }>`
    SELECT r.label, count(*)::int AS count
    FROM sentiment_results r JOIN sentiment_runs run ON run.id = r.run_id
    JOIN submissions s ON s.id = r.submission_id
    WHERE run.pipeline_id = ${pipelineId} AND s.faculty_id = ${f.user[faculty]}
    GROUP BY r.label`.execute(database.db);
  const { rows: topics } = await sql<{ topic_id: string; count: number }>`
    SELECT ta.topic_id, count(*)::int AS count
    FROM topic_assignments ta JOIN topics t ON t.id = ta.topic_id
    JOIN topic_model_runs tr ON tr.id = t.run_id
    JOIN submissions s ON s.id = ta.submission_id
    WHERE tr.pipeline_id = ${pipelineId} AND ta.is_dominant AND s.faculty_id = ${f.user[faculty]}
    GROUP BY ta.topic_id`.execute(database.db);
  return {
    distribution: {
      positive: 0,
      neutral: 0,
      negative: 0,
      ...Object.fromEntries(labels.map((row) => [row.label, row.count])),
    },
    topics: Object.fromEntries(topics.map((row) => [row.topic_id, row.count])),
  };
}

/** The summary is exactly what `pipelineId` wrote: each theme once, counts and splits adding up. */
async function expectSummaryOf(body: Summary, pipelineId: string, scopeType: string, faculty: string) {
  const labels = body.themes.map((theme) => theme.label);
  expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
  const ids = body.themes.map((theme) => theme.themeId);
  expect(new Set(ids).size).toBe(ids.length);
  const expected = await written(pipelineId, faculty);
  expect(body.sentimentDistribution).toEqual(expected.distribution);
  expect(Object.fromEntries(body.themes.map((theme) => [theme.themeId, theme.count]))).toEqual(expected.topics);
  for (const theme of body.themes) {
    const { positive, neutral, negative } = theme.sentimentSplit;
    expect(positive + neutral + negative).toBe(theme.count);
  }
  const analysed = Object.values(expected.distribution).reduce((sum, count) => sum + count, 0);
  expect(body.themes.reduce((sum, theme) => sum + theme.count, 0)).toBeLessThanOrEqual(analysed);
  expect(body.analysis).toEqual({ pipelineId, scopeType, analysedAt: expect.any(String) });
}

beforeAll(async () => {
  f = await seedPipelineFixture({ client, database, app: api.app }, PLAN);
  run.faculty1 = await complete('FACULTY', f.user['fac.one']!);
  run.department = await complete('DEPARTMENT', f.department['MAIN/CCS']!);
}, 240_000);

describe('qualitative reads show one analysis', () => {
  it('a faculty-scope run wins over a later department run; a member without one reads the department run', async () => {
    await expectSummaryOf(await summary('fac.one'), run.faculty1, 'FACULTY', 'fac.one');
    const two = await summary('fac.two', 'admin');
    await expectSummaryOf(two, run.department, 'DEPARTMENT', 'fac.two');
    expect(
      two.sentimentDistribution.positive + two.sentimentDistribution.neutral + two.sentimentDistribution.negative,
    ).toBe(30);
  });

  it('a second run of the same faculty scope replaces the first: each theme once, nothing counted twice', async () => {
    const before = await summary('fac.one');
    run.faculty2 = await complete('FACULTY', f.user['fac.one']!);
    const after = await summary('fac.one');
    await expectSummaryOf(after, run.faculty2, 'FACULTY', 'fac.one');
    expect(after.themes.length).toBe(before.themes.length);
    const total = (body: Summary) =>
      body.sentimentDistribution.positive + body.sentimentDistribution.neutral + body.sentimentDistribution.negative;
    expect(total(after)).toBe(60);
    expect(after.themes.reduce((sum, theme) => sum + theme.count, 0)).toBe(
      before.themes.reduce((sum, theme) => sum + theme.count, 0),
    );
    // None of the first run's topics is left.
    const firstRunTopics = Object.keys((await written(run.faculty1, 'fac.one')).topics);
    for (const theme of after.themes) expect(firstRunTopics).not.toContain(theme.themeId);
  }, 120_000);

  it('comments carry the same run: at most one dominant theme each, its labels add up to the distribution', async () => {
    const query = `semesterId=${f.semester.MAIN}&questionnaireTypeCode=${FB}`;
    const latest = await summary('fac.one');
    const themeIds = new Set(latest.themes.map((theme) => theme.themeId));
    const page = await client.get(
      `${BASE}/${f.user['fac.one']}/report/comments?${query}&limit=100`,
      f.token['dean.main'],
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.total).toBe(60);
    const items = page.body.items as Array<{ themeIds: string[]; sentiment: string | null }>;
    const labelCounts = { positive: 0, neutral: 0, negative: 0 };
    for (const item of items) {
      expect(item.themeIds.length).toBeLessThanOrEqual(1);
      for (const id of item.themeIds) expect(themeIds.has(id)).toBe(true);
      if (item.sentiment) labelCounts[item.sentiment as keyof typeof labelCounts] += 1;
    }
    expect(labelCounts).toEqual(latest.sentimentDistribution);
    const top = latest.themes[0]!;
    const filtered = await client.get(
      `${BASE}/${f.user['fac.one']}/report/comments?${query}&themeId=${top.themeId}`,
      f.token['dean.main'],
    );
    expect(filtered.body.total).toBe(top.count);
  });

  it('the PDF, drawn from the same summary routine, renders', async () => {
    const response = await fetch(
      `${client.baseUrl}${BASE}/${f.user['fac.one']}/report.pdf?semesterId=${f.semester.MAIN}&questionnaireTypeCode=${FB}`,
      { headers: { authorization: `Bearer ${f.token['dean.main']}` } },
    );
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});

import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenize } from '../../src/engine/text/index.js';
import { SubmissionsService } from '../../src/modules/submissions/submissions.service.js';
import { CORPUS_PLAN, seedPipelineFixture, type PipelineFixture } from '../support/pipeline-fixtures.js';
import { startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';

/**
 * Alerts with the whole service running (API, job worker, analysis worker): every new alert reaches a webhook
 * receiver (a real HTTP server here) signed, with retries after a 500 and nothing identifying in it; and a
 * pipeline run over comments that include flagged ones never quotes them, while they still count.
 */

const SECRET = 'alert-webhook-test-secret-0123';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answeredWith: number;
}
const received: Received[] = [];
const refusedOnce = new Set<string>();
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const key = String(request.headers['idempotency-key']);
    // The first delivery of each alert fails: the queue must try again.
    const status = refusedOnce.has(key) ? 200 : 500;
    refusedOnce.add(key);
    received.push({ headers: request.headers, body, answeredWith: status });
    response.writeHead(status).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/alerts`;

const stack = await startPipelineStack({
  ALERT_WEBHOOK_URL: receiverUrl,
  ALERT_WEBHOOK_SECRET: SECRET,
  ALERT_WEBHOOK_BACKOFF_MS: '200',
});
const { client, database, api } = stack;

/** On-theme comments (so they would rank as quotes) that each raise an alert. */
const FLAGGED = [
  'The grades are posted very late and Sir Dagohoy calls us stupid and useless in front of the class.',
  'We wait weeks for the grades of our exams and he humiliated me in front of the whole class.',
  'Grading of the quizzes feels unfair and if you pay 2000 you pass the finals.',
  'The group activities are fun but he makes sexual jokes about the girls every session.',
  'The hands on laboratory activities are engaging but sir comes to class drunk every week.',
  'The grades are posted very late and the rubric is never explained, sinampal niya ang kaklase ko.',
];
/**
 * The name only a flagged comment uses: never a topic keyword or label, though no quote reads that comment (its other
 * words, like any comment's, may be keywords).
 */
const FLAGGED_ONLY_NAME = 'dagohoy';
const MARKERS = ['stupid', 'humiliated', 'pay 2000', 'sexual jokes', 'drunk', 'sinampal'];

let fixture: PipelineFixture;
let alertIds: string[] = [];

beforeAll(async () => {
  fixture = await seedPipelineFixture({ client, database, app: api.app }, CORPUS_PLAN);
  const submissions = api.app.get(SubmissionsService);
  for (const [index, comment] of FLAGGED.entries()) {
    const student = `s${String(index + 1).padStart(3, '0')}`;
    await submissions.submit(
      { id: fixture.user[student] as string, roles: ['STUDENT'] },
      {
        versionId: fixture.versions.feedback,
        facultyId: fixture.user['fac.one'] as string,
        courseId: fixture.course['IT102-MAIN'] as string,
        answers: [{ questionId: 'q1', value: 1 }],
        qualitativeComment: comment,
      },
    );
  }
  alertIds = (await database.db.selectFrom('alerts').select('id').execute()).map((row) => row.id);
}, 120_000);

describe('the alert webhook', () => {
  it('delivers every new alert, signed, after retrying a 500, with no text and no name', async () => {
    expect(alertIds).toHaveLength(FLAGGED.length);
    const deadline = Date.now() + 30_000;
    const delivered = () =>
      new Set(received.filter((entry) => entry.answeredWith === 200).map((entry) => entry.headers['idempotency-key']));
    while (delivered().size < alertIds.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...delivered()].sort()).toEqual([...alertIds].sort());

    for (const id of alertIds) {
      const attempts = received.filter((entry) => entry.headers['idempotency-key'] === id);
      expect(attempts.map((entry) => entry.answeredWith)).toEqual([500, 200]);
    }
    const commentWords = FLAGGED.join(' ');
    for (const entry of received) {
      expect(entry.headers['content-type']).toContain('application/json');
      const expected = `sha256=${createHmac('sha256', SECRET).update(entry.body).digest('hex')}`;
      expect(entry.headers['x-signature']).toBe(expected);
      const body = JSON.parse(entry.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(
        ['campusCode', 'category', 'createdAt', 'departmentCode', 'id', 'score', 'semesterCode'].sort(),
      );
      expect(body).toMatchObject({
        id: entry.headers['idempotency-key'],
        semesterCode: 'S12526',
        campusCode: 'MAIN',
        departmentCode: 'CCS',
      });
      for (const marker of [...MARKERS, 'fac.one', 'Ed Santos', commentWords.slice(0, 30)])
        expect(entry.body).not.toContain(marker);
    }
    // The worker marks an alert notified once its delivery's answer is in: a moment after the receiver answered.
    await expect
      .poll(
        async () =>
          (await database.db.selectFrom('alerts').select('notified_at').execute()).every(
            (row) => row.notified_at !== null,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  });
});

describe('a flagged comment is never quoted', () => {
  it('leaves flagged comments out of the recommendations and the qualitative summary, but counts them', async () => {
    const admin = fixture.token.admin;
    const created = await client.post(
      '/api/v1/analysis/pipelines',
      { semesterId: fixture.semester.MAIN, scopeType: 'FACULTY', scopeId: fixture.user['fac.one'] },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await client.post(`/api/v1/analysis/pipelines/${created.body.id}/confirm`, undefined, admin)).status).toBe(
      200,
    );
    const done = await waitForStatus(client, admin, created.body.id, ['COMPLETED', 'FAILED'], 120_000);
    expect(done.status, done.errorMessage ?? '').toBe('COMPLETED');

    const recommendations = await client.get(`/api/v1/analysis/pipelines/${created.body.id}/recommendations`, admin);
    expect(recommendations.status).toBe(200);
    const quotes: string[] = [];
    for (const action of recommendations.body.actions as Array<{
      description: string;
      supportingEvidence: { sources: Array<{ type: string; sampleQuotes?: string[] }> };
    }>) {
      for (const source of action.supportingEvidence.sources) quotes.push(...(source.sampleQuotes ?? []));
      const described = /One student wrote: "(.*)"$/su.exec(action.description)?.[1];
      if (described) quotes.push(described);
    }
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) for (const marker of MARKERS) expect(quote.toLowerCase()).not.toContain(marker);
    const topics = await database.db
      .selectFrom('topics as t')
      .innerJoin('topic_model_runs as r', 'r.id', 't.run_id')
      .select(['t.label', 't.raw_label as rawLabel', 't.keywords'])
      .where('r.pipeline_id', '=', created.body.id)
      .execute();
    expect(topics.length).toBeGreaterThan(0);
    for (const topic of topics)
      expect(JSON.stringify(topic).toLowerCase(), JSON.stringify(topic)).not.toContain(FLAGGED_ONLY_NAME);
    // Nor does a keyword repeat what only the flagged comments of its topic say: each is in a comment of the topic
    // that raised no alert.
    const members = await database.db
      .selectFrom('topic_assignments as a')
      .innerJoin('topics as t', 't.id', 'a.topic_id')
      .innerJoin('topic_model_runs as r', 'r.id', 't.run_id')
      .innerJoin('submissions as s', 's.id', 'a.submission_id')
      .leftJoin('alerts as al', 'al.submission_id', 's.id')
      .select(['t.keywords', 's.cleaned_comment as text', 'al.id as alertId'])
      .where('r.pipeline_id', '=', created.body.id)
      .execute();
    const unflaggedWords = new Map<string, Set<string>>();
    for (const member of members) {
      const key = JSON.stringify(member.keywords);
      const words = unflaggedWords.get(key) ?? new Set<string>();
      unflaggedWords.set(key, words);
      if (member.alertId === null) for (const token of tokenize(member.text ?? '')) words.add(token);
    }
    for (const topic of topics)
      for (const keyword of topic.keywords)
        expect(unflaggedWords.get(JSON.stringify(topic.keywords))?.has(keyword), `${keyword} of ${topic.label}`).toBe(
          true,
        );
    for (const word of ['drunk', 'stupid', 'sexual', 'sinampal'])
      expect(topics.flatMap((topic) => topic.keywords)).not.toContain(word);

    const summary = await client.get(
      `/api/v1/analytics/faculty/${fixture.user['fac.one']}/qualitative-summary?semesterId=${fixture.semester.MAIN}&questionnaireTypeCode=FACULTY_FEEDBACK`,
      admin,
    );
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    const summaryQuotes = (summary.body.themes as Array<{ sampleQuotes?: string[] }>).flatMap(
      (theme) => theme.sampleQuotes ?? [],
    );
    expect(summaryQuotes.length).toBeGreaterThan(0);
    for (const quote of summaryQuotes) for (const marker of MARKERS) expect(quote.toLowerCase()).not.toContain(marker);
    // Still counted: every analysed comment, flagged or not, is in the sentiment split.
    const split = summary.body.sentimentDistribution as Record<string, number>;
    expect(split.positive! + split.neutral! + split.negative!).toBe(60 + FLAGGED.length);
  });
});

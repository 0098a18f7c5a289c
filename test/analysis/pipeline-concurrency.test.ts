import { beforeAll, describe, expect, it } from 'vitest';
import { QueueConnections } from '../../src/common/queue/queue-connections.js';
import { PIPELINE_QUEUE } from '../../src/modules/analysis/pipeline-stages.js';
import { seedPipelineFixture, type PipelineFixture, type StaffName } from '../support/pipeline-fixtures.js';
import { setupApi } from '../support/test-context.js';

/**
 * Issue 10, concurrency (spec, Create rules 3; "States and transitions"): concurrent creates of one scope end in
 * one pipeline, concurrent confirms start one sentiment run. No job worker runs, so the queued job stays to count.
 */
const { client, api, database } = await setupApi({ SENTIMENT_WORKER_URL: 'http://127.0.0.1:9/sentiment' });
const db = database.db;
const queue = api.app.get(QueueConnections).queue(PIPELINE_QUEUE);
const PIPELINES = '/api/v1/analysis/pipelines';
type Who = StaffName | 'admin';
let f: PipelineFixture;

beforeAll(async () => {
  f = await seedPipelineFixture({ client, database, app: api.app });
});

async function jobsOf(pipelineId: string): Promise<string[]> {
  const jobs = await queue.getJobs(['wait', 'active', 'delayed', 'prioritized', 'completed', 'failed']);
  return jobs.filter((job) => job?.data?.pipelineId === pipelineId).map((job) => job.name);
}

async function sentimentRuns(pipelineId: string): Promise<number> {
  const row = await db
    .selectFrom('sentiment_runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pipeline_id', '=', pipelineId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('concurrent creates and confirms', () => {
  it('50 concurrent creates of one scope give one pipeline: one 201, the rest 200 with the same id', async () => {
    const main = { semesterId: f.semester.MAIN };
    const explicit = { ...main, scopeType: 'DEPARTMENT', scopeId: f.department['MAIN/CCS'] };
    // Four routes to the same scope tuple: the dean's auto-fill and explicit scope, the super admin's, the head's.
    const requests: Array<[Who, Record<string, unknown>]> = Array.from({ length: 50 }, (_, index) => {
      const routes: Array<[Who, Record<string, unknown>]> = [
        ['dean.main', main],
        ['dean.main', explicit],
        ['admin', explicit],
        ['head.main', explicit],
      ];
      return routes[index % routes.length] as [Who, Record<string, unknown>];
    });
    const answers = await Promise.all(requests.map(([who, body]) => client.post(PIPELINES, body, f.token[who])));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.filter((status) => status === 201),
      JSON.stringify(answers.map((a) => a.body)),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(49);
    const ids = new Set(answers.map((answer) => answer.body.id));
    expect(ids.size).toBe(1);
    const rows = await db.selectFrom('analysis_pipelines').select(['id', 'status']).execute();
    expect(rows).toEqual([{ id: [...ids][0], status: 'AWAITING_CONFIRMATION' }]);
  });

  it('20 concurrent confirms start one sentiment run and dispatch one sentiment job; every answer is 200', async () => {
    const created = await client.post(
      PIPELINES,
      { semesterId: f.semester.MAIN, scopeType: 'FACULTY', scopeId: f.user['fac.one'] },
      f.token['dean.main'],
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client.post(`${PIPELINES}/${id}/confirm`, undefined, f.token[index % 2 === 0 ? 'dean.main' : 'admin']),
      ),
    );
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)),
    ).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body).toMatchObject({ id, status: 'SENTIMENT_ANALYSIS' });
    expect(new Set(answers.map((answer) => answer.body.confirmedAt)).size).toBe(1);
    expect(await sentimentRuns(id)).toBe(1);
    expect(await jobsOf(id)).toEqual(['sentiment']);
  });

  it('confirms racing cancels end CANCELLED: one cancel wins, the rest answer 200 or 409, none 5xx', async () => {
    const created = await client.post(
      PIPELINES,
      { semesterId: f.semester.MAIN, scopeType: 'FACULTY', scopeId: f.user['fac.two'] },
      f.token.admin,
    );
    const id = created.body.id as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client
          .post(`${PIPELINES}/${id}/${index % 2 === 0 ? 'confirm' : 'cancel'}`, undefined, f.token.admin)
          .then((answer) => ({ action: index % 2 === 0 ? 'confirm' : 'cancel', ...answer })),
      ),
    );
    for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    expect(answers.filter((answer) => answer.action === 'cancel' && answer.status === 200)).toHaveLength(1);
    const stored = await db
      .selectFrom('analysis_pipelines')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('CANCELLED');
    expect(await sentimentRuns(id)).toBeLessThanOrEqual(1);
  });
});

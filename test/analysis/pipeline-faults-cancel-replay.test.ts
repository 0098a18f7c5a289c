import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { PipelineJob, stageJobId, type PipelineJobName } from '../../src/modules/analysis/pipeline-stages.js';
import { PipelinesRepository } from '../../src/modules/analysis/pipelines.repository.js';
import { startFakeAnalysisWorker } from '../support/fake-analysis-worker.js';
import {
  createAndConfirm,
  demoDepartment,
  expectNoDuplicates,
  pipelineRows,
  stageQueue,
  storedPipeline,
  waitForJobState,
} from '../support/pipeline-faults.js';
import { startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';
import { SUPER_ADMIN } from '../support/test-context.js';

/*
 * Issue 10: a cancel while a stage's worker call is in flight, and stage jobs replayed or duplicated. Both rest on
 * the orchestrator's guarded commit: a stage writes only while the pipeline is still in that stage and attempt.
 */
const fake = await startFakeAnalysisWorker();
afterAll(() => fake.close());
const stack = await startPipelineStack(fake.environment());
fake.setTarget(stack.analysisWorker.url);
const { client, database, api } = stack;
const queue = stageQueue(stack.environment);
await seedDemo(api.app);
const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
const scope = await demoDepartment(database.db);

beforeEach(() => fake.reset());

/** Adds a stage job under an id of the test's own, as a replay from Redis or a second producer would. */
async function addJob(pipelineId: string, job: PipelineJobName, attempt: number, tag: string, runId?: string) {
  const id = `${stageJobId(pipelineId, job, attempt)}-${tag}`;
  await queue.add(job, { pipelineId, attempt, ...(runId ? { runId } : {}) }, { jobId: id, attempts: 1 });
  return id;
}

describe('pipeline faults: cancel and replayed jobs', () => {
  it('a cancel during topic modeling stays CANCELLED; the late topic model answer writes nothing', async () => {
    fake.script('topics', { type: 'hold' });
    const id = await createAndConfirm(client, admin, scope);
    await fake.waitForCalls('topics', 1);
    expect((await storedPipeline(database.db, id)).status).toBe('TOPIC_MODELING');

    const cancelled = await client.post(`/api/v1/analysis/pipelines/${id}/cancel`, undefined, admin);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    const afterCancel = await storedPipeline(database.db, id);
    expect(afterCancel.stages).toMatchObject({ topicModeling: 'skipped', topicLabeling: 'skipped' });

    // The slow call returns now; its job goes on to the guarded commit, which finds the pipeline cancelled.
    fake.release('topics');
    await fake.waitForAnswers();
    await waitForJobState(queue, stageJobId(id, PipelineJob.TOPIC_MODELING, 1), ['completed', 'failed']);
    // A reconcile pass or two (every second here) must not touch a cancelled pipeline either.
    await delay(2_500);

    expect(await storedPipeline(database.db, id)).toEqual(afterCancel);
    const status = await client.get(`/api/v1/analysis/pipelines/${id}/status`, admin);
    expect(status.body).toMatchObject({ status: 'CANCELLED', errorMessage: null });
    expect(await pipelineRows(database.db, id)).toMatchObject({
      topicModelRuns: 0,
      topics: 0,
      assignments: 0,
      recommendationRuns: 0,
      recommendedActions: 0,
    });
    expect(fake.count('topics', id)).toBe(1);
  });

  it('a cancel during sentiment stays CANCELLED; the late sentiment answer stores no result', async () => {
    // Results are stored batch by batch as they arrive, outside the stage's commit: each write is guarded too.
    fake.script('sentiment', { type: 'hold' });
    const id = await createAndConfirm(client, admin, scope);
    await fake.waitForCalls('sentiment', 1);
    const cancelled = await client.post(`/api/v1/analysis/pipelines/${id}/cancel`, undefined, admin);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const afterCancel = await storedPipeline(database.db, id);

    fake.release('sentiment');
    await fake.waitForAnswers();
    await waitForJobState(queue, stageJobId(id, PipelineJob.SENTIMENT, 1), ['completed', 'failed']);
    expect(await storedPipeline(database.db, id)).toEqual(afterCancel);
    expect(await pipelineRows(database.db, id)).toMatchObject({ sentimentRuns: 1, sentimentResults: 0 });
    const run = await database.db
      .selectFrom('sentiment_runs')
      .select(['status', 'submission_count as submissionCount'])
      .where('pipeline_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ status: 'PROCESSING', submissionCount: 0 });
  });

  it('replayed and duplicated stage jobs do nothing once their stage has moved on', async () => {
    fake.script('topics', { type: 'hold' });
    const id = await createAndConfirm(client, admin, scope);
    await fake.waitForCalls('topics', 1);

    // Mid-pipeline: the finished stages' jobs again (another id, the old attempt), and a second copy of the
    // running stage's job. The duplicate's topic model call is answered at once, so it commits first and the
    // held original's late result must be dropped.
    const replays = [
      await addJob(id, PipelineJob.SENTIMENT, 1, 'replay'),
      await addJob(id, PipelineJob.SENTIMENT_GATE, 1, 'replay'),
      await addJob(id, PipelineJob.EMBEDDINGS, 1, 'replay'),
      await addJob(id, PipelineJob.TOPIC_MODELING, 1, 'duplicate'),
    ];
    for (const replay of replays) await waitForJobState(queue, replay, ['completed']);
    fake.release('topics');
    const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 30_000);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('COMPLETED');
    expect(fake.count('sentiment', id)).toBe(1);
    expect(fake.count('topics', id)).toBe(2);
    const rows = await pipelineRows(database.db, id);
    expectNoDuplicates(rows);

    // After completion: every stage's job again, with the old attempt and with one that never ran.
    const before = await storedPipeline(database.db, id);
    const calls = fake.calls.length;
    const { id: runId } = await database.db
      .selectFrom('recommendation_runs')
      .select('id')
      .where('pipeline_id', '=', id)
      .executeTakeFirstOrThrow();
    const late: string[] = [];
    for (const job of Object.values(PipelineJob))
      for (const attempt of [1, 2]) late.push(await addJob(id, job, attempt, 'late', runId));
    for (const replay of late) await waitForJobState(queue, replay, ['completed']);

    expect(await storedPipeline(database.db, id)).toEqual(before);
    expect(await pipelineRows(database.db, id)).toEqual(rows);
    expect(fake.calls.length).toBe(calls);
  });
});

describe('a confirm or a second cancel that meets a cancel between its read and its lock', () => {
  it('answers 409 naming the status it met under the lock, and changes nothing', async () => {
    const repository = api.app.get(PipelinesRepository);
    const original = repository.findWithRelations.bind(repository);
    /** The next read of `target` by the service returns, and then another caller's cancel commits. */
    const cancelAfterNextRead = (target: string) => {
      let done = false;
      repository.findWithRelations = (async (id: string, executor?: Parameters<typeof original>[1]) => {
        const found = await original(id, executor);
        if (!done && id === target) {
          done = true;
          const other = await client.post(`/api/v1/analysis/pipelines/${id}/cancel`, undefined, admin);
          expect(other.status, JSON.stringify(other.body)).toBe(200);
        }
        return found;
      }) as typeof repository.findWithRelations;
    };
    const create = async () => {
      const created = await client.post(
        '/api/v1/analysis/pipelines',
        { semesterId: scope.semesterId, scopeType: 'DEPARTMENT', scopeId: scope.departmentId },
        admin,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.status).toBe('AWAITING_CONFIRMATION');
      return created.body.id as string;
    };
    try {
      const confirmed = await create();
      cancelAfterNextRead(confirmed);
      const confirm = await client.post(`/api/v1/analysis/pipelines/${confirmed}/confirm`, undefined, admin);
      expect(confirm.status, JSON.stringify(confirm.body)).toBe(409);
      expect(confirm.body.message).toBe('the pipeline is CANCELLED; a pipeline that has ended cannot be confirmed');
      expect(await storedPipeline(database.db, confirmed)).toMatchObject({ status: 'CANCELLED' });
      expect((await pipelineRows(database.db, confirmed)).sentimentRuns).toBe(0);

      const cancelledTwice = await create();
      cancelAfterNextRead(cancelledTwice);
      const cancel = await client.post(`/api/v1/analysis/pipelines/${cancelledTwice}/cancel`, undefined, admin);
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(409);
      expect(cancel.body.message).toBe(
        'the pipeline is CANCELLED; only a pipeline that has not ended can be cancelled',
      );
    } finally {
      repository.findWithRelations = original;
    }
  });
});

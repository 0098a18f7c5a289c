import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { stageJobId } from '../../src/modules/analysis/pipeline-stages.js';
import { ResultsRepository } from '../../src/modules/analysis/results.repository.js';
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
 * Issue 10: the worker misbehaving, each case ending in the right terminal state with no duplicate rows. The
 * service calls a fake analysis worker (a real HTTP server in front of the real one) that is told how to fail.
 * Stage jobs have 3 attempts with exponential backoff from 2 s (pipeline-queue.ts).
 */
const fake = await startFakeAnalysisWorker();
afterAll(() => fake.close());
// A short worker timeout, so a hanging worker costs this file seconds, not minutes; a refused call fails its
// attempt at once (no WORKER_CONNECT_RETRY_MS), so the queue's attempts are what is tested.
const stack = await startPipelineStack({
  ...fake.environment(),
  WORKER_TIMEOUT_MS: '5000',
  WORKER_CONNECT_RETRY_MS: '0',
});
fake.setTarget(stack.analysisWorker.url);
const { client, database, api } = stack;
const queue = stageQueue(stack.environment);
await seedDemo(api.app);
const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
const scope = await demoDepartment(database.db);

beforeEach(() => fake.reset());

describe('pipeline faults: the analysis worker', () => {
  it('answers 500 once, then 200: the stage is retried and the pipeline COMPLETES', async () => {
    fake.script('sentiment', { type: 'http-500' });
    const id = await createAndConfirm(client, admin, scope);
    const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 30_000);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('COMPLETED');
    expect(fake.count('sentiment', id)).toBe(2);
    const job = await queue.getJob(stageJobId(id, 'sentiment', 1));
    // attemptsMade counts finished attempts: the 500 and the success.
    expect(job?.attemptsMade).toBe(2);
    expectNoDuplicates(await pipelineRows(database.db, id));
  });

  it('answers status "failed": FAILED at once, no retry, the error names the stage', async () => {
    fake.script('sentiment', { type: 'failed', error: 'the provider refused the batch' });
    const id = await createAndConfirm(client, admin, scope);
    const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 20_000);
    expect(done.status).toBe('FAILED');
    expect(done.errorMessage).toBe('sentiment: worker answered failed: the provider refused the batch');
    expect(done.stages).toMatchObject({ sentiment: 'failed', sentimentGate: 'skipped', recommendations: 'skipped' });
    // The job failed for good on its first attempt: nothing is left to retry it.
    const jobId = stageJobId(id, 'sentiment', 1);
    await waitForJobState(queue, jobId, ['failed']);
    expect((await queue.getJob(jobId))?.attemptsMade).toBe(1);
    expect(fake.count('sentiment', id)).toBe(1);
    const rows = await pipelineRows(database.db, id);
    expect(rows).toMatchObject({ sentimentResults: 0, topicModelRuns: 0, recommendationRuns: 0 });
  });

  it('is down (connection refused): FAILED after 3 attempts, the error names the stage', async () => {
    await fake.stop();
    try {
      const id = await createAndConfirm(client, admin, scope);
      const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 25_000);
      expect(done.status).toBe('FAILED');
      expect(done.errorMessage).toMatch(/^sentiment: sentiment worker unreachable at .*ECONNREFUSED/);
      const jobId = stageJobId(id, 'sentiment', 1);
      await waitForJobState(queue, jobId, ['failed']);
      expect((await queue.getJob(jobId))?.attemptsMade).toBe(3);
      expect(await pipelineRows(database.db, id)).toMatchObject({ sentimentResults: 0, topicModelRuns: 0 });
    } finally {
      await fake.start();
    }
  });

  it('hangs once (timeout), then closes the connection once: both retried, the pipeline COMPLETES', async () => {
    fake.script('topics', { type: 'hang' }, { type: 'close' });
    const id = await createAndConfirm(client, admin, scope);
    const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 40_000);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('COMPLETED');
    expect(fake.count('topics', id)).toBe(3);
    expect((await queue.getJob(stageJobId(id, 'topic-modeling', 1)))?.attemptsMade).toBe(3);
    expectNoDuplicates(await pipelineRows(database.db, id));
  }, 45_000);
});

describe("embedding beside the sentiment stage (the spec's best-effort backfill at confirm)", () => {
  const results = new ResultsRepository(database.db);
  /** Gate-passing submissions of the pipeline's run: how many, and how many without a stored embedding. */
  const gatePassing = async (pipelineId: string) => {
    const run = await results.sentimentRun(pipelineId);
    if (!run) throw new Error('the pipeline has no sentiment run');
    const counts = await results.gateCounts(run.id);
    return { count: counts.included, unembedded: (await results.missingEmbeddings(run.id)).length };
  };

  it('embeds the gate-passing comments while the sentiment stage runs; the embeddings stage finds them stored', async () => {
    await database.db.deleteFrom('submission_embeddings').execute();
    fake.script('embeddings', { type: 'hold' });
    const id = await createAndConfirm(client, admin, scope);
    await fake.waitForCalls('embeddings', 1, 20_000);
    // The embedding call came while the sentiment stage waits for it: the stage has not committed.
    expect((await storedPipeline(database.db, id)).status).toBe('SENTIMENT_ANALYSIS');
    fake.release('embeddings');
    const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 30_000);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('COMPLETED');
    expect(done.stages).toMatchObject({ embeddings: 'completed', topicModeling: 'completed' });
    expect((await gatePassing(id)).unembedded).toBe(0);
    // Beside the sentiment stage, every vector (one batch); in the embeddings stage, one comment again to learn the
    // worker's model (nothing was missing).
    const calls = fake.calls.filter((call) => call.kind === 'embeddings' && call.pipelineId === id);
    const passing = await gatePassing(id);
    expect(passing.count).toBeGreaterThan(0);
    expect(calls.map((call) => call.items)).toEqual([passing.count, 1]);
    expect((await queue.getJob(stageJobId(id, 'sentiment', 1)))?.attemptsMade).toBe(1);
    expectNoDuplicates(await pipelineRows(database.db, id));
  });

  it('a failed embedding beside the stage fails nothing: the embeddings stage embeds what is missing', async () => {
    await database.db.deleteFrom('submission_embeddings').execute();
    fake.script('embeddings', { type: 'http-500' });
    const id = await createAndConfirm(client, admin, scope);
    const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 30_000);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('COMPLETED');
    // Neither stage was retried: the 500 reached only the call beside the sentiment stage.
    expect((await queue.getJob(stageJobId(id, 'sentiment', 1)))?.attemptsMade).toBe(1);
    expect((await queue.getJob(stageJobId(id, 'embeddings', 1)))?.attemptsMade).toBe(1);
    const calls = fake.calls.filter((call) => call.kind === 'embeddings' && call.pipelineId === id);
    expect(calls.map((call) => call.action)).toEqual(['http-500', 'proxy']);
    expect((await gatePassing(id)).unembedded).toBe(0);
    expectNoDuplicates(await pipelineRows(database.db, id));
  });
});

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { startFakeAnalysisWorker } from '../support/fake-analysis-worker.js';
import { createAndConfirm, demoDepartment, expectNoDuplicates, pipelineRows } from '../support/pipeline-faults.js';
import { startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';
import { OwnRedis } from '../support/redis-server.js';
import { SUPER_ADMIN } from '../support/test-context.js';

/*
 * Issue 10: Redis loses every job in the middle of a pipeline. PostgreSQL holds the pipeline's state; the
 * reconciler (every second here) finds the current stage without a job and enqueues it again. The flush
 * happens on a redis-server of this file's own, so no other test's keys go with it.
 */
const redis = await OwnRedis.start();
afterAll(() => redis.stop());
const fake = await startFakeAnalysisWorker();
afterAll(() => fake.close());
const stack = await startPipelineStack({ ...fake.environment(), CACHE_URL: redis.url });
fake.setTarget(stack.analysisWorker.url);
const { client, database, api } = stack;
await seedDemo(api.app);
const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
const scope = await demoDepartment(database.db);

async function flushAll(): Promise<void> {
  const connection = new Redis(redis.url);
  try {
    expect(await connection.flushall()).toBe('OK');
  } finally {
    connection.disconnect();
  }
}

describe('pipeline faults: Redis loses its data', () => {
  it('FLUSHALL twice mid-pipeline: the reconciler re-enqueues, the pipeline COMPLETES with no duplicate rows', async () => {
    // 1. The sentiment call is slow and in flight when Redis is flushed: the reconciler enqueues the stage's job
    //    again, so two runs of the same attempt race to the guarded commit; one wins, the other is dropped.
    fake.script('sentiment', { type: 'delay', ms: 2_500 });
    // 2. The topic model answers 500 once; Redis is flushed while the job waits for its retry, so only the
    //    reconciler can bring the stage back.
    fake.script('topics', { type: 'http-500' });
    const id = await createAndConfirm(client, admin, scope);
    await fake.waitForCalls('sentiment', 1);
    await flushAll();
    await fake.waitForCalls('topics', 1, 30_000);
    await fake.waitForAnswers();
    await flushAll();

    const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 40_000);
    expect(done.errorMessage).toBeNull();
    expect(done.status).toBe('COMPLETED');
    // The flushed sentiment job was enqueued again while the first call was still in flight.
    expect(fake.count('sentiment', id)).toBe(2);
    // The topic model job lost with its retry came back from the reconciler.
    expect(fake.count('topics', id)).toBe(2);
    expectNoDuplicates(await pipelineRows(database.db, id));
  }, 50_000);
});

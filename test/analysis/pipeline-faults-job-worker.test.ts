import { NestFactory } from '@nestjs/core';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { workerSettingsSchema } from '../../src/config/settings.js';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { DomainModule } from '../../src/domain.module.js';
import { PipelineReconciler } from '../../src/modules/analysis/pipeline-reconciler.js';
import { PIPELINE_QUEUE, PipelineJob, stageJobId } from '../../src/modules/analysis/pipeline-stages.js';
import { startFakeAnalysisWorker } from '../support/fake-analysis-worker.js';
import { logLines } from '../support/service-processes.js';
import {
  createAndConfirm,
  demoDepartment,
  expectNoDuplicates,
  pipelineRows,
  stageQueue,
  storedPipeline,
  waitForJobState,
  waitUntil,
} from '../support/pipeline-faults.js';
import { startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';
import { startEntryPoint, type RunningEntryPoint } from '../support/processes.js';
import { SUPER_ADMIN } from '../support/test-context.js';

/*
 * Issue 10, the job workers: (1) the job-worker process dies (SIGKILL: no shutdown hook runs) while a stage's job
 * is active. The job worker runs as a real OS process (dist/src/worker.js, built by the global setup) with a short
 * lock, so the next worker process's stalled-job check finds the job's lock expired and runs it again. (2) The
 * reconciler races a stage that moves on while it looks at the stage's job. No job worker runs in this file but
 * the processes the tests start.
 */
const fake = await startFakeAnalysisWorker();
afterAll(() => fake.close());
const stack = await startPipelineStack(
  { ...fake.environment(), JOB_LOCK_DURATION_MS: '3000', RECONCILE_INTERVAL_MS: '1000' },
  {},
  { jobWorker: false },
);
fake.setTarget(stack.analysisWorker.url);
const { client, database, api } = stack;
const queue = stageQueue(stack.environment);
await seedDemo(api.app);
const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
const scope = await demoDepartment(database.db);

const processes: RunningEntryPoint[] = [];
afterAll(async () => {
  for (const running of processes) await running.kill('SIGKILL');
});

async function startWorkerProcess(): Promise<RunningEntryPoint> {
  const running = startEntryPoint('worker', { ...stack.environment, LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
  processes.push(running);
  await running.waitForOutput('job worker started');
  return running;
}

/** The JSON log lines of a process's output. */
describe('pipeline faults: the reconciler races a stage', () => {
  it('a stage that moves on while the reconciler looks at its finished job keeps its next stage attempt', async () => {
    const id = await createAndConfirm(client, admin, scope);
    // The sentiment job completes without its stage moving on (as when its result was dropped).
    const jobId = stageJobId(id, PipelineJob.SENTIMENT, 1);
    const connection = new Redis(stack.environment.CACHE_URL as string, { maxRetriesPerRequest: null });
    // skipStalledCheck: its check would claim the queue's stalled-check slot for BullMQ's default 30 s, and hold
    // back the stalled-job checks the next test relies on.
    const idle = new Worker(PIPELINE_QUEUE, async () => undefined, {
      connection,
      prefix: `${stack.environment.CACHE_KEY_PREFIX}bull`,
      skipStalledCheck: true,
    });
    await waitForJobState(queue, jobId, ['completed']);
    await idle.close();
    connection.disconnect();

    // The reconciler reads the pipeline (sentiment, attempt 1), sees the completed job and goes for the stage's
    // next attempt; meanwhile (the row lock held here) the stage commits and moves on to the gate, attempt 1.
    // The job worker's domain composition without its queue consumers: a reconciler this test runs by hand.
    const domain = await NestFactory.createApplicationContext(
      DomainModule.forRoot(workerSettingsSchema.parse(stack.environment)),
      { logger: false },
    );
    afterAll(() => domain.close());
    const reconciler = domain.get(PipelineReconciler);
    let pass: ReturnType<PipelineReconciler['reconcile']> | undefined;
    await database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('analysis_pipelines').select('id').where('id', '=', id).forUpdate().execute();
      pass = reconciler.reconcile();
      await waitUntil(async () => {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.db);
        return (rows[0]?.n ?? 0) > 0;
      }, 'the reconciler to wait for the pipeline row');
      await trx
        .updateTable('analysis_pipelines')
        .set({
          status: 'SENTIMENT_GATE',
          stages: JSON.stringify({
            ...(await storedPipeline(trx, id)).stages,
            sentiment: 'completed',
            sentimentGate: 'processing',
          }),
          stage_attempt: 1,
        })
        .where('id', '=', id)
        .execute();
    });
    // The pass goes on once that transaction has committed: it must leave the gate alone.
    expect(await pass).toMatchObject({ checked: 1, enqueued: 0 });
    const stored = await storedPipeline(database.db, id);
    expect(stored.status).toBe('SENTIMENT_GATE');
    // The gate's first attempt is still the one that may write: its job (enqueued by the stage) is not stranded.
    expect(stored.stage_attempt).toBe(1);
    expect(await queue.getJob(stageJobId(id, PipelineJob.SENTIMENT, 2))).toBeUndefined();
    // Out of the way of the next test's pipeline on the same scope.
    expect((await client.post(`/api/v1/analysis/pipelines/${id}/cancel`, undefined, admin)).status).toBe(200);
  });
});

describe('pipeline faults: the job worker is killed', () => {
  it('SIGKILL mid-stage, a new worker process started: the stage runs again and the pipeline COMPLETES', async () => {
    const first = await startWorkerProcess();
    // The topic model call is held by the fake: the stage's job stays active until the process is killed.
    fake.script('topics', { type: 'hold' });
    const id = await createAndConfirm(client, admin, scope);
    await fake.waitForCalls('topics', 1);
    const jobId = stageJobId(id, PipelineJob.TOPIC_MODELING, 1);
    expect(await waitForJobState(queue, jobId, ['active'])).toBe('active');

    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const second = await startWorkerProcess();

    const done = await waitForStatus(client, admin, id, ['COMPLETED', 'FAILED'], 30_000);
    expect(done.errorMessage, second.output()).toBeNull();
    expect(done.status).toBe('COMPLETED');
    // The new process reran the stage within two stalled-job checks after the 3 s lock expired (one at start, then
    // one every JOB_STALLED_CHECK_INTERVAL_MS, 2 s; the bound leaves slack for a loaded machine). With BullMQ's
    // default check interval (30 s, whatever the lock) it had not rerun 30 s after the kill.
    const logged = logLines(second.output()) as Array<{ msg?: string; time?: number; stage?: string }>;
    const startedAt = logged.find((line) => line.msg === 'job worker started')?.time ?? Number.NaN;
    const rerunAt =
      logged.find((line) => line.msg === 'stage started' && line.stage === 'topicModeling')?.time ?? Number.NaN;
    expect(rerunAt - startedAt, `rerun ${rerunAt - startedAt} ms after start\n${second.output()}`).toBeLessThan(20_000);
    // The killed attempt's call and the rerun's.
    expect(fake.count('topics', id)).toBe(2);
    expectNoDuplicates(await pipelineRows(database.db, id));
    fake.release('topics');
    expect(await second.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 50_000);
});

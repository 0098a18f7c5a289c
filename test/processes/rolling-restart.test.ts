import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { createAndConfirm, expectNoDuplicates, pipelineRows, waitUntil } from '../support/pipeline-faults.js';
import { waitForStatus } from '../support/pipeline-stack.js';
import {
  BalancingClient,
  logLines,
  startServiceDeployment,
  type ServiceProcess,
} from '../support/service-processes.js';
import {
  departmentScopes,
  importLoadCampus,
  startSubmissionStream,
  storedSubmissions,
  submissionSlots,
} from '../support/submission-stream.js';
import { SUPER_ADMIN } from '../support/test-context.js';

/*
 * Issue 20: a rolling restart. Two APIs behind a balancer (readiness-checked, as HAProxy in compose.yaml) and two
 * job workers; each process in turn gets SIGTERM and a replacement, while two pipelines run (their topic-modeling
 * calls held, so a job worker is stopped with a stage in hand) and three clients keep submitting. Nothing may be
 * lost and no request an API accepted may fail; a stage in the hands of a stopped worker goes on elsewhere at
 * once (SHUTDOWN_GRACE_MS, then handed back), well before its lock (JOB_LOCK_DURATION_MS, 6 s) would expire.
 */
const GRACE_MS = 1_500;

const deployment = await startServiceDeployment({ SHUTDOWN_DRAIN_MS: '700', SHUTDOWN_GRACE_MS: String(GRACE_MS) });
const { database, analysisWorker } = deployment;
await seedDemo(deployment.domain);
await importLoadCampus(deployment.domain, { students: 60, courses: 50 });
const apis = await Promise.all([deployment.startApi('api-a'), deployment.startApi('api-b')]);
const workers = await Promise.all([deployment.startJobWorker('worker-a'), deployment.startJobWorker('worker-b')]);
const balancer = new BalancingClient();
for (const api of apis) balancer.add(api);
const admin = await balancer.login(SUPER_ADMIN.username, SUPER_ADMIN.password);

function topicStagesOf(worker: ServiceProcess): string[] {
  return logLines(worker.output())
    .filter((line) => line.msg === 'stage started' && line.stage === 'topicModeling')
    .map((line) => line.pipelineId as string);
}

describe('a rolling restart of every API and job worker during pipelines and submissions', () => {
  it('loses nothing, fails no accepted request, and hands running stages over at once', async () => {
    const slots = await submissionSlots(deployment);
    analysisWorker.script('topics', { type: 'hold' }, { type: 'hold' });
    const pipelines = await Promise.all(
      (await departmentScopes(database.db)).map((scope) => createAndConfirm(balancer, admin, scope)),
    );
    expect(pipelines).toHaveLength(2);
    await analysisWorker.waitForCalls('topics', 2, 30_000);

    // Three clients submit, one after another each, for the whole restart.
    const stream = startSubmissionStream(balancer, slots, { clients: 3, pauseMs: 80 });

    const handovers: Array<{ pipelineId: string; afterMs: number }> = [];
    const stopped: Array<{ name: string; code: number | null; signal: string | null; output: string }> = [];
    for (const old of [...apis, ...workers]) {
      await delay(800);
      const held =
        old.role === 'worker' ? topicStagesOf(old).filter((id) => analysisWorker.count('topics', id) < 2) : [];
      const stoppedAt = Date.now();
      const exit = await old.kill('SIGTERM');
      stopped.push({ name: old.name, ...exit, output: old.output() });
      if (old.role === 'api') {
        balancer.remove(old);
        balancer.add(await deployment.startApi(`${old.name}-2`));
      } else {
        for (const pipelineId of held) {
          await waitUntil(() => analysisWorker.count('topics', pipelineId) >= 2, 'the stage to run again', 20_000);
          handovers.push({ pipelineId, afterMs: Date.now() - stoppedAt });
        }
        await deployment.startJobWorker(`${old.name}-2`);
      }
    }
    await delay(800);
    await stream.stop();
    analysisWorker.release('topics');

    // Every process stopped cleanly, within its grace period.
    for (const exit of stopped)
      expect([exit.name, exit.code, exit.signal], exit.output.slice(-3_000)).toEqual([exit.name, 0, null]);
    // Both held stages were in a stopped worker's hands, handed back at the end of its grace period, and ran again
    // on another worker long before their lock would have expired.
    expect(handovers.map((handover) => handover.pipelineId).sort()).toEqual([...pipelines].sort());
    for (const handover of handovers)
      expect(handover.afterMs, JSON.stringify(handovers)).toBeLessThan(GRACE_MS + 3_000);
    expect(stopped.some((exit) => exit.output.includes('running jobs handed back to the queue'))).toBe(true);

    // No accepted request failed: every submission was created, and the balancer saw no 5xx or broken connection.
    expect(balancer.failures()).toEqual([]);
    expect(stream.answers.length).toBeGreaterThan(50);
    expect(stream.exhausted(), 'the stream ran out of submissions before the last restart').toBe(false);
    expect(stream.answers.filter((answer) => answer.status !== 201)).toEqual([]);
    // Nothing lost: each one is in the database.
    expect(await storedSubmissions(database.db, stream.answers)).toBe(stream.answers.length);

    for (const id of pipelines) {
      const done = await waitForStatus(balancer, admin, id, ['COMPLETED', 'FAILED'], 30_000);
      expect([done.status, done.errorMessage]).toEqual(['COMPLETED', null]);
      expectNoDuplicates(await pipelineRows(database.db, id));
    }
    balancer.stop();
  }, 180_000);
});

import { get } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { createAndConfirm, expectNoDuplicates, pipelineRows, waitUntil } from '../support/pipeline-faults.js';
import { waitForStatus } from '../support/pipeline-stack.js';
import { freePort } from '../support/redis-server.js';
import {
  analysisWorkerUrls,
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
 * Issue 20: the analysis worker's turn in a rolling restart. There is one analysis worker at one address (no
 * proxy in front), so its restart is a stop and a start on the same port: on SIGTERM it answers readiness 503 for
 * SHUTDOWN_DRAIN_MS, then stops listening (new connections are refused) while the calls in hand finish, within
 * SHUTDOWN_GRACE_MS, and exits 0. A stage whose call is refused meanwhile tries it again, with backoff, for up to
 * WORKER_CONNECT_RETRY_MS (30 s), and goes on on the new worker; only past that does the attempt fail and the queue's
 * own retries (2 s, then 4 s: pipeline-queue.ts) take over.
 *
 * To stop the worker with a pipeline's call in hand, the test's own topic-model requests (a few thousand
 * comments each) keep the worker's one engine thread busy for seconds: the pipeline's topics call waits behind
 * them, and all three are in hand when the SIGTERM comes.
 */
const DRAIN_MS = 500;
const ANALYSIS_GRACE_MS = 60_000;
const BLOCKER_ITEMS = 1_500;
/** How long pipeline B's call meets a closed port before the new worker starts. */
const DOWN_MS = 1_500;

const deployment = await startServiceDeployment({ SHUTDOWN_DRAIN_MS: '300', SHUTDOWN_GRACE_MS: '1500' });
const { database } = deployment;
await seedDemo(deployment.domain);
await importLoadCampus(deployment.domain, { students: 40, courses: 40 });
const analysisPort = await freePort();
const analysisSettings = {
  ANALYSIS_WORKER_THREADS: '1',
  SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  SHUTDOWN_GRACE_MS: String(ANALYSIS_GRACE_MS),
};
const firstAnalysisWorker = await deployment.startAnalysisWorker('analysis-a', analysisPort, analysisSettings);
const workerUrls = analysisWorkerUrls(firstAnalysisWorker.url);
const api = await deployment.startApi('api-a', workerUrls);
const jobWorker = await deployment.startJobWorker('worker-a', workerUrls);
const balancer = new BalancingClient();
balancer.add(api);
const admin = await balancer.login(SUPER_ADMIN.username, SUPER_ADMIN.password);

/** The body of a topic-model request of `count` comments in ten clusters (deterministic). */
function blockerBody(jobId: string, count: number): string {
  let seed = 7;
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const words = ['clear', 'late', 'fair', 'kind', 'boring', 'fun', 'heavy', 'grades', 'lessons', 'projects'];
  const items = Array.from({ length: count }, (_, i) => ({
    submissionId: `${jobId}-${i}`,
    text: `${words[i % 10]} ${words[(i * 7) % 10]} comment ${i % 50}`,
    embedding: Array.from({ length: 384 }, () => random() - 0.5 + (i % 10) * 0.05),
  }));
  return JSON.stringify({ input: { jobId, version: '1.0', type: 'topic-model', items, params: { seed: 42 } } });
}

interface BlockerCall {
  answeredAt?: number;
  done: Promise<{ status: number; outputStatus: string | undefined }>;
}

function postBlocker(url: string, jobId: string): BlockerCall {
  const call: Partial<BlockerCall> = {};
  call.done = (async () => {
    const response = await fetch(`${url}/topics/runsync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: blockerBody(jobId, BLOCKER_ITEMS),
    });
    const body = (await response.json()) as { output?: { status?: string } };
    call.answeredAt = Date.now();
    return { status: response.status, outputStatus: body.output?.status };
  })();
  return call as BlockerCall;
}

/** Topic-model requests the analysis worker has received so far (its request log). */
function topicRequestsReceived(worker: ServiceProcess): number {
  return logLines(worker.output()).filter(
    (line) => line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === '/topics/runsync',
  ).length;
}

/** The job worker's log lines of `msg` for one pipeline. */
function pipelineLog(worker: ServiceProcess, pipelineId: string, msg: string): Array<Record<string, unknown>> {
  return logLines(worker.output()).filter((line) => line.msg === msg && line.pipelineId === pipelineId);
}

/** What a new connection to `url` meets (no connection reused): an HTTP status, or the connection error's code. */
function probe(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = get(url, { agent: false, timeout: 1_000 }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('timeout', () => request.destroy(new Error('timeout')));
    request.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('the analysis worker restarted mid-pipeline (issue 20)', () => {
  it('finishes the calls in hand, refuses new connections, and every pipeline completes once on the new worker', async () => {
    const slots = await submissionSlots(deployment);
    const [scopeA, scopeB] = await departmentScopes(database.db);
    if (!scopeA || !scopeB) throw new Error('the demo seed has no two CCS scopes');
    const stream = startSubmissionStream(balancer, slots, { clients: 3, pauseMs: 200 });

    // The engine thread busy for seconds; pipeline A's topics call queues behind the two blockers.
    const blockers = [
      postBlocker(firstAnalysisWorker.url, 'blocker-1'),
      postBlocker(firstAnalysisWorker.url, 'blocker-2'),
    ];
    await waitUntil(() => topicRequestsReceived(firstAnalysisWorker) >= 2, 'the blockers to arrive', 20_000);
    const pipelineA = await createAndConfirm(balancer, admin, scopeA);
    await waitUntil(() => topicRequestsReceived(firstAnalysisWorker) >= 3, "pipeline A's topics call", 20_000);
    expect(
      blockers.some((blocker) => blocker.answeredAt === undefined),
      'the engine thread was already free when the SIGTERM came: make the blockers larger',
    ).toBe(true);

    const stopping = firstAnalysisWorker.kill('SIGTERM');
    // Draining: readiness 503 while it still serves; then the listener closes and new connections are refused,
    // while the calls in hand go on.
    const probes: Array<number | string> = [];
    await waitUntil(
      async () => {
        probes.push(await probe(`${firstAnalysisWorker.url}/health/ready`));
        return probes.at(-1) === 'ECONNREFUSED';
      },
      'the analysis worker to stop listening',
      10_000,
    );
    const refusedAt = Date.now();
    // `kill` returns once the signal is sent, not once the worker has handled it: a probe accepted in the same
    // turn of its event loop may still meet the running worker (200). From the first 503 on, never a 200 again.
    const afterSignal = probes.slice(
      Math.max(
        0,
        probes.findIndex((status) => status !== 200),
      ),
    );
    expect(afterSignal, JSON.stringify(probes)).toContain(503);
    // A connection the kernel queued in the instant the listener closed is reset, never read: a refusal by another
    // name, and only as the probe just before the refusals (a reset while the worker still served would be a fault).
    const resetAtClose = (status: number | string, index: number, all: ReadonlyArray<number | string>) =>
      status === 'ECONNRESET' && all[index + 1] === 'ECONNREFUSED';
    expect(
      afterSignal.filter(
        (status, index, all) => status !== 503 && status !== 'ECONNREFUSED' && !resetAtClose(status, index, all),
      ),
      JSON.stringify(probes),
    ).toEqual([]);
    expect(
      blockers.some((blocker) => blocker.answeredAt === undefined || blocker.answeredAt > refusedAt),
      'no call was in hand when the listener closed',
    ).toBe(true);

    // Every call in hand was answered in full before the process exited 0.
    const exit = await stopping;
    const exitedAt = Date.now();
    expect([exit.code, exit.signal], firstAnalysisWorker.output().slice(-3_000)).toEqual([0, null]);
    const answers = await Promise.all(blockers.map((blocker) => blocker.done));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const blocker of blockers) expect(blocker.answeredAt).toBeLessThanOrEqual(exitedAt);
    await waitUntil(
      () => pipelineLog(jobWorker, pipelineA, 'stage finished').some((line) => line.stage === 'topicModeling'),
      "pipeline A's topic modeling to finish on the stopping worker",
      10_000,
    );

    // Down: nothing listens on the port when pipeline B's sentiment stage calls; the call is refused and tried
    // again (WORKER_CONNECT_RETRY_MS) until the new worker listens there.
    const pipelineB = await createAndConfirm(balancer, admin, scopeB);
    await waitUntil(
      () => pipelineLog(jobWorker, pipelineB, 'stage started').some((line) => line.stage === 'sentiment'),
      "pipeline B's sentiment stage to start",
      15_000,
    );
    await delay(DOWN_MS);
    expect(await probe(`${firstAnalysisWorker.url}/health/ready`)).toBe('ECONNREFUSED');
    await deployment.startAnalysisWorker('analysis-b', analysisPort, analysisSettings);

    for (const id of [pipelineA, pipelineB]) {
      const done = await waitForStatus(balancer, admin, id, ['COMPLETED', 'FAILED'], 30_000);
      expect([done.status, done.errorMessage]).toEqual(['COMPLETED', null]);
      expectNoDuplicates(await pipelineRows(database.db, id));
    }
    await delay(300);
    await stream.stop();

    // Pipeline A never saw the restart: each stage ran once and none failed.
    expect(pipelineLog(jobWorker, pipelineA, 'stage failed')).toEqual([]);
    expect(
      pipelineLog(jobWorker, pipelineA, 'stage started').filter((line) => line.stage === 'topicModeling'),
    ).toHaveLength(1);
    // Pipeline B's sentiment call waited for the new worker: no attempt failed, and the stage lasted the downtime.
    expect(pipelineLog(jobWorker, pipelineB, 'stage failed')).toEqual([]);
    const sentimentB = pipelineLog(jobWorker, pipelineB, 'stage finished').filter((line) => line.stage === 'sentiment');
    expect(sentimentB).toHaveLength(1);
    expect(sentimentB[0]?.durationMs).toBeGreaterThanOrEqual(DOWN_MS);

    // The API's clients saw nothing of it: every submission created and stored, no 5xx, no broken connection.
    expect(balancer.failures()).toEqual([]);
    expect(stream.answers.length).toBeGreaterThan(20);
    expect(stream.exhausted(), 'the stream ran out of submissions before the end').toBe(false);
    expect(stream.answers.filter((answer) => answer.status !== 201)).toEqual([]);
    expect(await storedSubmissions(database.db, stream.answers)).toBe(stream.answers.length);
    balancer.stop();
  }, 90_000);
});

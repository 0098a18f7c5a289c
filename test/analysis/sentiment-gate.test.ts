import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { createLanguageModelProvider } from '../../src/llm/index.js';
import { PipelineOrchestrator, passesGate } from '../../src/modules/analysis/pipeline-orchestrator.js';
import type { PipelineQueue } from '../../src/modules/analysis/pipeline-queue.js';
import { PipelineJob, type PipelineJobName } from '../../src/modules/analysis/pipeline-stages.js';
import { PipelinesRepository } from '../../src/modules/analysis/pipelines.repository.js';
import { ResultsRepository } from '../../src/modules/analysis/results.repository.js';
import type { SentimentLabel } from '../../src/engine/contracts.js';
import { createAndConfirm, demoDepartment } from '../support/pipeline-faults.js';
import { startPipelineStack } from '../support/pipeline-stack.js';
import { SUPER_ADMIN } from '../support/test-context.js';

/*
 * The sentiment gate's decision is stored with each sentiment result, as the sentiment stage stores the batch; the
 * gate stage then counts the decisions and rewrites no row, and decides only results stored without one. The
 * stages run here one at a time by the test (no job worker): each stage's next job is only recorded.
 */
const stack = await startPipelineStack({}, {}, { jobWorker: false });
const { client, database, api } = stack;
await seedDemo(api.app);
const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
const scope = await demoDepartment(database.db);
const results = new ResultsRepository(database.db);
const enqueued: PipelineJobName[] = [];
const queue = {
  enqueueStage: async (job: PipelineJobName) => {
    enqueued.push(job);
    return true;
  },
  enqueueAnalyticsRefresh: async () => undefined,
} as unknown as PipelineQueue;
const orchestrator = new PipelineOrchestrator(
  new PipelinesRepository(database.db),
  results,
  queue,
  createLanguageModelProvider({ model: 'local' }),
  {
    SENTIMENT_WORKER_URL: stack.environment.SENTIMENT_WORKER_URL,
    EMBEDDINGS_WORKER_URL: stack.environment.EMBEDDINGS_WORKER_URL,
    TOPIC_MODEL_WORKER_URL: stack.environment.TOPIC_MODEL_WORKER_URL,
    WORKER_TIMEOUT_MS: 30_000,
    WORKER_CONNECT_RETRY_MS: 0,
  },
);

interface StoredResult {
  submissionId: string;
  label: SentimentLabel;
  passed: boolean | null;
  text: string;
  /** The row version: it changes when the row is written again. */
  version: string;
}

async function storedResults(pipelineId: string): Promise<StoredResult[]> {
  const { rows } = await sql<StoredResult>`
    SELECT r.submission_id AS "submissionId", r.label, r.passed_topic_gate AS passed, s.cleaned_comment AS text,
      r.xmin::text AS version
    FROM sentiment_results r
    JOIN sentiment_runs run ON run.id = r.run_id
    JOIN submissions s ON s.id = r.submission_id
    WHERE run.pipeline_id = ${pipelineId}
    ORDER BY r.submission_id`.execute(database.db);
  return rows;
}

async function sentimentRunId(pipelineId: string): Promise<string> {
  const run = await results.sentimentRun(pipelineId);
  if (!run) throw new Error('no sentiment run');
  return run.id;
}

async function gateCounts(pipelineId: string) {
  return database.db
    .selectFrom('analysis_pipelines')
    .select(['status', 'sentiment_gate_included as included', 'sentiment_gate_excluded as excluded'])
    .where('id', '=', pipelineId)
    .executeTakeFirstOrThrow();
}

async function cancel(pipelineId: string): Promise<void> {
  const cancelled = await client.post(`/api/v1/analysis/pipelines/${pipelineId}/cancel`, undefined, admin);
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
}

describe('the sentiment gate', () => {
  it('is decided as each result is stored; the gate stage counts the decisions and rewrites no row', async () => {
    const id = await createAndConfirm(client, admin, scope);
    await orchestrator.run(PipelineJob.SENTIMENT, { pipelineId: id, attempt: 1 }, true);
    expect(enqueued.at(-1)).toBe(PipelineJob.SENTIMENT_GATE);
    const scored = await storedResults(id);
    expect(scored.length).toBeGreaterThan(20);
    for (const row of scored) expect(row.passed, row.text).toBe(passesGate(row.label, row.text));
    // The demo's comments include short positive ones, which the gate leaves out.
    expect(scored.some((row) => !row.passed)).toBe(true);

    await orchestrator.run(PipelineJob.SENTIMENT_GATE, { pipelineId: id, attempt: 1 }, true);
    expect(enqueued.at(-1)).toBe(PipelineJob.EMBEDDINGS);
    expect(await storedResults(id)).toEqual(scored);
    const included = scored.filter((row) => row.passed).length;
    expect(await gateCounts(id)).toEqual({
      status: 'TOPIC_MODELING',
      included,
      excluded: scored.length - included,
    });
    await cancel(id);
  });

  it('a result stored again replaces its decision; a stale attempt stores none; the gate decides results without one', async () => {
    const id = await createAndConfirm(client, admin, scope);
    const runId = await sentimentRunId(id);
    const [first, second] = await database.db
      .selectFrom('submissions')
      .select(['id', 'cleaned_comment as text'])
      .where('department_id', '=', scope.departmentId)
      .where('semester_id', '=', scope.semesterId)
      .where('cleaned_comment', 'is not', null)
      .orderBy('id')
      .limit(2)
      .execute();
    if (!first || !second) throw new Error('the demo department has too few comments');
    // An earlier attempt's result with a decision its scores would not give; a stale attempt's, refused.
    const scores = { positive: 1, neutral: 0, negative: 0, label: 'positive' as const };
    const wrong = !passesGate('positive', first.text as string);
    await results.storeSentimentResults(runId, { pipelineId: id, attempt: 1 }, [
      { submissionId: first.id, ...scores, passedGate: wrong },
    ]);
    await results.storeSentimentResults(runId, { pipelineId: id, attempt: 2 }, [
      { submissionId: second.id, ...scores, passedGate: true },
    ]);
    expect((await storedResults(id)).map((row) => [row.submissionId, row.passed])).toEqual([[first.id, wrong]]);

    await orchestrator.run(PipelineJob.SENTIMENT, { pipelineId: id, attempt: 1 }, true);
    const scored = await storedResults(id);
    for (const row of scored) expect(row.passed, row.text).toBe(passesGate(row.label, row.text));

    // Results stored without a decision (as a run scored before decisions were stored with the scores).
    const undecided = new Set(scored.filter((_, index) => index % 2 === 0).map((row) => row.submissionId));
    await database.db
      .updateTable('sentiment_results')
      .set({ passed_topic_gate: null })
      .where('run_id', '=', runId)
      .where('submission_id', 'in', [...undecided])
      .execute();
    const before = await storedResults(id);
    expect(before.filter((row) => row.passed === null)).toHaveLength(undecided.size);

    await orchestrator.run(PipelineJob.SENTIMENT_GATE, { pipelineId: id, attempt: 1 }, true);
    const after = await storedResults(id);
    for (const row of after) expect(row.passed, row.text).toBe(passesGate(row.label, row.text));
    // Only the undecided rows were written.
    after.forEach((row, index) => {
      const previous = before[index] as StoredResult;
      expect(row.version === previous.version, row.submissionId).toBe(!undecided.has(row.submissionId));
    });
    const included = after.filter((row) => row.passed).length;
    expect(await gateCounts(id)).toEqual({ status: 'TOPIC_MODELING', included, excluded: after.length - included });
    await cancel(id);
  });

  it('when no comment passes, FAILED with the gate counts and the small-corpus warning kept', async () => {
    const id = await createAndConfirm(client, admin, scope);
    await orchestrator.run(PipelineJob.SENTIMENT, { pipelineId: id, attempt: 1 }, true);
    const runId = await sentimentRunId(id);
    // Every comment a short positive one, as far as the gate can tell.
    await database.db
      .updateTable('sentiment_results')
      .set({ passed_topic_gate: false })
      .where('run_id', '=', runId)
      .execute();
    const scored = await storedResults(id);

    await expect(orchestrator.run(PipelineJob.SENTIMENT_GATE, { pipelineId: id, attempt: 1 }, true)).rejects.toThrow(
      /no comment passed the sentiment gate/,
    );
    expect(await gateCounts(id)).toEqual({ status: 'FAILED', included: 0, excluded: scored.length });
    const status = await client.get(`/api/v1/analysis/pipelines/${id}/status`, admin);
    expect(status.body).toMatchObject({
      status: 'FAILED',
      sentimentGate: { included: 0, excluded: scored.length },
      stages: { sentiment: 'completed', sentimentGate: 'failed', topicModeling: 'skipped' },
    });
    expect(status.body.warnings).toContain('small_post_gate_corpus');
    expect(status.body.errorMessage).toMatch(/^sentimentGate: no comment passed the sentiment gate/);
  });
});

import { setTimeout as delay } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, expect } from 'vitest';
import type { DatabaseClient } from '../../src/common/database/database.js';
import { PIPELINE_QUEUE } from '../../src/modules/analysis/pipeline-stages.js';
import type { ApiClient } from './test-context.js';

/** What the fault tests run pipelines on: a department of the demo seed (a few dozen commented submissions). */
export interface DepartmentScope {
  semesterId: string;
  departmentId: string;
}

/** The demo's CCS department in its 2nd semester of 2024-2025 (seedDemo must have run). */
export async function demoDepartment(db: DatabaseClient): Promise<DepartmentScope> {
  const row = await db
    .selectFrom('departments as d')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['d.id as departmentId', 's.id as semesterId'])
    .where('d.code', '=', 'CCS')
    .where('s.code', '=', 'S22425')
    .where('c.code', '=', 'MAIN')
    .executeTakeFirstOrThrow();
  return row;
}

/** Creates and confirms a department pipeline; the previous one of the scope must have ended. */
export async function createAndConfirm(client: ApiClient, token: string, scope: DepartmentScope): Promise<string> {
  const created = await client.post(
    '/api/v1/analysis/pipelines',
    { semesterId: scope.semesterId, scopeType: 'DEPARTMENT', scopeId: scope.departmentId },
    token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.status, 'a pipeline of this scope is still running').toBe('AWAITING_CONFIRMATION');
  const confirmed = await client.post(`/api/v1/analysis/pipelines/${created.body.id}/confirm`, undefined, token);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return created.body.id as string;
}

export interface PipelineRows {
  /** Submissions of the scope with a cleaned comment: what the sentiment stage scores. */
  commentedSubmissions: number;
  sentimentRuns: number;
  sentimentResults: number;
  topicModelRuns: number;
  topics: number;
  assignments: number;
  /** Distinct (topic, submission) pairs among the assignments. */
  distinctAssignments: number;
  dominantAssignments: number;
  /** Submissions with a dominant assignment: equal to dominantAssignments when each has one. */
  submissionsWithDominant: number;
  recommendationRuns: number;
  recommendedActions: number;
}

/** Every row the stages wrote for one pipeline, counted. */
export async function pipelineRows(db: DatabaseClient, pipelineId: string): Promise<PipelineRows> {
  const { rows } = await sql<Record<keyof PipelineRows, number>>`
    WITH p AS (SELECT * FROM analysis_pipelines WHERE id = ${pipelineId}),
    tm AS (SELECT id FROM topic_model_runs WHERE pipeline_id = ${pipelineId}),
    t AS (SELECT id FROM topics WHERE run_id IN (SELECT id FROM tm)),
    a AS (SELECT * FROM topic_assignments WHERE topic_id IN (SELECT id FROM t))
    SELECT
      (SELECT count(*)::int FROM submissions s, p WHERE s.semester_id = p.semester_id
        AND s.department_id = p.department_id AND s.cleaned_comment IS NOT NULL) AS "commentedSubmissions",
      (SELECT count(*)::int FROM sentiment_runs WHERE pipeline_id = ${pipelineId}) AS "sentimentRuns",
      (SELECT count(*)::int FROM sentiment_results r JOIN sentiment_runs sr ON sr.id = r.run_id
        WHERE sr.pipeline_id = ${pipelineId}) AS "sentimentResults",
      (SELECT count(*)::int FROM tm) AS "topicModelRuns",
      (SELECT count(*)::int FROM t) AS "topics",
      (SELECT count(*)::int FROM a) AS "assignments",
      (SELECT count(DISTINCT (topic_id, submission_id))::int FROM a) AS "distinctAssignments",
      (SELECT count(*)::int FROM a WHERE is_dominant) AS "dominantAssignments",
      (SELECT count(DISTINCT submission_id)::int FROM a WHERE is_dominant) AS "submissionsWithDominant",
      (SELECT count(*)::int FROM recommendation_runs WHERE pipeline_id = ${pipelineId}) AS "recommendationRuns",
      (SELECT count(*)::int FROM recommended_actions ra JOIN recommendation_runs rr ON rr.id = ra.run_id
        WHERE rr.pipeline_id = ${pipelineId}) AS "recommendedActions"
  `.execute(db);
  return rows[0] as PipelineRows;
}

/** The rows of a COMPLETED pipeline, each written once: the acceptance of issue 10's fault tests. */
export function expectNoDuplicates(rows: PipelineRows): void {
  expect(rows.commentedSubmissions).toBeGreaterThan(0);
  expect(rows.sentimentRuns).toBe(1);
  expect(rows.sentimentResults).toBe(rows.commentedSubmissions);
  expect(rows.topicModelRuns).toBe(1);
  expect(rows.topics).toBeGreaterThan(0);
  expect(rows.assignments).toBe(rows.distinctAssignments);
  expect(rows.dominantAssignments).toBe(rows.submissionsWithDominant);
  expect(rows.recommendationRuns).toBe(1);
  expect(rows.recommendedActions).toBeGreaterThanOrEqual(3);
  expect(rows.recommendedActions).toBeLessThanOrEqual(7);
}

/** The pipeline row as stored: what "nothing changed" compares. */
export function storedPipeline(db: DatabaseClient, pipelineId: string) {
  return db
    .selectFrom('analysis_pipelines')
    .select(['status', 'stages', 'error_message', 'stage_attempt', 'completed_at', 'updated_at'])
    .where('id', '=', pipelineId)
    .executeTakeFirstOrThrow();
}

/** A producer of the stack's stage queue, as the service's own (same Redis, same prefix); closed after the file. */
export function stageQueue(environment: Record<string, string>): Queue {
  const connection = new Redis(environment.CACHE_URL as string, { maxRetriesPerRequest: 1 });
  connection.on('error', () => undefined);
  const queue = new Queue(PIPELINE_QUEUE, { connection, prefix: `${environment.CACHE_KEY_PREFIX}bull` });
  queue.on('error', () => undefined);
  afterAll(async () => {
    await queue.close().catch(() => undefined);
    connection.disconnect();
  });
  return queue;
}

/** Waits until the queue's job `jobId` is in one of `states`; answers the state. */
export async function waitForJobState(queue: Queue, jobId: string, states: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let state = 'missing';
  while (Date.now() < deadline) {
    const job = await queue.getJob(jobId);
    state = job ? await job.getState() : 'missing';
    if (states.includes(state)) return state;
    await delay(50);
  }
  throw new Error(`job ${jobId} is ${state}, not ${states.join('/')}`);
}

/** Polls `check` until it answers true. */
export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await delay(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultsRepository, type AssignmentWrite } from '../../src/modules/analysis/results.repository.js';
import { createTestDatabase } from '../support/test-context.js';

/**
 * The topic stage's write (ResultsRepository.insertTopicModel): every kept assignment stored with the very float8
 * it was given, in chunks of 500, isDominant on each submission's most probable topic (the first of a tie), and
 * assignments of a topic the run does not have left out.
 */

const { db } = await createTestDatabase();
const results = new ResultsRepository(db);
let pipelineId: string;

beforeAll(async () => {
  const pipeline = await sql<{ id: string }>`
    WITH campus AS (INSERT INTO campuses (code, name) VALUES ('MAIN', 'Main') RETURNING id),
    semester AS (
      INSERT INTO semesters (campus_id, code, label, academic_year, start_date, end_date)
      SELECT id, 'S12526', 'l', '2025-2026', '2025-08-01', '2025-12-31' FROM campus RETURNING id, campus_id
    )
    INSERT INTO analysis_pipelines (semester_id, scope_type, scope_id, status)
    SELECT id, 'CAMPUS', campus_id, 'TOPIC_MODELING' FROM semester
    RETURNING id`.execute(db);
  pipelineId = pipeline.rows[0]?.id as string;
});

describe('insertTopicModel', () => {
  it('stores each kept assignment with its exact probability and the dominant one of each submission', async () => {
    const odd = [0.1 + 0.2, 1 / 3, 0.010000000000000002, 0.9999999999999999, 2 / 3, 0.12345678901234568, 5e-1];
    const submissions = Array.from({ length: 700 }, () => randomUUID());
    const assignments: AssignmentWrite[] = submissions.flatMap((submissionId, index) => [
      { submissionId, topicIndex: index % 3, probability: odd[index % odd.length] as number },
      // A tie on every fifth submission: the first of the two assignments is the dominant one.
      {
        submissionId,
        topicIndex: (index % 3) + 1,
        probability: index % 5 === 0 ? (odd[index % odd.length] as number) : 0.0123,
      },
    ]);
    // A topic the run does not have: left out.
    assignments.push({ submissionId: randomUUID(), topicIndex: 9, probability: 0.5 });
    const topics = [0, 1, 2, 3].map((topicIndex) => ({
      topicIndex,
      rawLabel: `topic ${topicIndex}`,
      keywords: ['word'],
      docCount: 1,
    }));
    const runId = await db
      .transaction()
      .execute((trx) =>
        results.insertTopicModel(
          trx,
          pipelineId,
          { documentCount: 700, outlierCount: 0, metrics: {}, workerVersion: 'test' },
          topics,
          assignments,
        ),
      );
    const stored = await sql<{ submissionId: string; topicIndex: number; probability: number; dominant: boolean }>`
      SELECT a.submission_id AS "submissionId", t.topic_index AS "topicIndex", a.probability, a.is_dominant AS dominant
      FROM topic_assignments a JOIN topics t ON t.id = a.topic_id
      WHERE t.run_id = ${runId}`.execute(db);
    const key = (row: { submissionId: string; topicIndex: number }) => `${row.submissionId} ${row.topicIndex}`;
    const byKey = new Map(stored.rows.map((row) => [key(row), row]));
    expect(stored.rows).toHaveLength(1_400);
    for (const [index, assignment] of assignments.slice(0, -1).entries()) {
      const row = byKey.get(key(assignment));
      expect(row?.probability).toBe(assignment.probability);
      const first = index % 2 === 0;
      const tie = Math.floor(index / 2) % 5 === 0;
      // Whether the submission's first assignment is the more probable one.
      const firstHigher = (assignments[index - (index % 2)] as AssignmentWrite).probability > 0.0123;
      expect({ index, dominant: row?.dominant }).toEqual({ index, dominant: tie || firstHigher ? first : !first });
    }
  });
});

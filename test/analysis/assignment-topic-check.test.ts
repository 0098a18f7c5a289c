import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { createTestDatabase } from '../support/test-context.js';

/**
 * Migration 0010: the assignments' foreign key to their topic is statement-level triggers. The rules the key kept
 * hold: no assignment of a topic that does not exist, deleting (or truncating) topics deletes their assignments,
 * a named topic's id does not change, and a topic being named in one transaction cannot be deleted in another.
 */

const scratch = await createTestDatabase();
const { db } = scratch;

let topicIds: string[];

async function assignments(topicId?: string): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM topic_assignments WHERE ${topicId === undefined ? sql`true` : sql`topic_id = ${topicId}`}`.execute(
    db,
  );
  return result.rows[0]?.n ?? 0;
}

/** A pipeline with a topic model run of `count` topics, two assignments each; returns the topic ids. */
async function topicModel(count: number): Promise<{ pipeline: string; topics: string[] }> {
  const pipeline = await sql<{ id: string }>`
    INSERT INTO analysis_pipelines (semester_id, scope_type, scope_id, status)
    SELECT id, 'CAMPUS', campus_id, 'COMPLETED' FROM semesters LIMIT 1
    RETURNING id`.execute(db);
  const id = pipeline.rows[0]?.id as string;
  const run = await sql<{ id: string }>`
    INSERT INTO topic_model_runs (pipeline_id, topic_count, outlier_count, document_count, metrics)
    VALUES (${id}, ${count}, 0, ${count * 2}, '{}') RETURNING id`.execute(db);
  const topics = await sql<{ id: string }>`
    INSERT INTO topics (run_id, topic_index, raw_label, keywords, doc_count)
    SELECT ${run.rows[0]?.id}, n, 'topic ' || n, ARRAY['word'], 2 FROM generate_series(0, ${count - 1}) AS n
    RETURNING id`.execute(db);
  const ids = topics.rows.map((row) => row.id);
  await insertAssignments(ids.flatMap((topicId) => [topicId, topicId]));
  return { pipeline: id, topics: ids };
}

function insertAssignments(topicOfEach: readonly string[]) {
  return sql`
    INSERT INTO topic_assignments (topic_id, submission_id, probability, is_dominant)
    SELECT * FROM unnest(
      ${sql.val(topicOfEach)}::uuid[],
      ${sql.val(topicOfEach.map(() => randomUUID()))}::uuid[],
      ${sql.val(topicOfEach.map(() => 0.5))}::float8[],
      ${sql.val(topicOfEach.map(() => true))}::boolean[]
    )`.execute(db);
}

beforeAll(async () => {
  await sql`
    INSERT INTO campuses (code, name) VALUES ('MAIN', 'Main');
    INSERT INTO semesters (campus_id, code, label, academic_year, start_date, end_date)
      SELECT id, 'S12526', 'l', '2025-2026', '2025-08-01', '2025-12-31' FROM campuses;
  `.execute(db);
  ({ topics: topicIds } = await topicModel(3));
});

describe('topic assignments without a foreign key to their topic (migration 0010)', () => {
  it('refuses a statement with one assignment of a topic that does not exist, writing none of it', async () => {
    const before = await assignments();
    const error = await insertAssignments([topicIds[0] as string, randomUUID()]).then(
      () => undefined,
      (caught: unknown) => caught as { code?: string; message?: string },
    );
    expect(error?.code).toBe('23503');
    expect(error?.message).toMatch(/names a topic that does not exist/);
    expect(await assignments()).toBe(before);
    await expect(
      sql`UPDATE topic_assignments SET topic_id = ${randomUUID()} WHERE topic_id = ${topicIds[0]}`.execute(db),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('deletes the assignments of deleted topics, and of a deleted pipeline through its run, and no others', async () => {
    const other = await topicModel(2);
    expect(await assignments(topicIds[1])).toBe(2);
    await sql`DELETE FROM topics WHERE id = ${topicIds[1]}`.execute(db);
    expect(await assignments(topicIds[1])).toBe(0);
    expect(await assignments(topicIds[0])).toBe(2);

    await sql`DELETE FROM analysis_pipelines WHERE id = ${other.pipeline}`.execute(db);
    for (const topic of other.topics) expect(await assignments(topic)).toBe(0);
    expect(await assignments(topicIds[0])).toBe(2);
    expect(await assignments(topicIds[2])).toBe(2);
  });

  it('keeps the id of a topic that assignments name', async () => {
    await expect(
      sql`UPDATE topics SET id = ${randomUUID()} WHERE id = ${topicIds[0]}`.execute(db),
    ).rejects.toMatchObject({ code: '23503' });
    const unnamed = await topicModel(1);
    await sql`DELETE FROM topic_assignments WHERE topic_id = ${unnamed.topics[0]}`.execute(db);
    await sql`UPDATE topics SET id = ${randomUUID()} WHERE id = ${unnamed.topics[0]}`.execute(db);
  });

  it('makes a delete of a topic wait for a transaction writing its assignments, then removes them too', async () => {
    const { topics } = await topicModel(1);
    const topic = topics[0] as string;
    const writer = new pg.Client({ connectionString: scratch.url });
    const deleter = new pg.Client({ connectionString: scratch.url });
    await Promise.all([writer.connect(), deleter.connect()]);
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO topic_assignments (topic_id, submission_id, probability, is_dominant) VALUES ($1, $2, 0.4, false)`,
        [topic, randomUUID()],
      );
      await deleter.query(`SET lock_timeout = '5s'`);
      let deleted = false;
      const deleting = deleter.query('DELETE FROM topics WHERE id = $1', [topic]).then(() => (deleted = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deleted).toBe(false); // held by the writer's lock on the topic
      await writer.query('COMMIT');
      await deleting;
      expect(await assignments(topic)).toBe(0);
    } finally {
      await Promise.all([writer.end(), deleter.end()]);
    }
  });

  it('refuses assignments of a topic another transaction deleted and committed meanwhile', async () => {
    const { topics } = await topicModel(1);
    const topic = topics[0] as string;
    const deleter = new pg.Client({ connectionString: scratch.url });
    const writer = new pg.Client({ connectionString: scratch.url });
    await Promise.all([writer.connect(), deleter.connect()]);
    try {
      await deleter.query('BEGIN');
      await deleter.query('DELETE FROM topics WHERE id = $1', [topic]);
      await writer.query(`SET lock_timeout = '5s'`);
      const writing = writer
        .query(
          `INSERT INTO topic_assignments (topic_id, submission_id, probability, is_dominant) VALUES ($1, $2, 0.4, false)`,
          [topic, randomUUID()],
        )
        .then(
          () => undefined,
          (caught: unknown) => caught as { code?: string },
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await deleter.query('COMMIT');
      expect((await writing)?.code).toBe('23503');
      expect(await assignments(topic)).toBe(0);
    } finally {
      await Promise.all([writer.end(), deleter.end()]);
    }
  });

  it('empties the assignments when topics are truncated, and the down migration brings the foreign key back', async () => {
    expect(await assignments()).toBeGreaterThan(0);
    await sql`TRUNCATE topics`.execute(db);
    expect(await assignments()).toBe(0);

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0009-assignment-submission-fk')).error).toBeUndefined();
    const keys = await sql<{ name: string }>`
      SELECT conname AS name FROM pg_constraint WHERE conrelid = 'topic_assignments'::regclass AND contype = 'f'`.execute(
      db,
    );
    expect(keys.rows.map((row) => row.name)).toEqual(['topic_assignments_topic_id_fkey']);
    await expect(insertAssignments([randomUUID()])).rejects.toMatchObject({ code: '23503' });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const after = await sql<{ name: string }>`
      SELECT conname AS name FROM pg_constraint WHERE conrelid = 'topic_assignments'::regclass AND contype = 'f'`.execute(
      db,
    );
    expect(after.rows).toEqual([]);
  });
});

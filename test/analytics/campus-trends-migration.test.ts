import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { createTestDatabase } from '../support/test-context.js';

/**
 * Migration 0014: mv_faculty_trends is keyed by faculty, department AND campus, and mv_faculty_semester_stats
 * counts each submission's dominant topic in its latest completed topic-model run that received it. Its `down`
 * builds the views of 0005 + 0011 again; both states refresh concurrently.
 *
 * Data: fac.one teaches CCS at MAIN (S1 at 80, S2 at 70, two submissions each) and at NORTH (N2, starting with
 * S2, one submission at 0). S2 has two completed pipelines: P1 (older) gives submissions a and b the dominant
 * topics T1 and T2; P2 (newer) gives a T3, and b passed P2's gate but is an outlier there.
 */

const scratch = await createTestDatabase();
const { db } = scratch;
const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });

async function refreshConcurrently() {
  await sql`REFRESH MATERIALIZED VIEW CONCURRENTLY mv_faculty_semester_stats`.execute(db);
  await sql`REFRESH MATERIALIZED VIEW CONCURRENTLY mv_faculty_trends`.execute(db);
}

async function trendKey(): Promise<string> {
  const { rows } = await sql<{ definition: string }>`
    SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'mv_faculty_trends_key'`.execute(db);
  return rows[0]!.definition.replace(/^.*\((.*)\)$/, '$1');
}

async function trends() {
  const { rows } = await sql<{ semesters: number; score: number; latest: string }>`
    SELECT t.semester_count::int AS semesters, t.latest_avg_normalized_score AS score, s.code AS latest
    FROM mv_faculty_trends t JOIN semesters s ON s.id = t.latest_semester_id
    ORDER BY t.semester_count`.execute(db);
  return rows;
}

async function topicsAtS2(): Promise<number> {
  const { rows } = await sql<{ topics: number }>`
    SELECT m.distinct_topic_count::int AS topics FROM mv_faculty_semester_stats m
    JOIN semesters s ON s.id = m.semester_id WHERE s.code = 'S22425'
      AND s.campus_id = (SELECT id FROM campuses WHERE code = 'MAIN')`.execute(db);
  return rows[0]!.topics;
}

beforeAll(async () => {
  await sql`
    INSERT INTO campuses (code, name) VALUES ('MAIN', 'Main'), ('NORTH', 'North');
    INSERT INTO semesters (campus_id, code, label, academic_year, start_date, end_date)
    SELECT c.id, v.code, v.code, '2024-2025', v.start::date, v.finish::date
    FROM (VALUES ('MAIN', 'S12425', '2024-08-01', '2024-12-20'), ('MAIN', 'S22425', '2025-01-15', '2025-05-30'),
      ('NORTH', 'S22425', '2025-01-15', '2025-05-30')) AS v(campus, code, start, finish)
    JOIN campuses c ON c.code = v.campus;
    INSERT INTO users (username, full_name) VALUES ('fac.one', 'Faculty One');
    INSERT INTO users (username, full_name) SELECT 'stu.' || n, 'Student ' || n FROM generate_series(1, 2) n;
    INSERT INTO questionnaires (title, type_id, status)
    SELECT 'Feedback', id, 'PUBLISHED' FROM questionnaire_types WHERE code = 'FACULTY_FEEDBACK';
    INSERT INTO questionnaire_versions (questionnaire_id, version_number, status, schema_snapshot, published_at)
    SELECT id, 1, 'ACTIVE', '{}', now() FROM questionnaires;
    INSERT INTO submissions (version_id, questionnaire_id, questionnaire_type_code, respondent_id, faculty_id,
      semester_id, campus_id, qualitative_comment, cleaned_comment, normalized_score, campus_code_snapshot,
      campus_name_snapshot, department_code_snapshot, program_code_snapshot, faculty_username_snapshot,
      faculty_name_snapshot, semester_code_snapshot, semester_label_snapshot, academic_year_snapshot)
    SELECT v.id, v.questionnaire_id, 'FACULTY_FEEDBACK', stu.id, fac.id, s.id, s.campus_id, 'comment ' || stu.username,
      'comment ' || stu.username, CASE WHEN c.code = 'NORTH' THEN 0 WHEN s.code = 'S12425' THEN 80 ELSE 70 END,
      c.code, c.name, 'CCS', 'BSIT', 'fac.one', 'Faculty One', s.code, s.label, s.academic_year
    FROM questionnaire_versions v, semesters s JOIN campuses c ON c.id = s.campus_id, users fac, users stu
    WHERE fac.username = 'fac.one' AND stu.username LIKE 'stu.%' AND (c.code = 'MAIN' OR stu.username = 'stu.1');
  `.execute(db);
  const { rows } = await sql<{ id: string; username: string; semesterId: string }>`
    SELECT sub.id, u.username, sub.semester_id AS "semesterId" FROM submissions sub
    JOIN users u ON u.id = sub.respondent_id JOIN semesters s ON s.id = sub.semester_id
    JOIN campuses c ON c.id = s.campus_id WHERE c.code = 'MAIN' AND s.code = 'S22425'`.execute(db);
  const a = rows.find((row) => row.username === 'stu.1')!;
  const b = rows.find((row) => row.username === 'stu.2')!;
  /** A completed pipeline at `at` whose topic model gives `dominant` (submission id → topic name). */
  const pipeline = async (at: string, dominant: Array<[string, string]>) => {
    const { rows: created } = await sql<{ pipeline: string; sentiment: string; topics: string }>`
      WITH pipeline AS (
        INSERT INTO analysis_pipelines (semester_id, scope_type, scope_id, status, created_at, completed_at, stages)
        SELECT id, 'CAMPUS', campus_id, 'COMPLETED', ${at}::timestamptz, ${at}::timestamptz, '{}'
        FROM semesters WHERE id = ${a.semesterId} RETURNING id
      ),
      sentiment AS (
        INSERT INTO sentiment_runs (pipeline_id, status, created_at) SELECT id, 'COMPLETED', ${at} FROM pipeline
        RETURNING id
      ),
      topics AS (
        INSERT INTO topic_model_runs (pipeline_id, topic_count, outlier_count, document_count, metrics, created_at)
        SELECT id, 1, 1, 2, '{}', ${at} FROM pipeline RETURNING id
      )
      SELECT pipeline.id AS pipeline, sentiment.id AS sentiment, topics.id AS topics FROM pipeline, sentiment, topics`.execute(
      db,
    );
    const run = created[0]!;
    await sql`
      INSERT INTO sentiment_results (run_id, submission_id, positive, neutral, negative, label, passed_topic_gate,
        created_at)
      SELECT ${run.sentiment}::uuid, id, 0.8, 0.1, 0.1, 'positive', true, ${at} FROM unnest(${sql.val([a.id, b.id])}::uuid[]) id
    `.execute(db);
    for (const [index, [submission, name]] of dominant.entries())
      await sql`
        WITH topic AS (
          INSERT INTO topics (run_id, topic_index, raw_label, keywords, doc_count)
          VALUES (${run.topics}, ${index}, ${name}, '{}', 1) RETURNING id
        )
        INSERT INTO topic_assignments (topic_id, submission_id, probability, is_dominant)
        SELECT id, ${submission}, 0.9, true FROM topic`.execute(db);
  };
  await pipeline('2025-06-01T00:00:00Z', [
    [a.id, 'T1'],
    [b.id, 'T2'],
  ]);
  await pipeline('2025-06-02T00:00:00Z', [[a.id, 'T3']]);
  await refreshConcurrently();
});

describe('migration 0014-campus-trends-topic-runs', () => {
  it('keys the trends by campus and counts topics in the latest run that received each submission', async () => {
    expect(await trendKey()).toBe('faculty_id, department_code_snapshot, campus_id');
    expect(await trends()).toEqual([
      { semesters: 1, score: 0, latest: 'S22425' },
      { semesters: 2, score: 70, latest: 'S22425' },
    ]);
    // a: T3 (P2); b: an outlier of P2, its latest run, so not P1's T2.
    expect(await topicsAtS2()).toBe(1);
  });

  it('down builds the views of 0005 + 0011 again, and up this migration again; both refresh concurrently', async () => {
    expect((await migrator.migrateTo('0013-refresh-retry')).error).toBeUndefined();
    expect(await trendKey()).toBe('faculty_id, department_code_snapshot');
    await refreshConcurrently();
    // The defects, as they were: one series over both campuses, and P1's T2 for b.
    expect((await trends()).map((row) => row.semesters)).toEqual([3]);
    expect(await topicsAtS2()).toBe(2);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await refreshConcurrently();
    expect(await trendKey()).toBe('faculty_id, department_code_snapshot, campus_id');
    expect((await trends()).map((row) => row.semesters)).toEqual([1, 2]);
    expect(await topicsAtS2()).toBe(1);
  });
});

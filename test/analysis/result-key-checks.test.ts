import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { createTestDatabase } from '../support/test-context.js';

/**
 * Migration 0012: the foreign keys of `sentiment_results` (to its run and its submission) and of
 * `submission_embeddings` (to its submission) are statement-level triggers. The rules the keys kept hold: no row
 * names a run or a submission that does not exist, deleting a run deletes its results, deleting a submission
 * deletes its embeddings and is refused while a result names it, a named id does not change, and a delete of a
 * submission waits for the transactions writing results or embeddings, so none is left naming it.
 */

const scratch = await createTestDatabase();
const { db } = scratch;

let semesterId: string;

async function count(table: 'sentiment_results' | 'submission_embeddings', where = sql`true`): Promise<number> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${where}`.execute(
    db,
  );
  return result.rows[0]?.n ?? 0;
}

/** `n` submissions (each of its own respondent); returns their ids. */
async function submissions(n: number): Promise<string[]> {
  const result = await sql<{ id: string }>`
    WITH respondents AS (
      INSERT INTO users (username, full_name)
      SELECT 'student.' || gen_random_uuid(), 'Student' FROM generate_series(1, ${n})
      RETURNING id
    )
    INSERT INTO submissions (version_id, questionnaire_id, questionnaire_type_code, respondent_id, faculty_id,
      semester_id, campus_id, campus_code_snapshot, campus_name_snapshot, faculty_username_snapshot,
      faculty_name_snapshot, semester_code_snapshot, semester_label_snapshot, academic_year_snapshot)
    SELECT v.id, q.id, 'FACULTY_FEEDBACK', r.id, f.id, s.id, s.campus_id, 'MAIN', 'Main', 'fac.one', 'Faculty One',
      'S12526', 'l', '2025-2026'
    FROM respondents r, questionnaire_versions v
    JOIN questionnaires q ON q.id = v.questionnaire_id, users f, semesters s
    WHERE f.username = 'fac.one' AND s.id = ${semesterId}
    RETURNING submissions.id`.execute(db);
  return result.rows.map((row) => row.id);
}

/** A pipeline with a sentiment run; returns both ids. */
async function sentimentRun(): Promise<{ pipeline: string; run: string }> {
  const pipeline = await sql<{ id: string }>`
    INSERT INTO analysis_pipelines (semester_id, scope_type, scope_id, status)
    SELECT id, 'CAMPUS', campus_id, 'COMPLETED' FROM semesters WHERE id = ${semesterId}
    RETURNING id`.execute(db);
  const id = pipeline.rows[0]?.id as string;
  const run = await sql<{ id: string }>`INSERT INTO sentiment_runs (pipeline_id) VALUES (${id}) RETURNING id`.execute(
    db,
  );
  return { pipeline: id, run: run.rows[0]?.id as string };
}

function insertResults(runId: string, submissionIds: readonly string[]) {
  return sql`
    INSERT INTO sentiment_results (run_id, submission_id, positive, neutral, negative, label)
    SELECT ${runId}::uuid, s, 0.2, 0.3, 0.5, 'negative' FROM unnest(${sql.val(submissionIds)}::uuid[]) AS s
    ON CONFLICT (run_id, submission_id) DO UPDATE SET positive = excluded.positive`.execute(db);
}

function insertEmbeddings(submissionIds: readonly string[]) {
  return sql`
    INSERT INTO submission_embeddings (submission_id, model, dimensions, embedding)
    SELECT s, 'local', 2, decode('0000803f00000000', 'hex') FROM unnest(${sql.val(submissionIds)}::uuid[]) AS s
    ON CONFLICT (submission_id) DO UPDATE SET model = excluded.model`.execute(db);
}

async function refusal(statement: Promise<unknown>): Promise<{ code?: string; message?: string } | undefined> {
  return statement.then(
    () => undefined,
    (caught: unknown) => caught as { code?: string; message?: string },
  );
}

interface Statement {
  text: string;
  values: unknown[];
}

const resultRow = (runId: string, submissionId: string): Statement => ({
  text: `INSERT INTO sentiment_results (run_id, submission_id, positive, neutral, negative, label)
         VALUES ($1, $2, 0.1, 0.8, 0.1, 'neutral')`,
  values: [runId, submissionId],
});

const embeddingRow = (submissionId: string): Statement => ({
  text: `INSERT INTO submission_embeddings (submission_id, model, dimensions, embedding)
         VALUES ($1, 'local', 1, decode('0000803f', 'hex'))`,
  values: [submissionId],
});

/** Two connections of their own (a writer and a deleter), each waiting at most 5 s for a lock, closed after `use`. */
async function withTwoClients<T>(use: (writer: pg.Client, deleter: pg.Client) => Promise<T>): Promise<T> {
  const writer = new pg.Client({ connectionString: scratch.url });
  const deleter = new pg.Client({ connectionString: scratch.url });
  await Promise.all([writer.connect(), deleter.connect()]);
  try {
    await Promise.all([writer.query(`SET lock_timeout = '5s'`), deleter.query(`SET lock_timeout = '5s'`)]);
    return await use(writer, deleter);
  } finally {
    await Promise.all([writer.end(), deleter.end()]);
  }
}

const moment = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Deletes the submission while another transaction has written `write` and not committed: whether the delete was
 * still waiting 300 ms later, and how it ended once the writer committed.
 */
function deleteWhileWriting(submissionId: string, write: Statement) {
  return withTwoClients(async (writer, deleter) => {
    await writer.query('BEGIN');
    await writer.query(write.text, write.values);
    let settled = false;
    const deleting = refusal(deleter.query('DELETE FROM submissions WHERE id = $1', [submissionId])).finally(
      () => (settled = true),
    );
    await moment();
    const waited = !settled;
    await writer.query('COMMIT');
    return { waited, error: await deleting };
  });
}

/** Runs `write` while another transaction has deleted the submission and not committed; how it ended after the commit. */
function writeWhileDeleting(submissionId: string, write: Statement) {
  return withTwoClients(async (writer, deleter) => {
    await deleter.query('BEGIN');
    await deleter.query('DELETE FROM submissions WHERE id = $1', [submissionId]);
    const writing = refusal(writer.query(write.text, write.values));
    await moment();
    await deleter.query('COMMIT');
    return writing;
  });
}

beforeAll(async () => {
  const semester = await sql<{ id: string }>`
    WITH campus AS (INSERT INTO campuses (code, name) VALUES ('MAIN', 'Main') RETURNING id),
    faculty AS (INSERT INTO users (username, full_name) VALUES ('fac.one', 'Faculty One')),
    questionnaire AS (
      INSERT INTO questionnaires (title, type_id, status)
      SELECT 'Feedback', id, 'PUBLISHED' FROM questionnaire_types WHERE code = 'FACULTY_FEEDBACK'
      RETURNING id
    ),
    version AS (
      INSERT INTO questionnaire_versions (questionnaire_id, version_number, status, schema_snapshot, published_at)
      SELECT id, 1, 'ACTIVE', '{}', now() FROM questionnaire
    )
    INSERT INTO semesters (campus_id, code, label, academic_year, start_date, end_date)
    SELECT id, 'S12526', 'l', '2025-2026', '2025-08-01', '2025-12-31' FROM campus
    RETURNING id`.execute(db);
  semesterId = semester.rows[0]?.id as string;
});

describe('sentiment results and embeddings without foreign keys (migration 0012)', () => {
  it('refuses a statement naming a submission or a run that does not exist, writing none of it', async () => {
    const [known] = await submissions(1);
    const { run } = await sentimentRun();
    const before = await count('sentiment_results');

    const unknownSubmission = await refusal(insertResults(run, [known as string, randomUUID()]));
    expect(unknownSubmission?.code).toBe('23503');
    expect(unknownSubmission?.message).toMatch(/names a submission that does not exist/);
    const unknownRun = await refusal(insertResults(randomUUID(), [known as string]));
    expect(unknownRun?.code).toBe('23503');
    expect(unknownRun?.message).toMatch(/names a sentiment run that does not exist/);
    expect(await count('sentiment_results')).toBe(before);

    const embeddingsBefore = await count('submission_embeddings');
    const unknownEmbedded = await refusal(insertEmbeddings([known as string, randomUUID()]));
    expect(unknownEmbedded?.code).toBe('23503');
    expect(unknownEmbedded?.message).toMatch(/"submission_embeddings" names a submission that does not exist/);
    expect(await count('submission_embeddings')).toBe(embeddingsBefore);

    // A written row cannot be moved to a key that does not exist either, by update or by an upsert's update.
    await insertResults(run, [known as string]);
    await insertEmbeddings([known as string]);
    await expect(
      sql`UPDATE sentiment_results SET submission_id = ${randomUUID()} WHERE run_id = ${run}`.execute(db),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(
      sql`UPDATE submission_embeddings SET submission_id = ${randomUUID()} WHERE submission_id = ${known}`.execute(db),
    ).rejects.toMatchObject({ code: '23503' });
    await insertResults(run, [known as string]); // the upsert's update path, on keys that exist
    expect(await count('sentiment_results', sql`run_id = ${run}`)).toBe(1);
  });

  it('deletes the results of a deleted run (and of a deleted pipeline through its run), and no others', async () => {
    const ids = await submissions(3);
    const kept = await sentimentRun();
    const dropped = await sentimentRun();
    const viaPipeline = await sentimentRun();
    for (const { run } of [kept, dropped, viaPipeline]) await insertResults(run, ids);

    await sql`DELETE FROM sentiment_runs WHERE id = ${dropped.run}`.execute(db);
    expect(await count('sentiment_results', sql`run_id = ${dropped.run}`)).toBe(0);
    await sql`DELETE FROM analysis_pipelines WHERE id = ${viaPipeline.pipeline}`.execute(db);
    expect(await count('sentiment_results', sql`run_id = ${viaPipeline.run}`)).toBe(0);
    expect(await count('sentiment_results', sql`run_id = ${kept.run}`)).toBe(3);
  });

  it('deletes the embeddings of a deleted submission, and refuses to delete one that a result names', async () => {
    const [free, scored] = await submissions(2);
    const { run } = await sentimentRun();
    await insertEmbeddings([free as string, scored as string]);
    await insertResults(run, [scored as string]);

    await sql`DELETE FROM submissions WHERE id = ${free}`.execute(db);
    expect(await count('submission_embeddings', sql`submission_id = ${free}`)).toBe(0);

    const refused = await refusal(sql`DELETE FROM submissions WHERE id = ${scored}`.execute(db));
    expect(refused?.code).toBe('23503');
    expect(await count('submission_embeddings', sql`submission_id = ${scored}`)).toBe(1);
    expect(await count('sentiment_results', sql`submission_id = ${scored}`)).toBe(1);
  });

  it('keeps the ids of runs and submissions that rows name', async () => {
    const [scored, embedded, unnamed] = await submissions(3);
    const { run } = await sentimentRun();
    await insertResults(run, [scored as string]);
    await insertEmbeddings([embedded as string]);
    await expect(
      sql`UPDATE sentiment_runs SET id = ${randomUUID()} WHERE id = ${run}`.execute(db),
    ).rejects.toMatchObject({ code: '23503' });
    for (const named of [scored, embedded])
      await expect(
        sql`UPDATE submissions SET id = ${randomUUID()} WHERE id = ${named}`.execute(db),
      ).rejects.toMatchObject({ code: '23503' });
    await sql`UPDATE submissions SET id = ${randomUUID()} WHERE id = ${unnamed}`.execute(db);
  });

  it('makes a delete of a submission wait for a transaction writing its result, then refuses it', async () => {
    const [submission] = await submissions(1);
    const { run } = await sentimentRun();
    const outcome = await deleteWhileWriting(submission as string, resultRow(run, submission as string));
    expect(outcome.waited).toBe(true);
    expect(outcome.error?.code).toBe('23503');
    expect(await count('sentiment_results', sql`submission_id = ${submission}`)).toBe(1);
  });

  it('makes a delete of a submission wait for a transaction writing its embedding, then deletes both', async () => {
    const [submission] = await submissions(1);
    const outcome = await deleteWhileWriting(submission as string, embeddingRow(submission as string));
    expect(outcome.waited).toBe(true);
    expect(outcome.error).toBeUndefined();
    expect(await count('submission_embeddings', sql`submission_id = ${submission}`)).toBe(0);
  });

  it('refuses a result naming a submission another transaction deleted and committed meanwhile', async () => {
    const [submission] = await submissions(1);
    const { run } = await sentimentRun();
    expect((await writeWhileDeleting(submission as string, resultRow(run, submission as string)))?.code).toBe('23503');
    expect(await count('sentiment_results', sql`submission_id = ${submission}`)).toBe(0);
  });

  it('refuses an embedding of a submission another transaction deleted and committed meanwhile', async () => {
    const [submission] = await submissions(1);
    expect((await writeWhileDeleting(submission as string, embeddingRow(submission as string)))?.code).toBe('23503');
    expect(await count('submission_embeddings', sql`submission_id = ${submission}`)).toBe(0);
  });

  it('empties results and embeddings when their parents are truncated, and the down migration brings the keys back', async () => {
    const ids = await submissions(2);
    const { run } = await sentimentRun();
    await insertResults(run, ids);
    await insertEmbeddings(ids);
    await sql`TRUNCATE sentiment_runs`.execute(db);
    expect(await count('sentiment_results')).toBe(0);
    await insertEmbeddings(ids);
    await sql`TRUNCATE submissions CASCADE`.execute(db);
    expect(await count('submission_embeddings')).toBe(0);

    const keys = async () =>
      (
        await sql<{ name: string }>`
          SELECT conname AS name FROM pg_constraint
          WHERE conrelid IN ('sentiment_results'::regclass, 'submission_embeddings'::regclass) AND contype = 'f'
          ORDER BY conname`.execute(db)
      ).rows.map((row) => row.name);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0011-trend-fit-counts')).error).toBeUndefined();
    expect(await keys()).toEqual([
      'sentiment_results_run_id_fkey',
      'sentiment_results_submission_id_fkey',
      'submission_embeddings_submission_id_fkey',
    ]);
    await expect(insertEmbeddings([randomUUID()])).rejects.toMatchObject({ code: '23503' });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await keys()).toEqual([]);
  });
});

import { sql, type Kysely } from 'kysely';

/**
 * The foreign key from `topic_assignments.submission_id` to `submissions` goes; the one to `topics` (with its
 * cascade) stays.
 *
 * What it guarded holds without it: the topic stage writes assignments only for the submissions of the corpus it
 * read from the run's `sentiment_results` (whose own foreign key holds each submission, and keeps it from being
 * deleted while the run lives), and the worker's answer is pinned to the submission ids it was sent
 * (worker-client.ts `topicPinningProblem`). What it cost: PostgreSQL checks a foreign key row by row, locking the
 * submission's row (FOR KEY SHARE) for each assignment; at 50,000 comments (75,000 assignments) that was 0.7 s of
 * the topic stage's guarded commit, 2.2 s in all, while the engine waits for the next stage.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE topic_assignments DROP CONSTRAINT topic_assignments_submission_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE topic_assignments
      ADD CONSTRAINT topic_assignments_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES submissions(id)
  `.execute(db);
}

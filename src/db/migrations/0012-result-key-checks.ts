import { sql, type Kysely } from 'kysely';

/**
 * The foreign keys of the two tables the sentiment and embedding stages write row by row, `sentiment_results`
 * (to its run and to its submission) and `submission_embeddings` (to its submission), become statement-level
 * triggers that keep the same rules, set by set, as migration 0010 did for the topic assignments:
 * - an insert or update fails (23503, foreign_key_violation) when one of its rows names a run or a submission that
 *   does not exist;
 * - deleting sentiment runs deletes their results (ON DELETE CASCADE), and truncating `sentiment_runs` empties
 *   `sentiment_results`;
 * - deleting submissions deletes their embeddings (ON DELETE CASCADE) and fails while a sentiment result names one
 *   (NO ACTION); truncating `submissions` (which the answers' and alerts' keys allow only with CASCADE) empties
 *   both, as the cascade did;
 * - a run's or a submission's id cannot change while a row names it.
 *
 * Concurrency, as the keys kept it: a run being named is locked FOR KEY SHARE (one row a statement), so it cannot
 * be deleted under results being written. A submission is not locked row by row, as the keys locked each of the
 * 50,000 of a large pipeline: the side that removes one (a delete, or a change of its id) takes SHARE locks on
 * `sentiment_results` and `submission_embeddings`, which wait for every transaction writing them and keep new
 * writes out until it ends, then checks. So a writer that checked a submission before the delete is seen by the
 * delete's check, and one that writes after it finds the submission gone.
 *
 * Why: PostgreSQL checks a foreign key with one query per row, and locks the row it finds. At 50,000 comments the
 * sentiment stage writes 50,000 results (two checks each) and the embeddings stage up to 50,000 vectors, on the
 * core the engine's embedder shares. On a scratch copy of the tables (50,000 submissions; results in statements
 * of 5,000 and vectors of 1,000 rows, as the stages write them), PostgreSQL's CPU time for the results went from
 * 0.95-1.11 s with the keys to 0.35-0.54 s with these triggers, and for the vectors from 0.92-1.05 s to
 * 0.61-0.75 s (0.60-0.66 s and 0.73-0.90 s when the triggers also locked each submission FOR KEY SHARE). The
 * service never deletes a submission, and deletes runs only with their pipeline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sentiment_results DROP CONSTRAINT sentiment_results_run_id_fkey;
    ALTER TABLE sentiment_results DROP CONSTRAINT sentiment_results_submission_id_fkey;
    ALTER TABLE submission_embeddings DROP CONSTRAINT submission_embeddings_submission_id_fkey;

    CREATE FUNCTION sentiment_results_check_keys() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      named integer;
      held integer;
    BEGIN
      SELECT count(DISTINCT run_id) INTO named FROM written;
      SELECT count(*) INTO held FROM (
        SELECT 1 FROM sentiment_runs WHERE id IN (SELECT run_id FROM written) FOR KEY SHARE
      ) AS locked;
      IF held < named THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'insert or update on table "sentiment_results" names a sentiment run that does not exist',
          TABLE = 'sentiment_results';
      END IF;
      SELECT count(DISTINCT submission_id) INTO named FROM written;
      SELECT count(*) INTO held FROM submissions WHERE id IN (SELECT submission_id FROM written);
      IF held < named THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'insert or update on table "sentiment_results" names a submission that does not exist',
          TABLE = 'sentiment_results';
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER sentiment_results_inserted_check
      AFTER INSERT ON sentiment_results REFERENCING NEW TABLE AS written
      FOR EACH STATEMENT EXECUTE FUNCTION sentiment_results_check_keys();
    CREATE TRIGGER sentiment_results_updated_check
      AFTER UPDATE ON sentiment_results REFERENCING NEW TABLE AS written
      FOR EACH STATEMENT EXECUTE FUNCTION sentiment_results_check_keys();

    CREATE FUNCTION submission_embeddings_check_key() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      named integer;
      held integer;
    BEGIN
      SELECT count(*) INTO named FROM written;
      SELECT count(*) INTO held FROM submissions WHERE id IN (SELECT submission_id FROM written);
      IF held < named THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'insert or update on table "submission_embeddings" names a submission that does not exist',
          TABLE = 'submission_embeddings';
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER submission_embeddings_inserted_check
      AFTER INSERT ON submission_embeddings REFERENCING NEW TABLE AS written
      FOR EACH STATEMENT EXECUTE FUNCTION submission_embeddings_check_key();
    CREATE TRIGGER submission_embeddings_updated_check
      AFTER UPDATE ON submission_embeddings REFERENCING NEW TABLE AS written
      FOR EACH STATEMENT EXECUTE FUNCTION submission_embeddings_check_key();

    CREATE FUNCTION sentiment_runs_cascade_results() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM sentiment_results;
      ELSE
        DELETE FROM sentiment_results WHERE run_id IN (SELECT id FROM removed);
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER sentiment_runs_deleted_cascade
      AFTER DELETE ON sentiment_runs REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION sentiment_runs_cascade_results();
    CREATE TRIGGER sentiment_runs_truncated_cascade
      AFTER TRUNCATE ON sentiment_runs FOR EACH STATEMENT EXECUTE FUNCTION sentiment_runs_cascade_results();

    CREATE FUNCTION submissions_release_results() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM sentiment_results;
        DELETE FROM submission_embeddings;
      ELSE
        -- Waits for every transaction writing results or embeddings (each holds ROW EXCLUSIVE on its table), then
        -- holds both until this one ends: the rows they wrote are seen below, and none is written meanwhile.
        LOCK TABLE sentiment_results, submission_embeddings IN SHARE MODE;
        IF EXISTS (SELECT 1 FROM sentiment_results WHERE submission_id IN (SELECT id FROM removed)) THEN
          RAISE foreign_key_violation USING
            MESSAGE = 'delete on table "submissions" removes a submission that sentiment results name',
            TABLE = 'submissions';
        END IF;
        DELETE FROM submission_embeddings WHERE submission_id IN (SELECT id FROM removed);
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER submissions_deleted_release
      AFTER DELETE ON submissions REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION submissions_release_results();
    CREATE TRIGGER submissions_truncated_release
      AFTER TRUNCATE ON submissions FOR EACH STATEMENT EXECUTE FUNCTION submissions_release_results();

    CREATE FUNCTION sentiment_runs_keep_referenced_id() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM sentiment_results WHERE run_id = OLD.id) THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'update on table "sentiment_runs" changes the id of a run that results name',
          TABLE = 'sentiment_runs';
      END IF;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER sentiment_runs_id_referenced
      BEFORE UPDATE OF id ON sentiment_runs FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
      EXECUTE FUNCTION sentiment_runs_keep_referenced_id();

    CREATE FUNCTION submissions_keep_referenced_id() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      LOCK TABLE sentiment_results, submission_embeddings IN SHARE MODE;
      IF EXISTS (SELECT 1 FROM sentiment_results WHERE submission_id = OLD.id)
        OR EXISTS (SELECT 1 FROM submission_embeddings WHERE submission_id = OLD.id) THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'update on table "submissions" changes the id of a submission that results or embeddings name',
          TABLE = 'submissions';
      END IF;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER submissions_id_referenced
      BEFORE UPDATE OF id ON submissions FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
      EXECUTE FUNCTION submissions_keep_referenced_id();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER submissions_id_referenced ON submissions;
    DROP TRIGGER sentiment_runs_id_referenced ON sentiment_runs;
    DROP TRIGGER submissions_truncated_release ON submissions;
    DROP TRIGGER submissions_deleted_release ON submissions;
    DROP TRIGGER sentiment_runs_truncated_cascade ON sentiment_runs;
    DROP TRIGGER sentiment_runs_deleted_cascade ON sentiment_runs;
    DROP TRIGGER submission_embeddings_updated_check ON submission_embeddings;
    DROP TRIGGER submission_embeddings_inserted_check ON submission_embeddings;
    DROP TRIGGER sentiment_results_updated_check ON sentiment_results;
    DROP TRIGGER sentiment_results_inserted_check ON sentiment_results;
    DROP FUNCTION submissions_keep_referenced_id();
    DROP FUNCTION sentiment_runs_keep_referenced_id();
    DROP FUNCTION submissions_release_results();
    DROP FUNCTION sentiment_runs_cascade_results();
    DROP FUNCTION submission_embeddings_check_key();
    DROP FUNCTION sentiment_results_check_keys();
    ALTER TABLE submission_embeddings ADD CONSTRAINT submission_embeddings_submission_id_fkey
      FOREIGN KEY (submission_id) REFERENCES submissions(id) ON DELETE CASCADE;
    ALTER TABLE sentiment_results ADD CONSTRAINT sentiment_results_submission_id_fkey
      FOREIGN KEY (submission_id) REFERENCES submissions(id);
    ALTER TABLE sentiment_results ADD CONSTRAINT sentiment_results_run_id_fkey
      FOREIGN KEY (run_id) REFERENCES sentiment_runs(id) ON DELETE CASCADE;
  `.execute(db);
}

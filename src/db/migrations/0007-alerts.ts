import { sql, type Kysely } from 'kysely';

/**
 * Comments that need a person (conventions §11): one alert per flagged comment, written in the transaction that
 * stores the comment. `history` keeps every change of status with who made it and their note; `notified_at` is
 * set once the webhook receiver took the alert, so a sweep can find the ones still to deliver.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE alerts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      submission_id uuid NOT NULL UNIQUE REFERENCES submissions(id) ON DELETE CASCADE,
      category text NOT NULL
        CHECK (category IN ('harassment', 'discrimination', 'abuse', 'integrity', 'self_harm', 'threat')),
      score double precision NOT NULL CHECK (score >= 0 AND score <= 1),
      flags jsonb NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'acknowledged', 'resolved')),
      history jsonb NOT NULL DEFAULT '[]'::jsonb,
      engine_version text NOT NULL,
      notified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX alerts_status_created ON alerts (status, created_at DESC);
    CREATE INDEX alerts_undelivered ON alerts (created_at) WHERE notified_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE alerts`.execute(db);
}

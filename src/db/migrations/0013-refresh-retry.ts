import { sql, type Kysely } from 'kysely';

/**
 * What a rotation records on the token it used, so that a client whose answer was lost can ask again (see
 * `AuthRepository.rotate`): `rotation_attempt_hash`, the SHA-256 of the attempt id the client sent with it (null
 * when it sent none: such a token, presented again, is a reuse as before), and `successor_id`, the token the
 * rotation issued. The time is the token's `used_at`. No raw token or attempt id is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE refresh_tokens
      ADD COLUMN rotation_attempt_hash text,
      ADD COLUMN successor_id uuid REFERENCES refresh_tokens(id) ON DELETE SET NULL;
    CREATE INDEX refresh_tokens_successor ON refresh_tokens (successor_id) WHERE successor_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE refresh_tokens DROP COLUMN successor_id, DROP COLUMN rotation_attempt_hash;
  `.execute(db);
}

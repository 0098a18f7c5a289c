import { sql, type Kysely } from 'kysely';

/**
 * The key of each stored vector (float32-frame.ts `embeddingKey`: the first 16 bytes of the SHA-256 of its
 * float32 bytes), kept beside it. PostgreSQL computes it when the vector is written, which the embeddings stage
 * does while the worker embeds the next batch, instead of when the topics stage reads the corpus: hashing 10,000
 * vectors (15 MB) then took 50-70 ms of that stage's critical path, now it reads 16 bytes a row. A stored
 * generated column, so no writer can store a key that is not its vector's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE submission_embeddings
      ADD COLUMN embedding_key bytea GENERATED ALWAYS AS (substring(sha256(embedding) from 1 for 16)) STORED
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE submission_embeddings DROP COLUMN embedding_key`.execute(db);
}

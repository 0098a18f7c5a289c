import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Trx } from './database.js';

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

/** How many rows of one kind an import or a sync created, updated and left as they were. */
export type UpsertCounts = Record<UpsertOutcome, number>;

export const emptyCounts = (): UpsertCounts => ({ created: 0, updated: 0, unchanged: 0 });

export function count(counts: UpsertCounts, outcome: UpsertOutcome): void {
  counts[outcome] += 1;
}

/** Writes one `system_config` value (JSON) in the caller's transaction. */
export async function setSystemConfig(trx: Trx, key: string, value: unknown): Promise<void> {
  await trx
    .insertInto('system_config')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }))
    .execute();
}

export interface UpsertOptions {
  /** Written only when the row is new (a campus name an import gave stays when a sync passes by). */
  insertOnly?: Record<string, unknown>;
  /** Key columns matched ignoring case: their unique index is on `lower(column)`; the stored spelling is kept. */
  ignoringCase?: readonly string[];
}

/**
 * Inserts a row by its natural key, or updates `fields` when any of them differs; an identical row is left
 * untouched, so writing the same data twice changes nothing. `fields` left undefined are not written.
 * `xmax = 0` tells an insert from an update. The institution import and the learning-system sync both write
 * through it.
 */
export async function upsert(
  trx: Trx,
  table: keyof Database,
  keys: Record<string, unknown>,
  fields: Record<string, unknown>,
  options: UpsertOptions = {},
): Promise<{ id: string; outcome: UpsertOutcome }> {
  const ignoringCase = options.ignoringCase ?? [];
  const insertOnly = options.insertOnly ?? {};
  const keyColumns = Object.keys(keys);
  const fieldColumns = Object.keys(fields).filter((column) => fields[column] !== undefined);
  const columns = [...keyColumns, ...fieldColumns, ...Object.keys(insertOnly)];
  const values = columns.map((column) =>
    column in keys ? keys[column] : column in fields ? fields[column] : insertOnly[column],
  );
  const keyTarget = (column: string) =>
    ignoringCase.includes(column) ? sql`(lower(${sql.ref(column)}))` : sql.ref(column);
  const keyMatch = (column: string) =>
    ignoringCase.includes(column)
      ? sql`lower(${sql.ref(column)}) = lower(${keys[column]})`
      : sql`${sql.ref(column)} = ${keys[column]}`;
  const update =
    fieldColumns.length === 0
      ? sql`DO NOTHING`
      : sql`DO UPDATE SET ${sql.join(fieldColumns.map((c) => sql`${sql.ref(c)} = EXCLUDED.${sql.ref(c)}`))}, updated_at = now()
            WHERE ${sql.join(
              fieldColumns.map((c) => sql`${sql.table(table)}.${sql.ref(c)} IS DISTINCT FROM EXCLUDED.${sql.ref(c)}`),
              sql` OR `,
            )}`;
  const written = await sql<{ id: string; inserted: boolean }>`
    INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    VALUES (${sql.join(values.map((value) => value ?? null))})
    ON CONFLICT (${sql.join(keyColumns.map(keyTarget))}) ${update}
    RETURNING id, (xmax = 0) AS inserted`.execute(trx);
  const row = written.rows[0];
  if (row) return { id: row.id, outcome: row.inserted ? 'created' : 'updated' };
  const existing = await sql<{ id: string }>`
    SELECT id FROM ${sql.table(table)} WHERE ${sql.join(keyColumns.map(keyMatch), sql` AND `)}`.execute(trx);
  return { id: (existing.rows[0] as { id: string }).id, outcome: 'unchanged' };
}

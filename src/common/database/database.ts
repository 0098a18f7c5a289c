import { Kysely, Migrator, PostgresDialect, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { migrations } from '../../db/migrations/index.js';
import type { Database } from '../../db/schema.js';

// `date` columns stay 'YYYY-MM-DD' strings: turning them into Date objects shifts them by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
// bigint counts (count(*)) fit comfortably in a double for this service's volumes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

export type DatabaseClient = Kysely<Database>;

export function createDatabase(connectionString: string, poolSize = 10): DatabaseClient {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

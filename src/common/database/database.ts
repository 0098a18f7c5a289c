import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type CompiledQuery, type Transaction } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import pg from 'pg';
import { migrations } from '../../db/migrations/index.js';
import type { Database } from '../../db/schema.js';

// `date` columns stay 'YYYY-MM-DD' strings: turning them into Date objects shifts them by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
// bigint counts (count(*)) fit comfortably in a double for this service's volumes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

export type DatabaseClient = Kysely<Database>;
export type Trx = Transaction<Database>;
/** What a repository method runs on: the pool, or the transaction of the unit of work that calls it. */
export type Executor = Kysely<Database>;

export interface PoolOptions {
  poolSize?: number;
  /** Wait for a free connection at most this long, then fail (the API answers 503). */
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
}

/** Thrown when no pooled connection became free in time; the exception filter answers 503. */
export class PoolExhaustedError extends Error {
  override name = 'PoolExhaustedError';
}

/** Thrown when code inside a transaction asks the pool for a second connection (see runInTransaction). */
export class NestedConnectionError extends Error {
  override name = 'NestedConnectionError';
}

const insideTransaction = new AsyncLocalStorage<true>();

/**
 * A pool that refuses to hand a connection to code running inside a transaction of this process. Such code
 * holds one connection while it waits for another: with a small pool, a few concurrent requests each hold one
 * and wait forever. Every read inside a unit of work must go through that unit's transaction (pass the
 * executor down); this makes the mistake fail at once, in tests and in production, instead of deadlocking.
 */
function guardedPool(pool: pg.Pool) {
  return {
    async connect(): Promise<pg.PoolClient> {
      if (insideTransaction.getStore())
        throw new NestedConnectionError('a pooled connection was requested inside a transaction; pass the transaction');
      try {
        return namingPreparedStatements(await pool.connect());
      } catch (error) {
        if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message))
          throw new PoolExhaustedError('no database connection became free in time', { cause: error });
        throw error;
      }
    },
    end: () => pool.end(),
    options: pool.options,
    Client: pg.Client,
  };
}

/** The SQL texts `runPrepared` was given, and the statement name each runs under. */
const preparedStatementNames = new Map<string, string>();
const NAMING = Symbol('naming prepared statements');

/**
 * Makes a pooled client run the texts of `runPrepared` as named prepared statements: PostgreSQL parses and plans
 * such a query once per connection (then keeps a generic plan) instead of on every call. Kysely passes every
 * query as `query(text, values)`; anything else goes through unchanged.
 */
function namingPreparedStatements(client: pg.PoolClient): pg.PoolClient {
  const marked = client as pg.PoolClient & { [NAMING]?: true };
  if (marked[NAMING]) return client;
  marked[NAMING] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? preparedStatementNames.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
  return client;
}

/**
 * Runs a compiled query as a named prepared statement: for the fixed queries of the request path (the SQL text
 * must be the same on every call; only the parameters vary), whose planning cost PostgreSQL more than running
 * them (a course with its hierarchy: 0.5 ms planned each time, under 0.1 ms prepared). The name comes from the
 * text, so each distinct text is one statement per connection.
 */
export async function runPrepared<R>(executor: Executor, label: string, query: CompiledQuery<R>): Promise<R[]> {
  if (!preparedStatementNames.has(query.sql))
    preparedStatementNames.set(
      query.sql,
      `${label}_${createHash('sha1').update(query.sql).digest('hex').slice(0, 12)}`,
    );
  return (await executor.executeQuery(query)).rows;
}

export function createDatabase(connectionString: string, options: PoolOptions = {}): DatabaseClient {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 60_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool) }) });
}

/** The pool options of the database settings group. */
export function poolOptions(settings: {
  DATABASE_POOL_SIZE: number;
  DATABASE_CONNECTION_TIMEOUT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
}): PoolOptions {
  return {
    poolSize: settings.DATABASE_POOL_SIZE,
    connectionTimeoutMs: settings.DATABASE_CONNECTION_TIMEOUT_MS,
    statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: settings.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * Runs `work` in one transaction. Inside it, asking the pool for another connection fails with
 * NestedConnectionError: everything the work reads goes through `trx`.
 */
export function runInTransaction<T>(db: DatabaseClient, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => insideTransaction.run(true, () => work(trx)));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

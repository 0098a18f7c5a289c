import { once } from 'node:events';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SETTINGS } from '../../common/core/tokens.js';
import type { CoreSettings } from '../../config/settings.js';
import { migrations } from '../../db/migrations/index.js';

export type CheckState = 'ok' | 'error';
export type MigrationState = 'ok' | 'pending' | 'error';

export interface DependencyChecks {
  database: CheckState;
  cache: CheckState;
  /** Whether every migration this code knows is applied to the database. */
  migrations: MigrationState;
}

/** How often the probe runs, and the longest one check may take before it counts as an error. */
export const PROBE_INTERVAL_MS = 1_000;
export const PROBE_TIMEOUT_MS = 1_000;

const UNDEFINED_TABLE = '42P01';

/** `work`'s value, or a rejection once `timeoutMs` has passed. */
async function within<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function state(check: Promise<unknown>): Promise<CheckState> {
  return check.then(
    () => 'ok',
    () => 'error',
  );
}

/**
 * The dependency checks of the health and readiness endpoints, kept current in the background: once a second,
 * `select 1` on a connection of the probe's own (never the request pool, so a health check does not wait behind
 * 200 requests for a connection) and PING on a Redis connection of its own that fails at once while Redis is
 * away. The endpoints answer from the last result: a few microseconds whatever the load, at most one interval
 * old. Costs one PostgreSQL and one Redis connection per process.
 */
@Injectable()
export class HealthProbe implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly pool: pg.Pool;
  private readonly redis: Redis;
  private latest: DependencyChecks = { database: 'error', cache: 'error', migrations: 'error' };
  private migrationsApplied = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(@Inject(SETTINGS) settings: CoreSettings) {
    this.pool = new pg.Pool({
      connectionString: settings.DATABASE_URL,
      max: 1,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      statement_timeout: PROBE_TIMEOUT_MS,
      application_name: 'feedback-analysis-health',
    });
    this.pool.on('error', () => undefined);
    this.redis = new Redis(settings.CACHE_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: PROBE_TIMEOUT_MS,
    });
    this.redis.on('error', () => undefined);
  }

  /** The last probe's result. */
  get checks(): DependencyChecks {
    return this.latest;
  }

  async onApplicationBootstrap(): Promise<void> {
    // The first answers should not report Redis down only because its connection is still being made.
    if (this.redis.status !== 'ready')
      await within(PROBE_TIMEOUT_MS, () => once(this.redis, 'ready')).catch(() => null);
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    this.redis.disconnect();
    await this.pool.end().catch(() => undefined);
  }

  /** Runs a probe now (or joins the one running) and resolves when its result is stored. */
  refresh(): Promise<void> {
    this.running ??= this.probe().finally(() => (this.running = undefined));
    return this.running;
  }

  private async probe(): Promise<void> {
    const [database, cache] = await Promise.all([
      state(within(PROBE_TIMEOUT_MS, () => this.pool.query('select 1'))),
      state(within(PROBE_TIMEOUT_MS, () => this.redis.ping())),
    ]);
    const migrationState = database === 'ok' ? await this.migrationState() : 'error';
    this.latest = { database, cache, migrations: migrationState };
  }

  /** Applied migrations never go away: once all are there, the query is not run again. */
  private async migrationState(): Promise<MigrationState> {
    if (this.migrationsApplied) return 'ok';
    let applied: Set<string>;
    try {
      const result = await within(PROBE_TIMEOUT_MS, () =>
        this.pool.query<{ name: string }>('select name from kysely_migration'),
      );
      applied = new Set(result.rows.map((row) => row.name));
    } catch (error) {
      return (error as { code?: string }).code === UNDEFINED_TABLE ? 'pending' : 'error';
    }
    this.migrationsApplied = Object.keys(migrations).every((name) => applied.has(name));
    return this.migrationsApplied ? 'ok' : 'pending';
  }
}

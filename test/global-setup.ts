import { spawnSync } from 'node:child_process';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../src/common/database/database.js';
import { adminDatabaseUrl, databaseUrl } from './support/database-urls.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    runId: string;
  }
}

/**
 * Migrates one template database for this run; every test file clones it (CREATE DATABASE ...
 * TEMPLATE), so files run in parallel on their own data. Everything this run created is dropped at
 * the end, and nothing it did not create is touched.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Tests that run the entry points as processes (CLI, job worker) run the compiled dist/: build it when stale.
  const build = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed; see above');

  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const template = `fas_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const db = createDatabase(databaseUrl(template), { poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('templateDatabase', template);
  project.provide('runId', runId);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`fas_t_${runId}_%`, template],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  };
}

import 'reflect-metadata';
import pg from 'pg';
import { createApp } from './app.js';
import { getLogger } from './common/logging/logger.js';
import { operationalErrorMessage } from './common/process/operational-error.js';
import { closeOnSignals } from './common/process/shutdown.js';
import { SettingsError } from './config/parse-settings.js';
import { loadSettings, loadWorkerSettings } from './config/settings.js';
import { demoBanner } from './demo/demo-banner.js';
import { DEMO_SUPER_ADMIN_PASSWORD } from './demo/demo-institution.js';
import { runDemoPipeline } from './demo/demo-pipeline.js';
import { seedDemo } from './demo/demo-seed.js';
import {
  defaultWorkerUrls,
  listenApi,
  migrateDatabase,
  startEmbeddedAnalysisWorker,
  startJobWorker,
} from './processes.js';

/**
 * The main job (`npm run demo`): make a demo database, migrate it, import a demo institution and its
 * evaluations, and leave the API, the job workers and the analysis worker running. Settings that are not set
 * get demo values; set them to use your own. It binds 127.0.0.1 unless HOST says otherwise: it publishes
 * its passwords and ships a known JWT secret.
 */
const DEMO_DEFAULTS: Record<string, string> = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/feedback_analysis_demo',
  CACHE_URL: 'redis://127.0.0.1:6379',
  CACHE_KEY_PREFIX: 'feedback-analysis-demo:',
  JWT_SECRET: 'demo-only-secret-change-me-in-production-0123456789',
  SUPER_ADMIN_USERNAME: 'admin',
  SUPER_ADMIN_PASSWORD: DEMO_SUPER_ADMIN_PASSWORD,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  LOG_FORMAT: process.stdout.isTTY ? 'pretty' : 'json',
};

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  for (const [key, value] of Object.entries(DEMO_DEFAULTS)) if (!process.env[key]) process.env[key] = value;
  defaultWorkerUrls(process.env);
  const settings = loadSettings();
  await ensureDatabase(settings.DATABASE_URL);
  await migrateDatabase(settings.DATABASE_URL);
  const app = await createApp(settings);
  const summary = await seedDemo(app);
  await listenApi(app, settings);
  const logger = getLogger('demo');
  const analysisWorker = await startEmbeddedAnalysisWorker(process.env, logger);
  const jobWorker = await startJobWorker(loadWorkerSettings(process.env), logger);
  closeOnSignals(logger, [analysisWorker, app, jobWorker]);
  const analysis = await runDemoPipeline(app, settings.SUPER_ADMIN_USERNAME);
  process.stdout.write(analysis.text);
  process.stdout.write(demoBanner(settings, summary));
}

main().catch((error: unknown) => {
  // A bad setting (or a port in use) is the user's to fix: its message names it, a stack trace would only bury it.
  const operational = operationalErrorMessage(error);
  process.stderr.write(
    error instanceof SettingsError
      ? `demo failed: ${error.message}\n`
      : operational !== undefined
        ? `demo failed: ${operational}\n`
        : `demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

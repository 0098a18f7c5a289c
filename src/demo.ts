import 'reflect-metadata';
import pg from 'pg';
import { createApp } from './app.js';
import { getLogger } from './common/logging/logger.js';
import { closeOnSignals } from './common/process/shutdown.js';
import { loadSettings, loadWorkerSettings, type Settings } from './config/settings.js';
import { DEMO_OPEN_FEEDBACK } from './demo/demo-evaluations.js';
import { DEMO_PASSWORD } from './demo/demo-institution.js';
import { runDemoPipeline } from './demo/demo-pipeline.js';
import { seedDemo, type DemoSummary } from './demo/demo-seed.js';
import { defaultWorkerUrls, migrateDatabase, startEmbeddedAnalysisWorker, startJobWorker } from './processes.js';

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
  SUPER_ADMIN_PASSWORD: 'admin-demo-password',
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

function banner(settings: Settings, summary: DemoSummary): string {
  const host = settings.HOST === '0.0.0.0' ? '127.0.0.1' : settings.HOST;
  const base = `http://${host}:${settings.PORT}`;
  return [
    '',
    'Feedback Analysis Service demo is running.',
    `  API              ${base}/api/v1   (health: ${base}/api/v1/health)`,
    `  Docs             ${base}/api/docs   (OpenAPI: ${base}/api/v1/openapi.json)`,
    `  Analysis worker  http://127.0.0.1:${settings.ANALYSIS_WORKER_PORT}/{sentiment,embeddings,topics}/runsync`,
    `  Data             ${summary.questionnaires} questionnaires, ${summary.submissions} submissions` +
      ` (${summary.ingestedRows} rows ingested from CSV, ${summary.failedRows} refused as expected)`,
    '',
    'Accounts',
    `  super admin      ${settings.SUPER_ADMIN_USERNAME} / ${settings.SUPER_ADMIN_PASSWORD}`,
    `  everyone else    password ${DEMO_PASSWORD}: dean.ccs, chair.bsit, head.main, admin.ops,`,
    '                   maria.santos (faculty), student001 … student040',
    '',
    'Try it',
    `  curl -s ${base}/api/v1/auth/login -H 'content-type: application/json' \\`,
    `       -d '{"username":"${DEMO_OPEN_FEEDBACK.students[0]}","password":"${DEMO_PASSWORD}"}'`,
    `  ${DEMO_OPEN_FEEDBACK.students.join(', ')} have not yet evaluated their ${DEMO_OPEN_FEEDBACK.semester} courses,`,
    `  and nobody has evaluated ${DEMO_OPEN_FEEDBACK.course}: GET /api/v1/enrollments/me names each course and its`,
    '  faculty; the README walks through a submission.',
    '',
    'CLI against this demo (same database, Redis and key prefix as the running API):',
    `  DATABASE_URL=${settings.DATABASE_URL} CACHE_URL=${settings.CACHE_URL} \\`,
    `  CACHE_KEY_PREFIX=${settings.CACHE_KEY_PREFIX} npm run cli -- import <file.json>`,
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  for (const [key, value] of Object.entries(DEMO_DEFAULTS)) if (!process.env[key]) process.env[key] = value;
  defaultWorkerUrls(process.env);
  const settings = loadSettings();
  await ensureDatabase(settings.DATABASE_URL);
  await migrateDatabase(settings.DATABASE_URL);
  const app = await createApp(settings);
  const summary = await seedDemo(app);
  await app.listen({ port: settings.PORT, host: settings.HOST });
  const logger = getLogger('demo');
  const analysisWorker = await startEmbeddedAnalysisWorker(process.env, logger);
  const jobWorker = await startJobWorker(loadWorkerSettings(process.env), logger);
  closeOnSignals(logger, [analysisWorker, app, jobWorker]);
  const analysis = await runDemoPipeline(app, settings.SUPER_ADMIN_USERNAME);
  process.stdout.write(analysis.text);
  process.stdout.write(banner(settings, summary));
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

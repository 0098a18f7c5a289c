import 'reflect-metadata';
import pg from 'pg';
import { createApp } from './app.js';
import { getLogger } from './common/logging/logger.js';
import { loadSettings } from './config/settings.js';
import { demoInstitution } from './demo/demo-institution.js';
import { demoEvaluations } from './demo/demo-seed.js';
import { InstitutionImportService } from './modules/institution/institution-import.service.js';
import { defaultWorkerUrls, migrateDatabase, startEmbeddedAnalysisWorker } from './processes.js';

/**
 * The main job (`npm run demo`): make a demo database, migrate it, import a demo institution and
 * leave the API running. Settings that are not set get demo values; set them to use your own.
 */
const DEMO_DEFAULTS: Record<string, string> = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/feedback_analysis_demo',
  CACHE_URL: 'redis://127.0.0.1:6379',
  CACHE_KEY_PREFIX: 'feedback-analysis-demo:',
  JWT_SECRET: 'demo-only-secret-change-me-in-production-0123456789',
  SUPER_ADMIN_USERNAME: 'admin',
  SUPER_ADMIN_PASSWORD: 'admin-demo-password',
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
  const logger = getLogger('demo');
  const imported = await app.get(InstitutionImportService).import(demoInstitution(), null);
  logger.info({ imported }, 'demo institution imported');
  const evaluations = await demoEvaluations(app);
  logger.info({ evaluations }, 'demo questionnaires and submissions');
  await app.listen({ port: settings.PORT, host: settings.HOST });
  await startEmbeddedAnalysisWorker(process.env, logger);
  const base = `http://127.0.0.1:${settings.PORT}`;
  process.stdout.write(
    [
      '',
      'Feedback Analysis Service demo is running.',
      `  API:      ${base}/api/v1   (health: ${base}/api/v1/health)`,
      `  Docs:     ${base}/api/docs`,
      `  Analysis worker: http://127.0.0.1:${settings.ANALYSIS_WORKER_PORT}/{sentiment,embeddings,topics}/runsync`,
      `  Data:     ${evaluations.questionnaires} questionnaires, ${evaluations.submissions} submissions (${evaluations.ingestedRows} rows ingested from CSV, ${evaluations.failedRows} refused as expected)`,
      `  Log in:   POST ${base}/api/v1/auth/login as '${settings.SUPER_ADMIN_USERNAME}' (password: SUPER_ADMIN_PASSWORD, see README),`,
      `            or dean.ccs / chair.bsit / head.main / maria.santos / student001 with the demo user password (README, 'Demo').`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

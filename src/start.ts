import { getLogger } from './common/logging/logger.js';
import { SettingsError } from './config/parse-settings.js';
import { loadSettings, loadWorkerSettings } from './config/settings.js';
import { closeOnSignals } from './common/process/shutdown.js';
import {
  apiShutdownPart,
  defaultWorkerUrls,
  jobWorkerShutdownPart,
  migrateAndStartApi,
  startEmbeddedAnalysisWorker,
  startJobWorker,
} from './processes.js';

/**
 * `npm start`: every part in one process (conventions §1): the analysis worker on ANALYSIS_WORKER_PORT, the
 * API on PORT, and the job workers with the tiered scheduler (SCHEDULER_ENABLED defaults to true here), with unset
 * worker URLs pointing at this process's analysis worker.
 */
async function main(): Promise<void> {
  defaultWorkerUrls(process.env);
  // Conventions §1: `npm start` runs the scheduler too, unless SCHEDULER_ENABLED says otherwise.
  if ((process.env.SCHEDULER_ENABLED ?? '').trim() === '') process.env.SCHEDULER_ENABLED = 'true';
  const settings = loadSettings();
  const api = await migrateAndStartApi(settings);
  const logger = getLogger('start');
  const analysisWorker = await startEmbeddedAnalysisWorker(process.env, logger);
  const workerSettings = loadWorkerSettings(process.env);
  const jobWorker = await startJobWorker(workerSettings, logger);
  logger.info(
    {
      port: settings.PORT,
      analysisWorkerPort: settings.ANALYSIS_WORKER_PORT,
      sentimentWorkerUrl: settings.SENTIMENT_WORKER_URL,
      embeddingsWorkerUrl: settings.EMBEDDINGS_WORKER_URL,
      topicModelWorkerUrl: settings.TOPIC_MODEL_WORKER_URL,
    },
    'API, job workers and analysis worker running',
  );
  closeOnSignals(
    logger,
    [analysisWorker, apiShutdownPart(api, settings.SHUTDOWN_GRACE_MS), jobWorkerShutdownPart(jobWorker)],
    {
      drainMs: settings.SHUTDOWN_DRAIN_MS,
      graceMs: Math.max(settings.SHUTDOWN_GRACE_MS, workerSettings.SHUTDOWN_GRACE_MS),
    },
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof SettingsError
      ? `${error.message}\n`
      : `failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

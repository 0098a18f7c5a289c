import { getLogger } from './common/logging/logger.js';
import { closeOnSignals } from './common/process/shutdown.js';
import { SettingsError } from './config/parse-settings.js';
import { loadWorkerSettings } from './config/settings.js';
import { jobWorkerShutdownPart, startJobWorker } from './processes.js';

/** Job-worker entry point (`npm run start:worker`): queue consumers and the scheduler, no HTTP. */
async function main(): Promise<void> {
  const settings = loadWorkerSettings();
  const worker = await startJobWorker(settings);
  getLogger('worker').info({ schedulerEnabled: settings.SCHEDULER_ENABLED }, 'job worker started');
  // No drain delay: no load balancer sends a job worker work; it stops taking jobs as soon as it closes.
  closeOnSignals(getLogger('worker'), [jobWorkerShutdownPart(worker)], { graceMs: settings.SHUTDOWN_GRACE_MS });
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof SettingsError
      ? `${error.message}\n`
      : `job worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

import { getLogger } from './common/logging/logger.js';
import { SettingsError } from './config/parse-settings.js';
import { loadSettings } from './config/settings.js';
import { closeOnSignals } from './common/process/shutdown.js';
import { apiShutdownPart, migrateAndStartApi } from './processes.js';

/** API entry point (`npm run start:api`): the HTTP API only; worker URLs come from the settings. */
async function main(): Promise<void> {
  const settings = loadSettings();
  const app = await migrateAndStartApi(settings);
  const logger = getLogger('main');
  logger.info({ port: settings.PORT }, 'API listening');
  closeOnSignals(logger, [apiShutdownPart(app, settings.SHUTDOWN_GRACE_MS)], {
    drainMs: settings.SHUTDOWN_DRAIN_MS,
    graceMs: settings.SHUTDOWN_GRACE_MS,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof SettingsError
      ? `${error.message}\n`
      : `API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

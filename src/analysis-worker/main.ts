import { SettingsError } from '../config/parse-settings.js';
import { startAnalysisWorker } from './server.js';

/** Entry point of `npm run start:analysis-worker`. SIGTERM/SIGINT finish in-flight requests, then exit. */
async function main(): Promise<void> {
  const app = await startAnalysisWorker();
  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'analysis worker shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'analysis worker did not close cleanly');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});

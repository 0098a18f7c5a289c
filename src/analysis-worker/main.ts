import { closeOnSignals } from '../common/process/shutdown.js';
import { SettingsError } from '../config/parse-settings.js';
import { startAnalysisWorker } from './server.js';

/** Entry point of `npm run start:analysis-worker`. SIGTERM/SIGINT finish in-flight requests, then exit. */
async function main(): Promise<void> {
  const app = await startAnalysisWorker();
  closeOnSignals(app.log, [app]);
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});

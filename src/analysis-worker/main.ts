import { startMetricsServer } from '../common/metrics/metrics-server.js';
import { closeOnSignals } from '../common/process/shutdown.js';
import { SettingsError } from '../config/parse-settings.js';
import { startAnalysisWorker } from './server.js';
import { loadAnalysisWorkerSettings } from './settings.js';

/**
 * Entry point of `npm run start:analysis-worker`. With METRICS_PORT, `GET /metrics` is served there under the
 * token rule of the API's metrics route. SIGTERM/SIGINT finish in-flight requests, then exit.
 */
async function main(): Promise<void> {
  const settings = loadAnalysisWorkerSettings();
  const app = await startAnalysisWorker();
  const metrics =
    settings.METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer({ port: settings.METRICS_PORT, token: settings.METRICS_TOKEN });
  if (metrics) app.log.info({ port: metrics.port }, 'metrics served at /metrics');
  closeOnSignals(app.log, metrics ? [metrics, app] : [app]);
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});

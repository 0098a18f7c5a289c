import { startMetricsServer } from '../common/metrics/metrics-server.js';
import { ProcessLifecycle } from '../common/process/lifecycle.js';
import { closeOnSignals, httpServicePart } from '../common/process/shutdown.js';
import { SettingsError } from '../config/parse-settings.js';
import { startAnalysisWorker } from './server.js';
import { loadAnalysisWorkerSettings } from './settings.js';

/**
 * Entry point of `npm run start:analysis-worker`. With METRICS_PORT, `GET /metrics` is served there under the
 * token rule of the API's metrics route. SIGTERM drains (`/health/ready` 503) for SHUTDOWN_DRAIN_MS, then
 * in-flight requests get SHUTDOWN_GRACE_MS to finish; SIGINT skips the drain.
 */
async function main(): Promise<void> {
  const settings = loadAnalysisWorkerSettings();
  const lifecycle = new ProcessLifecycle();
  const app = await startAnalysisWorker(process.env, undefined, lifecycle);
  const metrics =
    settings.METRICS_PORT === undefined
      ? undefined
      : // On the worker's own address: it binds ANALYSIS_WORKER_HOST (loopback unless WORKER_TOKEN is set), and so
        // does its metrics listener (outside audit L found it on every interface).
        await startMetricsServer({
          port: settings.METRICS_PORT,
          token: settings.METRICS_TOKEN,
          host: settings.ANALYSIS_WORKER_HOST,
        });
  if (metrics) app.log.info({ port: metrics.port }, 'metrics served at /metrics');
  // Requests in flight (a topic model can take minutes) finish; past the grace period their connections are cut
  // and the job worker that called retries the stage.
  const server = httpServicePart(lifecycle, app.server, () => app.close(), settings.SHUTDOWN_GRACE_MS);
  closeOnSignals(app.log, metrics ? [metrics, server] : [server], {
    drainMs: settings.SHUTDOWN_DRAIN_MS,
    graceMs: settings.SHUTDOWN_GRACE_MS,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});

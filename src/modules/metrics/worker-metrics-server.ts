import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SETTINGS } from '../../common/core/tokens.js';
import { getLogger } from '../../common/logging/logger.js';
import { startMetricsServer, type MetricsServer } from '../../common/metrics/metrics-server.js';

/**
 * The job-worker process's `/metrics` on METRICS_PORT (conventions §2), when that is set: the process's registry,
 * under the same token rule as the API's GET /api/v1/metrics (404 while METRICS_TOKEN is unset).
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: MetricsServer | undefined;

  constructor(@Inject(SETTINGS) private readonly settings: { METRICS_PORT?: number; METRICS_TOKEN?: string }) {}

  /** The port it listens on; undefined without METRICS_PORT. */
  get port(): number | undefined {
    return this.server?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { METRICS_PORT: port, METRICS_TOKEN: token } = this.settings;
    if (port === undefined) return;
    this.server = await startMetricsServer({ port, token });
    const logger = getLogger('metrics');
    logger.info({ port: this.server.port }, 'metrics served at /metrics');
    if (!token) logger.warn('METRICS_TOKEN is not set: /metrics answers 404 until it is');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}

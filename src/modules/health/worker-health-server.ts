import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SETTINGS } from '../../common/core/tokens.js';
import { errorBody } from '../../common/http/errors.js';
import { getLogger } from '../../common/logging/logger.js';
import { ProcessLifecycle } from '../../common/process/lifecycle.js';
import { HealthProbe } from './health-probe.js';
import { healthReport, readinessReport } from './health-reports.js';

/**
 * The job worker's probes on HEALTH_PORT, when set: `GET /health` (liveness, the API's body) and
 * `GET /health/ready` (readiness: database, Redis, migrations, and 503 while it drains on SIGTERM). No credential;
 * they say nothing but up or down.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | undefined;

  constructor(
    @Inject(SETTINGS) private readonly settings: { HEALTH_PORT?: number },
    @Inject(HealthProbe) private readonly probe: HealthProbe,
    @Inject(ProcessLifecycle) private readonly lifecycle: ProcessLifecycle,
  ) {}

  /** The port it listens on; undefined without HEALTH_PORT. */
  get port(): number | undefined {
    const address = this.server?.address();
    return address && typeof address === 'object' ? (address as AddressInfo).port : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.HEALTH_PORT === undefined) return;
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      const get = request.method === 'GET' || request.method === 'HEAD';
      const report: { statusCode: number; body: unknown } =
        get && path === '/health'
          ? healthReport(this.probe.checks)
          : get && path === '/health/ready'
            ? readinessReport(this.probe.checks, this.lifecycle)
            : { statusCode: 404, body: errorBody(404, 'route not found') };
      response.writeHead(report.statusCode, {
        'content-type': 'application/json; charset=utf-8',
        ...(this.lifecycle.draining ? { connection: 'close' } : {}),
      });
      response.end(JSON.stringify(report.body));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.settings.HEALTH_PORT, '0.0.0.0', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    getLogger('health').info({ port: this.port }, 'health served at /health and /health/ready');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

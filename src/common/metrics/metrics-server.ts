import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody } from '../http/errors.js';
import { answerMetricsRequest } from './metrics-access.js';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` for a process without the API (conventions §2), under the same token rule as
 * GET /api/v1/metrics. Any other path or method is 404 with the error body.
 */
export async function startMetricsServer(options: {
  port: number;
  host?: string;
  token: string | undefined;
}): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer =
      path === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')
        ? answerMetricsRequest(options.token, request.headers.authorization)
        : Promise.resolve({
            statusCode: 404,
            contentType: 'application/json; charset=utf-8',
            body: errorBody(404, 'route not found'),
          });
    answer.then(
      (result) => {
        response.writeHead(result.statusCode, { 'content-type': result.contentType });
        response.end(typeof result.body === 'string' ? result.body : JSON.stringify(result.body));
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(errorBody(500, 'internal server error')));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

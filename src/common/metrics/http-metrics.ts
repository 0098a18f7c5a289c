import type { FastifyInstance } from 'fastify';
import { answerMetricsRequest } from './metrics-access.js';
import { observeHttpRequest } from './metrics.js';

/** The route label of a request no route matched: one series for all of them, whatever the path. */
const UNMATCHED_ROUTE = 'unmatched';

/** Every answered request is observed with its route pattern (`/api/v1/analysis/pipelines/:id/status`). */
export function instrumentHttpRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    observeHttpRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** `GET <path>` serving this process's registry under the token rule of answerMetricsRequest. */
export function serveMetrics(fastify: FastifyInstance, path: string, token: string | undefined): void {
  fastify.get(path, async (request, reply) => {
    const answer = await answerMetricsRequest(token, request.headers.authorization);
    return reply.status(answer.statusCode).header('content-type', answer.contentType).send(answer.body);
  });
}

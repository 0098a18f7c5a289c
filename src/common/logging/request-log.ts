import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { censorQuery } from './redact.js';

/**
 * One line per request, written when it is answered: method, path, status and time, under the request's id
 * (which every line written while serving it also carries). Fastify's default writes a second line as each
 * request arrives, with its serialized `req`: at the API's request rates that line cost more than some routes.
 * A failure while sending keeps its line at error, with the error.
 *
 * `quietPaths` (the route patterns of health checks and metrics scrapes) are answered many times a minute by
 * load balancers and scrapers: their successful answers are written at debug, the others as every request's. At info,
 * an orchestrator's probes filled the log with lines that say nothing, and the line was a sixth of such a request's
 * CPU (bench:api, `GET /api/v1/health`). The request metrics count them either way.
 */
export class RequestLogController extends LogController {
  constructor(private readonly quietPaths: ReadonlySet<string> = new Set()) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const quiet = !error && reply.statusCode < 400 && this.quietPaths.has(request.routeOptions.url ?? '');
    if (quiet && !(reply.log as unknown as Logger).isLevelEnabled('debug')) return;
    const line = {
      method: request.method,
      url: censorQuery(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (quiet) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { censorQuery } from './redact.js';

/**
 * One line per request, written when it is answered: method, path, status and time, under the request's id
 * (which every line written while serving it also carries). Fastify's default writes a second line as each
 * request arrives, with its serialized `req`: at the API's request rates that line cost more than some routes.
 * A failure while sending keeps its line at error, with the error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: censorQuery(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

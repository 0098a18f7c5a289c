import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../common/http/errors.js';

/**
 * WORKER_TOKEN (conventions §8): when set, every `/runsync` needs `Authorization: Bearer <WORKER_TOKEN>`, else
 * 401 in the error body of conventions §2; `/health` stays open. Checked when the request arrives, before its
 * body is read, so an unauthenticated caller cannot make the worker read a body up to the limit.
 */

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Compares in constant time: both sides are hashed first, so neither the content nor the length of the token
 * shows in the time taken.
 */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

function unauthorized(message: string) {
  return errorBody(401, message);
}

export function registerWorkerAuth(app: FastifyInstance, token: string | undefined): void {
  if (token === undefined) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.endsWith('/runsync')) return;
    const header = request.headers.authorization;
    const presented = header === undefined ? undefined : BEARER.exec(header)?.[1];
    if (presented !== undefined && tokenMatches(presented, token)) return;
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer')
      .send(
        unauthorized(
          presented === undefined
            ? 'worker token required: send Authorization: Bearer <WORKER_TOKEN>'
            : 'invalid worker token',
        ),
      );
  });
}

import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors.js';

export interface AdmissionOptions {
  /** Requests processed at once; more wait their turn. */
  limit: number;
  /** Longest wait for a turn; then 503 (as for a pooled connection that did not become free in time). */
  waitMs: number;
  /** Route patterns that never wait (health checks, metrics scrapes). */
  exempt: ReadonlySet<string>;
}

/**
 * At most `limit` requests are processed at once (REQUEST_CONCURRENCY); the others wait, in arrival order, once
 * their body is in and before anything else runs for them (validation, guards, the handler). Without it, 200
 * clients at once interleave 200 requests' work on the one event loop, each waiting for a pooled connection most
 * of the time, and a health check waits behind all of it (`npm run bench:health` measures both). A request that
 * gets no turn within `waitMs` is answered 503, as one that gets no database connection is.
 *
 * The turn is taken after the body is read (Fastify's preValidation), so a client that sends its body slowly
 * holds no turn: 24 slow clients cannot keep everyone else waiting. A multipart upload is read by its handler,
 * inside its turn.
 */
export function admitRequests(fastify: FastifyInstance, options: AdmissionOptions): void {
  let active = 0;
  const waiting: Array<{ admit: () => void; timer: NodeJS.Timeout }> = [];
  const release = () => {
    active -= 1;
    while (active < options.limit && waiting.length > 0) {
      const next = waiting.shift() as (typeof waiting)[number];
      clearTimeout(next.timer);
      next.admit();
    }
  };
  /**
   * A turn ends when the response is handed over to be written (onSend), or when the connection closes first (a
   * client that left, a response that failed before it was sent): whichever comes first, once. Writing the answer
   * is no more work of the request's (and coalesceResponseWrites may hold it to the end of the loop's turn).
   */
  const takeTurn = (request: FastifyRequest, reply: FastifyReply) => {
    active += 1;
    const end = () => {
      if (turns.get(request) !== end) return;
      turns.delete(request);
      reply.raw.off('close', end);
      release();
    };
    turns.set(request, end);
    reply.raw.once('close', end);
  };
  const turns = new WeakMap<FastifyRequest, () => void>();

  fastify.addHook('preValidation', (request, reply, done) => {
    if (options.exempt.has(request.routeOptions.url ?? '')) {
      done();
      return;
    }
    if (active < options.limit) {
      takeTurn(request, reply);
      done();
      return;
    }
    // The request goes on in its own async context (its logger, its request id) whoever's release admits it.
    const admit = AsyncResource.bind(() => {
      reply.raw.off('close', leave);
      takeTurn(request, reply);
      done();
    });
    const entry = {
      admit,
      timer: setTimeout(() => {
        leave();
        void reply.code(503).header('retry-after', '1').send(errorBody(503, 'the service is busy; try again shortly'));
      }, options.waitMs),
    };
    // A client that leaves while it waits gives its place up.
    function leave() {
      const index = waiting.indexOf(entry);
      if (index >= 0) waiting.splice(index, 1);
      clearTimeout(entry.timer);
    }
    reply.raw.once('close', leave);
    waiting.push(entry);
  });
  fastify.addHook('onSend', (request, _reply, payload, done) => {
    // Ended after this hook returns: the request the release admits then starts on a stack of its own, not inside
    // this answer's hooks (where a throw of its own would have been taken for this answer's).
    const end = turns.get(request);
    if (end) queueMicrotask(end);
    done(null, payload);
  });
}

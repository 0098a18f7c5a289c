import type { FastifyInstance } from 'fastify';

/**
 * Whether this process is still taking new work. A shutdown signal turns it to draining first: readiness answers
 * 503 (a load balancer takes the instance out) while requests still get served, and every response from then on
 * closes its connection, so no client or proxy reuses a connection the process is about to stop reading.
 */
export class ProcessLifecycle {
  private isDraining = false;

  get draining(): boolean {
    return this.isDraining;
  }

  beginDrain(): void {
    this.isDraining = true;
  }
}

/** Every response of `fastify` closes its connection once `lifecycle` drains (see ProcessLifecycle). */
export function closeConnectionsWhileDraining(fastify: FastifyInstance, lifecycle: ProcessLifecycle): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (lifecycle.draining && request.raw.httpVersionMajor < 2) void reply.header('connection', 'close');
    done(null, payload);
  });
}

import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { ProcessLifecycle } from './lifecycle.js';

/** What shutdown needs of a logger: pino's and Fastify's both fit. */
export interface ShutdownLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** One part of a process (an HTTP server, a job-worker composition) as shutdown sees it. */
export interface ShutdownPart {
  /** Called at once on the signal, before anything closes: stop being ready, keep serving. */
  drain?(): void;
  /** Stops taking work and resolves when the work in hand is finished (or given up, within the grace period). */
  close(): Promise<unknown>;
}

export interface ShutdownTimings {
  /** On SIGTERM, how long the parts keep serving after `drain()` before they close; SIGINT closes at once. */
  drainMs?: number;
  /** The parts bound their own closing by it; past it (and a margin) the process exits with code 1 regardless. */
  graceMs?: number;
}

/**
 * An HTTP service in a shutdown: `drain` turns its readiness to 503 and makes each response close its connection;
 * `close` (the framework's: the listener stops, requests in flight finish, then its resources close) gets `graceMs`,
 * after which the connections still open are cut.
 */
export function httpServicePart(
  lifecycle: ProcessLifecycle,
  server: Server,
  close: () => Promise<unknown>,
  graceMs: number,
): ShutdownPart {
  return {
    drain: () => lifecycle.beginDrain(),
    async close() {
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      try {
        await close();
      } finally {
        clearTimeout(cut);
      }
    },
  };
}

/** Time for the parts to give up on their own at the end of the grace period (hand jobs over, cut connections). */
const GRACE_MARGIN_MS = 5_000;

/**
 * On SIGTERM or SIGINT: every part drains, then (after `drainMs`, on SIGTERM only: an orchestrator's stop, where a
 * load balancer needs the time to notice) the parts close in reverse order so work in flight finishes, and the
 * process exits 0. A process that has not closed `graceMs` + 5 s after the close began exits 1. A second signal of
 * the same kind ends the process at once.
 */
export function closeOnSignals(logger: ShutdownLogger, parts: ShutdownPart[], timings: ShutdownTimings = {}): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    for (const part of parts) part.drain?.();
    const drainMs = signal === 'SIGTERM' ? (timings.drainMs ?? 0) : 0;
    logger.info({ signal, drainMs, graceMs: timings.graceMs }, 'shutting down');
    if (drainMs > 0) await delay(drainMs);
    if (timings.graceMs !== undefined) {
      const deadline = setTimeout(() => {
        logger.error({ graceMs: timings.graceMs }, 'shutdown did not finish within the grace period; exiting');
        process.exit(1);
      }, timings.graceMs + GRACE_MARGIN_MS);
      deadline.unref();
    }
    try {
      await Promise.all([...parts].reverse().map((part) => part.close()));
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    logger.info({ signal }, 'shut down');
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

import { z } from 'zod';
import type { ProcessLifecycle } from '../../common/process/lifecycle.js';
import type { DependencyChecks } from './health-probe.js';

const checkState = z.enum(['ok', 'error']);

/** Conventions §2: `{ status, checks: { database, cache } }`, 503 when a dependency is down. */
export const healthResponse = z.object({
  status: checkState,
  checks: z.object({ database: checkState, cache: checkState }),
});

/** Whether this instance should be sent work: its dependencies, its schema, and whether it is shutting down. */
export const readinessResponse = z.object({
  status: checkState,
  checks: z.object({
    database: checkState,
    cache: checkState,
    migrations: z.enum(['ok', 'pending', 'error']),
    process: z.enum(['running', 'draining']),
  }),
});

export interface Report<Body> {
  statusCode: 200 | 503;
  body: Body;
}

export function healthReport(checks: DependencyChecks): Report<z.infer<typeof healthResponse>> {
  const ok = checks.database === 'ok' && checks.cache === 'ok';
  return {
    statusCode: ok ? 200 : 503,
    body: { status: ok ? 'ok' : 'error', checks: { database: checks.database, cache: checks.cache } },
  };
}

export function readinessReport(
  checks: DependencyChecks,
  lifecycle: ProcessLifecycle,
): Report<z.infer<typeof readinessResponse>> {
  const process = lifecycle.draining ? 'draining' : 'running';
  const ready =
    checks.database === 'ok' && checks.cache === 'ok' && checks.migrations === 'ok' && process === 'running';
  return {
    statusCode: ready ? 200 : 503,
    body: { status: ready ? 'ok' : 'error', checks: { ...checks, process } },
  };
}

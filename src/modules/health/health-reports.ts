import { z } from 'zod';
import { errorBody } from '../../common/http/errors.js';
import type { ProcessLifecycle } from '../../common/process/lifecycle.js';
import type { DependencyChecks } from './health-probe.js';

const checkState = z.enum(['ok', 'error']);

/**
 * A 503 is also an error answer (conventions §2: every 4xx and 5xx carries the error body), so it carries the error
 * fields beside `status` and `checks`; a 200 carries `status` and `checks` only.
 */
const errorFields = {
  statusCode: z.literal(503).optional(),
  error: z.string().optional(),
  message: z.string().optional().describe('on a 503: which check failed'),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
};

/** Conventions §2: `{ status, checks: { database, cache } }`, 503 when a dependency is down. */
export const healthResponse = z.object({
  status: checkState,
  checks: z.object({ database: checkState, cache: checkState }),
  ...errorFields,
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
  ...errorFields,
});

/** The error fields of a 503 answer: one detail per check that is not ok, named by its path. */
function unavailable(what: string, checks: Record<string, string>, healthy: Record<string, string>) {
  const failing = Object.entries(checks).filter(([name, state]) => state !== healthy[name]);
  return {
    ...errorBody(
      503,
      `${what}: ${failing.map(([name, state]) => `${name} ${state}`).join(', ')}`,
      failing.map(([name, state]) => ({ path: `checks.${name}`, message: state })),
    ),
    statusCode: 503 as const,
  };
}

export interface Report<Body> {
  statusCode: 200 | 503;
  body: Body;
}

export function healthReport(checks: DependencyChecks): Report<z.infer<typeof healthResponse>> {
  const ok = checks.database === 'ok' && checks.cache === 'ok';
  const dependencies = { database: checks.database, cache: checks.cache };
  if (ok) return { statusCode: 200, body: { status: 'ok', checks: dependencies } };
  return {
    statusCode: 503,
    body: {
      ...unavailable('a dependency is down', dependencies, { database: 'ok', cache: 'ok' }),
      status: 'error',
      checks: dependencies,
    },
  };
}

export function readinessReport(
  checks: DependencyChecks,
  lifecycle: ProcessLifecycle,
): Report<z.infer<typeof readinessResponse>> {
  const process: 'draining' | 'running' = lifecycle.draining ? 'draining' : 'running';
  const ready =
    checks.database === 'ok' && checks.cache === 'ok' && checks.migrations === 'ok' && process === 'running';
  const all = { ...checks, process };
  if (ready) return { statusCode: 200, body: { status: 'ok', checks: all } };
  return {
    statusCode: 503,
    body: {
      ...unavailable('not ready', all, { database: 'ok', cache: 'ok', migrations: 'ok', process: 'running' }),
      status: 'error',
      checks: all,
    },
  };
}

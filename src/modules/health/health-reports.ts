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

export interface Report<Body> {
  statusCode: 200 | 503;
  body: Body;
}

/**
 * 200 `{ status: "ok", checks }` when every check is in its healthy state; else 503 with the error body of
 * conventions §2 beside `status` and `checks`: one detail per failed check, named by its path.
 */
function report<Checks extends Record<string, string>>(what: string, checks: Checks, healthy: Checks) {
  const failing = Object.entries(checks).filter(([name, state]) => state !== healthy[name]);
  if (failing.length === 0) return { statusCode: 200 as const, body: { status: 'ok' as const, checks } };
  const body = errorBody(
    503,
    `${what}: ${failing.map(([name, state]) => `${name} ${state}`).join(', ')}`,
    failing.map(([name, state]) => ({ path: `checks.${name}`, message: state })),
  );
  return { statusCode: 503 as const, body: { ...body, statusCode: 503 as const, status: 'error' as const, checks } };
}

export function healthReport(checks: DependencyChecks): Report<z.infer<typeof healthResponse>> {
  return report(
    'a dependency is down',
    { database: checks.database, cache: checks.cache },
    { database: 'ok', cache: 'ok' },
  );
}

export function readinessReport(
  checks: DependencyChecks,
  lifecycle: ProcessLifecycle,
): Report<z.infer<typeof readinessResponse>> {
  const process: 'draining' | 'running' = lifecycle.draining ? 'draining' : 'running';
  return report(
    'not ready',
    { ...checks, process },
    { database: 'ok', cache: 'ok', migrations: 'ok', process: 'running' },
  );
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { errorBody, type ErrorBody } from '../http/errors.js';
import { METRICS_CONTENT_TYPE, metricsText } from './metrics.js';

/** What a metrics request gets: the exposition, or an error body (conventions §2). */
export type MetricsAnswer =
  | { statusCode: 200; contentType: string; body: string }
  | { statusCode: 401 | 404; contentType: 'application/json; charset=utf-8'; body: ErrorBody };

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the Authorization header carries `Bearer <token>`. Both sides are hashed first, so the comparison takes
 * the same time whatever the length or content of the guess.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The rule of every metrics endpoint (conventions §2): 404 as an unknown route while METRICS_TOKEN is unset, 401
 * without the right bearer token, else the registry in Prometheus text format.
 */
export async function answerMetricsRequest(
  token: string | undefined,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  const json = 'application/json; charset=utf-8' as const;
  if (!token) return { statusCode: 404, contentType: json, body: errorBody(404, 'route not found') };
  if (!bearerMatches(authorization, token))
    return { statusCode: 401, contentType: json, body: errorBody(401, 'a valid metrics token is required') };
  return { statusCode: 200, contentType: METRICS_CONTENT_TYPE, body: await metricsText() };
}

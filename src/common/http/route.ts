import { SetMetadata, applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { z } from 'zod';

export const ROUTE_SPEC = 'fas:route-spec';

/**
 * What a route accepts and returns. The same zod schemas validate the request (RequestValidationGuard)
 * and describe it in the OpenAPI document, so the two cannot drift apart.
 */
export interface RouteSpec {
  summary: string;
  /** Rules a client must know beyond the summary; the OpenAPI operation's description, after its roles. */
  description?: string;
  tags?: string[];
  body?: z.ZodType;
  /**
   * The request must carry a body even though `body` accepts `{}`: an import listing nothing is sent as `{}` on
   * purpose, while a request without a body (or an empty one) is a mistake, answered 400 rather than read as `{}`.
   */
  bodyRequired?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** Success status when not 200. */
  status?: number;
  /** Other statuses answered with a `response` body (a health check's 503 reports its checks too). */
  alsoAnswers?: readonly number[];
  /** Non-JSON request body (multipart upload) or response (PDF), described in prose. */
  consumes?: string;
  produces?: string;
}

/** What Fastify keeps of a route's spec, for errors raised before the route's handler runs (a 415). */
export interface RouteRequestConfig {
  consumes?: string;
}

export function Route(spec: RouteSpec): MethodDecorator {
  const config: RouteRequestConfig = { consumes: spec.consumes };
  return applyDecorators(SetMetadata(ROUTE_SPEC, spec), ...(spec.consumes ? [RouteConfig(config)] : []));
}

import { SetMetadata, applyDecorators } from '@nestjs/common';
import type { z } from 'zod';

export const ROUTE_SPEC = 'fas:route-spec';

/**
 * What a route accepts and returns. The same zod schemas validate the request (RequestValidationInterceptor)
 * and describe it in the OpenAPI document, so the two cannot drift apart.
 */
export interface RouteSpec {
  summary: string;
  tags?: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** Success status when not 200. */
  status?: number;
  /** Non-JSON request body (multipart upload) or response (PDF), described in prose. */
  consumes?: string;
  produces?: string;
}

export function Route(spec: RouteSpec): MethodDecorator {
  return applyDecorators(SetMetadata(ROUTE_SPEC, spec));
}

import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { invalid, type ErrorDetail } from '../errors/domain-error.js';
import { ROUTE_SPEC, type RouteSpec } from './route.js';
import { zodIssuesToDetails } from './zod-details.js';

/**
 * Validates params, query and body against the route's zod schemas and replaces them with the parsed
 * values, so handlers receive typed, coerced input. Every problem is reported at once.
 */
@Injectable()
export class RequestValidationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<RouteSpec | undefined>(ROUTE_SPEC, context.getHandler());
    if (spec) {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      const details: ErrorDetail[] = [];
      const parsed: Partial<Record<'params' | 'query' | 'body', unknown>> = {};
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = spec[part];
        if (!schema) continue;
        // A multipart body is streamed by the handler, which validates its fields with the same schema.
        if (part === 'body' && spec.consumes?.startsWith('multipart/')) continue;
        const result = schema.safeParse(part === 'body' ? (request.body ?? {}) : request[part]);
        if (result.success) parsed[part] = result.data;
        else details.push(...zodIssuesToDetails(result.error.issues, part === 'body' ? undefined : part));
      }
      if (details.length > 0) throw invalid('validation failed', details);
      const target = request as unknown as Record<string, unknown>;
      for (const [part, value] of Object.entries(parsed)) target[part] = value;
    }
    return next.handle();
  }
}

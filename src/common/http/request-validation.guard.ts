import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { invalid, type ErrorDetail } from '../errors/domain-error.js';
import { ROUTE_SPEC, type RouteSpec } from './route.js';
import { unstorableTextDetails } from './unstorable-text.js';
import { zodIssuesToDetails } from './zod-details.js';

/**
 * Validates params, query and body against the route's zod schemas and replaces them with the parsed
 * values, so handlers receive typed, coerced input. Every problem is reported at once, and a string anywhere in
 * the input that cannot be stored as text (a NUL character, a lone surrogate) is one (`unstorableTextDetails`).
 *
 * A guard registered after the AuthGuard, not an interceptor: it runs after authentication (a caller without
 * access learns nothing about the shape of the input) and before the handler, and a guard costs a request no
 * observable chain, which an interceptor does on every route, also those without input to validate.
 */
@Injectable()
export class RequestValidationGuard implements CanActivate {
  /** Each handler's spec, read from its metadata on first use (the metadata never changes). */
  private readonly specs = new WeakMap<object, { spec: RouteSpec | undefined }>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let known = this.specs.get(handler);
    if (!known)
      this.specs.set(handler, (known = { spec: this.reflector.get<RouteSpec | undefined>(ROUTE_SPEC, handler) }));
    const spec = known.spec;
    if (!spec || (!spec.params && !spec.query && !spec.body)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const details: ErrorDetail[] = [];
    const parsed: Partial<Record<'params' | 'query' | 'body', unknown>> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = spec[part];
      if (!schema) continue;
      // A multipart body is streamed by the handler, which validates its fields with the same schema.
      if (part === 'body' && spec.consumes?.startsWith('multipart/')) continue;
      if (part === 'body' && request.body === undefined && spec.bodyRequired)
        throw invalid('the request has no body; this route takes a JSON body', [{ path: 'body', message: 'required' }]);
      // No body at all reads as `{}` (an action's optional options); a body of JSON `null` is a body, and one that
      // is not an object where an object is required, as `[]` is.
      const input = part === 'body' ? (request.body === undefined ? {} : request.body) : request[part];
      const prefix = part === 'body' ? undefined : part;
      const result = schema.safeParse(input);
      if (result.success) parsed[part] = result.data;
      else details.push(...zodIssuesToDetails(result.error.issues, prefix));
      // Checked here, for every route, rather than by each schema: PostgreSQL refuses U+0000 in text and jsonb and a
      // lone surrogate in jsonb, each with a message of its own; the pg driver writes a lone surrogate into text as
      // U+FFFD; and a schema that forgot the rule would let either through to the database.
      details.push(...unstorableTextDetails(input, prefix));
    }
    if (details.length > 0) throw invalid('validation failed', details);
    const target = request as unknown as Record<string, unknown>;
    for (const [part, value] of Object.entries(parsed)) target[part] = value;
    return true;
  }
}

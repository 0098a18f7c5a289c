import { z } from 'zod';
import type { DiscoveredRoute } from './route-discovery.js';

type JsonSchema = Record<string, unknown>;

const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

/** The OpenAPI 3 document, built from the same route metadata and zod schemas that validate requests. */
export function buildOpenApiDocument(routes: DiscoveredRoute[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const spec = route.spec;
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const pathParameterNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
    const documentedPath = parameters(spec?.params, 'path');
    const undocumented = pathParameterNames
      .filter((name) => !documentedPath.some((parameter) => parameter.name === name))
      .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const status = String(spec?.status ?? (route.method === 'POST' ? 201 : 200));
    const operation: JsonSchema = {
      operationId: `${route.controller}.${route.handler}`,
      summary: spec?.summary ?? route.handler,
      tags: spec?.tags ?? [route.controller.replace(/Controller$/, '')],
      description: [
        route.isPublic ? 'No credential needed.' : `Roles: ${route.roles.join(', ')}.`,
        ...(spec?.description ? [spec.description] : []),
      ].join(' '),
      parameters: [...documentedPath, ...undocumented, ...parameters(spec?.query, 'query')],
      responses: {
        [status]: spec?.produces
          ? { description: 'OK', content: { [spec.produces]: { schema: { type: 'string', format: 'binary' } } } }
          : spec?.response
            ? { description: 'OK', content: { 'application/json': { schema: toSchema(spec.response, 'output') } } }
            : { description: 'OK' },
        default: { description: 'Error', content: { 'application/json': { schema: toSchema(errorSchema, 'output') } } },
      },
      ...(route.isPublic ? { security: [] } : {}),
    };
    if (spec?.consumes) {
      operation.requestBody = {
        required: true,
        content: { [spec.consumes]: { schema: spec.body ? toSchema(spec.body, 'input') : { type: 'object' } } },
      };
    } else if (spec?.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(spec.body, 'input') } },
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Feedback Analysis Service',
      version,
      description:
        'Faculty evaluations, questionnaires and multilingual feedback analysis. Errors use one body: { statusCode, error, message, details? }.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import type { DiscoveredRoute } from './route-discovery.js';

type JsonSchema = Record<string, unknown>;

const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })),
});

/** Schemas that a route's schema refers to (recursive ones, such as a category tree), by component name. */
type SharedSchemas = Record<string, JsonSchema>;

function rewriteReferences(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteReferences(item, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const local = key === '$ref' && typeof item === 'string' ? /^#\/(?:definitions|\$defs)\/(.+)$/.exec(item) : null;
      return [key, local ? `#/components/schemas/${rename(local[1] as string)}` : rewriteReferences(item, rename)];
    }),
  );
}

/**
 * OpenAPI 3.0 checks `enum` before `nullable`: a nullable enum must list null among its values, or a strict validator
 * (ajv, most client generators) refuses the null that `nullable` allows. zod writes `{ nullable: true, enum: [...] }`
 * without it, so null is added wherever that shape appears.
 */
function withNullInNullableEnums(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullInNullableEnums);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, item]) => [key, withNullInNullableEnums(item)] as const);
  const object = Object.fromEntries(entries) as JsonSchema;
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null))
    object.enum = [...(object.enum as unknown[]), null];
  return object;
}

/**
 * zod writes a recursive schema's definition beside it, referred to as `#/definitions/…`, which an OpenAPI
 * document resolves from its root, where nothing is: such definitions move to components.schemas under a name
 * of the route's own, so the document stays valid for client generators.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', shared: SharedSchemas, owner: string): JsonSchema {
  const json = withNullInNullableEnums(
    z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }),
  ) as JsonSchema;
  delete json.$schema;
  const local = (json.definitions ?? json.$defs) as Record<string, JsonSchema> | undefined;
  if (!local) return json;
  delete json.definitions;
  delete json.$defs;
  const rename = (name: string) => `${owner}.${io}.${name}`.replace(/[^A-Za-z0-9._-]/g, '_');
  for (const [name, definition] of Object.entries(local))
    shared[rename(name)] = rewriteReferences(definition, rename) as JsonSchema;
  return rewriteReferences(json, rename) as JsonSchema;
}

function parameters(
  schema: z.ZodType | undefined,
  location: 'query' | 'path',
  shared: SharedSchemas,
  owner: string,
): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input', shared, owner);
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
  const shared: SharedSchemas = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const spec = route.spec;
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const pathParameterNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
    const owner = `${route.controller}.${route.handler}`;
    const documentedPath = parameters(spec?.params, 'path', shared, owner);
    const undocumented = pathParameterNames
      .filter((name) => !documentedPath.some((parameter) => parameter.name === name))
      .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const status = String(spec?.status ?? route.httpCode ?? (route.method === 'POST' ? 201 : 200));
    const responseBody = spec?.response
      ? { content: { 'application/json': { schema: toSchema(spec.response, 'output', shared, owner) } } }
      : {};
    const operation: JsonSchema = {
      operationId: owner,
      summary: spec?.summary ?? route.handler,
      tags: spec?.tags ?? [route.controller.replace(/Controller$/, '')],
      description: [
        route.isPublic ? 'No credential needed.' : `Roles: ${route.roles.join(', ')}.`,
        ...(spec?.description ? [spec.description] : []),
      ].join(' '),
      parameters: [...documentedPath, ...undocumented, ...parameters(spec?.query, 'query', shared, owner)],
      responses: {
        [status]: spec?.produces
          ? { description: 'OK', content: { [spec.produces]: { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'OK', ...responseBody },
        ...Object.fromEntries(
          (spec?.alsoAnswers ?? []).map((code) => [
            String(code),
            { description: STATUS_CODES[code] ?? String(code), ...responseBody },
          ]),
        ),
        default: {
          description: 'Error',
          content: { 'application/json': { schema: toSchema(errorSchema, 'output', shared, owner) } },
        },
      },
      ...(route.isPublic ? { security: [] } : {}),
    };
    if (spec?.consumes) {
      operation.requestBody = {
        required: true,
        content: {
          [spec.consumes]: { schema: spec.body ? toSchema(spec.body, 'input', shared, owner) : { type: 'object' } },
        },
      };
    } else if (spec?.body) {
      operation.requestBody = {
        // A request without a body is validated as `{}` (RequestValidationGuard): optional when that passes,
        // unless the route requires one all the same.
        required: spec.bodyRequired === true || !spec.body.safeParse({}).success,
        content: { 'application/json': { schema: toSchema(spec.body, 'input', shared, owner) } },
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  Object.assign(paths, servedBesideControllers(shared));
  return {
    openapi: '3.0.3',
    info: {
      title: 'Feedback Analysis Service',
      version,
      description:
        'Faculty evaluations, questionnaires and multilingual feedback analysis. Errors use one body: { statusCode, error, message, details } (details: one entry per violation, else empty).',
    },
    servers: [{ url: '/' }],
    components: {
      ...(Object.keys(shared).length > 0 ? { schemas: shared } : {}),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'the METRICS_TOKEN setting' },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

/**
 * The two routes the application serves on Fastify itself rather than through a controller (app.ts): this document,
 * and the Prometheus scrape of conventions §2 (its own bearer token, METRICS_TOKEN; 404 while that is unset).
 */
function servedBesideControllers(shared: SharedSchemas): Record<string, Record<string, JsonSchema>> {
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: toSchema(errorSchema, 'output', shared, 'Metrics.scrape') } },
  };
  return {
    '/api/v1/openapi.json': {
      get: {
        operationId: 'OpenApi.document',
        summary: 'This OpenAPI document',
        tags: ['Documentation'],
        description: 'No credential needed.',
        parameters: [],
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } },
        security: [],
      },
    },
    '/api/v1/metrics': {
      get: {
        operationId: 'Metrics.scrape',
        summary: 'Prometheus metrics of this process',
        tags: ['Metrics'],
        description:
          'Authorization: Bearer <METRICS_TOKEN> (a setting of its own, not a user token). 401 without it or with another, 404 while METRICS_TOKEN is unset.',
        parameters: [],
        responses: {
          '200': {
            description: 'OK',
            content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
          },
          default: error,
        },
        security: [{ metricsToken: [] }],
      },
    },
  };
}

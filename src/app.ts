import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_CONTROLLERS, ApiModule } from './api.module.js';
import { ANALYSIS_FORBIDDEN_ROLES } from './common/auth/roles.js';
import { trustProxyOption } from './common/auth/trusted-proxies.js';
import { coalesceResponseWrites } from './common/http/coalesced-writes.js';
import { buildOpenApiDocument } from './common/http/openapi.js';
import { acceptJsonBodies, multipartRefusal } from './common/http/request-bodies.js';
import { API_PREFIX, assertRoutesDeclareAccess, discoverRoutes } from './common/http/route-discovery.js';
import { answerClientError, frameworkErrorHandler, MAX_PARAM_LENGTH } from './common/http/framework-errors.js';
import { UPLOAD_LIMITS } from './common/http/upload-limits.js';
import { createRootLogger, runWithLogger } from './common/logging/logger.js';
import { instrumentHttpRequests, serveMetrics } from './common/metrics/http-metrics.js';
import { defaultWebAppDirectory, serveWebApp, WEB_APP_HEADERS } from './common/web-app/web-app.js';
import { PinoNestLogger } from './common/logging/nest-logger.js';
import { RequestLogController } from './common/logging/request-log.js';
import { renderStudentTextForReaders } from './common/privacy/student-text.hook.js';
import { closeConnectionsWhileDraining, ProcessLifecycle } from './common/process/lifecycle.js';
import { admitRequests } from './common/process/request-admission.js';
import type { Settings } from './config/settings.js';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
export const SERVICE_VERSION = '0.1.0';

/** The OpenAPI document of the API, from the controllers' metadata; refuses routes that declare no access. */
export function apiDocument(): ReturnType<typeof buildOpenApiDocument> {
  const routes = discoverRoutes(API_CONTROLLERS);
  assertRoutesDeclareAccess(routes, ANALYSIS_FORBIDDEN_ROLES);
  return buildOpenApiDocument(routes, SERVICE_VERSION);
}

const API_PATH_START = '/api/';
/** The routes of health checks and metrics scrapes: never queued behind a burst of requests, their successes logged at debug. */
const PROBE_PATHS: ReadonlySet<string> = new Set(
  ['health', 'health/ready', 'metrics'].map((path) => `/${API_PREFIX}/${path}`),
);
const API_ANSWER_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** Builds the API application (not yet listening). Used by the entry points and by the tests. */
export async function createApp(settings: Settings): Promise<NestFastifyApplication> {
  const logger = createRootLogger(settings.LOG_LEVEL, { pretty: settings.LOG_FORMAT === 'pretty' });
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: settings.REQUEST_BODY_LIMIT,
    // A caller's x-request-id is kept when it is sane, so a request can be followed across services.
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(settings.TRUSTED_PROXIES),
    logController: new RequestLogController(PROBE_PATHS),
    // What the router and Node's HTTP parser refuse answers the documented error body too (outside audit Z).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(API_ANSWER_HEADERS),
    clientErrorHandler: answerClientError(API_ANSWER_HEADERS),
  });
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(settings), adapter, {
    abortOnError: false,
    // JSON only (plus multipart uploads, registered below): no form-encoded or text/plain bodies.
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  app.setGlobalPrefix(API_PREFIX);
  // No enableShutdownHooks(): each entry point handles the signals (closeOnSignals), draining before it closes.

  const fastify = app.getHttpAdapter().getInstance();
  acceptJsonBodies(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    // API answers carry tokens and students' words: no cache along the way keeps them, and no browser reads one as
    // another type than it says (outside audit U). The dashboard's files set their own caching (web-app.ts).
    if (request.url.startsWith(API_PATH_START)) void reply.headers(API_ANSWER_HEADERS);
    const refused = multipartRefusal(request);
    if (refused) done(refused);
    else runWithLogger(request.log as unknown as Logger, done);
  });
  instrumentHttpRequests(fastify);
  renderStudentTextForReaders(fastify);
  closeConnectionsWhileDraining(fastify, app.get(ProcessLifecycle));
  if (settings.REQUEST_CONCURRENCY > 0)
    admitRequests(fastify, {
      limit: settings.REQUEST_CONCURRENCY,
      waitMs: settings.DATABASE_CONNECTION_TIMEOUT_MS,
      exempt: PROBE_PATHS,
    });
  // The last onSend hook: it hands over what the others made.
  coalesceResponseWrites(fastify);

  const document = apiDocument();
  await app.register(fastifyMultipart as never, { limits: UPLOAD_LIMITS });
  await app.register(fastifySwagger as never, { mode: 'static', specification: { document } });
  // The docs page is where people paste a bearer token: it keeps the dashboard's rules (conventions §2). Scripts
  // only from this origin, as there; Swagger UI sets one inline style as it renders and draws with data: images,
  // which styles and images allow (neither runs code).
  await app.register(fastifySwaggerUi as never, {
    routePrefix: '/api/docs',
    staticCSP: `${WEB_APP_HEADERS['content-security-policy']}; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:`,
    uiHooks: {
      onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        void reply.header('referrer-policy', WEB_APP_HEADERS['referrer-policy']);
        done();
      },
    },
  });
  fastify.get(`/${API_PREFIX}/openapi.json`, async () => document);
  // Outside the controllers: guarded by METRICS_TOKEN rather than a user's session (conventions §2).
  serveMetrics(fastify, `/${API_PREFIX}/metrics`, settings.METRICS_TOKEN);
  // The dashboard (web/, built by `npm run build`) at `/`; the API keeps everything under /api.
  await serveWebApp(app, defaultWebAppDirectory());

  await app.init();
  return app;
}

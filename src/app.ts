import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Logger } from 'pino';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { ANALYSIS_FORBIDDEN_ROLES } from './common/auth/roles.js';
import { buildOpenApiDocument } from './common/http/openapi.js';
import { API_PREFIX, assertRoutesDeclareAccess, discoverRoutes } from './common/http/route-discovery.js';
import { createRootLogger, runWithLogger } from './common/logging/logger.js';
import { PinoNestLogger } from './common/logging/nest-logger.js';
import type { Settings } from './config/settings.js';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
export const SERVICE_VERSION = '0.1.0';

/** Builds the API application (not yet listening). Used by the entry points and by the tests. */
export async function createApp(settings: Settings): Promise<NestFastifyApplication> {
  const logger = createRootLogger(settings.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: settings.REQUEST_BODY_LIMIT,
    // A caller's x-request-id is kept when it is sane, so a request can be followed across services.
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    trustProxy: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(settings), adapter, {
    logger: new PinoNestLogger(logger),
  });
  app.setGlobalPrefix(API_PREFIX);
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    runWithLogger(request.log as unknown as Logger, done);
  });

  const routes = discoverRoutes(app);
  assertRoutesDeclareAccess(routes, ANALYSIS_FORBIDDEN_ROLES);
  const document = buildOpenApiDocument(routes, SERVICE_VERSION);
  await app.register(fastifyMultipart as never, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(fastifySwagger as never, { mode: 'static', specification: { document } });
  await app.register(fastifySwaggerUi as never, { routePrefix: '/api/docs' });
  fastify.get(`/${API_PREFIX}/openapi.json`, async () => document);

  await app.init();
  return app;
}

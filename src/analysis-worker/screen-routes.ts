import type { FastifyInstance } from 'fastify';
import { FRAME_MEDIA_TYPE, isFrameType } from '../contracts/float32-frame.js';
import { SCREEN_ENGINE_VERSION } from '../engine/screen/index.js';
import { failed } from './responses.js';
import { runLocally, type RouteContext } from './routes.js';

/**
 * `/screen` (conventions §11): the comment screen under the §8 envelope, always the local engine. Like the other
 * contracts, a request is answered whole by the job runner: inline when small, in an engine thread when large, so
 * that a batch of thousands of comments (about 0.25 ms each) never holds the event loop that answers `/health`
 * and the other calls, and a worker whose threads are all busy answers 503 with Retry-After.
 */
export function registerScreenRoutes(app: FastifyInstance, context: RouteContext): void {
  const version = context.versionOverride ?? SCREEN_ENGINE_VERSION;
  app.get('/screen/health', async () => ({
    status: 'ok' as const,
    service: 'screen',
    version,
    accepts: ['application/json'],
  }));
  app.post('/screen/runsync', async (request, reply) => {
    if (isFrameType(request.headers['content-type']))
      return reply
        .code(415)
        .send(failed(null, version, `screen requests are application/json only, not ${FRAME_MEDIA_TYPE}`));
    return runLocally(context, 'screen', request, reply);
  });
}

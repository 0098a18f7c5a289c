import type { FastifyInstance, FastifyRequest } from 'fastify';
import { screenRequestSchema, type ScreenCompletedOutput } from '../contracts/worker-contracts.js';
import { SCREEN_ENGINE_VERSION, screenComment } from '../engine/screen/index.js';
import { INVALID_JSON_MESSAGE, parseEnvelope, readJson } from './envelopes.js';
import { completed, failed } from './responses.js';

/**
 * `/screen` (conventions §11): the comment screen under the §8 envelope. Always the local engine, inline: a
 * comment is screened in well under a millisecond, so even a large batch costs less than handing it to a thread.
 */

function rawBody(request: FastifyRequest): Uint8Array {
  return request.body instanceof Uint8Array ? request.body : new Uint8Array();
}

export function registerScreenRoutes(app: FastifyInstance, versionOverride: string | undefined): void {
  const version = versionOverride ?? SCREEN_ENGINE_VERSION;
  app.get('/screen/health', async () => ({ status: 'ok' as const, service: 'screen', version }));
  app.post('/screen/runsync', async (request, reply) => {
    const json = readJson(rawBody(request));
    if (!json.ok) return reply.code(400).send(failed(null, version, INVALID_JSON_MESSAGE));
    const parsed = parseEnvelope(screenRequestSchema, json.value);
    if (!parsed.ok) return failed(parsed.jobId, version, parsed.error);
    const { jobId, items } = parsed.request.input;
    const results = items.map((item) => ({
      submissionId: item.submissionId,
      flags: screenComment(item.text).map(({ category, score }) => ({ category, score })),
    }));
    const answer = completed(jobId, version, { results, engine: { source: 'local' as const } });
    return answer satisfies { output: ScreenCompletedOutput };
  });
}

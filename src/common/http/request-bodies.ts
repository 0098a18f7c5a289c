import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unsupportedMediaType } from '../errors/domain-error.js';
import { unsupportedMediaTypeMessage } from './exception-filter.js';
import type { RouteRequestConfig } from './route.js';

/** Whether the route takes a multipart upload (`consumes` of its `@Route`, kept in the Fastify route config). */
function takesUploads(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as RouteRequestConfig | undefined;
  return config?.consumes?.startsWith('multipart/') === true;
}

/**
 * Request bodies are JSON (or multipart on the upload routes): any other content type is refused with 415 before a
 * route runs. An empty body sent as application/json is no body at all, so an action such as `POST .../publish`
 * works whether or not the client sets the header (a route that needs its body says so: `bodyRequired`).
 */
export function acceptJsonBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
}

/**
 * Multipart is parsed (streamed) only by the upload routes. @fastify/multipart accepts it on every route, where
 * the body would read as empty: an institution import sent as a file would import nothing and answer 200. Every
 * other route answers 415 naming the type sent, as for any other content type it does not take.
 */
export function acceptUploadsOnlyOnUploadRoutes(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    if (request.isMultipart() && !request.is404 && !takesUploads(request))
      done(unsupportedMediaType(unsupportedMediaTypeMessage(request)));
    else done();
  });
}

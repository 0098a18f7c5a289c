import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid, unsupportedMediaType } from '../errors/domain-error.js';
import { unsupportedMediaTypeMessage } from './exception-filter.js';
import type { RouteRequestConfig } from './route.js';

/** The charset parameter of a content-type header, lowercased, or undefined when it has none. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/iu.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? '').toLowerCase() : undefined;
}

function charsetMessage(charset: string): string {
  const named = /^[a-z0-9._:+-]{1,40}$/u.test(charset) ? `'${charset}'` : '(not a charset name)';
  return `unsupported charset ${named}; request bodies are JSON in utf-8`;
}

/** Whether the route takes a multipart upload (`consumes` of its `@Route`, kept in the Fastify route config). */
function takesUploads(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as RouteRequestConfig | undefined;
  return config?.consumes?.startsWith('multipart/') === true;
}

/**
 * Request bodies are JSON in UTF-8 (or multipart on the upload routes): any other content type is refused with 415
 * before a route runs, and so is a charset other than utf-8. A body that is not valid UTF-8 is a 400. An empty body
 * sent as application/json is no body at all, so an action such as `POST .../publish` works whether or not the
 * client sets the header (a route that needs its body says so: `bodyRequired`). Fastify's own JSON parser still
 * parses (`__proto__` and `constructor.prototype` refused); the body limit applies while the body is read.
 */
export function acceptJsonBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const header = request.headers['content-type'];
    const charset = header === 'application/json' ? undefined : charsetOf(header);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(unsupportedMediaType(charsetMessage(charset)), undefined);
      return;
    }
    // JSON is UTF-8 (RFC 8259). Decoding with replacement would store U+FFFD in place of a Latin-1 "é" for good, so a
    // body that is not UTF-8 is refused. isUtf8 (simdutf) and then toString cost a 1 KB submission about 50 ns more
    // than toString alone; a fatal TextDecoder cost 400 ns. A leading BOM is dropped by Fastify's parser.
    if (!isUtf8(body as Buffer)) {
      done(
        invalid('request body is not valid UTF-8', [
          { path: 'body', message: 'send JSON encoded as UTF-8 (not Latin-1 or Windows-1252)' },
        ]),
        undefined,
      );
      return;
    }
    const text = (body as Buffer).toString('utf8');
    if (text.trim() === '') done(null, undefined);
    else parseJson(request, text, done);
  });
}

const MULTIPART = /^\s*multipart\//iu;

/**
 * Why a request is refused before anything of it is read, or undefined. Multipart is parsed (streamed) only by the
 * upload routes. @fastify/multipart accepts it on every route, where the body would read as empty: an institution
 * import sent as a file would import nothing and answer 200. Every other route answers 415 naming the type sent, as
 * for any other content type it does not take. Called from the API's one onRequest hook (app.ts): a hook of its own
 * for every request cost the hot path's GETs, which carry no body, a few microseconds each.
 */
export function multipartRefusal(request: FastifyRequest): Error | undefined {
  const type = request.headers['content-type'];
  if (type === undefined || !MULTIPART.test(type) || request.is404 || takesUploads(request)) return undefined;
  return unsupportedMediaType(unsupportedMediaTypeMessage(request));
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { FRAME_MEDIA_TYPE } from '../contracts/float32-frame.js';

/**
 * Request bodies are kept as bytes, in one buffer of their own: the routes parse them, a large one in an engine
 * thread, to which the buffer is moved without a copy. `application/json` is accepted, and the float32 frame
 * (src/contracts/float32-frame.ts) that `/topics/runsync` takes beside it; anything else is a 415.
 *
 * Fastify's own `parseAs: 'buffer'` collects the chunks and concatenates them at the end, which holds the event
 * loop for ~25 ms for a 28 MB topics request (a 20,000-comment corpus). When the request says its length, the
 * chunks are copied into a buffer of that size as they arrive instead, so the copying is spread over the
 * upload; without a length (chunked upload) they are concatenated at the end.
 */

function httpError(statusCode: number, code: string, message: string): Error {
  return Object.assign(new Error(message), { statusCode, code });
}

export function keepBodiesAsBytes(app: FastifyInstance, limit: number): void {
  app.removeAllContentTypeParsers();
  const collect = (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: Buffer) => void,
  ): void => {
    const declared = request.headers['content-length'];
    const length = declared === undefined ? undefined : Number(declared);
    if (length !== undefined && length > limit) {
      done(httpError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'), undefined);
      return;
    }
    const sized = length !== undefined && Number.isSafeInteger(length) && length >= 0;
    const body = sized ? Buffer.allocUnsafeSlow(length) : undefined;
    const chunks: Buffer[] = [];
    let received = 0;

    const finish = (error: Error | null, value?: Buffer) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(error, value);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (received + bytes.length > limit) {
        finish(httpError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'));
        return;
      }
      if (body) {
        if (received + bytes.length > body.length) {
          finish(
            httpError(400, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'Request body size did not match Content-Length'),
          );
          return;
        }
        bytes.copy(body, received);
      } else {
        chunks.push(bytes);
      }
      received += bytes.length;
    };
    const onEnd = () => {
      if (body && received !== body.length) {
        finish(httpError(400, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'Request body size did not match Content-Length'));
        return;
      }
      finish(null, body ?? Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => finish(Object.assign(error, { statusCode: 400 }));

    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  };
  app.addContentTypeParser('application/json', collect);
  app.addContentTypeParser(FRAME_MEDIA_TYPE, collect);
}

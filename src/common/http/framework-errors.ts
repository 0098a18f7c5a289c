import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, type ErrorBody } from './errors.js';

/**
 * Longest path parameter the router passes on (Fastify's default is 100). Past that it answered 414 itself, with a
 * body of its own; up to this, a too-long id reaches the route and its schema's 400 names `params.id`. The request
 * line and headers stay bounded by Node's header limit (16 KB), which clientErrorBody answers.
 */
export const MAX_PARAM_LENGTH = 2048;

/**
 * The documented error body (conventions §2: `{ statusCode, error, message, details }`) for what the router
 * refuses before any route runs: a path whose percent-escapes do not decode to UTF-8 (`%ZZ`, `%ED%A0%80`), a path
 * parameter past MAX_PARAM_LENGTH, a route constraint that failed. Fastify wrote its own body there, with a `code`
 * and no `details`.
 */
export function frameworkErrorHandler(
  headers: Readonly<Record<string, string>>,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, _request, reply) => {
    let body: ErrorBody;
    if (error.code === 'FST_ERR_BAD_URL')
      body = errorBody(400, 'the URL is not valid: a percent-escape in its path does not decode to UTF-8 text', [
        { path: 'url', message: 'not valid percent-encoded UTF-8' },
      ]);
    else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      body = errorBody(414, `a path segment is longer than ${MAX_PARAM_LENGTH} characters`, [
        { path: 'url', message: 'too long' },
      ]);
    else body = errorBody(400, 'the request could not be routed', []);
    void reply.code(body.statusCode).headers(headers).send(body);
  };
}

/** What Node's HTTP parser refuses before Fastify sees a request, answered with the documented body. */
export function clientErrorBody(error: NodeJS.ErrnoException): ErrorBody {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return errorBody(408, 'the request was not received in time');
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return errorBody(431, 'the request line and headers are larger than the server takes (16 KB)');
  return errorBody(400, 'the request is not valid HTTP/1.1 (a malformed request line, method or headers)');
}

/**
 * Fastify's clientErrorHandler with the documented body: a connection reset needs no answer; otherwise the answer is
 * written to the socket (no request exists to reply through) and the connection closed, as Node does.
 */
export function answerClientError(
  headers: Readonly<Record<string, string>>,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const body = clientErrorBody(error);
      const text = JSON.stringify(body);
      const extra = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(
        `HTTP/1.1 ${body.statusCode} ${body.error}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(text)}\r\n${extra}Connection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy(error);
  };
}

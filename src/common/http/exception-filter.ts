import type { AuthenticatedRequest } from '../auth/authenticated-user.js';
import { renderForReader } from '../privacy/student-text.js';
import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseError } from 'pg';
import { ZodError } from 'zod';
import { getLogger } from '../logging/logger.js';
import { PoolExhaustedError } from '../database/database.js';
import { DomainError } from '../errors/domain-error.js';
import { errorBody, STATUS_OF_KIND, type ErrorBody } from './errors.js';
import type { RouteRequestConfig } from './route.js';
import { UPLOAD_MAX_FILE_MEGABYTES } from './upload-limits.js';
import { zodIssuesToDetails } from './zod-details.js';

/**
 * Maps every error to the error body of conventions §2. PostgreSQL errors that a client caused
 * become 4xx instead of leaking as 500s.
 */
export function toErrorBody(error: unknown, request?: FastifyRequest): ErrorBody {
  if (error instanceof DomainError) return errorBody(STATUS_OF_KIND[error.kind], error.message, error.details);
  if (error instanceof ZodError) return errorBody(400, 'validation failed', zodIssuesToDetails(error.issues));
  if (error instanceof HttpException) {
    const status = error.getStatus();
    // Nest wraps Fastify's own 4xx errors (body parsing, media type, multipart limits), keeping them as the cause.
    const cause = error.cause as { code?: unknown; message?: string } | undefined;
    if (typeof cause?.code === 'string' && cause.code.startsWith('FST_'))
      return fastifyErrorBody({ code: cause.code, message: cause.message }, status, request);
    const response = error.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : error.message;
    return errorBody(status, status === 404 && message.startsWith('Cannot ') ? 'route not found' : message);
  }
  if (error instanceof PoolExhaustedError) return errorBody(503, 'the service is busy; try again shortly');
  if (error instanceof DatabaseError) return databaseErrorBody(error);
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Fastify's own errors: malformed JSON, body too large, unsupported media type, multipart limits.
    return fastifyErrorBody(error as { code?: string; message?: string }, statusCode, request);
  }
  return errorBody(500, 'internal server error');
}

/**
 * What a 415 tells the client: the type it sent and the one the route takes. Upload routes declare theirs
 * (`consumes`, kept in the Fastify route config by `@Route`), every other route takes JSON. The header is the
 * client's, so only its media type is quoted, and only when it reads as one.
 */
export function unsupportedMediaTypeMessage(request: FastifyRequest | undefined): string {
  const config = request?.routeOptions?.config as RouteRequestConfig | undefined;
  const accepted = config?.consumes ?? 'application/json';
  const header = request?.headers['content-type'];
  if (header === undefined || header.trim() === '')
    return `the request body has no content type; this route accepts ${accepted}`;
  const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? '';
  const sent = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/.test(mediaType)
    ? `'${mediaType}'`
    : '(not a media type)';
  return `unsupported content type ${sent}; this route accepts ${accepted}`;
}

/** Fastify's and its plugins' 4xx errors in the service's words; their own messages are the library's. */
function fastifyErrorBody(
  error: { code?: string; message?: string },
  statusCode: number,
  request: FastifyRequest | undefined,
): ErrorBody {
  switch (error.code) {
    // @fastify/multipart answers 413 for a second file part; the request is malformed rather than too large.
    case 'FST_FILES_LIMIT':
      return errorBody(400, 'exactly one file part is expected; the request has more than one', [
        { path: 'file', message: 'send exactly one file part' },
      ]);
    case 'FST_REQ_FILE_TOO_LARGE':
      return errorBody(
        413,
        `the file is larger than ${UPLOAD_MAX_FILE_MEGABYTES} MB, the most an upload takes; split it into smaller files`,
        [{ path: 'file', message: `at most ${UPLOAD_MAX_FILE_MEGABYTES} MB` }],
      );
    default:
      return errorBody(statusCode, fastifyMessage(error, statusCode, request));
  }
}

function fastifyMessage(
  error: { code?: string; message?: string },
  statusCode: number,
  request: FastifyRequest | undefined,
): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaTypeMessage(request);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'request body is empty but content-type is application/json';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'request body is not valid JSON';
    default:
      if (statusCode === 400 && error.message && /JSON/i.test(error.message)) return 'request body is not valid JSON';
      return error.message ?? 'bad request';
  }
}

/**
 * The field a constraint error is about, as the API names it: PostgreSQL's detail "Key (questionnaire_version_id)=(…)"
 * gives the column, answered in the body's camelCase ("questionnaireVersionId"); the constraint's and the table's
 * names stay inside.
 */
export function fieldOfConstraintDetail(detail: string | undefined): string | undefined {
  const columns = /^Key \(([^)]+)\)=/u.exec(detail ?? '')?.[1];
  if (columns === undefined) return undefined;
  return columns
    .split(',')
    .map((column) => column.trim().replace(/_([a-z0-9])/gu, (_, letter: string) => letter.toUpperCase()))
    .join(', ');
}

function databaseErrorBody(error: DatabaseError): ErrorBody {
  switch (error.code) {
    case '23505':
      return errorBody(409, 'a record with the same unique values already exists', [
        { path: fieldOfConstraintDetail(error.detail) ?? '(unique)', message: 'already exists' },
      ]);
    case '23503':
      // Inserting a reference to a missing row is the client's bad input; deleting a referenced row is a conflict.
      return error.detail?.includes('is still referenced')
        ? errorBody(409, 'the record is still referenced by other records')
        : errorBody(400, 'a referenced record does not exist', [
            { path: fieldOfConstraintDetail(error.detail) ?? '(reference)', message: 'no such record' },
          ]);
    case '23514':
    case '23502':
      return errorBody(400, `invalid value: ${error.message}`);
    case '40001':
    case '40P01':
      return errorBody(409, 'the operation conflicted with a concurrent change; retry it');
    // statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS) cancelled the query, or a lock_timeout (a refresh's) ended
    // the wait for a row another transaction holds.
    case '57014':
    case '55P03':
      return errorBody(503, 'the database took too long to answer; try again shortly');
    default:
      // Class 22 is "data exception": a value PostgreSQL cannot take (bad text representation, NUL
      // byte, out-of-range number or date, string too long). It came from the request, so it is a 400.
      if (error.code?.startsWith('22')) return errorBody(400, `invalid value: ${error.message}`);
      return errorBody(500, 'internal server error');
  }
}

/** A code that says which failure it was: Moodle's errorcode, the reason a call went unanswered, a driver code. */
function errorCodeOf(error: DomainError): string {
  let current: unknown = error.cause;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const fields = current as Error & { errorcode?: unknown; reason?: unknown; code?: unknown };
    for (const code of [fields.errorcode, fields.reason, fields.code]) if (typeof code === 'string') return code;
    current = current.cause;
  }
  return error.kind;
}

/**
 * The fields of the warning for a 5xx the service expected and classified (a dependency down or refusing: the
 * learning system, a worker, the database pool, a statement timeout), or undefined for anything else, which is
 * a fault of ours and is logged at ERROR with its stack.
 */
function expectedFailure(
  error: unknown,
  statusCode: number,
  request: FastifyRequest | undefined,
): Record<string, unknown> | undefined {
  const route = request ? `${request.method} ${request.routeOptions?.url ?? request.url.split('?')[0]}` : undefined;
  if (error instanceof DomainError)
    return { statusCode, errorKind: error.kind, errorCode: errorCodeOf(error), operation: error.operation ?? route };
  if (error instanceof PoolExhaustedError)
    return { statusCode, errorKind: 'unavailable', errorCode: 'pool-exhausted', operation: route };
  if (error instanceof DatabaseError && error.code === '57014')
    return { statusCode, errorKind: 'unavailable', errorCode: 'statement-timeout', operation: route };
  if (error instanceof DatabaseError && error.code === '55P03')
    return { statusCode, errorKind: 'unavailable', errorCode: 'lock-timeout', operation: route };
  return undefined;
}

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest | undefined>();
    const body = toErrorBody(error, request);
    const logger = getLogger('http');
    const expected = body.statusCode >= 500 ? expectedFailure(error, body.statusCode, request) : undefined;
    if (expected)
      logger.warn({ ...expected, errorMessage: body.message }, 'request failed: a dependency could not serve it');
    else if (body.statusCode >= 500) logger.error({ err: error }, 'request failed');
    else logger.info({ statusCode: body.statusCode, message: body.message }, 'request refused');
    if (body.statusCode === 429 && error instanceof DomainError && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    // An error body is a response like any other: students' words in it are rendered for this reader.
    const reader = (request as AuthenticatedRequest | undefined)?.user?.id ?? null;
    void reply.status(body.statusCode).send(renderForReader(body, reader));
  }
}

import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DatabaseError } from 'pg';
import { ZodError } from 'zod';
import { getLogger } from '../logging/logger.js';
import { PoolExhaustedError } from '../database/database.js';
import { DomainError } from '../errors/domain-error.js';
import { errorBody, STATUS_OF_KIND, type ErrorBody } from './errors.js';
import { zodIssuesToDetails } from './zod-details.js';

/**
 * Maps every error to the error body of conventions §2. PostgreSQL errors that a client caused
 * become 4xx instead of leaking as 500s.
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof DomainError) return errorBody(STATUS_OF_KIND[error.kind], error.message, error.details);
  if (error instanceof ZodError) return errorBody(400, 'validation failed', zodIssuesToDetails(error.issues));
  if (error instanceof HttpException) {
    const status = error.getStatus();
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
    return errorBody(statusCode, fastifyMessage(error as { code?: string; message?: string }, statusCode));
  }
  return errorBody(500, 'internal server error');
}

function fastifyMessage(error: { code?: string; message?: string }, statusCode: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'request body is empty but content-type is application/json';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'request body is not valid JSON';
    default:
      if (statusCode === 400 && error.message && /JSON/i.test(error.message)) return 'request body is not valid JSON';
      return error.message ?? 'bad request';
  }
}

function databaseErrorBody(error: DatabaseError): ErrorBody {
  switch (error.code) {
    case '23505':
      return errorBody(409, 'a record with the same unique values already exists', [
        { path: error.constraint ?? '(unique)', message: error.detail ?? 'duplicate value' },
      ]);
    case '23503':
      // Inserting a reference to a missing row is the client's bad input; deleting a referenced row is a conflict.
      return error.detail?.includes('is still referenced')
        ? errorBody(409, 'the record is still referenced by other records')
        : errorBody(400, 'a referenced record does not exist', [
            { path: error.constraint ?? '(reference)', message: error.detail ?? 'unknown reference' },
          ]);
    case '23514':
    case '23502':
      return errorBody(400, `invalid value: ${error.message}`);
    case '40001':
    case '40P01':
      return errorBody(409, 'the operation conflicted with a concurrent change; retry it');
    case '57014':
      // statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS) cancelled the query.
      return errorBody(503, 'the database took too long to answer; try again shortly');
    default:
      // Class 22 is "data exception": a value PostgreSQL cannot take (bad text representation, NUL
      // byte, out-of-range number or date, string too long). It came from the request, so it is a 400.
      if (error.code?.startsWith('22')) return errorBody(400, `invalid value: ${error.message}`);
      return errorBody(500, 'internal server error');
  }
}

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = toErrorBody(error);
    const logger = getLogger('http');
    if (body.statusCode >= 500) logger.error({ err: error }, 'request failed');
    else logger.info({ statusCode: body.statusCode, message: body.message }, 'request refused');
    if (body.statusCode === 429 && error instanceof DomainError && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    void reply.status(body.statusCode).send(body);
  }
}

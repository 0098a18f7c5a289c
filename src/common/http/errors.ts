import { STATUS_CODES } from 'node:http';
import type { DomainErrorKind, ErrorDetail } from '../errors/domain-error.js';

/** The HTTP status of each domain error kind. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  unavailable: 503,
  unreachable: 502,
};

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** Always present (conventions §2's body): one entry per violation, empty when the message says it all. */
  details: ErrorDetail[];
}

export function errorBody(statusCode: number, message: string, details?: ErrorDetail[]): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, details: details ?? [] };
}

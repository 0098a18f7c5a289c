import { STATUS_CODES } from 'node:http';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** A failure the client can act on. Services throw these; the exception filter renders them. */
export class AppError extends Error {
  /** Sent as the Retry-After header of a 429. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, message, details);
export const unauthorized = (message = 'authentication required') => new AppError(401, message);
export const forbidden = (message = 'forbidden') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError(409, message, details);
export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError(429, message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  details?: ErrorDetail[];
}

export function errorBody(statusCode: number, message: string, details?: ErrorDetail[]): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(details && details.length > 0 ? { details } : {}),
  };
}

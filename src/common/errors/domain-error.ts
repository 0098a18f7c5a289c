/**
 * Failures the caller can act on, thrown by services. They say what went wrong in domain terms and
 * know nothing of HTTP: the exception filter maps a kind to a status and the error body; job handlers
 * map it to retry or do-not-retry; the CLI prints the message.
 */

export interface ErrorDetail {
  path: string;
  message: string;
}

export type DomainErrorKind =
  /** The input breaks a rule; the same input will always fail. */
  | 'invalid'
  /** No valid credential. */
  | 'unauthenticated'
  /** The caller may not do this. */
  | 'forbidden'
  | 'not-found'
  /** The current state does not allow it (duplicate, wrong lifecycle state, concurrent change). */
  | 'conflict'
  /** The body or its file is larger than the operation takes (a CSV over its 2 MB). */
  | 'too-large'
  /** The body was sent in a content type the operation does not take (JSON to a file upload). */
  | 'unsupported-media-type'
  /** Too many attempts; `retryAfterSeconds` tells when to try again. */
  | 'rate-limited'
  /** A dependency (database pool, learning system, worker) cannot serve now; trying later may work. */
  | 'unavailable'
  /** A system we call could not be reached at all. */
  | 'unreachable';

export class DomainError extends Error {
  override name = 'DomainError';
  /** With 'rate-limited': seconds until a new attempt may succeed. */
  retryAfterSeconds?: number;
  /** What was being done when it failed (`user seeding`), for the log line that classifies the failure. */
  operation?: string;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: ErrorDetail[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Whether repeating the same operation later may succeed (jobs retry these, and only these). */
  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'unreachable' || this.kind === 'rate-limited';
  }
}

export const invalid = (message: string, details?: ErrorDetail[]) => new DomainError('invalid', message, details);
export const unauthenticated = (message = 'authentication required') => new DomainError('unauthenticated', message);
export const forbidden = (message = 'forbidden') => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string, details?: ErrorDetail[]) => new DomainError('conflict', message, details);
export const tooLarge = (message: string, details?: ErrorDetail[]) => new DomainError('too-large', message, details);
export const unsupportedMediaType = (message: string) => new DomainError('unsupported-media-type', message);
export const unavailable = (message: string, cause?: unknown) =>
  new DomainError('unavailable', message, undefined, { cause });
export const unreachable = (message: string, cause?: unknown) =>
  new DomainError('unreachable', message, undefined, { cause });
export function rateLimited(message: string, retryAfterSeconds: number): DomainError {
  const error = new DomainError('rate-limited', message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { RateLimitExhaustedError } from './retry.js';

/** The model answered, but not with something we can use (empty, not JSON, wrong shape, ungrounded). */
export class ModelOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelOutputError';
  }
}

/** Anything that looks like an API key: providers echo a masked key in some error messages. */
const KEY_PATTERN = /\b(sk|key|api)[-_][\w*.-]{6,}/gi;

function redact(message: string, secret: string | undefined): string {
  const withoutSecret = secret ? message.split(secret).join('[redacted]') : message;
  return withoutSecret.replace(KEY_PATTERN, '[redacted]').slice(0, 300);
}

/**
 * A short reason for falling back to the local engine, safe to log and to return to callers: never the API
 * key, and no provider message for authentication failures (they may quote the key).
 */
export function describeModelFailure(error: unknown, apiKey: string | undefined): string {
  if (error instanceof RateLimitExhaustedError) return error.message;
  if (error instanceof ModelOutputError) return `invalid model output: ${redact(error.message, apiKey)}`;
  if (error instanceof APIConnectionTimeoutError) return 'provider request timed out';
  if (error instanceof APIConnectionError) return 'provider unreachable (connection error)';
  if (error instanceof APIError) {
    if (error.status === 401 || error.status === 403) return `provider error ${error.status}: authentication failed`;
    return `provider error ${error.status ?? 'unknown'}: ${redact(error.message, apiKey)}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `unexpected provider failure: ${redact(message, apiKey)}`;
}

import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimitError } from 'openai';

/** How rate-limited (429) calls are retried. The SDK's own retries are off so this is the only policy. */
export interface RetryPolicy {
  /** Attempts in total, the first included (spec: 3). */
  attempts: number;
  /** Wait before the second attempt when the provider sends no retry-after; doubled for each later one. */
  baseDelayMs: number;
  /** Cap on any wait, including a provider's retry-after. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 4000 };

/** The wait the provider asked for, in ms: retry-after-ms, or retry-after as seconds or as an HTTP date. */
function requestedDelayMs(error: RateLimitError): number | undefined {
  const headers = error.headers;
  const milliseconds = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const retryAfter = headers?.get('retry-after');
  if (!retryAfter) return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(retryAfter);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

export function retryDelayMs(error: RateLimitError, attempt: number, policy: RetryPolicy): number {
  const backoff = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, requestedDelayMs(error) ?? backoff);
}

/** Thrown when every attempt was rate limited. */
export class RateLimitExhaustedError extends Error {
  constructor(readonly attempts: number) {
    super(`rate limited (429) on all ${attempts} attempts`);
    this.name = 'RateLimitExhaustedError';
  }
}

/** Calls `call`, retrying only on 429 up to the policy's number of attempts. */
export async function withRateLimitRetry<T>(call: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      if (attempt >= policy.attempts) throw new RateLimitExhaustedError(attempt);
      await sleep(retryDelayMs(error, attempt, policy));
    }
  }
}

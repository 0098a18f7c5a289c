import type { WorkerKind } from '../../contracts/worker-contracts.js';

/**
 * Why a worker call did not give a usable result, in the terms a caller acts on:
 * - `failed`: the worker answered `status: "failed"` (a domain failure: invalid input, a corpus the topic model
 *   cannot model, a provider error). The same request fails again: do not retry.
 * - `rejected`: HTTP 4xx (401/403 token missing or wrong, 404 wrong URL, 413 body over the worker's limit,
 *   400/415): a configuration error. Do not retry; fix the settings.
 * - `unavailable`: HTTP 5xx (the contract's "unexpected failure, retry"), 408 or 429. Retry.
 * - `timeout`: no complete answer within the call's timeout. Retry.
 * - `unreachable`: no HTTP answer at all (connection refused or reset, DNS). Retry.
 * - `invalid-answer`: HTTP 200 whose body is not JSON, breaks the contract's schema, or is not pinned to the
 *   request (another jobId, a submission missing, unknown or answered twice). Retry: a broken or restarting
 *   replica is the likely cause; the queue's attempts bound it.
 */
export type WorkerCallFailure = 'failed' | 'rejected' | 'unavailable' | 'timeout' | 'unreachable' | 'invalid-answer';

const RETRYABLE: Readonly<Record<WorkerCallFailure, boolean>> = {
  failed: false,
  rejected: false,
  unavailable: true,
  timeout: true,
  unreachable: true,
  'invalid-answer': true,
};

/**
 * A worker call that gave no usable result. Its own class rather than a DomainError: the API's exception filter
 * maps DomainError kinds to the caller's HTTP status (`unauthenticated` → 401, `invalid` → 400), which would
 * blame the API's caller for the worker's token or the worker's answer; and `failed` and `rejected` are both
 * "do not retry" yet mean different things (bad input versus bad configuration). `retryable` has the meaning of
 * DomainError's: whether the same call may succeed later (queue jobs retry these, and only these).
 */
export class WorkerCallError extends Error {
  override name = 'WorkerCallError';
  readonly kind: WorkerCallFailure;
  readonly retryable: boolean;
  /** Which contract was called. */
  readonly worker: WorkerKind;
  /** The HTTP status, when the worker answered. */
  readonly status?: number;
  /** `output.error` (or the error body's message) as the worker sent it, when it sent one. */
  readonly workerError?: string;

  constructor(
    kind: WorkerCallFailure,
    worker: WorkerKind,
    message: string,
    details: { status?: number; workerError?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.retryable = RETRYABLE[kind];
    this.worker = worker;
    if (details.status !== undefined) this.status = details.status;
    if (details.workerError !== undefined) this.workerError = details.workerError;
  }
}

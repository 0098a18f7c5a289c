import { UnrecoverableError } from 'bullmq';

/**
 * What a job handler's failure means for the queue. An error that says repeating cannot fix it (`retryable`
 * false: a DomainError such as invalid input or a missing setting, a WorkerCallError for a worker that
 * answered `failed` or refused the call) becomes BullMQ's UnrecoverableError: no more attempts, the job fails
 * now. A retryable one (a dependency unavailable or unreachable) and any unexpected error are rethrown as they
 * are, so BullMQ retries them with the job's backoff until its attempts run out.
 */
export function toQueueFailure(error: unknown): Error {
  if ((error as { retryable?: unknown } | null)?.retryable === false) {
    const unrecoverable = new UnrecoverableError((error as Error).message);
    unrecoverable.cause = error;
    return unrecoverable;
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Wraps a job handler so its failures follow `toQueueFailure`. */
export function withRetryPolicy<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      throw toQueueFailure(error);
    }
  };
}

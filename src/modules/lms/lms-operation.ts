import { DomainError, unavailable, unreachable } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import { LmsResponseError, LmsUnreachableError, MoodleWebServiceError } from './moodle-errors.js';

/**
 * Runs one learning-system operation and maps its failures the way the spec's error table does:
 * - the learning system could not be reached → 502, `LMS is unreachable` (with the operation and the reason,
 *   except on the read-only tree routes, which answer the spec's exact message);
 * - Moodle answered with an exception, or something else went wrong → 503, with the operation label in front of
 *   the message (`category provisioning failed: …`); a `webservice_access_exception` keeps Moodle's message and
 *   the hint (see MoodleWebServiceError);
 * - the service's own refusals (invalid input, a held lock, LMS_URL unset) pass through unchanged.
 */
export async function asLmsOperation<T>(
  operation: string,
  work: () => Promise<T>,
  options: { exactUnreachableMessage?: boolean } = {},
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw lmsFailure(operation, error, options);
  }
}

/** What a run had made before it failed, for its error: `1 new category was`, `3 new categories were`. */
export function madeCount(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one} was` : `${count} ${many} were`;
}

export function lmsFailure(
  operation: string,
  error: unknown,
  options: { exactUnreachableMessage?: boolean } = {},
): DomainError {
  const failure = classify(operation, error, options);
  failure.operation ??= operation;
  return failure;
}

function classify(operation: string, error: unknown, options: { exactUnreachableMessage?: boolean }): DomainError {
  if (error instanceof LmsUnreachableError)
    return unreachable(
      options.exactUnreachableMessage ? 'LMS is unreachable' : `LMS is unreachable (${operation}: ${error.reason})`,
      error,
    );
  if (error instanceof MoodleWebServiceError || error instanceof LmsResponseError)
    return unavailable(`${operation} failed: ${error.message}`, error);
  if (error instanceof DomainError) return error;
  getLogger('lms').error({ err: error, operation }, 'learning-system operation failed');
  return unavailable(`${operation} failed: unexpected error (see the service log)`);
}

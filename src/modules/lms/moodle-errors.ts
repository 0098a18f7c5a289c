import { DomainError } from '../../common/errors/domain-error.js';

/**
 * The ways a web-service call fails, as typed errors. Each is a DomainError, so the exception filter, the job
 * retry policy and the CLI already know what to do with one; the provisioning services put an operation label
 * in front of the message (see `asLmsOperation`).
 */

/** Why the learning system could not be reached at all. */
export type UnreachableReason =
  'connection refused' | 'host not found' | 'connection reset' | 'timed out' | 'network error';

/** No answer: the connection failed, was reset, or the call ran past its timeout (→ 502). */
export class LmsUnreachableError extends DomainError {
  override name = 'LmsUnreachableError';

  constructor(
    readonly wsfunction: string,
    readonly reason: UnreachableReason,
  ) {
    super('unreachable', `LMS is unreachable (${reason})`);
  }
}

/** Moodle answered with its `{ exception, errorcode, message }` body (→ 503 with an operation label). */
export class MoodleWebServiceError extends DomainError {
  override name = 'MoodleWebServiceError';

  constructor(
    readonly wsfunction: string,
    readonly exception: string,
    readonly errorcode: string,
    readonly moodleMessage: string,
  ) {
    super('unavailable', MoodleWebServiceError.describe(wsfunction, exception, moodleMessage));
  }

  /**
   * Moodle's own message. An access exception almost always means the function is missing from the external
   * service the token belongs to, which Moodle's message does not say: the hint does.
   */
  private static describe(wsfunction: string, exception: string, message: string): string {
    if (exception !== 'webservice_access_exception') return message;
    return (
      `${message} (hint: the web-service function ${wsfunction} must be added to the external service of the ` +
      `learning system that LMS_TOKEN belongs to: Site administration > Server > Web services > External services)`
    );
  }
}

/** Something answered, but not as Moodle does: an HTTP error status or a body that is not JSON (→ 503). */
export class LmsResponseError extends DomainError {
  override name = 'LmsResponseError';

  constructor(
    readonly wsfunction: string,
    message: string,
  ) {
    super('unavailable', message);
  }
}

/** LMS_URL or LMS_TOKEN is not set in this process (→ 503 naming the setting). */
export function lmsNotConfigured(setting: 'LMS_URL' | 'LMS_TOKEN'): DomainError {
  return new DomainError('unavailable', `the learning system is not configured: ${setting} is not set`);
}

import { Inject, Injectable } from '@nestjs/common';
import { SETTINGS } from '../../common/core/tokens.js';
import { getLogger } from '../../common/logging/logger.js';
import type { LearningSystemSettings } from '../../config/settings.js';
import {
  LmsResponseError,
  LmsUnreachableError,
  MoodleWebServiceError,
  lmsNotConfigured,
  type UnreachableReason,
} from './moodle-errors.js';
import type {
  MoodleCategory,
  MoodleCourse,
  MoodleCreatedCategory,
  MoodleCreatedCourse,
  MoodleCreatedUser,
  MoodleEnrolledUser,
  MoodleEnrolment,
  MoodleNewCategory,
  MoodleNewCourse,
  MoodleNewUser,
  MoodleUser,
} from './moodle-types.js';

/** A web-service parameter: scalars, and lists and records of them, sent in Moodle's bracket form. */
export type MoodleValue = string | number | boolean | null | undefined | MoodleValue[] | { [key: string]: MoodleValue };

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Moodle's bracket form: `{ categories: [{ name: 'MAIN' }] }` → `categories[0][name]=MAIN`. Booleans are 1/0;
 * null and undefined are left out (Moodle then applies the parameter's default).
 */
export function toMoodleForm(params: Record<string, MoodleValue>, form = new URLSearchParams()): URLSearchParams {
  const add = (key: string, value: MoodleValue): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === 'object') for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    else form.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

const UNREACHABLE_CODES: Record<string, UnreachableReason> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  UND_ERR_SOCKET: 'connection reset',
  UND_ERR_CLOSED: 'connection reset',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
  UND_ERR_HEADERS_TIMEOUT: 'timed out',
  UND_ERR_BODY_TIMEOUT: 'timed out',
};

/** The error codes of `error` and its causes (undici nests them, and wraps several attempts in an AggregateError). */
function errorCodes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 4) return [];
  const own = typeof (error as { code?: unknown }).code === 'string' ? [(error as { code: string }).code] : [];
  const nested = (error as { errors?: unknown }).errors;
  return [
    ...own,
    ...errorCodes((error as { cause?: unknown }).cause, depth + 1),
    ...(Array.isArray(nested) ? nested.flatMap((inner) => errorCodes(inner, depth + 1)) : []),
  ];
}

/** What kept a call from getting an answer; undefined when `error` is not a transport failure. */
export function unreachableReason(error: unknown): UnreachableReason | undefined {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timed out';
  for (const code of errorCodes(error)) {
    const reason = UNREACHABLE_CODES[code];
    if (reason) return reason;
  }
  // fetch reports every other transport failure (TLS, protocol) as `TypeError: fetch failed`.
  if (error instanceof TypeError && error.message === 'fetch failed') return 'network error';
  return undefined;
}

/**
 * The Moodle REST web-service client (conventions §9): `POST {LMS_URL}/webservice/rest/server.php` with the
 * token and the function in the form body (never in the URL, so no proxy or access log records the token).
 * Each call has a timeout. It logs the function name, the outcome and the duration, never LMS_URL or LMS_TOKEN.
 * Settings are read on each call, so a process without LMS_URL starts and answers 503 only when it is used.
 */
@Injectable()
export class MoodleClient {
  constructor(@Inject(SETTINGS) private readonly settings: Partial<LearningSystemSettings>) {}

  /** Whether LMS_URL is set (the scheduler runs the sync only then). */
  get configured(): boolean {
    return Boolean(this.settings.LMS_URL);
  }

  async call<T>(wsfunction: string, params: Record<string, MoodleValue> = {}): Promise<T> {
    const { LMS_URL: baseUrl, LMS_TOKEN: token } = this.settings;
    if (!baseUrl) throw lmsNotConfigured('LMS_URL');
    if (!token) throw lmsNotConfigured('LMS_TOKEN');
    const endpoint = `${baseUrl.replace(/\/+$/, '')}/webservice/rest/server.php`;
    const form = new URLSearchParams({ wstoken: token, wsfunction, moodlewsrestformat: 'json' });
    toMoodleForm(params, form);
    const logger = getLogger('lms');
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let text: string;
    let status: number;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(this.settings.LMS_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason = unreachableReason(error) ?? 'network error';
      logger.warn({ wsfunction, durationMs: elapsed(), outcome: 'unreachable', reason }, 'learning-system call failed');
      throw new LmsUnreachableError(wsfunction, reason);
    }
    if (status !== 200) {
      logger.warn({ wsfunction, durationMs: elapsed(), outcome: 'http-error', status }, 'learning-system call failed');
      throw new LmsResponseError(wsfunction, `the learning system answered HTTP ${status} to ${wsfunction}`);
    }
    let body: unknown;
    try {
      body = text.length === 0 ? null : JSON.parse(text);
    } catch {
      logger.warn({ wsfunction, durationMs: elapsed(), outcome: 'not-json' }, 'learning-system call failed');
      throw new LmsResponseError(wsfunction, `the learning system did not answer ${wsfunction} with JSON`);
    }
    if (body && typeof body === 'object' && !Array.isArray(body) && 'exception' in body) {
      const failure = body as { exception?: unknown; errorcode?: unknown; message?: unknown };
      const exception = String(failure.exception);
      const errorcode = typeof failure.errorcode === 'string' ? failure.errorcode : 'unknown';
      logger.warn(
        { wsfunction, durationMs: elapsed(), outcome: 'moodle-exception', exception, errorcode },
        'learning-system call failed',
      );
      throw new MoodleWebServiceError(
        wsfunction,
        exception,
        errorcode,
        typeof failure.message === 'string' ? failure.message : exception,
      );
    }
    logger.debug({ wsfunction, durationMs: elapsed(), outcome: 'ok' }, 'learning-system call');
    return body as T;
  }

  /** Every category (Moodle answers the whole tree when no criteria are given). */
  categories(): Promise<MoodleCategory[]> {
    return this.call<MoodleCategory[]>('core_course_get_categories', { addsubcategories: 1 });
  }

  createCategories(categories: MoodleNewCategory[]): Promise<MoodleCreatedCategory[]> {
    return this.call<MoodleCreatedCategory[]>('core_course_create_categories', { categories: [...categories] });
  }

  /** Courses by `field` (`category`, `ids`, `shortname`, …); every course when `field` is empty. */
  async coursesByField(field: '' | 'id' | 'ids' | 'shortname' | 'category', value = ''): Promise<MoodleCourse[]> {
    const answer = await this.call<{ courses?: unknown }>('core_course_get_courses_by_field', {
      field,
      value,
    });
    // Moodle answers `courses` always, empty when nothing matches: an answer without it is not "no courses" (a bulk
    // preview read it so and called every course new; outside audit M), it fails as any unexpected answer does.
    if (!Array.isArray(answer?.courses))
      throw new Error('core_course_get_courses_by_field answered without a courses list');
    return answer.courses as MoodleCourse[];
  }

  createCourses(courses: MoodleNewCourse[]): Promise<MoodleCreatedCourse[]> {
    return this.call<MoodleCreatedCourse[]>('core_course_create_courses', { courses: [...courses] });
  }

  createUsers(users: MoodleNewUser[]): Promise<MoodleCreatedUser[]> {
    return this.call<MoodleCreatedUser[]>('core_user_create_users', { users: [...users] });
  }

  usersByField(field: 'id' | 'username' | 'email', values: Array<string | number>): Promise<MoodleUser[]> {
    return this.call<MoodleUser[]>('core_user_get_users_by_field', { field, values });
  }

  async enrol(enrolments: MoodleEnrolment[]): Promise<void> {
    await this.call<null>('enrol_manual_enrol_users', { enrolments: [...enrolments] });
  }

  /** The course's participants with their roles (only the fields the sync reads). */
  enrolledUsers(courseId: number): Promise<MoodleEnrolledUser[]> {
    return this.call<MoodleEnrolledUser[]>('core_enrol_get_enrolled_users', {
      courseid: courseId,
      options: [{ name: 'userfields', value: 'id,username,firstname,lastname,fullname,roles' }],
    });
  }
}

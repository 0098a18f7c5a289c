import type { Executor } from '../../common/database/database.js';
import type { CourseContext, SemesterContext, SubmissionsRepository, UserReference } from './submissions.repository.js';
import { usernameKey } from '../../common/text/usernames.js';

/**
 * Reference data a submission reads: users, courses (with their program, department, semester and
 * campus) and semesters, always through the executor of the submission's own unit of work, so a
 * submission never holds its transaction's connection while waiting for a second one.
 */
export interface SubmissionLookups {
  userById(id: string): Promise<UserReference | undefined>;
  userByUsername(username: string): Promise<UserReference | undefined>;
  courseById(id: string): Promise<CourseContext | undefined>;
  courseByShortname(shortname: string): Promise<CourseContext | undefined>;
  semesterById(id: string): Promise<SemesterContext | undefined>;
}

/** Lookups for one unit of work, reading through its executor (the transaction); without one, through the pool (only outside any transaction). */
export type LookupsFor = (executor?: Executor) => SubmissionLookups;

/** Uncached reads through the unit's transaction: what a single submission uses. */
export function transactionLookups(repository: SubmissionsRepository): LookupsFor {
  return (executor) => ({
    userById: (id) => repository.userById(id, executor),
    userByUsername: (username) => repository.userByUsername(username, executor),
    courseById: (id) => repository.courseById(id, executor),
    courseByShortname: (shortname) => repository.courseByShortname(shortname, executor),
    semesterById: (id) => repository.semesterById(id, executor),
  });
}

/**
 * Lookups that remember every answer (including "not found") for the life of the object: one per
 * ingestion run, so a file of 5,000 rows reads each user and course once. A miss is read through the
 * transaction of the record that asked first; records asking for the same key meanwhile share that
 * read (they wait on a query already running on another connection, never on the pool). Reference
 * data does not change during a run, so an answer read in one record's transaction serves them all.
 */
export function createCachedLookups(repository: SubmissionsRepository): LookupsFor {
  const memo = <T>(load: (key: string, executor?: Executor) => Promise<T>) => {
    const cache = new Map<string, Promise<T>>();
    return (key: string, executor?: Executor): Promise<T> => {
      let pending = cache.get(key);
      if (!pending) {
        pending = load(key, executor);
        cache.set(key, pending);
        // A failed query is not an answer: forget it so the next record asks again.
        pending.catch(() => cache.delete(key));
      }
      return pending;
    };
  };
  const userById = memo((id, executor) => repository.userById(id, executor));
  const userByUsername = memo((username, executor) => repository.userByUsername(username, executor));
  const courseById = memo((id, executor) => repository.courseById(id, executor));
  const courseByShortname = memo((shortname, executor) => repository.courseByShortname(shortname, executor));
  const semesterById = memo((id, executor) => repository.semesterById(id, executor));
  return (executor) => ({
    userById: (id) => userById(id, executor),
    userByUsername: (username) => userByUsername(usernameKey(username), executor),
    courseById: (id) => courseById(id, executor),
    courseByShortname: (shortname) => courseByShortname(shortname.toLowerCase(), executor),
    semesterById: (id) => semesterById(id, executor),
  });
}

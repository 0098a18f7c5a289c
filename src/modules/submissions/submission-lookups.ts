import type {
  CourseContext,
  SemesterContext,
  SubmissionsRepository,
  Trx,
  UserReference,
} from './submissions.repository.js';

/**
 * Reference data a submission reads: users, courses (with their program, department, semester and
 * campus) and semesters. Bulk ingestion passes a per-run cache (createCachedLookups) so that a file
 * of 5,000 rows reads each user and course once; a single submission reads them in its transaction.
 */
export interface SubmissionLookups {
  userById(id: string): Promise<UserReference | undefined>;
  userByUsername(username: string): Promise<UserReference | undefined>;
  courseById(id: string): Promise<CourseContext | undefined>;
  courseByShortname(shortname: string): Promise<CourseContext | undefined>;
  semesterById(id: string): Promise<SemesterContext | undefined>;
}

/** Uncached reads through the given transaction. */
export function transactionLookups(repository: SubmissionsRepository, trx: Trx): SubmissionLookups {
  return {
    userById: (id) => repository.userById(id, trx),
    userByUsername: (username) => repository.userByUsername(username, trx),
    courseById: (id) => repository.courseById(id, trx),
    courseByShortname: (shortname) => repository.courseByShortname(shortname, trx),
    semesterById: (id) => repository.semesterById(id, trx),
  };
}

/**
 * Lookups that remember every answer (including "not found") for the life of the object: one per
 * ingestion run. Concurrent requests for the same key share one query. Reads go through the pool,
 * outside any record's transaction, which is right for reference data that a run does not change.
 */
export function createCachedLookups(repository: SubmissionsRepository): SubmissionLookups {
  const memo = <T>(load: (key: string) => Promise<T>) => {
    const cache = new Map<string, Promise<T>>();
    return (key: string): Promise<T> => {
      let pending = cache.get(key);
      if (!pending) {
        pending = load(key);
        cache.set(key, pending);
        // A failed query is not an answer: forget it so the next record asks again.
        pending.catch(() => cache.delete(key));
      }
      return pending;
    };
  };
  return {
    userById: memo((id) => repository.userById(id)),
    userByUsername: memo((username) => repository.userByUsername(username.toLowerCase())),
    courseById: memo((id) => repository.courseById(id)),
    courseByShortname: memo((shortname) => repository.courseByShortname(shortname)),
    semesterById: memo((id) => repository.semesterById(id)),
  };
}

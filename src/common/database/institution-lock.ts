import { sql } from 'kysely';
import { runInTransaction, type DatabaseClient, type Trx } from './database.js';

/**
 * The institution's shared rows (campuses, semesters, departments, programs, courses, users, roles, enrollments) are
 * written in bulk by three kinds of transaction: the institution import, the learning-system sync and the
 * learning-system provisioning (categories, courses). Each writes many of the same rows in an order of its own (the
 * file's, Moodle's), so two of them at once deadlocked on the rows both touch (outside audit K: the sync rolled back
 * with a 503 that blamed the learning system, or the import with a 409). Each takes this transaction-scoped advisory
 * lock first, so they run one at a time; it is released by the commit or rollback, and the wait is bounded by the
 * statement timeout (503 after it). None of these transactions is open during a call to the learning system.
 *
 * The key is the one the import has always used, so a process of the previous release and one of this release
 * still exclude each other during a rolling restart.
 */
export async function lockInstitutionWrites(trx: Trx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('institution-import'))`.execute(trx);
}

/** A transaction that writes the institution's shared rows: lockInstitutionWrites first, then `work`. */
export function runInstitutionTransaction<T>(db: DatabaseClient, work: (trx: Trx) => Promise<T>): Promise<T> {
  return runInTransaction(db, async (trx) => {
    await lockInstitutionWrites(trx);
    return work(trx);
  });
}

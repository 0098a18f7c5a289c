import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../common/core/tokens.js';
import { runInTransaction, type DatabaseClient, type Trx } from '../../common/database/database.js';
import { runInstitutionTransaction } from '../../common/database/institution-lock.js';
import { upsert } from '../../common/database/upsert.js';
import type { EnrollmentRole, Role } from '../../db/schema.js';
import { parseSemesterCode } from '../institution/semester-code.js';
import { normalizedName } from '../../common/text/usernames.js';

/** The local rows a bulk course request names, joined up to the campus. */
export interface ProgramChain {
  programId: string;
  programCode: string;
  programDepartmentId: string;
  programCategoryId: number | null;
  departmentSemesterId: string | null;
  departmentCode: string | null;
  semesterCode: string | null;
  campusCode: string | null;
}

/**
 * The local side of the learning system: the institution rows (with their `lms_category_id` / `lms_course_id`),
 * users (`lms_user_id`) and enrollments that provisioning and the sync write, and the reads their checks need.
 * Writes run on the transaction of the caller's unit of work; no method is called while a learning-system call
 * is in flight inside a transaction.
 */
@Injectable()
export class LmsRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return runInTransaction(this.db, work);
  }

  /**
   * A transaction that writes the institution's shared rows (a sync, a provisioning run): it first waits for an
   * institution import or another such write to end (lockInstitutionWrites), so that two of them never write the
   * same rows in opposite orders at once.
   */
  institutionTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return runInstitutionTransaction(this.db, work);
  }

  /** The program with its own department and that department's semester and campus; undefined if unknown. */
  async programChain(programId: string): Promise<ProgramChain | undefined> {
    const row = await this.db
      .selectFrom('programs as p')
      .leftJoin('departments as d', 'd.id', 'p.department_id')
      .leftJoin('semesters as s', 's.id', 'd.semester_id')
      .leftJoin('campuses as c', 'c.id', 's.campus_id')
      .select([
        'p.id as programId',
        'p.code as programCode',
        'p.department_id as programDepartmentId',
        'p.lms_category_id as programCategoryId',
        'd.semester_id as departmentSemesterId',
        'd.code as departmentCode',
        's.code as semesterCode',
        'c.code as campusCode',
      ])
      .where('p.id', '=', programId)
      .executeTakeFirst();
    return row;
  }

  /** The semester of a department; undefined when the department is unknown. */
  async departmentSemesterId(departmentId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('departments')
      .select('semester_id')
      .where('id', '=', departmentId)
      .executeTakeFirst();
    return row?.semester_id;
  }

  async semesterExists(semesterId: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('semesters').select('id').where('id', '=', semesterId).executeTakeFirst());
  }

  /** A new campus is named by its code until an import names it. */
  upsertCampus(trx: Trx, code: string, lmsCategoryId: number) {
    return upsert(trx, 'campuses', { code }, { lms_category_id: lmsCategoryId }, { insertOnly: { name: code } });
  }

  /** A new semester gets its label, academic year and dates from its code (as an import without dates does). */
  upsertSemester(trx: Trx, campusId: string, code: string, lmsCategoryId: number) {
    const parsed = parseSemesterCode(code);
    if (!parsed.ok) throw new Error(parsed.reason);
    return upsert(
      trx,
      'semesters',
      { campus_id: campusId, code },
      { lms_category_id: lmsCategoryId },
      {
        insertOnly: {
          label: parsed.value.label,
          academic_year: parsed.value.academicYear,
          start_date: parsed.value.startDate,
          end_date: parsed.value.endDate,
        },
      },
    );
  }

  upsertDepartment(trx: Trx, semesterId: string, code: string, lmsCategoryId: number) {
    return upsert(trx, 'departments', { semester_id: semesterId, code }, { lms_category_id: lmsCategoryId });
  }

  upsertProgram(trx: Trx, departmentId: string, code: string, lmsCategoryId: number) {
    return upsert(trx, 'programs', { department_id: departmentId, code }, { lms_category_id: lmsCategoryId });
  }

  /** By shortname ignoring case, like every course lookup. */
  upsertCourse(trx: Trx, programId: string, shortname: string, fullname: string, lmsCourseId: number) {
    return upsert(
      trx,
      'courses',
      { shortname },
      { program_id: programId, fullname, lms_course_id: lmsCourseId },
      { ignoringCase: ['shortname'] },
    );
  }

  /** By username ignoring case (both names in NFC); the learning system's name and id win. Local passwords are never touched. */
  upsertUser(trx: Trx, username: string, fullName: string, lmsUserId: number) {
    return upsert(
      trx,
      'users',
      { username: normalizedName(username) },
      { full_name: normalizedName(fullName), lms_user_id: lmsUserId },
      { ignoringCase: ['username'] },
    );
  }

  /** Adds roles, keeping the ones users already hold. */
  async addRoles(trx: Trx, grants: Array<{ userId: string; role: Role }>): Promise<void> {
    for (let start = 0; start < grants.length; start += 500) {
      const chunk = grants.slice(start, start + 500);
      await trx
        .insertInto('user_roles')
        .values(chunk.map((grant) => ({ user_id: grant.userId, role: grant.role })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  /** Inserts the enrollments that do not exist yet; answers how many were new. */
  async addEnrollments(
    trx: Trx,
    enrollments: Array<{ userId: string; courseId: string; role: EnrollmentRole }>,
  ): Promise<number> {
    let created = 0;
    for (let start = 0; start < enrollments.length; start += 500) {
      const chunk = enrollments.slice(start, start + 500);
      const inserted = await trx
        .insertInto('enrollments')
        .values(chunk.map((row) => ({ user_id: row.userId, course_id: row.courseId, role: row.role })))
        .onConflict((oc) => oc.columns(['user_id', 'course_id', 'role']).doNothing())
        .returning('id')
        .execute();
      created += inserted.length;
    }
    return created;
  }
}

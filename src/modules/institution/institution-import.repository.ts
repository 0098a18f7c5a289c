import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient, Trx } from '../../common/database/database.js';
import { runInstitutionTransaction } from '../../common/database/institution-lock.js';
import { upsert, type UpsertOutcome } from '../../common/database/upsert.js';
import type { EnrollmentRole, Role, ScopedRole } from '../../db/schema.js';
import { coursesWithHierarchy } from './course-hierarchy.js';
import { departmentKey, programKey, semesterKey, type KnownReferences } from './import-validator.js';
import type { InstitutionImport } from './institution.schemas.js';
import { usernameKey } from '../../common/text/usernames.js';

const lower = (text: string) => text.toLowerCase();

@Injectable()
export class InstitutionImportRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /** What the database holds for the campuses, users and courses the file refers to. */
  /**
   * A transaction that first waits for any other import, and any learning-system sync or provisioning write, to end
   * (lockInstitutionWrites); the wait is bounded by the statement timeout (503 after it).
   */
  institutionTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return runInstitutionTransaction(this.db, work);
  }

  async knownReferences(trx: Trx, file: InstitutionImport): Promise<KnownReferences> {
    // Every campus the file names, in any section: an enrollment that says its campus and semester, or a campus
    // listed again beside them, is checked against that campus's semesters as stored.
    const campusCodes = [
      ...new Set([
        ...file.campuses.map((c) => c.code),
        ...file.enrollments.flatMap((e) => (e.campus === undefined ? [] : [e.campus])),
        ...file.semesters.map((s) => s.campus),
        ...file.departments.map((d) => d.campus),
        ...file.programs.map((p) => p.campus),
        ...file.courses.map((c) => c.campus),
        ...file.users.flatMap((u) => u.assignments.map((a) => a.campus)),
      ]),
    ];
    const usernames = [...new Set(file.enrollments.map((e) => usernameKey(e.username)))];
    // The file's own courses too: a shortname already stored elsewhere must not move (see validateImport).
    const shortnames = [
      ...new Set([...file.courses.map((c) => c.shortname), ...file.enrollments.map((e) => e.course)].map(lower)),
    ];

    const structure =
      campusCodes.length === 0
        ? []
        : await trx
            .selectFrom('campuses as c')
            .leftJoin('semesters as s', 's.campus_id', 'c.id')
            .leftJoin('departments as d', 'd.semester_id', 's.id')
            .leftJoin('programs as p', 'p.department_id', 'd.id')
            .select(['c.code as campus', 's.code as semester', 'd.code as department', 'p.code as program'])
            .where('c.code', 'in', campusCodes)
            .execute();
    const known: KnownReferences = {
      campuses: new Set(),
      semesters: new Set(),
      departments: new Set(),
      programs: new Map(),
      users: new Set(),
      courses: new Map(),
    };
    const seenDepartmentPrograms = new Set<string>();
    for (const row of structure) {
      known.campuses.add(row.campus);
      if (!row.semester) continue;
      known.semesters.add(semesterKey(row.campus, row.semester));
      if (!row.department) continue;
      known.departments.add(departmentKey(row.campus, row.semester, row.department));
      if (!row.program) continue;
      const unique = `${row.campus}/${row.semester}/${row.department}/${row.program}`;
      if (seenDepartmentPrograms.has(unique)) continue;
      seenDepartmentPrograms.add(unique);
      const key = programKey(row.campus, row.semester, row.program);
      known.programs.set(key, (known.programs.get(key) ?? 0) + 1);
    }
    if (usernames.length > 0) {
      const rows = await trx
        .selectFrom('users')
        .select(sql<string>`lower(username)`.as('username'))
        .where(sql<string>`lower(username)`, 'in', usernames)
        .execute();
      for (const row of rows) known.users.add(row.username);
    }
    if (shortnames.length > 0) {
      const rows = await coursesWithHierarchy(trx)
        .select(['co.shortname', 'c.code as campus', 's.code as semester'])
        .where(sql<string>`lower(co.shortname)`, 'in', shortnames)
        .execute();
      for (const row of rows) known.courses.set(lower(row.shortname), row);
    }
    return known;
  }

  upsertCampus(trx: Trx, code: string, name: string) {
    return upsert(trx, 'campuses', { code }, { name });
  }

  async campusId(trx: Trx, code: string): Promise<string> {
    return (await trx.selectFrom('campuses').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  }

  upsertSemester(
    trx: Trx,
    campusId: string,
    code: string,
    fields: { label: string; academic_year: string; start_date: string; end_date: string },
  ) {
    return upsert(trx, 'semesters', { campus_id: campusId, code }, fields);
  }

  async semesterId(trx: Trx, campus: string, semester: string): Promise<string> {
    return (
      await trx
        .selectFrom('semesters as s')
        .innerJoin('campuses as c', 'c.id', 's.campus_id')
        .select('s.id')
        .where('c.code', '=', campus)
        .where('s.code', '=', semester)
        .executeTakeFirstOrThrow()
    ).id;
  }

  upsertDepartment(trx: Trx, semesterId: string, code: string, name: string | undefined) {
    return upsert(trx, 'departments', { semester_id: semesterId, code }, { name });
  }

  async departmentId(trx: Trx, semesterId: string, code: string): Promise<string> {
    return (
      await trx
        .selectFrom('departments')
        .select('id')
        .where('semester_id', '=', semesterId)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  }

  upsertProgram(trx: Trx, departmentId: string, code: string, name: string | undefined) {
    return upsert(trx, 'programs', { department_id: departmentId, code }, { name });
  }

  async programId(trx: Trx, semesterId: string, code: string): Promise<string> {
    return (
      await trx
        .selectFrom('programs as p')
        .innerJoin('departments as d', 'd.id', 'p.department_id')
        .select('p.id')
        .where('d.semester_id', '=', semesterId)
        .where('p.code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  }

  /** By shortname ignoring case: `it101-s12526` updates an existing `IT101-S12526`, whose spelling is kept. */
  upsertCourse(trx: Trx, shortname: string, programId: string, fullname: string) {
    return upsert(trx, 'courses', { shortname }, { program_id: programId, fullname }, { ignoringCase: ['shortname'] });
  }

  async courseId(trx: Trx, shortname: string): Promise<string> {
    return (
      await trx
        .selectFrom('courses')
        .select('id')
        .where(sql<string>`lower(shortname)`, '=', shortname.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
  }

  /**
   * The user, locked for the rest of the import FOR NO KEY UPDATE: that keeps every other writer of the row in line
   * (the import changes only its name and password hash), but not an insert that references it. FOR UPDATE blocked the
   * key share of every submission, pipeline, session and audit record naming the user until the import committed,
   * and deadlocked with a submission whose student and teacher the file listed in the other order (outside audit K).
   */
  async findUser(trx: Trx, username: string) {
    return trx
      .selectFrom('users')
      .select(['id', 'full_name', 'password_hash'])
      .where(sql<string>`lower(username)`, '=', usernameKey(username))
      .forNoKeyUpdate()
      .executeTakeFirst();
  }

  async createUser(trx: Trx, username: string, fullName: string, passwordHash: string | null): Promise<string> {
    return (
      await trx
        .insertInto('users')
        .values({ username, full_name: fullName, password_hash: passwordHash })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  async updateUser(trx: Trx, id: string, fields: { full_name?: string; password_hash?: string }): Promise<void> {
    await trx
      .updateTable('users')
      .set({ ...fields, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Makes the user's roles exactly `roles`; true when anything changed. */
  async replaceRoles(trx: Trx, userId: string, roles: Role[]): Promise<boolean> {
    const removed = await trx
      .deleteFrom('user_roles')
      .where('user_id', '=', userId)
      .$if(roles.length > 0, (query) => query.where('role', 'not in', roles))
      .executeTakeFirst();
    const added =
      roles.length === 0
        ? []
        : await trx
            .insertInto('user_roles')
            .values(roles.map((role) => ({ user_id: userId, role })))
            .onConflict((oc) => oc.doNothing())
            .returning('role')
            .execute();
    return Number(removed.numDeletedRows) > 0 || added.length > 0;
  }

  /** Makes the user's scope assignments exactly `assignments`; true when anything changed. */
  async replaceAssignments(
    trx: Trx,
    userId: string,
    assignments: Array<{ role: ScopedRole; campus: string; department: string | null; program: string | null }>,
  ): Promise<boolean> {
    const existing = await trx
      .selectFrom('scope_assignments')
      .select(['id', 'role', 'campus_code', 'department_code', 'program_code'])
      .where('user_id', '=', userId)
      .execute();
    const keyOf = (a: { role: string; campus: string; department: string | null; program: string | null }) =>
      `${a.role}|${a.campus}|${a.department ?? ''}|${a.program ?? ''}`;
    const wanted = new Map(assignments.map((a) => [keyOf(a), a]));
    const stale = existing.filter(
      (row) =>
        !wanted.has(
          keyOf({
            role: row.role,
            campus: row.campus_code,
            department: row.department_code,
            program: row.program_code,
          }),
        ),
    );
    const present = new Set(
      existing.map((row) =>
        keyOf({ role: row.role, campus: row.campus_code, department: row.department_code, program: row.program_code }),
      ),
    );
    const missing = [...wanted.entries()].filter(([key]) => !present.has(key)).map(([, a]) => a);
    if (stale.length > 0)
      await trx
        .deleteFrom('scope_assignments')
        .where(
          'id',
          'in',
          stale.map((row) => row.id),
        )
        .execute();
    if (missing.length > 0) {
      await trx
        .insertInto('scope_assignments')
        .values(
          missing.map((a) => ({
            user_id: userId,
            role: a.role,
            campus_code: a.campus,
            department_code: a.department,
            program_code: a.program,
          })),
        )
        .execute();
    }
    return stale.length > 0 || missing.length > 0;
  }

  async userId(trx: Trx, username: string): Promise<string> {
    return (
      await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', usernameKey(username))
        .executeTakeFirstOrThrow()
    ).id;
  }

  async insertEnrollment(trx: Trx, userId: string, courseId: string, role: EnrollmentRole): Promise<UpsertOutcome> {
    const inserted = await trx
      .insertInto('enrollments')
      .values({ user_id: userId, course_id: courseId, role })
      .onConflict((oc) => oc.columns(['user_id', 'course_id', 'role']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? 'created' : 'unchanged';
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import { coursesWithHierarchy } from './course-hierarchy.js';
import { usernameKey } from '../../common/text/usernames.js';

/** Reads of reference data: campuses, semesters and the admin filter cascade. */
@Injectable()
export class InstitutionRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /** Row counts of the institution tables and the last enrollment sync time. */
  async status(syncedAtKey: string) {
    const counts = await sql<Record<string, string>>`
      SELECT (SELECT count(*) FROM campuses) AS campuses, (SELECT count(*) FROM semesters) AS semesters,
             (SELECT count(*) FROM departments) AS departments, (SELECT count(*) FROM programs) AS programs,
             (SELECT count(*) FROM courses) AS courses, (SELECT count(*) FROM users) AS users,
             (SELECT count(*) FROM enrollments) AS enrollments`.execute(this.db);
    const synced = await this.db
      .selectFrom('system_config')
      .select('value')
      .where('key', '=', syncedAtKey)
      .executeTakeFirst();
    const row = counts.rows[0] ?? {};
    return {
      enrollmentsLastSyncedAt: typeof synced?.value === 'string' ? synced.value : null,
      counts: Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)])),
    };
  }

  campuses() {
    return this.db.selectFrom('campuses').select(['id', 'code', 'name']).orderBy('code').execute();
  }

  semesters(filter: { campusId?: string }) {
    return this.db
      .selectFrom('semesters as s')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select([
        's.id',
        's.code',
        's.label',
        's.academic_year as academicYear',
        's.campus_id as campusId',
        'c.code as campusCode',
        's.start_date as startDate',
        's.end_date as endDate',
      ])
      .$if(filter.campusId !== undefined, (q) => q.where('s.campus_id', '=', filter.campusId as string))
      .orderBy('s.start_date', 'desc')
      .orderBy('c.code')
      .execute();
  }

  departments(filter: { semesterId?: string; campusId?: string }) {
    return this.db
      .selectFrom('departments as d')
      .innerJoin('semesters as s', 's.id', 'd.semester_id')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select([
        'd.id',
        'd.code',
        'd.name',
        's.id as semesterId',
        's.code as semesterCode',
        'c.id as campusId',
        'c.code as campusCode',
      ])
      .$if(filter.semesterId !== undefined, (q) => q.where('s.id', '=', filter.semesterId as string))
      .$if(filter.campusId !== undefined, (q) => q.where('c.id', '=', filter.campusId as string))
      .orderBy('c.code')
      .orderBy('s.start_date', 'desc')
      .orderBy('d.code')
      .execute();
  }

  programs(filter: { departmentId?: string; semesterId?: string }) {
    return this.db
      .selectFrom('programs as p')
      .innerJoin('departments as d', 'd.id', 'p.department_id')
      .select(['p.id', 'p.code', 'p.name', 'p.lms_category_id as lmsCategoryId', 'p.department_id as departmentId'])
      .$if(filter.departmentId !== undefined, (q) => q.where('p.department_id', '=', filter.departmentId as string))
      .$if(filter.semesterId !== undefined, (q) => q.where('d.semester_id', '=', filter.semesterId as string))
      .orderBy('p.code')
      .execute();
  }

  /** Users holding the FACULTY role, optionally only those teaching a course inside the given scope. */
  faculty(filter: { semesterId?: string; departmentId?: string; programId?: string; campusId?: string }) {
    const scoped = Object.values(filter).some((value) => value !== undefined);
    const teachingInScope = coursesWithHierarchy(this.db)
      .innerJoin('enrollments as e', 'e.course_id', 'co.id')
      .select('e.user_id')
      .where('e.role', '=', 'faculty')
      .$if(filter.semesterId !== undefined, (q) => q.where('s.id', '=', filter.semesterId as string))
      .$if(filter.departmentId !== undefined, (q) => q.where('d.id', '=', filter.departmentId as string))
      .$if(filter.programId !== undefined, (q) => q.where('p.id', '=', filter.programId as string))
      .$if(filter.campusId !== undefined, (q) => q.where('c.id', '=', filter.campusId as string));
    return this.db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', (join) => join.onRef('r.user_id', '=', 'u.id').on('r.role', '=', 'FACULTY'))
      .select(['u.id', 'u.username', 'u.full_name as fullName'])
      .where('u.is_active', '=', true)
      .$if(scoped, (q) => q.where('u.id', 'in', teachingInScope))
      .orderBy('u.full_name')
      .orderBy('u.username')
      .execute();
  }

  courses(filter: { facultyUsername?: string; semesterId?: string; programId?: string }) {
    return coursesWithHierarchy(this.db)
      .select([
        'co.id',
        'co.shortname',
        'co.fullname',
        'p.code as programCode',
        's.code as semesterCode',
        'c.code as campusCode',
      ])
      .$if(filter.facultyUsername !== undefined, (q) =>
        q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('enrollments as e')
              .innerJoin('users as u', 'u.id', 'e.user_id')
              .select(sql`1`.as('one'))
              .whereRef('e.course_id', '=', 'co.id')
              .where('e.role', '=', 'faculty')
              .where(sql<string>`lower(u.username)`, '=', usernameKey(filter.facultyUsername as string)),
          ),
        ),
      )
      .$if(filter.semesterId !== undefined, (q) => q.where('s.id', '=', filter.semesterId as string))
      .$if(filter.programId !== undefined, (q) => q.where('p.id', '=', filter.programId as string))
      .orderBy('co.shortname')
      .execute();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import type { Paged, Paging } from '../../common/http/paging.js';
import { coursesWithHierarchy } from '../institution/course-hierarchy.js';
import type { EnrollmentItem } from './enrollments.schemas.js';

/** Reads of enrollments (imports and learning-system syncs write them). */
@Injectable()
export class EnrollmentsRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /** A user's enrollments, newest semester first, each with its course's hierarchy and faculty. */
  async forUser(userId: string, paging: Paging): Promise<Paged<EnrollmentItem>> {
    const base = coursesWithHierarchy(this.db)
      .innerJoin('enrollments as e', 'e.course_id', 'co.id')
      .where('e.user_id', '=', userId);
    const [rows, total] = await Promise.all([
      base
        .select((eb) => [
          'e.id',
          'e.role',
          'co.id as courseId',
          'co.shortname',
          'co.fullname',
          'p.id as programId',
          'p.code as programCode',
          'd.id as departmentId',
          'd.code as departmentCode',
          's.id as semesterId',
          's.code as semesterCode',
          's.label as semesterLabel',
          'c.id as campusId',
          'c.code as campusCode',
          jsonArrayFrom(
            eb
              .selectFrom('enrollments as fe')
              .innerJoin('users as fu', 'fu.id', 'fe.user_id')
              .select(['fu.id', 'fu.full_name as fullName'])
              .whereRef('fe.course_id', '=', 'co.id')
              .where('fe.role', '=', 'faculty')
              .orderBy('fu.full_name')
              .orderBy('fu.username'),
          ).as('faculty'),
        ])
        .orderBy('s.start_date', 'desc')
        .orderBy('co.shortname')
        .orderBy('e.role')
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        role: row.role,
        course: { id: row.courseId, shortname: row.shortname, fullname: row.fullname },
        faculty: row.faculty,
        program: { id: row.programId, code: row.programCode },
        department: { id: row.departmentId, code: row.departmentCode },
        semester: { id: row.semesterId, code: row.semesterCode, label: row.semesterLabel },
        campus: { id: row.campusId, code: row.campusCode },
      })),
      page: paging.page,
      limit: paging.limit,
      total: Number(total.total),
    };
  }
}

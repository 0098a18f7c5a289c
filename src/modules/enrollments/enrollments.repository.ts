import { Inject, Injectable } from '@nestjs/common';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import type { Paged, Paging } from '../../common/http/paging.js';
import { coursesWithHierarchy } from '../institution/course-hierarchy.js';
import type { EnrollmentListing } from './enrollments.schemas.js';

/** A FACULTY_FEEDBACK submission of the user about one faculty member in one course. */
export interface CourseEvaluation {
  courseId: string;
  facultyId: string;
  submissionId: string;
}

/** Reads of enrollments (imports and learning-system syncs write them). */
@Injectable()
export class EnrollmentsRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /** A user's enrollments, newest semester first, each with its course's hierarchy and faculty. */
  async forUser(userId: string, paging: Paging): Promise<Paged<EnrollmentListing>> {
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
              .select(['fu.id', 'fu.username', 'fu.full_name as fullName'])
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

  /**
   * The respondent's FACULTY_FEEDBACK submissions in the given courses, the latest per course and faculty member
   * (a later questionnaire version may hold a second one). A course lies in one semester (through its program and
   * department), so the course names the semester too. The unique index `submissions_once` leads with
   * respondent_id, so this reads only the respondent's rows.
   */
  async facultyFeedbackOf(respondentId: string, courseIds: readonly string[]): Promise<CourseEvaluation[]> {
    if (courseIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('submissions')
      .distinctOn(['course_id', 'faculty_id'])
      .select(['course_id as courseId', 'faculty_id as facultyId', 'id as submissionId'])
      .where('respondent_id', '=', respondentId)
      .where('questionnaire_type_code', '=', 'FACULTY_FEEDBACK')
      .where('course_id', 'in', [...courseIds])
      .orderBy('course_id')
      .orderBy('faculty_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ ...row, courseId: row.courseId as string }));
  }
}

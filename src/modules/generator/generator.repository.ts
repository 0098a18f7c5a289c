import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import type { Role } from '../../db/schema.js';
import { usernameKey } from '../../common/text/usernames.js';

export interface ActiveVersion {
  id: string;
  versionNumber: number;
  questionnaireTitle: string;
  publishedAt: Date | null;
}

export interface Student {
  id: string;
  username: string;
}

export interface Respondent extends Student {
  roles: Role[];
}

/** The reads of the synthetic-submission generator; its writes go through SubmissionsService. */
@Injectable()
export class GeneratorRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /** The ACTIVE versions of a type (one per questionnaire), most recently published first. */
  activeVersions(typeCode: string): Promise<ActiveVersion[]> {
    return this.db
      .selectFrom('questionnaire_versions as v')
      .innerJoin('questionnaires as q', 'q.id', 'v.questionnaire_id')
      .innerJoin('questionnaire_types as t', 't.id', 'q.type_id')
      .select([
        'v.id',
        'v.version_number as versionNumber',
        'q.title as questionnaireTitle',
        'v.published_at as publishedAt',
      ])
      .where('t.code', '=', typeCode)
      .where('v.status', '=', 'ACTIVE')
      .orderBy(sql`v.published_at desc nulls last`)
      .orderBy('v.id')
      .execute();
  }

  async teaches(facultyId: string, courseId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('enrollments')
      .select('id')
      .where('course_id', '=', courseId)
      .where('user_id', '=', facultyId)
      .where('role', '=', 'faculty')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The students enrolled in a course (not the faculty member, should they also hold a student enrollment). */
  studentsOf(courseId: string, facultyId: string): Promise<Student[]> {
    return this.db
      .selectFrom('enrollments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.id', 'u.username'])
      .where('e.course_id', '=', courseId)
      .where('e.role', '=', 'student')
      .where('u.id', '<>', facultyId)
      .orderBy('u.username')
      .execute();
  }

  /** Who has submitted this version about this faculty member for this course and semester. */
  async respondents(versionId: string, facultyId: string, courseId: string, semesterId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('submissions')
      .select('respondent_id as respondentId')
      .distinct()
      .where('version_id', '=', versionId)
      .where('faculty_id', '=', facultyId)
      .where('course_id', '=', courseId)
      .where('semester_id', '=', semesterId)
      .execute();
    return new Set(rows.map((row) => row.respondentId));
  }

  /** Users by username (compared ignoring case), with their roles: the respondents of a commit. */
  usersByUsername(usernames: readonly string[]): Promise<Respondent[]> {
    if (usernames.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        sql<
          Role[]
        >`coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), '{}')`.as(
          'roles',
        ),
      ])
      .where(sql<string>`lower(u.username)`, 'in', usernames.map(usernameKey))
      .execute();
  }
}

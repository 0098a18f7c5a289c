import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient, Executor } from '../../common/database/database.js';

export type ResolvedScope =
  | { unrestricted: true }
  | {
      unrestricted: false;
      /** DEAN: departments of the semester matching the caller's (campus, department code) assignments. */
      departmentIds: string[];
      /** CHAIRPERSON: programs of the semester matching (campus, program code). */
      programIds: string[];
      /** CAMPUS_HEAD: the semester's campus when assigned to it... */
      campusIds: string[];
      /** ...and that campus's departments in the semester. */
      campusDepartmentIds: string[];
    };

/**
 * Answers what a user may see in one semester. The one place scope is computed: every feature asks
 * here. Assignments are matched by code inside the semester's own campus only, and only while the
 * user still holds the assignment's role and is active, so a reassignment takes effect at once.
 */
@Injectable()
export class ScopeService {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /** `executor`: the transaction of the unit of work that asks, when there is one. */
  async resolve(userId: string, semesterId: string, executor: Executor = this.db): Promise<ResolvedScope> {
    const superAdmin = await executor
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select('user_roles.role')
      .where('user_roles.user_id', '=', userId)
      .where('user_roles.role', '=', 'SUPER_ADMIN')
      .where('users.is_active', '=', true)
      .executeTakeFirst();
    if (superAdmin) return { unrestricted: true };

    const { rows } = await sql<{ kind: 'department' | 'program' | 'campus' | 'campus-department'; id: string }>`
      WITH semester AS (
        SELECT s.id, s.campus_id, c.code AS campus_code
        FROM semesters s JOIN campuses c ON c.id = s.campus_id
        WHERE s.id = ${semesterId}
      ),
      assignment AS (
        SELECT a.role, a.campus_code, a.department_code, a.program_code
        FROM scope_assignments a
        JOIN users u ON u.id = a.user_id AND u.is_active
        JOIN user_roles r ON r.user_id = a.user_id AND r.role = a.role
        WHERE a.user_id = ${userId}
      )
      SELECT 'department' AS kind, d.id
      FROM assignment a JOIN semester s ON s.campus_code = a.campus_code
      JOIN departments d ON d.semester_id = s.id AND d.code = a.department_code
      WHERE a.role = 'DEAN'
      UNION
      SELECT 'program', p.id
      FROM assignment a JOIN semester s ON s.campus_code = a.campus_code
      JOIN departments d ON d.semester_id = s.id
      JOIN programs p ON p.department_id = d.id AND p.code = a.program_code
      WHERE a.role = 'CHAIRPERSON'
      UNION
      SELECT 'campus', s.campus_id
      FROM assignment a JOIN semester s ON s.campus_code = a.campus_code
      WHERE a.role = 'CAMPUS_HEAD'
      UNION
      SELECT 'campus-department', d.id
      FROM assignment a JOIN semester s ON s.campus_code = a.campus_code
      JOIN departments d ON d.semester_id = s.id
      WHERE a.role = 'CAMPUS_HEAD'
    `.execute(executor);

    const pick = (kind: string) =>
      rows
        .filter((row) => row.kind === kind)
        .map((row) => row.id)
        .sort();
    return {
      unrestricted: false,
      departmentIds: pick('department'),
      programIds: pick('program'),
      campusIds: pick('campus'),
      campusDepartmentIds: pick('campus-department'),
    };
  }
}

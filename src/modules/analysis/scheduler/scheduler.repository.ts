import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../../common/core/tokens.js';
import type { DatabaseClient } from '../../../common/database/database.js';
import type { PipelineStatus, Role, ScopeType } from '../../../db/schema.js';
import { usernameKey } from '../../../common/text/usernames.js';

/** A scope a tier looks at, and whether it has submissions its last completed pipeline has not seen. */
export interface ScheduledScope {
  semesterId: string;
  semesterCode: string;
  scopeId: string;
  submissionCount: number;
  lastSubmissionAt: Date;
  /** The last COMPLETED pipeline covering the whole scope, and when it was confirmed (its corpus read after). */
  lastCompletedPipelineId: string | null;
  coveredUntil: Date | null;
  /** No completed pipeline yet, or a submission created after the last one was confirmed. */
  hasNewSubmissions: boolean;
}

/** Where a pipeline a tier run started stands, for a person watching the run. */
export interface ScheduledPipelineState {
  id: string;
  status: PipelineStatus;
  errorMessage: string | null;
  /** What it analyses: `FACULTY maria.santos, MAIN S12526`, `DEPARTMENT CCS, MAIN S12526`, `CAMPUS MAIN, MAIN S12526`. */
  scope: string;
}

/** The submissions column that names a scope of each tier. */
const SCOPE_COLUMN = {
  FACULTY: 'sub.faculty_id',
  DEPARTMENT: 'sub.department_id',
  CAMPUS: 'sub.campus_id',
} as const satisfies Record<ScopeType, string>;

/** The SQL of the tiered scheduler: which scopes are active, and who scheduled pipelines are attributed to. */
@Injectable()
export class SchedulerRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /**
   * The active scopes of a tier on `today` (YYYY-MM-DD): per campus, the current semester is the one whose dates
   * contain today, else the most recent one that has started; a scope is active when it has submissions in its
   * campus's current semester (every faculty member, department, or campus with one).
   *
   * "Since the last completed pipeline": a pipeline reads its corpus after it is confirmed, so every submission
   * created before its confirmation is in it; a later one is new. Only pipelines covering the whole scope count
   * (no course, program, questionnaire version or type pin, and no second axis such as a dean's department on a
   * faculty pipeline): a narrower pipeline leaves the rest of the scope unanalysed.
   */
  async activeScopes(tier: ScopeType, today: string): Promise<ScheduledScope[]> {
    const column = sql.ref(SCOPE_COLUMN[tier]);
    const { rows } = await sql<ScheduledScope>`
      WITH current_semester AS (
        SELECT DISTINCT ON (s.campus_id) s.id, s.code
        FROM semesters s
        WHERE s.start_date <= ${today}::date
        ORDER BY s.campus_id, (s.end_date >= ${today}::date) DESC, s.start_date DESC, s.created_at DESC, s.id
      ),
      scope AS (
        SELECT sub.semester_id, cs.code AS semester_code, ${column} AS scope_id,
               count(*)::int AS submission_count, max(sub.created_at) AS last_submission_at
        FROM submissions sub
        JOIN current_semester cs ON cs.id = sub.semester_id
        WHERE ${column} IS NOT NULL
        GROUP BY sub.semester_id, cs.code, ${column}
      )
      SELECT scope.semester_id AS "semesterId", scope.semester_code AS "semesterCode", scope.scope_id AS "scopeId",
             scope.submission_count AS "submissionCount", scope.last_submission_at AS "lastSubmissionAt",
             covered.id AS "lastCompletedPipelineId", covered.confirmed_at AS "coveredUntil",
             (covered.confirmed_at IS NULL OR scope.last_submission_at > covered.confirmed_at) AS "hasNewSubmissions"
      FROM scope
      LEFT JOIN LATERAL (
        SELECT ap.id, coalesce(ap.confirmed_at, ap.created_at) AS confirmed_at
        FROM analysis_pipelines ap
        WHERE ap.semester_id = scope.semester_id
          AND ap.scope_type = ${tier}
          AND ap.scope_id = scope.scope_id
          AND ap.status = 'COMPLETED'
          AND ap.course_id IS NULL AND ap.program_id IS NULL
          AND ap.questionnaire_version_id IS NULL AND ap.questionnaire_type_code IS NULL
          AND (ap.scope_type = 'FACULTY' OR ap.faculty_id IS NULL)
          AND (ap.scope_type = 'DEPARTMENT' OR ap.department_id IS NULL)
        ORDER BY ap.completed_at DESC NULLS LAST, ap.confirmed_at DESC NULLS LAST
        LIMIT 1
      ) covered ON true
      ORDER BY scope.semester_code, scope.scope_id
    `.execute(this.db);
    return rows;
  }

  /** The active user of that username with their roles (the attribution of scheduled pipelines). */
  async activeUser(username: string): Promise<{ id: string; username: string; roles: Role[] } | undefined> {
    const user = await this.db
      .selectFrom('users as u')
      .leftJoin('user_roles as r', 'r.user_id', 'u.id')
      .select([
        'u.id',
        'u.username',
        sql<Role[]>`coalesce(array_agg(r.role) FILTER (WHERE r.role IS NOT NULL), '{}')`.as('roles'),
      ])
      .where(sql<string>`lower(u.username)`, '=', usernameKey(username))
      .where('u.is_active', '=', true)
      .groupBy(['u.id', 'u.username'])
      .executeTakeFirst();
    return user;
  }

  /** The pipelines' states, in the order of `ids` (unknown ids are left out). */
  async pipelineStates(ids: readonly string[]): Promise<ScheduledPipelineState[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('analysis_pipelines as ap')
      .innerJoin('semesters as s', 's.id', 'ap.semester_id')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .leftJoin('users as fu', (join) => join.onRef('fu.id', '=', 'ap.scope_id').on('ap.scope_type', '=', 'FACULTY'))
      .leftJoin('departments as d', (join) =>
        join.onRef('d.id', '=', 'ap.scope_id').on('ap.scope_type', '=', 'DEPARTMENT'),
      )
      .leftJoin('campuses as sc', (join) => join.onRef('sc.id', '=', 'ap.scope_id').on('ap.scope_type', '=', 'CAMPUS'))
      .select([
        'ap.id',
        'ap.status',
        'ap.error_message as errorMessage',
        sql<string>`ap.scope_type || ' ' || coalesce(fu.username, d.code, sc.code, ap.scope_id::text) || ', ' || c.code || ' ' || s.code`.as(
          'scope',
        ),
      ])
      .where('ap.id', 'in', [...ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}

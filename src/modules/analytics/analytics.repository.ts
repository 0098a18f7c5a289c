import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';

/**
 * The order of semesters, the same as mv_faculty_trends' ordinal (migrations 0005, 0014: within a campus): start
 * date, then creation time when a semester has no date, then id.
 */
const semesterOrderKey = (alias: string) =>
  sql`coalesce(${sql.ref(`${alias}.start_date`)}::timestamp AT TIME ZONE 'UTC', ${sql.ref(`${alias}.created_at`)})`;

/**
 * The regression figures of mv_faculty_trends as shown and as judged: slopes to 4 decimals, R² to 3. The view
 * keeps full precision (1.9037999999999897); rounding here means trendDirection and the attention flags decide
 * on the figures the reader sees, so an R² shown as 0.5 is never called below 0.5.
 */
const trendFigures = (alias: string) => sql`
  round(${sql.ref(`${alias}.score_slope`)}::numeric, 4)::double precision AS "scoreSlope",
  round(${sql.ref(`${alias}.score_r2`)}::numeric, 3)::double precision AS "scoreR2",
  round(${sql.ref(`${alias}.sentiment_slope`)}::numeric, 4)::double precision AS "sentimentSlope",
  round(${sql.ref(`${alias}.sentiment_r2`)}::numeric, 3)::double precision AS "sentimentR2",
  coalesce(${sql.ref(`${alias}.score_semester_count`)}, 0)::int AS "scoreSemesterCount",
  coalesce(${sql.ref(`${alias}.sentiment_semester_count`)}, 0)::int AS "sentimentSemesterCount"`;

export interface SemesterRef {
  id: string;
  campusId: string;
}

/** What a caller may see in one semester: null lists mean no restriction on that axis. */
export interface ViewFilter {
  semesterId: string;
  campusId: string;
  departmentCodes: string[] | null;
  programCode: string | null;
}

/** One row of mv_faculty_semester_stats for the asked semester, with its rank, deltas and trend. */
export interface FacultySemesterRow {
  facultyId: string;
  facultyName: string;
  departmentCode: string;
  departmentName: string | null;
  programCode: string | null;
  campusCode: string;
  semesterCode: string;
  academicYear: string;
  submissionCount: number;
  commentCount: number;
  analyzedCount: number;
  positiveCount: number;
  neutralCount: number;
  negativeCount: number;
  distinctTopicCount: number;
  avgNormalizedScore: number | null;
  positiveRate: number | null;
  percentileRank: number | null;
  scoreDelta: number | null;
  sentimentDelta: number | null;
  semesterCount: number;
  scoreSlope: number | null;
  scoreR2: number | null;
  sentimentSlope: number | null;
  sentimentR2: number | null;
  /** Semesters each regression was fit on (migration 0011): those with a score, those with analysed comments. */
  scoreSemesterCount: number;
  sentimentSemesterCount: number;
}

export interface TrendRow {
  facultyId: string;
  facultyName: string;
  departmentCode: string;
  /** The campus whose semesters the trend runs over. */
  campusCode: string;
  semesterCount: number;
  latestSemesterId: string;
  latestAvgNormalizedScore: number | null;
  latestPositiveRate: number | null;
  scoreSlope: number | null;
  scoreR2: number | null;
  sentimentSlope: number | null;
  sentimentR2: number | null;
  /** Semesters each regression was fit on (migration 0011): those with a score, those with analysed comments. */
  scoreSemesterCount: number;
  sentimentSemesterCount: number;
}

/** Every read of the analytics views, in visible SQL. Scope is decided by the service and passed in. */
@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  async semester(semesterId: string): Promise<SemesterRef | undefined> {
    const { rows } = await sql<SemesterRef>`
      SELECT id, campus_id AS "campusId" FROM semesters WHERE id = ${semesterId}`.execute(this.db);
    return rows[0];
  }

  /** The latest semester (same order as the views) of a campus where the user holds an assignment. */
  async latestAssignedSemester(userId: string): Promise<SemesterRef | undefined> {
    const { rows } = await sql<SemesterRef>`
      SELECT s.id, s.campus_id AS "campusId"
      FROM semesters s
      JOIN campuses c ON c.id = s.campus_id
      WHERE c.code IN (SELECT campus_code FROM scope_assignments WHERE user_id = ${userId})
      ORDER BY ${semesterOrderKey('s')} DESC, s.id DESC
      LIMIT 1`.execute(this.db);
    return rows[0];
  }

  /** The latest semester of all (same order as the views). */
  async latestSemester(): Promise<SemesterRef | undefined> {
    const { rows } = await sql<SemesterRef>`
      SELECT s.id, s.campus_id AS "campusId" FROM semesters s
      ORDER BY ${semesterOrderKey('s')} DESC, s.id DESC
      LIMIT 1`.execute(this.db);
    return rows[0];
  }

  async departmentCodes(departmentIds: string[]): Promise<string[]> {
    if (departmentIds.length === 0) return [];
    const { rows } = await sql<{ code: string }>`
      SELECT DISTINCT code FROM departments WHERE id = ANY(${departmentIds}::uuid[]) ORDER BY code`.execute(this.db);
    return rows.map((row) => row.code);
  }

  async programCodes(programIds: string[]): Promise<string[]> {
    if (programIds.length === 0) return [];
    const { rows } = await sql<{ code: string }>`
      SELECT DISTINCT code FROM programs WHERE id = ANY(${programIds}::uuid[]) ORDER BY code`.execute(this.db);
    return rows.map((row) => row.code);
  }

  /**
   * The faculty rows of one semester in scope. percentileRank is the percent rank (0-100) of the average score
   * among every faculty member of the same department in that semester, before the program filter, so a
   * filter does not move anyone's rank. Deltas compare with the previous semester of the same campus. Both are
   * computed when the view is refreshed (migration 0005), so this is one indexed read and one join.
   */
  async semesterRows(filter: ViewFilter): Promise<FacultySemesterRow[]> {
    const { rows } = await sql<FacultySemesterRow>`
      SELECT r.faculty_id AS "facultyId", r.faculty_name AS "facultyName",
        r.department_code_snapshot AS "departmentCode", r.department_name AS "departmentName",
        r.program_code AS "programCode", r.campus_code AS "campusCode", r.semester_code AS "semesterCode",
        r.academic_year AS "academicYear",
        r.submission_count::int AS "submissionCount", r.comment_count::int AS "commentCount",
        r.analyzed_count::int AS "analyzedCount", r.positive_count::int AS "positiveCount",
        r.neutral_count::int AS "neutralCount", r.negative_count::int AS "negativeCount",
        r.distinct_topic_count::int AS "distinctTopicCount",
        r.avg_normalized_score::double precision AS "avgNormalizedScore",
        r.positive_rate AS "positiveRate", r.percentile_rank AS "percentileRank",
        r.score_delta AS "scoreDelta", r.sentiment_delta AS "sentimentDelta",
        coalesce(trend.semester_count, 0)::int AS "semesterCount",
        ${trendFigures('trend')}
      FROM mv_faculty_semester_stats r
      LEFT JOIN mv_faculty_trends trend
        ON trend.faculty_id = r.faculty_id AND trend.department_code_snapshot = r.department_code_snapshot
        AND trend.campus_id = r.campus_id
      WHERE r.semester_id = ${filter.semesterId} AND r.campus_id = ${filter.campusId}
        AND (${filter.departmentCodes}::text[] IS NULL OR r.department_code_snapshot = ANY(${filter.departmentCodes}::text[]))
        AND (${filter.programCode}::text IS NULL OR r.program_code = ${filter.programCode}::text)
      ORDER BY r.department_code_snapshot, r.faculty_name, r.faculty_id`.execute(this.db);
    return rows;
  }

  /**
   * Trend rows with at least `minSemesters` semesters, score_slope ascending. A trend is one faculty member's
   * series in one department at one campus (migration 0014): a member teaching at two campuses has two, each over
   * its own campus's semesters only. `scope` null: every row; otherwise the rows of the campus within the
   * department codes (null: any).
   */
  async trends(
    minSemesters: number,
    scope: { campusId: string; departmentCodes: string[] | null } | null,
  ): Promise<TrendRow[]> {
    const campusId = scope?.campusId ?? null;
    const codes = scope?.departmentCodes ?? null;
    const { rows } = await sql<TrendRow>`
      SELECT t.faculty_id AS "facultyId", latest.faculty_name AS "facultyName",
        t.department_code_snapshot AS "departmentCode", latest.campus_code AS "campusCode",
        t.semester_count::int AS "semesterCount",
        t.latest_semester_id AS "latestSemesterId",
        t.latest_avg_normalized_score AS "latestAvgNormalizedScore",
        round(t.latest_positive_rate::numeric, 4)::double precision AS "latestPositiveRate",
        ${trendFigures('t')}
      FROM mv_faculty_trends t
      JOIN mv_faculty_semester_stats latest
        ON latest.faculty_id = t.faculty_id AND latest.semester_id = t.latest_semester_id
        AND latest.department_code_snapshot = t.department_code_snapshot AND latest.campus_id = t.campus_id
      WHERE t.semester_count >= ${minSemesters}
        AND (${campusId}::uuid IS NULL OR t.campus_id = ${campusId}::uuid)
        AND (${codes}::text[] IS NULL OR t.department_code_snapshot = ANY(${codes}::text[]))
      ORDER BY t.score_slope ASC NULLS LAST, t.faculty_id, t.department_code_snapshot, latest.campus_code`.execute(
      this.db,
    );
    return rows;
  }
}

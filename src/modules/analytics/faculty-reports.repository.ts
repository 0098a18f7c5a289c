import { Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../common/database/database.js';
import { raisedAlert } from '../alerts/flagged-comments.js';
import type { ScopeType } from '../../db/schema.js';
import type { AnswerCount, ScoreTotals } from './faculty-report-calculations.js';
import type { SentimentLabel } from './faculty-reports.schemas.js';

/** The submissions a report reads: one faculty member, one semester, one type, optionally one course. */
export interface SubmissionFilter {
  facultyId: string;
  semesterId: string;
  typeCode: string;
  courseId?: string | undefined;
}

export interface ScopeIds {
  departmentIds: string[];
  programIds: string[];
  campusDepartmentIds: string[];
}

export interface CommentRow {
  id: string;
  course_id: string | null;
  course_shortname: string | null;
  comment: string;
  created_at: Date;
  label: SentimentLabel | null;
  theme_ids: string[];
  /** The comment raised an alert (conventions §11), and where its submission sits, to decide who reads it. */
  flagged: boolean;
  department_id: string | null;
  program_id: string | null;
  campus_id: string;
}

/** A quotable comment of a theme, with where its submission sits (who may read its words). */
export interface QuoteCandidate {
  topic_id: string;
  text: string;
  department_id: string | null;
  program_id: string | null;
  campus_id: string;
}

export interface AnalysisRun {
  pipeline_id: string;
  scope_type: ScopeType;
  completed_at: Date;
}

export interface ThemeRow {
  topic_id: string;
  label: string;
  count: number;
  positive: number;
  neutral: number;
  negative: number;
}

/**
 * The SQL of the faculty report endpoints (live data, no materialized view). Every method takes the
 * executor of the request's transaction: one snapshot per request.
 */
@Injectable()
export class FacultyReportsRepository {
  /**
   * The user when they are a faculty member: they hold the FACULTY role (as InstitutionRepository.faculty reads
   * it), teach a course (a 'faculty' enrollment), or are the evaluated faculty of a submission (a report with
   * data must stay readable after the role or enrollment is gone). Anyone else is not a faculty member.
   */
  faculty(executor: Executor, facultyId: string) {
    return executor
      .selectFrom('users as u')
      .select(['u.id', 'u.username', 'u.full_name'])
      .where('u.id', '=', facultyId)
      .where(({ exists, or, selectFrom }) =>
        or([
          exists(
            selectFrom('user_roles as r')
              .select(sql`1`.as('one'))
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.role', '=', 'FACULTY'),
          ),
          exists(
            selectFrom('enrollments as e')
              .select(sql`1`.as('one'))
              .whereRef('e.user_id', '=', 'u.id')
              .where('e.role', '=', 'faculty'),
          ),
          exists(
            selectFrom('submissions as s')
              .select(sql`1`.as('one'))
              .whereRef('s.faculty_id', '=', 'u.id'),
          ),
        ]),
      )
      .executeTakeFirst();
  }

  semester(executor: Executor, semesterId: string) {
    return executor
      .selectFrom('semesters')
      .select(['id', 'code', 'label'])
      .where('id', '=', semesterId)
      .executeTakeFirst();
  }

  questionnaireType(executor: Executor, code: string) {
    return executor
      .selectFrom('questionnaire_types')
      .select(['code', 'name'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /**
   * Whether the faculty member is in a scoped caller's resolved scope for the semester: they teach a course
   * of one of the scope's departments or programs, or have a submission of the semester filed under one.
   */
  async facultyInScope(executor: Executor, facultyId: string, semesterId: string, scope: ScopeIds): Promise<boolean> {
    const departmentIds = [...scope.departmentIds, ...scope.campusDepartmentIds];
    const programIds = scope.programIds;
    if (departmentIds.length === 0 && programIds.length === 0) return false;
    const { rows } = await sql<{ found: boolean }>`
      SELECT EXISTS (
        SELECT 1
        FROM enrollments e
        JOIN courses c ON c.id = e.course_id
        JOIN programs p ON p.id = c.program_id
        JOIN departments d ON d.id = p.department_id
        WHERE e.user_id = ${facultyId} AND e.role = 'faculty' AND d.semester_id = ${semesterId}
          AND (d.id = ANY(${departmentIds}::uuid[]) OR p.id = ANY(${programIds}::uuid[]))
      ) OR EXISTS (
        SELECT 1 FROM submissions s
        WHERE s.faculty_id = ${facultyId} AND s.semester_id = ${semesterId}
          AND (s.department_id = ANY(${departmentIds}::uuid[]) OR s.program_id = ANY(${programIds}::uuid[]))
      ) AS found
    `.execute(executor);
    return rows[0]?.found === true;
  }

  typesWithSubmissions(executor: Executor, facultyId: string, semesterId: string) {
    return executor
      .selectFrom('submissions as s')
      .innerJoin('questionnaire_types as t', 't.code', 's.questionnaire_type_code')
      .select(['t.code', 't.name', (eb) => eb.fn.countAll<number>().as('submission_count')])
      .where('s.faculty_id', '=', facultyId)
      .where('s.semester_id', '=', semesterId)
      .groupBy(['t.code', 't.name'])
      .orderBy('t.code')
      .execute();
  }

  private scoped(executor: Executor, filter: SubmissionFilter) {
    let query = executor
      .selectFrom('submissions as s')
      .where('s.faculty_id', '=', filter.facultyId)
      .where('s.semester_id', '=', filter.semesterId)
      .where('s.questionnaire_type_code', '=', filter.typeCode);
    if (filter.courseId) query = query.where('s.course_id', '=', filter.courseId);
    return query;
  }

  /** The versions with submissions in the filter, latest first (published_at, then version number). */
  versionsWithSubmissions(executor: Executor, filter: SubmissionFilter) {
    return this.scoped(executor, filter)
      .innerJoin('questionnaire_versions as v', 'v.id', 's.version_id')
      .innerJoin('questionnaires as q', 'q.id', 'v.questionnaire_id')
      .select(['v.id', 'v.version_number', 'v.schema_snapshot', 'v.published_at', 'q.title'])
      .groupBy(['v.id', 'q.title'])
      .orderBy('v.published_at', (order) => order.desc().nullsLast())
      .orderBy('v.version_number', 'desc')
      .orderBy('v.id')
      .execute();
  }

  async answerCounts(executor: Executor, filter: SubmissionFilter): Promise<AnswerCount[]> {
    const rows = await this.scoped(executor, filter)
      .innerJoin('submission_answers as a', 'a.submission_id', 's.id')
      .select([
        's.version_id',
        'a.question_id',
        'a.dimension_code',
        'a.value',
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .groupBy(['s.version_id', 'a.question_id', 'a.dimension_code', 'a.value'])
      .execute();
    return rows.map((row) => ({
      versionId: row.version_id,
      questionId: row.question_id,
      dimensionCode: row.dimension_code,
      value: row.value,
      count: row.count,
    }));
  }

  /**
   * Distinct submissions per section: a submission counts for a section when it answered one of `matched`, the
   * questions of its own version that are the same question as one of the section's (matchedQuestions).
   */
  async sectionResponses(
    executor: Executor,
    filter: SubmissionFilter,
    matched: ReadonlyArray<{ versionId: string; questionId: string; sectionId: string }>,
  ): Promise<Map<string, number>> {
    if (matched.length === 0) return new Map();
    const rows = await this.scoped(executor, filter)
      .innerJoin('submission_answers as a', 'a.submission_id', 's.id')
      .innerJoin(
        sql<{
          version_id: string;
          question_id: string;
          section_id: string;
        }>`(SELECT * FROM unnest(${matched.map((entry) => entry.versionId)}::uuid[], ${matched.map((entry) => entry.questionId)}::text[], ${matched.map((entry) => entry.sectionId)}::text[]) AS m(version_id, question_id, section_id))`.as(
          'm',
        ),
        (join) => join.onRef('m.version_id', '=', 's.version_id').onRef('m.question_id', '=', 'a.question_id'),
      )
      .select(['m.section_id', (eb) => eb.fn.count<number>('s.id').distinct().as('count')])
      .groupBy('m.section_id')
      .execute();
    return new Map(rows.map((row) => [row.section_id, row.count]));
  }

  async scoreTotals(executor: Executor, filter: SubmissionFilter): Promise<ScoreTotals> {
    const row = await this.scoped(executor, filter)
      .select([
        (eb) => eb.fn.countAll<number>().as('submission_count'),
        (eb) => eb.fn.count<number>('s.normalized_score').as('scored_count'),
        // numeric sum: exact, so the mean does not depend on the order rows are read in.
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('s.normalized_score'), sql<number>`0`).as('score_sum'),
      ])
      .executeTakeFirstOrThrow();
    return { submissionCount: row.submission_count, scoredCount: row.scored_count, scoreSum: Number(row.score_sum) };
  }

  /**
   * Student enrollments in the courses the faculty member teaches in the filter's semester (only the filter's
   * course when it names one): the denominator of the report's response rate, counted per enrollment as the
   * pipeline coverage counts it, since a student answers once per course.
   */
  async enrolledStudents(executor: Executor, filter: SubmissionFilter): Promise<number> {
    let query = executor
      .selectFrom('enrollments as e')
      .innerJoin('courses as co', 'co.id', 'e.course_id')
      .innerJoin('programs as p', 'p.id', 'co.program_id')
      .innerJoin('departments as d', 'd.id', 'p.department_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('e.role', '=', 'student')
      .where('d.semester_id', '=', filter.semesterId)
      .where('co.id', 'in', (eb) =>
        eb
          .selectFrom('enrollments as fe')
          .select('fe.course_id')
          .where('fe.user_id', '=', filter.facultyId)
          .where('fe.role', '=', 'faculty'),
      );
    if (filter.courseId) query = query.where('co.id', '=', filter.courseId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  dimensionNames(executor: Executor, codes: string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return executor.selectFrom('dimensions').select(['code', 'display_name']).where('code', 'in', codes).execute();
  }

  /**
   * The one completed pipeline whose results a report shows for the filter's submissions, so that labels,
   * themes and counts all come from a single analysis however often the scope was re-run or covered by wider
   * scopes: among the COMPLETED pipelines that analysed (have a sentiment result for) at least one of the
   * submissions, the most specific scope first (FACULTY, then DEPARTMENT, then CAMPUS), then the latest
   * completed. A FACULTY run was clustered on this member's comments alone, so its themes are theirs; a
   * department or campus run is the fallback until one exists.
   */
  async analysisRun(executor: Executor, filter: SubmissionFilter): Promise<AnalysisRun | undefined> {
    const { rows } = await sql<AnalysisRun>`
      WITH ${this.scopedSubmissions(filter)}
      SELECT p.id AS pipeline_id, p.scope_type, coalesce(p.completed_at, p.updated_at) AS completed_at
      FROM (
        SELECT DISTINCT r.run_id FROM sentiment_results r WHERE r.submission_id IN (SELECT id FROM scoped)
      ) analysed
      JOIN sentiment_runs run ON run.id = analysed.run_id
      JOIN analysis_pipelines p ON p.id = run.pipeline_id AND p.status = 'COMPLETED'
      ORDER BY CASE p.scope_type WHEN 'FACULTY' THEN 0 WHEN 'DEPARTMENT' THEN 1 ELSE 2 END,
        p.completed_at DESC NULLS LAST, p.created_at DESC, p.id
      LIMIT 1
    `.execute(executor);
    return rows[0];
  }

  private scopedSubmissions(filter: SubmissionFilter): RawBuilder<unknown> {
    return sql`
      scoped AS (
        SELECT s.* FROM submissions s
        WHERE s.faculty_id = ${filter.facultyId} AND s.semester_id = ${filter.semesterId}
          AND s.questionnaire_type_code = ${filter.typeCode}
          ${filter.courseId ? sql`AND s.course_id = ${filter.courseId}` : sql``}
      )`;
  }

  /**
   * CTEs shared by the comment and summary reads: `scoped` (the filter's submissions), `run_sentiment` (their
   * results in the report's pipeline, see analysisRun) and `dominant` (their dominant topic assignments in that
   * same pipeline). A null pipeline (nothing analysed yet) leaves both empty.
   */
  private analysed(filter: SubmissionFilter, pipelineId: string | null): RawBuilder<unknown> {
    return sql`
      ${this.scopedSubmissions(filter)},
      run_sentiment AS (
        SELECT r.submission_id, r.label, r.positive, r.negative
        FROM sentiment_results r
        JOIN sentiment_runs run ON run.id = r.run_id
        WHERE run.pipeline_id = ${pipelineId}::uuid AND r.submission_id IN (SELECT id FROM scoped)
      ),
      dominant AS (
        SELECT ta.submission_id, ta.topic_id, ta.probability
        FROM topic_assignments ta
        JOIN topics t ON t.id = ta.topic_id
        JOIN topic_model_runs tr ON tr.id = t.run_id
        WHERE tr.pipeline_id = ${pipelineId}::uuid AND ta.is_dominant AND ta.submission_id IN (SELECT id FROM scoped)
      )`;
  }

  private commentConditions(options: { sentiment?: SentimentLabel | undefined; themeId?: string | undefined }) {
    return sql`
      s.qualitative_comment IS NOT NULL AND btrim(s.qualitative_comment) <> ''
      ${options.sentiment ? sql`AND ls.label = ${options.sentiment}` : sql``}
      ${options.themeId ? sql`AND EXISTS (SELECT 1 FROM dominant d WHERE d.submission_id = s.id AND d.topic_id = ${options.themeId})` : sql``}`;
  }

  async comments(
    executor: Executor,
    filter: SubmissionFilter,
    pipelineId: string | null,
    options: { sentiment?: SentimentLabel | undefined; themeId?: string | undefined; page: number; limit: number },
  ): Promise<{ rows: CommentRow[]; total: number }> {
    const total = await sql<{ total: number }>`
      WITH ${this.analysed(filter, pipelineId)}
      SELECT count(*) AS total FROM scoped s LEFT JOIN run_sentiment ls ON ls.submission_id = s.id
      WHERE ${this.commentConditions(options)}
    `.execute(executor);
    const { rows } = await sql<CommentRow>`
      WITH ${this.analysed(filter, pipelineId)},
      themes AS (
        SELECT submission_id, array_agg(DISTINCT topic_id::text ORDER BY topic_id::text) AS theme_ids
        FROM dominant GROUP BY submission_id
      )
      SELECT s.id, s.course_id, s.course_shortname_snapshot AS course_shortname, s.qualitative_comment AS comment,
        s.created_at, ls.label, coalesce(th.theme_ids, '{}'::text[]) AS theme_ids,
        ${raisedAlert(sql.ref('s.id'))} AS flagged, s.department_id, s.program_id,
        s.campus_id
      FROM scoped s
      LEFT JOIN run_sentiment ls ON ls.submission_id = s.id
      LEFT JOIN themes th ON th.submission_id = s.id
      WHERE ${this.commentConditions(options)}
      ORDER BY s.created_at DESC, s.id
      LIMIT ${options.limit} OFFSET ${(options.page - 1) * options.limit}
    `.execute(executor);
    return { rows, total: total.rows[0]?.total ?? 0 };
  }

  async sentimentDistribution(
    executor: Executor,
    filter: SubmissionFilter,
    pipelineId: string | null,
  ): Promise<Record<SentimentLabel, number>> {
    const { rows } = await sql<{ label: SentimentLabel; count: number }>`
      WITH ${this.analysed(filter, pipelineId)}
      SELECT ls.label, count(*) AS count FROM run_sentiment ls GROUP BY ls.label
    `.execute(executor);
    const distribution = { positive: 0, neutral: 0, negative: 0 };
    for (const row of rows) distribution[row.label] = row.count;
    return distribution;
  }

  async themes(executor: Executor, filter: SubmissionFilter, pipelineId: string | null): Promise<ThemeRow[]> {
    const { rows } = await sql<ThemeRow>`
      WITH ${this.analysed(filter, pipelineId)}
      SELECT d.topic_id, coalesce(t.label, t.raw_label) AS label, count(DISTINCT d.submission_id) AS count,
        count(DISTINCT d.submission_id) FILTER (WHERE ls.label = 'positive') AS positive,
        count(DISTINCT d.submission_id) FILTER (WHERE ls.label = 'neutral') AS neutral,
        count(DISTINCT d.submission_id) FILTER (WHERE ls.label = 'negative') AS negative
      FROM dominant d
      JOIN topics t ON t.id = d.topic_id
      LEFT JOIN run_sentiment ls ON ls.submission_id = d.submission_id
      GROUP BY d.topic_id, t.label, t.raw_label
      ORDER BY count DESC, label, d.topic_id
    `.execute(executor);
    return rows;
  }

  /**
   * Up to `perTheme` quote candidates per topic: those of the theme's most frequent sentiment first, then the
   * strongest sentiment, then the surest assignment.
   */
  async quoteCandidates(
    executor: Executor,
    filter: SubmissionFilter,
    pipelineId: string | null,
    perTheme: number,
  ): Promise<QuoteCandidate[]> {
    const { rows } = await sql<QuoteCandidate>`
      WITH ${this.analysed(filter, pipelineId)},
      -- Each theme's most frequent sentiment among its comments (a tie goes to the complaint: 'negative' sorts first).
      majority AS (
        SELECT DISTINCT ON (d.topic_id) d.topic_id, ls.label
        FROM dominant d
        JOIN scoped s ON s.id = d.submission_id
        JOIN run_sentiment ls ON ls.submission_id = d.submission_id
        GROUP BY d.topic_id, ls.label
        ORDER BY d.topic_id, count(*) DESC, ls.label
      ),
      candidates AS (
        -- One row per text in a theme: two students who wrote the same sentence give one quote, not two of three.
        SELECT DISTINCT ON (d.topic_id, lower(btrim(coalesce(s.cleaned_comment, s.qualitative_comment))))
          d.topic_id, coalesce(s.cleaned_comment, s.qualitative_comment) AS text,
          greatest(ls.positive, ls.negative) AS strength, d.probability, s.id, ls.label,
          s.department_id, s.program_id, s.campus_id
        FROM dominant d
        JOIN scoped s ON s.id = d.submission_id
        LEFT JOIN run_sentiment ls ON ls.submission_id = d.submission_id
        WHERE coalesce(s.cleaned_comment, s.qualitative_comment) IS NOT NULL
          -- A comment that raised an alert is never a sample quote (conventions §11); it still counts above.
          AND NOT ${raisedAlert(sql.ref('s.id'))}
        ORDER BY d.topic_id, lower(btrim(coalesce(s.cleaned_comment, s.qualitative_comment))),
          greatest(ls.positive, ls.negative) DESC NULLS LAST, d.probability DESC, s.id
      ),
      -- The theme's own sentiment first: a theme of twelve complaints and one thank-you is shown by its complaints
      -- (outside audit T: the strongest comment of either sign led, often the lone praise), then the strongest.
      ranked AS (
        SELECT c.topic_id, c.text, c.department_id, c.program_id, c.campus_id,
          row_number() OVER (
            PARTITION BY c.topic_id
            ORDER BY (c.label IS NOT DISTINCT FROM m.label) DESC, c.strength DESC NULLS LAST, c.probability DESC, c.id
          ) AS position
        FROM candidates c
        LEFT JOIN majority m ON m.topic_id = c.topic_id
      )
      SELECT topic_id, text, department_id, program_id, campus_id
      FROM ranked WHERE position <= ${perTheme} ORDER BY topic_id, position
    `.execute(executor);
    return rows;
  }
}

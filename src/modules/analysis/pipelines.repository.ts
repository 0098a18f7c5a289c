import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import { runInTransaction, type DatabaseClient, type Executor, type Trx } from '../../common/database/database.js';
import type { PipelineStatus, ScopeType, StageStates } from '../../db/schema.js';
import { coursesWithHierarchy } from '../institution/course-hierarchy.js';
import { usernameKey } from '../../common/text/usernames.js';

export const TERMINAL_STATUSES: readonly PipelineStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];
const ACTIVE_INDEX = 'analysis_pipelines_one_active';

/** What a pipeline's corpus is filtered by: the semester and every non-null axis. */
export interface PipelineFilter {
  semesterId: string;
  facultyId: string | null;
  departmentId: string | null;
  programId: string | null;
  campusId: string | null;
  courseId: string | null;
  questionnaireVersionId: string | null;
  questionnaireTypeCode: string | null;
}

export interface NewPipeline extends PipelineFilter {
  scopeType: ScopeType;
  scopeId: string;
  trigger: 'USER' | 'SCHEDULER';
  createdBy: string | null;
  totalEnrolled: number;
  submissionCount: number;
  commentCount: number;
  responseRate: number | null;
  warnings: string[];
}

export interface Coverage {
  totalEnrolled: number;
  submissionCount: number;
  commentCount: number;
  feedbackCount: number;
}

export type PipelineRow = Awaited<ReturnType<PipelinesRepository['findWithRelations']>> & object;

/** Submissions of the pipeline's corpus, as `sub`. */
function scopedSubmissions(executor: Executor, filter: PipelineFilter) {
  return executor
    .selectFrom('submissions as sub')
    .where('sub.semester_id', '=', filter.semesterId)
    .$if(filter.facultyId !== null, (q) => q.where('sub.faculty_id', '=', filter.facultyId as string))
    .$if(filter.departmentId !== null, (q) => q.where('sub.department_id', '=', filter.departmentId as string))
    .$if(filter.programId !== null, (q) => q.where('sub.program_id', '=', filter.programId as string))
    .$if(filter.campusId !== null, (q) => q.where('sub.campus_id', '=', filter.campusId as string))
    .$if(filter.courseId !== null, (q) => q.where('sub.course_id', '=', filter.courseId as string))
    .$if(filter.questionnaireVersionId !== null, (q) =>
      q.where('sub.version_id', '=', filter.questionnaireVersionId as string),
    )
    .$if(filter.questionnaireTypeCode !== null, (q) =>
      q.where('sub.questionnaire_type_code', '=', filter.questionnaireTypeCode as string),
    );
}

const pipelineFilterOf = (row: {
  semester_id: string;
  faculty_id: string | null;
  department_id: string | null;
  program_id: string | null;
  campus_id: string | null;
  course_id: string | null;
  questionnaire_version_id: string | null;
  questionnaire_type_code: string | null;
}): PipelineFilter => ({
  semesterId: row.semester_id,
  facultyId: row.faculty_id,
  departmentId: row.department_id,
  programId: row.program_id,
  campusId: row.campus_id,
  courseId: row.course_id,
  questionnaireVersionId: row.questionnaire_version_id,
  questionnaireTypeCode: row.questionnaire_type_code,
});

/** The only code that reads and writes pipelines and their scope data (the stage results have their own). */
@Injectable()
export class PipelinesRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return runInTransaction(this.db, work);
  }

  semester(id: string, executor: Executor = this.db) {
    return executor
      .selectFrom('semesters as s')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select(['s.id', 's.code', 's.campus_id as campusId', 'c.code as campusCode'])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  department(id: string, executor: Executor = this.db) {
    return executor
      .selectFrom('departments as d')
      .innerJoin('semesters as s', 's.id', 'd.semester_id')
      .select(['d.id', 'd.code', 'd.semester_id as semesterId', 's.campus_id as campusId'])
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  program(id: string, executor: Executor = this.db) {
    return executor
      .selectFrom('programs as p')
      .innerJoin('departments as d', 'd.id', 'p.department_id')
      .innerJoin('semesters as s', 's.id', 'd.semester_id')
      .select([
        'p.id',
        'p.code',
        'p.department_id as departmentId',
        'd.code as departmentCode',
        'd.semester_id as semesterId',
        's.campus_id as campusId',
      ])
      .where('p.id', '=', id)
      .executeTakeFirst();
  }

  course(id: string, executor: Executor = this.db) {
    return coursesWithHierarchy(executor)
      .select(['co.id', 'p.id as programId', 'd.id as departmentId', 's.id as semesterId', 'c.id as campusId'])
      .where('co.id', '=', id)
      .executeTakeFirst();
  }

  campus(id: string, executor: Executor = this.db) {
    return executor.selectFrom('campuses').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
  }

  user(id: string, executor: Executor = this.db) {
    return executor.selectFrom('users').select(['id', 'full_name as fullName']).where('id', '=', id).executeTakeFirst();
  }

  /** Whether the user teaches: the FACULTY role, or a course they are enrolled in as faculty. */
  async teaches(userId: string, executor: Executor = this.db): Promise<boolean> {
    const row = await executor
      .selectNoFrom((eb) => [
        eb
          .or([
            eb.exists(
              eb.selectFrom('user_roles').select('user_id').where('user_id', '=', userId).where('role', '=', 'FACULTY'),
            ),
            eb.exists(
              eb
                .selectFrom('enrollments')
                .select('user_id')
                .where('user_id', '=', userId)
                .where('role', '=', 'faculty'),
            ),
          ])
          .as('teaches'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(row.teaches);
  }

  /**
   * What a pipeline of the semester could be scoped to, before any role check: the semester's campus, its
   * departments, and the faculty members teaching its courses; with `within`, only those teaching a course of
   * those departments or programs (a scoped caller's reach: a narrowing, the role checks still decide).
   */
  async scopeCandidates(semesterId: string, within?: { departmentIds: string[]; programIds: string[] }) {
    // One after the other: a request holds one connection at a time.
    const campus = await this.db
      .selectFrom('semesters as s')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select(['c.id', 'c.code', 'c.name'])
      .where('s.id', '=', semesterId)
      .execute();
    const departments = await this.db
      .selectFrom('departments')
      .select(['id', 'code', 'name'])
      .where('semester_id', '=', semesterId)
      .orderBy('code')
      .execute();
    const faculty = await coursesWithHierarchy(this.db)
      .innerJoin('enrollments as e', (join) => join.onRef('e.course_id', '=', 'co.id').on('e.role', '=', 'faculty'))
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.id', 'u.full_name as fullName'])
      .distinct()
      .where('s.id', '=', semesterId)
      .$if(within !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('d.id', '=', eb.fn.any(eb.val(within?.departmentIds ?? []))),
            eb('p.id', '=', eb.fn.any(eb.val(within?.programIds ?? []))),
          ]),
        ),
      )
      .orderBy('u.full_name')
      .orderBy('u.id')
      .execute();
    return { campus, departments, faculty };
  }

  questionnaireVersion(id: string, executor: Executor = this.db) {
    return executor.selectFrom('questionnaire_versions').select('id').where('id', '=', id).executeTakeFirst();
  }

  userByUsername(username: string, executor: Executor = this.db) {
    return executor
      .selectFrom('users')
      .select(['id', 'username'])
      .where(sql<string>`lower(username)`, '=', usernameKey(username))
      .executeTakeFirst();
  }

  /** The courses a faculty member teaches in a semester, with their program and department. */
  taughtCourses(facultyId: string, semesterId: string, executor: Executor = this.db) {
    return coursesWithHierarchy(executor)
      .innerJoin('enrollments as e', (join) => join.onRef('e.course_id', '=', 'co.id').on('e.role', '=', 'faculty'))
      .select(['co.id', 'p.id as programId', 'd.id as departmentId', 'd.code as departmentCode'])
      .where('e.user_id', '=', facultyId)
      .where('s.id', '=', semesterId)
      .orderBy('d.code')
      .execute();
  }

  /** Coverage of a scope: student enrollments in its courses, and its submissions and comments. */
  async coverage(filter: PipelineFilter, executor: Executor = this.db): Promise<Coverage> {
    const enrolled = await coursesWithHierarchy(executor)
      .innerJoin('enrollments as e', (join) => join.onRef('e.course_id', '=', 'co.id').on('e.role', '=', 'student'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.id', '=', filter.semesterId)
      .$if(filter.departmentId !== null, (q) => q.where('d.id', '=', filter.departmentId as string))
      .$if(filter.programId !== null, (q) => q.where('p.id', '=', filter.programId as string))
      .$if(filter.campusId !== null, (q) => q.where('c.id', '=', filter.campusId as string))
      .$if(filter.courseId !== null, (q) => q.where('co.id', '=', filter.courseId as string))
      .$if(filter.facultyId !== null, (q) =>
        q.where(
          'co.id',
          'in',
          executor
            .selectFrom('enrollments as fe')
            .select('fe.course_id')
            .where('fe.user_id', '=', filter.facultyId as string)
            .where('fe.role', '=', 'faculty'),
        ),
      )
      .executeTakeFirstOrThrow();
    const counts = await scopedSubmissions(executor, filter)
      .select((eb) => [
        eb.fn.countAll<number>().as('submissions'),
        eb.fn.count<number>('sub.cleaned_comment').as('comments'),
        sql<number>`count(*) FILTER (WHERE sub.questionnaire_type_code = 'FACULTY_FEEDBACK')`.as('feedback'),
      ])
      .executeTakeFirstOrThrow();
    return {
      totalEnrolled: Number(enrolled.n),
      submissionCount: Number(counts.submissions),
      commentCount: Number(counts.comments),
      feedbackCount: Number(counts.feedback),
    };
  }

  async configTime(key: string, executor: Executor = this.db): Promise<Date | null> {
    const row = await executor.selectFrom('system_config').select('value').where('key', '=', key).executeTakeFirst();
    return typeof row?.value === 'string' ? new Date(row.value) : null;
  }

  /**
   * Inserts the pipeline unless an active one holds its scope (the partial unique index decides, under any
   * concurrency); returns the id of the new pipeline or of the one that holds the scope.
   */
  async insertOrFindActive(pipeline: NewPipeline): Promise<{ id: string; created: boolean }> {
    const inserted = await this.db
      .insertInto('analysis_pipelines')
      .values({
        semester_id: pipeline.semesterId,
        scope_type: pipeline.scopeType,
        scope_id: pipeline.scopeId,
        faculty_id: pipeline.facultyId,
        department_id: pipeline.departmentId,
        program_id: pipeline.programId,
        campus_id: pipeline.campusId,
        course_id: pipeline.courseId,
        questionnaire_version_id: pipeline.questionnaireVersionId,
        questionnaire_type_code: pipeline.questionnaireTypeCode,
        trigger: pipeline.trigger,
        created_by: pipeline.createdBy,
        total_enrolled: pipeline.totalEnrolled,
        submission_count: pipeline.submissionCount,
        comment_count: pipeline.commentCount,
        response_rate: pipeline.responseRate,
        warnings: JSON.stringify(pipeline.warnings),
      })
      .onConflict((oc) =>
        oc
          .columns([
            'semester_id',
            'scope_type',
            'scope_id',
            'faculty_id',
            'department_id',
            'program_id',
            'campus_id',
            'course_id',
            'questionnaire_version_id',
            'questionnaire_type_code',
          ])
          // Written out so PostgreSQL infers the partial index from the same predicate.
          .where(sql<boolean>`status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')`)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await this.activeFor(pipeline);
    if (!existing) throw new Error(`${ACTIVE_INDEX} refused an insert but no active pipeline holds the scope`);
    return { id: existing.id, created: false };
  }

  activeFor(scope: PipelineFilter & { scopeType: ScopeType; scopeId: string }, executor: Executor = this.db) {
    const equal = <
      C extends
        | 'faculty_id'
        | 'department_id'
        | 'program_id'
        | 'campus_id'
        | 'course_id'
        | 'questionnaire_version_id'
        | 'questionnaire_type_code',
    >(
      column: C,
      value: string | null,
    ) => (value === null ? sql<boolean>`${sql.ref(column)} IS NULL` : sql<boolean>`${sql.ref(column)} = ${value}`);
    return executor
      .selectFrom('analysis_pipelines')
      .select('id')
      .where('semester_id', '=', scope.semesterId)
      .where('scope_type', '=', scope.scopeType)
      .where('scope_id', '=', scope.scopeId)
      .where(equal('faculty_id', scope.facultyId))
      .where(equal('department_id', scope.departmentId))
      .where(equal('program_id', scope.programId))
      .where(equal('campus_id', scope.campusId))
      .where(equal('course_id', scope.courseId))
      .where(equal('questionnaire_version_id', scope.questionnaireVersionId))
      .where(equal('questionnaire_type_code', scope.questionnaireTypeCode))
      .where('status', 'not in', TERMINAL_STATUSES)
      .executeTakeFirst();
  }

  /** A pipeline with the display values of its scope relations (loaded before any access check). */
  findWithRelations(id: string, executor: Executor = this.db) {
    return executor
      .selectFrom('analysis_pipelines as ap')
      .innerJoin('semesters as s', 's.id', 'ap.semester_id')
      .innerJoin('campuses as sc', 'sc.id', 's.campus_id')
      .leftJoin('users as f', 'f.id', 'ap.faculty_id')
      .leftJoin('departments as d', 'd.id', 'ap.department_id')
      .leftJoin('programs as p', 'p.id', 'ap.program_id')
      .leftJoin('campuses as c', 'c.id', 'ap.campus_id')
      .leftJoin('courses as co', 'co.id', 'ap.course_id')
      .leftJoin('questionnaire_versions as v', 'v.id', 'ap.questionnaire_version_id')
      .leftJoin('users as cb', 'cb.id', 'ap.created_by')
      .selectAll('ap')
      .select([
        's.code as semesterCode',
        's.label as semesterLabel',
        'f.full_name as facultyName',
        'f.username as facultyUsername',
        'd.code as departmentCode',
        'd.name as departmentName',
        'p.code as programCode',
        'p.name as programName',
        'c.code as campusCode',
        'c.name as campusName',
        'co.shortname as courseShortname',
        'v.version_number as questionnaireVersionNumber',
        'cb.full_name as createdByName',
      ])
      .where('ap.id', '=', id)
      .executeTakeFirst();
  }

  /** Locks the pipeline row for the rest of the transaction and answers its status and attempt. */
  lock(trx: Trx, id: string) {
    return trx
      .selectFrom('analysis_pipelines')
      .select(['id', 'status', 'stage_attempt as stageAttempt', 'stages', 'warnings'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async update(
    trx: Trx,
    id: string,
    changes: {
      status?: PipelineStatus;
      stages?: StageStates;
      warnings?: string[];
      errorMessage?: string | null;
      confirmedAt?: Date;
      completedAt?: Date;
      stageAttempt?: number;
      stageStartedAt?: Date | null;
      gate?: { included: number; excluded: number };
    },
  ): Promise<void> {
    await trx
      .updateTable('analysis_pipelines')
      .set({
        updated_at: new Date(),
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.stages !== undefined ? { stages: JSON.stringify(changes.stages) } : {}),
        ...(changes.warnings !== undefined ? { warnings: JSON.stringify(changes.warnings) } : {}),
        ...(changes.errorMessage !== undefined ? { error_message: changes.errorMessage } : {}),
        ...(changes.confirmedAt !== undefined ? { confirmed_at: changes.confirmedAt } : {}),
        ...(changes.completedAt !== undefined ? { completed_at: changes.completedAt } : {}),
        ...(changes.stageAttempt !== undefined ? { stage_attempt: changes.stageAttempt } : {}),
        ...(changes.stageStartedAt !== undefined ? { stage_started_at: changes.stageStartedAt } : {}),
        ...(changes.gate !== undefined
          ? { sentiment_gate_included: changes.gate.included, sentiment_gate_excluded: changes.gate.excluded }
          : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** The 10 most recent pipelines of a semester matching every given filter, newest first. */
  list(filter: {
    semesterId: string;
    facultyId?: string;
    departmentIds?: string[];
    programIds?: string[];
    campusIds?: string[];
    courseId?: string;
    questionnaireVersionId?: string;
  }) {
    return this.db
      .selectFrom('analysis_pipelines')
      .select(['id'])
      .where('semester_id', '=', filter.semesterId)
      .$if(filter.facultyId !== undefined, (q) => q.where('faculty_id', '=', filter.facultyId as string))
      .$if(filter.departmentIds !== undefined, (q) =>
        (filter.departmentIds as string[]).length === 0
          ? q.where(sql<boolean>`false`)
          : q.where('department_id', 'in', filter.departmentIds as string[]),
      )
      .$if(filter.programIds !== undefined, (q) =>
        (filter.programIds as string[]).length === 0
          ? q.where(sql<boolean>`false`)
          : q.where('program_id', 'in', filter.programIds as string[]),
      )
      .$if(filter.campusIds !== undefined, (q) =>
        (filter.campusIds as string[]).length === 0
          ? q.where(sql<boolean>`false`)
          : q.where('campus_id', 'in', filter.campusIds as string[]),
      )
      .$if(filter.courseId !== undefined, (q) => q.where('course_id', '=', filter.courseId as string))
      .$if(filter.questionnaireVersionId !== undefined, (q) =>
        q.where('questionnaire_version_id', '=', filter.questionnaireVersionId as string),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(10)
      .execute();
  }

  /** Contributing submissions per questionnaire code (the status response's voiceBreakdown). */
  async voiceBreakdown(filter: PipelineFilter, commentsOnly: boolean): Promise<Record<string, number>> {
    const rows = await scopedSubmissions(this.db, filter)
      .$if(commentsOnly, (q) => q.where('sub.cleaned_comment', 'is not', null))
      .select(['sub.questionnaire_type_code as code', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('sub.questionnaire_type_code')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.code, Number(row.n)]));
  }

  /** The corpus of a pipeline: submissions in scope that have a cleaned comment. */
  corpus(filter: PipelineFilter, executor: Executor = this.db) {
    return scopedSubmissions(executor, filter)
      .select(['sub.id', 'sub.cleaned_comment as text', 'sub.questionnaire_type_code as typeCode'])
      .where('sub.cleaned_comment', 'is not', null)
      .orderBy('sub.created_at')
      .orderBy('sub.id')
      .execute() as Promise<Array<{ id: string; text: string; typeCode: string }>>;
  }

  /** Answer sums per (version, question) over the scope's submissions, with the dimension's display name. */
  answerStatistics(filter: PipelineFilter) {
    return scopedSubmissions(this.db, filter)
      .innerJoin('submission_answers as a', 'a.submission_id', 'sub.id')
      .leftJoin('dimensions as dim', 'dim.code', 'a.dimension_code')
      .select([
        'sub.version_id as versionId',
        'a.question_id as questionId',
        'a.dimension_code as code',
        sql<string>`coalesce(max(dim.display_name), a.dimension_code)`.as('displayName'),
        sql<number>`sum(a.value)`.as('sum'),
        sql<number>`count(*)`.as('count'),
      ])
      .groupBy(['sub.version_id', 'a.question_id', 'a.dimension_code'])
      .execute();
  }

  versionSchemas(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('questionnaire_versions')
      .select(['id', 'schema_snapshot as schema'])
      .where('id', 'in', ids)
      .execute();
  }

  filterOf = pipelineFilterOf;

  /** Non-terminal confirmed pipelines: what the reconciler looks after. */
  running() {
    return this.db
      .selectFrom('analysis_pipelines')
      .select(['id', 'status', 'stage_attempt as stageAttempt', 'stages', 'stage_started_at as stageStartedAt'])
      .where('status', 'not in', [...TERMINAL_STATUSES, 'AWAITING_CONFIRMATION'])
      .execute();
  }

  countsByStatus() {
    return this.db
      .selectFrom('analysis_pipelines')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
  }
}

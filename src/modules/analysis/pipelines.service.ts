import { Inject, Injectable } from '@nestjs/common';
import { SETTINGS } from '../../common/core/tokens.js';
import { conflict, DomainError, forbidden, invalid, notFound } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import type { ScopeType, StageStates } from '../../db/schema.js';
import { ENROLLMENTS_SYNCED_AT_KEY } from '../institution/institution-import.service.js';
import { ScopeService, type ResolvedScope } from '../institution/scope.service.js';
import {
  assertCreateScope,
  assertPipelineAccess,
  pipelineRoles,
  SCOPE_FILTER_REQUIRED,
  SCOPE_NOT_ASSIGNED,
  type Caller,
  type ScopeAxes,
} from './pipeline-access.js';
import { PipelineQueue } from './pipeline-queue.js';
import { endStages, PipelineJob } from './pipeline-stages.js';
import { nextScheduledRunAt } from './scheduler/tiers.js';
import {
  PipelinesRepository,
  TERMINAL_STATUSES,
  type PipelineFilter,
  type PipelineRow,
} from './pipelines.repository.js';

/** Spec, Limits: the create warnings and their thresholds. */
export const COVERAGE_THRESHOLDS = {
  minimumResponseRate: 0.25,
  minimumSubmissions: 30,
  minimumComments: 10,
  maximumEnrollmentAgeHours: 24,
} as const;

export const PipelineWarning = {
  LOW_RESPONSE_RATE: 'low_response_rate',
  INSUFFICIENT_SUBMISSIONS: 'insufficient_submissions',
  INSUFFICIENT_COMMENTS: 'insufficient_comments',
  STALE_ENROLLMENT_DATA: 'stale_enrollment_data',
  SMALL_POST_GATE_CORPUS: 'small_post_gate_corpus',
  INSUFFICIENT_COVERAGE_AT_SCHEDULE_TIME: 'insufficient_coverage_at_schedule_time',
} as const;

/** The legacy multi-reference create fields (spec, "Legacy input"). */
const LEGACY_FIELDS = [
  'facultyId',
  'departmentId',
  'campusId',
  'programId',
  'courseId',
  'questionnaireTypeCode',
] as const;

export interface CreatePipelineInput {
  semesterId: string;
  scopeType?: ScopeType;
  scopeId?: string;
  questionnaireVersionId?: string;
  facultyId?: string;
  departmentId?: string;
  campusId?: string;
  programId?: string;
  courseId?: string;
  questionnaireTypeCode?: string;
}

export interface ListPipelinesQuery {
  semesterId: string;
  facultyId?: string;
  departmentId?: string;
  programId?: string;
  campusId?: string;
  courseId?: string;
  questionnaireVersionId?: string;
}

interface Target extends PipelineFilter {
  scopeType: ScopeType;
  scopeId: string;
}

/**
 * Creating, confirming, cancelling and reading analysis pipelines, with the spec's scope rules for each role.
 * Stages run in the job workers (PipelineOrchestrator); this service only starts them.
 */
@Injectable()
export class PipelinesService {
  constructor(
    @Inject(PipelinesRepository) private readonly repository: PipelinesRepository,
    @Inject(ScopeService) private readonly scopes: ScopeService,
    @Inject(PipelineQueue) private readonly queue: PipelineQueue,
    @Inject(SETTINGS) private readonly settings: { SENTIMENT_WORKER_URL?: string },
  ) {}

  /** Create (spec, Create rules): an active pipeline of the same scope is returned instead of a new one. */
  async create(caller: Caller, input: CreatePipelineInput, trigger: 'USER' | 'SCHEDULER' = 'USER') {
    const legacy = LEGACY_FIELDS.filter((field) => input[field] !== undefined);
    if (legacy.length > 0)
      getLogger('pipeline').warn(
        { event: 'deprecated_field_used', fields: legacy, callerId: caller.id },
        'deprecated_field_used: legacy multi-reference pipeline input mapped onto scopeType/scopeId',
      );
    const semester = await this.repository.semester(input.semesterId);
    if (!semester) throw invalid('unknown semester', [{ path: 'semesterId', message: 'no such semester' }]);
    const scope = await this.scopes.resolve(caller.id, semester.id);
    const target = await this.target(caller, input, semester, scope);
    assertCreateScope(caller, target, scope);

    const coverage = await this.repository.coverage(target);
    const responseRate = coverage.totalEnrolled > 0 ? coverage.feedbackCount / coverage.totalEnrolled : null;
    const syncedAt = await this.repository.configTime(ENROLLMENTS_SYNCED_AT_KEY);
    const warnings: string[] = [];
    if (responseRate !== null && responseRate < COVERAGE_THRESHOLDS.minimumResponseRate)
      warnings.push(PipelineWarning.LOW_RESPONSE_RATE);
    if (coverage.submissionCount < COVERAGE_THRESHOLDS.minimumSubmissions)
      warnings.push(PipelineWarning.INSUFFICIENT_SUBMISSIONS);
    if (coverage.commentCount < COVERAGE_THRESHOLDS.minimumComments)
      warnings.push(PipelineWarning.INSUFFICIENT_COMMENTS);
    if (!syncedAt || Date.now() - syncedAt.getTime() > COVERAGE_THRESHOLDS.maximumEnrollmentAgeHours * 3600_000)
      warnings.push(PipelineWarning.STALE_ENROLLMENT_DATA);
    if (trigger === 'SCHEDULER' && warnings.some((warning) => warning !== PipelineWarning.STALE_ENROLLMENT_DATA))
      warnings.push(PipelineWarning.INSUFFICIENT_COVERAGE_AT_SCHEDULE_TIME);

    const { id, created } = await this.repository.insertOrFindActive({
      ...target,
      trigger,
      createdBy: caller.id,
      totalEnrolled: coverage.totalEnrolled,
      submissionCount: coverage.submissionCount,
      commentCount: coverage.commentCount,
      responseRate,
      warnings,
    });
    return { pipeline: await this.view(await this.load(id), caller), created };
  }

  /**
   * GET /analysis/scopes: each scope of the semester (its campus, departments, teaching faculty) that create
   * would accept from the caller, found by running create's own scope rules on it (nothing is stored). A super
   * admin may create any of them (they are the semester's own); a scoped caller's are checked one at a time, one
   * connection at a time, among the faculty teaching within their reach.
   */
  async creatableScopes(caller: Caller, semesterId: string) {
    const semester = await this.repository.semester(semesterId);
    if (!semester) throw notFound('semester not found');
    const scope = await this.scopes.resolve(caller.id, semester.id);
    const { campus, departments, faculty } = await this.repository.scopeCandidates(
      semester.id,
      scope.unrestricted
        ? undefined
        : { departmentIds: [...scope.departmentIds, ...scope.campusDepartmentIds], programIds: scope.programIds },
    );
    const candidates = [
      ...campus.map((row) => ({
        scopeType: 'CAMPUS' as const,
        scopeId: row.id,
        label: `Campus ${row.code} (${row.name})`,
      })),
      ...departments.map((row) => ({
        scopeType: 'DEPARTMENT' as const,
        scopeId: row.id,
        label: `Department ${row.code}${row.name ? `: ${row.name}` : ''}`,
      })),
      ...faculty.map((row) => ({
        scopeType: 'FACULTY' as const,
        scopeId: row.id,
        label: `Faculty member ${row.fullName}`,
      })),
    ];
    if (scope.unrestricted) return candidates;
    const accepted = [];
    for (const candidate of candidates) {
      try {
        const target = await this.target(caller, { semesterId, ...candidate }, semester, scope);
        assertCreateScope(caller, target, scope);
        // A chairperson's department pipeline covers their one program in it (create fills programId).
        if (candidate.scopeType === 'DEPARTMENT' && target.programId) {
          const program = await this.repository.program(target.programId);
          accepted.push({
            ...candidate,
            label: `Program ${program?.code ?? ''} (department ${program?.departmentCode ?? ''})`,
          });
        } else accepted.push(candidate);
      } catch (error) {
        if (error instanceof DomainError && (error.kind === 'invalid' || error.kind === 'forbidden')) continue;
        throw error;
      }
    }
    return accepted;
  }

  /**
   * AWAITING_CONFIRMATION → SENTIMENT_ANALYSIS with a SentimentRun and the sentiment job; without a sentiment
   * worker URL → FAILED. The access check runs before any change, so a foreign caller changes nothing.
   * Confirming a pipeline that already runs answers it as it is (20 concurrent confirms start one run).
   */
  async confirm(caller: Caller, id: string) {
    const pipeline = await this.load(id);
    await this.checkAccess(caller, pipeline, 'write');
    if (TERMINAL_STATUSES.includes(pipeline.status))
      throw conflict(`the pipeline is ${pipeline.status}; a pipeline that has ended cannot be confirmed`);
    if (pipeline.status !== 'AWAITING_CONFIRMATION') return this.view(pipeline, caller);

    const workerUrl = this.settings.SENTIMENT_WORKER_URL;
    const started = await this.repository.transaction(async (trx) => {
      const locked = await this.repository.lock(trx, id);
      if (!locked) return false;
      // Read again under the lock: a cancel (or a run's end) between the read above and here decides the answer.
      if (TERMINAL_STATUSES.includes(locked.status))
        throw conflict(`the pipeline is ${locked.status}; a pipeline that has ended cannot be confirmed`);
      if (locked.status !== 'AWAITING_CONFIRMATION') return false;
      const now = new Date();
      if (!workerUrl) {
        await this.repository.update(trx, id, {
          status: 'FAILED',
          confirmedAt: now,
          stages: endStages(locked.stages, 'sentiment'),
          errorMessage: 'sentiment: no sentiment worker is configured (set SENTIMENT_WORKER_URL)',
        });
        return false;
      }
      await trx.insertInto('sentiment_runs').values({ pipeline_id: id }).execute();
      await this.repository.update(trx, id, {
        status: 'SENTIMENT_ANALYSIS',
        confirmedAt: now,
        stageAttempt: 1,
        stageStartedAt: now,
        stages: { ...locked.stages, sentiment: 'processing' },
      });
      return true;
    });
    if (started) await this.queue.enqueueStage(PipelineJob.SENTIMENT, { pipelineId: id, attempt: 1 });
    return this.view(await this.load(id), caller);
  }

  /** Any non-terminal → CANCELLED; queued jobs removed; an in-flight job's later write finds CANCELLED. */
  async cancel(caller: Caller, id: string) {
    const pipeline = await this.load(id);
    await this.checkAccess(caller, pipeline, 'write');
    const cancelled = await this.repository.transaction(async (trx) => {
      const locked = await this.repository.lock(trx, id);
      if (!locked) throw notFound('pipeline not found');
      // The status read under the lock names the end it met: another cancel, or a run that completed or failed.
      if (TERMINAL_STATUSES.includes(locked.status))
        throw conflict(`the pipeline is ${locked.status}; only a pipeline that has not ended can be cancelled`);
      await this.repository.update(trx, id, { status: 'CANCELLED', stages: endStages(locked.stages) });
      return locked.stageAttempt;
    });
    await this.queue.removeStageJobs(id, cancelled);
    return this.view(await this.load(id), caller);
  }

  async status(caller: Caller, id: string) {
    const pipeline = await this.load(id);
    await this.checkAccess(caller, pipeline, 'read');
    return this.view(pipeline, caller);
  }

  /** The pipeline, for a caller who may read it (recommendations use it). */
  async readable(caller: Caller, id: string): Promise<PipelineRow> {
    const pipeline = await this.load(id);
    await this.checkAccess(caller, pipeline, 'read');
    return pipeline;
  }

  /** GET /analysis/pipelines: the spec's list scope filling per role. */
  async list(caller: Caller, query: ListPipelinesQuery) {
    const roles = pipelineRoles(caller);
    // Every given filter applies; the caller's role then fills or checks its own axis.
    const given: Parameters<PipelinesRepository['list']>[0] = {
      semesterId: query.semesterId,
      facultyId: query.facultyId,
      departmentIds: query.departmentId ? [query.departmentId] : undefined,
      programIds: query.programId ? [query.programId] : undefined,
      campusIds: query.campusId ? [query.campusId] : undefined,
      courseId: query.courseId,
      questionnaireVersionId: query.questionnaireVersionId,
    };
    let filter = given;
    if (!roles.includes('SUPER_ADMIN')) {
      const scope = await this.scopes.resolve(caller.id, query.semesterId);
      const within = (value: string | undefined, resolved: string[]): string[] => {
        if (value === undefined) return resolved;
        if (!resolved.includes(value)) throw forbidden(SCOPE_NOT_ASSIGNED);
        return [value];
      };
      const resolved = scope.unrestricted ? null : scope;
      if (roles.includes('DEAN') && resolved)
        filter = { ...given, departmentIds: within(query.departmentId, resolved.departmentIds) };
      else if (roles.includes('CHAIRPERSON') && resolved)
        filter = { ...given, programIds: within(query.programId, resolved.programIds) };
      else if (roles.includes('CAMPUS_HEAD') && resolved)
        filter = { ...given, campusIds: within(query.campusId, resolved.campusIds) };
      // FACULTY: their own pipelines only; a foreign facultyId is dropped.
      else filter = { ...given, facultyId: caller.id };
    }
    const rows = await this.repository.list(filter);
    const pipelines = await Promise.all(rows.map((row) => this.load(row.id)));
    return Promise.all(pipelines.map((pipeline) => this.view(pipeline, caller)));
  }

  private async load(id: string): Promise<PipelineRow> {
    const pipeline = await this.repository.findWithRelations(id);
    if (!pipeline) throw notFound('pipeline not found');
    return pipeline;
  }

  /** 404 before 403: the caller learns nothing of a pipeline's scope before this passes. */
  private async checkAccess(caller: Caller, pipeline: PipelineRow, operation: 'read' | 'write'): Promise<void> {
    const axes: ScopeAxes = {
      facultyId: pipeline.faculty_id,
      departmentId: pipeline.department_id,
      programId: pipeline.program_id,
      campusId: pipeline.campus_id,
    };
    const scope: ResolvedScope = pipelineRoles(caller).includes('SUPER_ADMIN')
      ? { unrestricted: true }
      : await this.scopes.resolve(caller.id, pipeline.semester_id);
    assertPipelineAccess(caller, axes, scope, operation);
  }

  /**
   * The scope of a new pipeline: scopeType/scopeId as given, auto-filled for a caller with exactly one assigned
   * scope (a super admin, who needs no scope filter: the semester's campus), or mapped from the legacy fields; then the caller's own axis (a dean's department, a chairperson's
   * program, a campus head's campus) so the pipeline stays inside what the caller may see.
   */
  private async target(
    caller: Caller,
    input: CreatePipelineInput,
    semester: { id: string; campusId: string },
    scope: ResolvedScope,
  ): Promise<Target> {
    let scopeType = input.scopeType;
    let scopeId = input.scopeId;
    const axes = {
      facultyId: input.facultyId ?? null,
      departmentId: input.departmentId ?? null,
      programId: input.programId ?? null,
      campusId: input.campusId ?? null,
      courseId: input.courseId ?? null,
    };
    // Where a problem with the scope is reported: the field the caller sent it in (scopeId, or a legacy field).
    let scopePath = 'scopeId';
    if (scopeType === undefined || scopeId === undefined) {
      let derived: [ScopeType, string];
      if (axes.facultyId) [derived, scopePath] = [['FACULTY', axes.facultyId], 'facultyId'];
      else if (axes.departmentId) [derived, scopePath] = [['DEPARTMENT', axes.departmentId], 'departmentId'];
      else if (axes.campusId) [derived, scopePath] = [['CAMPUS', axes.campusId], 'campusId'];
      else if (axes.programId || axes.courseId) {
        const place = axes.courseId
          ? await this.repository.course(axes.courseId)
          : await this.repository.program(axes.programId as string);
        scopePath = axes.courseId ? 'courseId' : 'programId';
        if (!place) throw invalid('unknown program or course', [{ path: scopePath, message: 'not found' }]);
        derived = ['DEPARTMENT', place.departmentId];
      } else if (scope.unrestricted) {
        // Role table: SUPER_ADMIN needs no scope filter (semesterId only): the whole semester, i.e. its campus.
        derived = ['CAMPUS', semester.campusId];
      } else {
        const only = singleAssignedScope(caller, scope);
        if (!only) throw invalid(SCOPE_FILTER_REQUIRED);
        if (only.programId) {
          const program = await this.repository.program(only.programId);
          if (!program) throw invalid(SCOPE_FILTER_REQUIRED);
          axes.programId = only.programId;
          derived = ['DEPARTMENT', program.departmentId];
        } else derived = [only.scopeType, only.scopeId];
      }
      // Half a scope is completed only when the given half agrees with what is filled in; never silently replaced.
      if ((scopeType !== undefined && scopeType !== derived[0]) || (scopeId !== undefined && scopeId !== derived[1])) {
        const [given, missing] = scopeType !== undefined ? ['scopeType', 'scopeId'] : ['scopeId', 'scopeType'];
        throw invalid('scopeType and scopeId go together: give both, or neither to have your one scope filled in', [
          { path: missing, message: `required with ${given}` },
        ]);
      }
      [scopeType, scopeId] = derived;
    } else {
      // scopeType/scopeId with a legacy field of the same axis: they must agree (a typo must not be dropped).
      const sameAxis = { FACULTY: 'facultyId', DEPARTMENT: 'departmentId', CAMPUS: 'campusId' } as const;
      const field = sameAxis[scopeType];
      if (axes[field] !== null && axes[field] !== scopeId)
        throw invalid(`${field} and scopeId name different ${scopeType.toLowerCase()} scopes: send one`, [
          { path: field, message: 'differs from scopeId' },
        ]);
    }

    if (scopeType === 'FACULTY') {
      axes.facultyId = scopeId;
      if (!(await this.repository.user(scopeId)))
        throw invalid('unknown faculty member', [{ path: scopePath, message: 'no such user' }]);
      if (!(await this.repository.teaches(scopeId)))
        throw invalid('unknown faculty member', [
          { path: scopePath, message: 'the user does not teach: no FACULTY role and no course as faculty' },
        ]);
    } else if (scopeType === 'DEPARTMENT') {
      const department = await this.repository.department(scopeId);
      if (!department || department.semesterId !== semester.id)
        throw invalid('the department is not part of the semester', [
          { path: scopePath, message: 'no such department in the semester' },
        ]);
      axes.departmentId = scopeId;
    } else {
      if (scopeId !== semester.campusId)
        throw invalid("the campus is not the semester's campus", [{ path: scopePath, message: 'another campus' }]);
      axes.campusId = scopeId;
    }
    await this.checkAxesInSemester(axes, semester, scopeType === 'FACULTY');
    if (
      input.questionnaireVersionId !== undefined &&
      !(await this.repository.questionnaireVersion(input.questionnaireVersionId))
    )
      throw invalid('unknown questionnaire version', [
        { path: 'questionnaireVersionId', message: 'no such questionnaire version' },
      ]);
    await this.fillCallerAxis(caller, axes, semester, scope);
    return {
      semesterId: semester.id,
      scopeType,
      scopeId,
      ...axes,
      questionnaireVersionId: input.questionnaireVersionId ?? null,
      questionnaireTypeCode: input.questionnaireTypeCode ?? null,
    };
  }

  /**
   * Every given axis must belong to the pipeline's semester: its department, program and course, its campus (the
   * semester's own: a pipeline never spans two campuses), and a faculty axis must be a known user (unless it is the
   * FACULTY scope, checked already).
   */
  private async checkAxesInSemester(
    axes: {
      facultyId: string | null;
      departmentId: string | null;
      programId: string | null;
      campusId: string | null;
      courseId: string | null;
    },
    semester: { id: string; campusId: string },
    facultyChecked: boolean,
  ): Promise<void> {
    const checks: Array<[string, Promise<{ semesterId: string } | undefined> | null]> = [
      ['departmentId', axes.departmentId ? this.repository.department(axes.departmentId) : null],
      ['programId', axes.programId ? this.repository.program(axes.programId) : null],
      ['courseId', axes.courseId ? this.repository.course(axes.courseId) : null],
    ];
    const details = [];
    if (axes.facultyId !== null && !facultyChecked && !(await this.repository.user(axes.facultyId)))
      details.push({ path: 'facultyId', message: 'no such user' });
    for (const [path, pending] of checks) {
      if (!pending) continue;
      const found = await pending;
      if (!found || found.semesterId !== semester.id) details.push({ path, message: 'not part of the semester' });
    }
    if (axes.campusId !== null && axes.campusId !== semester.campusId)
      details.push({ path: 'campusId', message: "not the semester's campus" });
    if (details.length > 0) throw invalid('the scope does not belong to the semester', details);
  }

  private async fillCallerAxis(
    caller: Caller,
    axes: { facultyId: string | null; departmentId: string | null; programId: string | null; campusId: string | null },
    semester: { id: string; campusId: string },
    scope: ResolvedScope,
  ): Promise<void> {
    const roles = pipelineRoles(caller);
    if (roles.includes('SUPER_ADMIN') || scope.unrestricted) {
      if (axes.departmentId && !axes.campusId) axes.campusId = semester.campusId;
      return;
    }
    const taught = axes.facultyId ? await this.repository.taughtCourses(axes.facultyId, semester.id) : [];
    const preferred = <T extends { id: string }>(candidates: Array<{ key: string }>, inScope: string[]) => {
      const counts = new Map<string, number>();
      for (const { key } of candidates) counts.set(key, (counts.get(key) ?? 0) + 1);
      const ranked = [...counts.entries()].sort(
        (a, b) =>
          Number(inScope.includes(b[0])) - Number(inScope.includes(a[0])) || b[1] - a[1] || a[0].localeCompare(b[0]),
      );
      return (ranked[0]?.[0] ?? null) as T['id'] | null;
    };
    if (roles.includes('DEAN') && !axes.departmentId && axes.facultyId)
      axes.departmentId = preferred(
        taught.map((course) => ({ key: course.departmentId })),
        scope.departmentIds,
      );
    if (roles.includes('CHAIRPERSON') && !axes.programId) {
      if (axes.facultyId)
        axes.programId = preferred(
          taught.map((course) => ({ key: course.programId })),
          scope.programIds,
        );
      else if (axes.departmentId) {
        const programs = [];
        for (const programId of scope.programIds) {
          const program = await this.repository.program(programId);
          if (program?.departmentId === axes.departmentId) programs.push(programId);
        }
        if (programs.length === 1) axes.programId = programs[0] as string;
      }
    }
    if (roles.includes('CAMPUS_HEAD') && !axes.campusId) axes.campusId = semester.campusId;
    if (axes.departmentId && !axes.campusId) axes.campusId = semester.campusId;
  }

  /** The response of create, confirm, cancel, status and list (conventions §6 `stages`). */
  private async view(pipeline: PipelineRow, _caller: Caller) {
    const filter = this.repository.filterOf(pipeline);
    return {
      id: pipeline.id,
      status: pipeline.status,
      trigger: pipeline.trigger,
      scopeType: pipeline.scope_type,
      scopeId: pipeline.scope_id,
      scope: {
        semesterId: pipeline.semester_id,
        semesterCode: pipeline.semesterCode,
        semesterLabel: pipeline.semesterLabel,
        facultyId: pipeline.faculty_id,
        facultyName: pipeline.facultyName,
        departmentId: pipeline.department_id,
        departmentCode: pipeline.departmentCode,
        departmentName: pipeline.departmentName,
        programId: pipeline.program_id,
        programCode: pipeline.programCode,
        campusId: pipeline.campus_id,
        campusCode: pipeline.campusCode,
        courseId: pipeline.course_id,
        courseShortname: pipeline.courseShortname,
        questionnaireVersionId: pipeline.questionnaire_version_id,
        questionnaireVersionNumber: pipeline.questionnaireVersionNumber,
        questionnaireTypeCode: pipeline.questionnaire_type_code,
      },
      coverage: {
        totalEnrolled: pipeline.total_enrolled,
        submissionCount: pipeline.submission_count,
        commentCount: pipeline.comment_count,
        responseRate: pipeline.response_rate === null ? null : Math.round(pipeline.response_rate * 10_000) / 10_000,
      },
      stages: pipeline.stages as StageStates,
      sentimentGate: { included: pipeline.sentiment_gate_included, excluded: pipeline.sentiment_gate_excluded },
      warnings: pipeline.warnings,
      errorMessage: pipeline.error_message,
      createdBy: pipeline.created_by,
      createdByName: pipeline.createdByName,
      createdAt: pipeline.created_at.toISOString(),
      confirmedAt: pipeline.confirmed_at?.toISOString() ?? null,
      completedAt: pipeline.completed_at?.toISOString() ?? null,
      voiceBreakdown: await this.repository.voiceBreakdown(filter, false),
      nextScheduledRunAt: nextScheduledRunAt(pipeline.scope_type),
    };
  }
}

/** The one scope a caller is assigned in the semester, when there is exactly one. */
function singleAssignedScope(
  caller: Caller,
  scope: ResolvedScope,
): { scopeType: ScopeType; scopeId: string; programId?: string } | null {
  if (scope.unrestricted) return null;
  const roles = pipelineRoles(caller);
  const candidates: Array<{ scopeType: ScopeType; scopeId: string; programId?: string }> = [];
  if (roles.includes('DEAN'))
    for (const id of scope.departmentIds) candidates.push({ scopeType: 'DEPARTMENT', scopeId: id });
  if (roles.includes('CAMPUS_HEAD'))
    for (const id of scope.campusIds) candidates.push({ scopeType: 'CAMPUS', scopeId: id });
  if (roles.includes('CHAIRPERSON'))
    for (const id of scope.programIds) candidates.push({ scopeType: 'DEPARTMENT', scopeId: '', programId: id });
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

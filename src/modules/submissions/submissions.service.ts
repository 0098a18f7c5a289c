import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DatabaseError } from 'pg';
import { invalid, conflict, forbidden } from '../../common/errors/domain-error.js';
import type { Role } from '../../db/schema.js';
import { cleanComment } from '../../engine/text/index.js';
import { AlertRecorder } from '../alerts/alert-recorder.js';
import { newAlertColumns } from '../alerts/alerts.repository.js';
import { AlertWebhookQueue } from '../alerts/alert-webhook-queue.js';
import { ScopeService, type ResolvedScope } from '../institution/scope.service.js';
import { normalizedScore } from '../questionnaires/scoring.js';
import { checkSubmissionContent, type SubmittedAnswer } from './answers-validator.js';
import type { Trx } from '../../common/database/database.js';
import { transactionLookups, type LookupsFor, type SubmissionLookups } from './submission-lookups.js';
import {
  SubmissionsRepository,
  type CourseContext,
  type SemesterContext,
  type SubmissionVersion,
  type UserReference,
} from './submissions.repository.js';

/** Who submits: the respondent. Over HTTP the caller; in bulk ingestion the user the row names. */
export interface SubmissionActor {
  id: string;
  roles: readonly Role[];
}

export interface SubmissionInput {
  versionId: string;
  facultyId: string;
  /** Absent or null: an evaluation of the faculty member in the semester, not of one course. */
  courseId?: string | null;
  /** Required when there is no course; otherwise it must be the course's semester, if given. */
  semesterId?: string | null;
  answers: readonly SubmittedAnswer[];
  qualitativeComment?: string | null;
}

export interface SubmissionResult {
  id: string;
  versionId: string;
  facultyId: string;
  courseId: string | null;
  semesterId: string;
  normalizedScore: number | null;
  cleanedComment: string | null;
  qualitativeComment: string | null;
  createdAt: string;
}

export interface SubmitOptions {
  /** Run every check and the writes, then roll back. The result carries the id that would have been used. */
  dryRun?: boolean;
  /** Reference reads, bound to the submission's transaction; default: uncached reads. */
  lookups?: LookupsFor;
}

/** Who may answer each questionnaire type (conventions §5). */
const RESPONDENT_ROLES: Record<string, readonly Role[]> = {
  FACULTY_FEEDBACK: ['STUDENT'],
  FACULTY_IN_CLASSROOM: ['DEAN', 'CHAIRPERSON'],
  FACULTY_OUT_OF_CLASSROOM: ['DEAN', 'CHAIRPERSON'],
};

/** Whether a submission of the type must name a course (conventions §5: students evaluate a course they take). */
export function courseRequired(typeCode: string): boolean {
  return typeCode === 'FACULTY_FEEDBACK';
}

const SUBMISSION_UNIQUE_CONSTRAINT = 'submissions_once';
const SCOPE_MESSAGE = 'scope not in your assigned access';
/** A STUDENT's FACULTY_FEEDBACK for a course they do not take (bulk ingestion words it for the file's row). */
export const NOT_ENROLLED_MESSAGE = 'you are not enrolled in this course';

class DryRunRollback extends Error {
  constructor(readonly result: SubmissionResult) {
    super('dry run');
  }
}

/** Where the submission happened: the course when there is one, the semester and scope otherwise. */
interface Placement {
  course: CourseContext | null;
  semester: SemesterContext;
  departmentId: string | null;
  departmentCode: string | null;
  departmentName: string | null;
  programId: string | null;
  programCode: string | null;
  programName: string | null;
}

/**
 * One submission, all in one transaction: the version must be ACTIVE (share-locked while the
 * submission is written), the respondent must be allowed to answer its type about that faculty member
 * (students: enrolled in the course the faculty member teaches; deans and chairpersons: within their
 * scope), the answers and comment must fit the schema, and the score, cleaned comment, answers and
 * institutional snapshots are written together. Bulk ingestion calls `submit` once per record. A student's
 * course submission, the busiest write of the API, is checked and written by one statement when it can be
 * (submitInOneStatement); whatever that statement does not write goes the transactional way.
 */
@Injectable()
export class SubmissionsService {
  private readonly publishedVersions = new LRUCache<string, SubmissionVersion>({ max: 1_000 });

  constructor(
    @Inject(SubmissionsRepository) private readonly repository: SubmissionsRepository,
    @Inject(ScopeService) private readonly scope: ScopeService,
    @Inject(AlertRecorder) private readonly alerts: AlertRecorder,
    @Inject(AlertWebhookQueue) private readonly alertWebhook: AlertWebhookQueue,
  ) {}

  async submit(actor: SubmissionActor, input: SubmissionInput, options: SubmitOptions = {}): Promise<SubmissionResult> {
    try {
      const direct = options.dryRun || options.lookups ? undefined : await this.submitInOneStatement(actor, input);
      const { result, alertId } =
        direct ??
        (await this.repository.transaction(async (trx) => {
          const lookupsFor = options.lookups ?? transactionLookups(this.repository);
          const submitted = await this.submitWithin(trx, actor, input, lookupsFor(trx));
          // Screened in the submission's transaction: a submission that fails leaves no alert (conventions §11).
          const alert = await this.alerts.screen(trx, submitted.id, submitted.qualitativeComment);
          if (options.dryRun) throw new DryRunRollback(submitted);
          return { result: submitted, alertId: alert };
        }));
      // Announced only once the alert is committed: a receiver never hears of an alert that does not exist.
      if (alertId !== undefined) await this.alertWebhook.enqueue([alertId]);
      return result;
    } catch (error) {
      if (error instanceof DryRunRollback) return error.result;
      if (error instanceof DatabaseError && error.code === '23505' && error.constraint === SUBMISSION_UNIQUE_CONSTRAINT)
        throw conflict('this respondent already submitted this version for this faculty member, course and semester');
      throw error;
    }
  }

  /**
   * The common case in one round trip: a student's FACULTY_FEEDBACK about a course, on a version this process has
   * seen published (its schema is then fixed), with answers that fit it. Everything the database must decide
   * (the version still ACTIVE, under a share lock; the course, in the given semester; the faculty member; both
   * enrolments) is decided by the statement that writes the submission, its answers and its alert
   * (SubmissionsRepository.insertChecked). Anything else, or a check the statement finds failing, answers
   * undefined and goes the transactional way (submitWithin), which decides the error (or, should the data have
   * changed meanwhile, writes the submission): one set of rules and of error answers, whichever way a request goes.
   */
  private async submitInOneStatement(
    actor: SubmissionActor,
    input: SubmissionInput,
  ): Promise<{ result: SubmissionResult; alertId: string | undefined } | undefined> {
    if (!input.courseId || input.facultyId === actor.id) return undefined;
    const version = await this.publishedVersion(input.versionId);
    if (version?.typeCode !== 'FACULTY_FEEDBACK' || !actor.roles.includes('STUDENT')) return undefined;
    const content = checkSubmissionContent(version.schema, input.answers, input.qualitativeComment);
    if (content.details.length > 0) return undefined;
    const score = normalizedScore(version.schema, new Map(content.answers.map((a) => [a.questionId, a.value])));
    const cleanedComment = cleanComment(content.comment);
    const screened = this.alerts.assess(content.comment);
    const row = await this.repository.insertChecked({
      version,
      respondentId: actor.id,
      facultyId: input.facultyId,
      courseId: input.courseId,
      semesterId: input.semesterId ?? null,
      qualitativeComment: content.comment,
      cleanedComment,
      normalizedScore: score,
      answers: content.answers,
      alert: screened && newAlertColumns(screened),
    });
    if (!row) return undefined;
    return {
      result: {
        id: row.id,
        versionId: version.id,
        facultyId: input.facultyId,
        courseId: input.courseId,
        semesterId: row.semesterId,
        normalizedScore: score,
        cleanedComment,
        qualitativeComment: content.comment,
        createdAt: row.createdAt.toISOString(),
      },
      alertId: row.alertId ?? undefined,
    };
  }

  /**
   * A version that has left DRAFT, from memory after the first read: its type, questionnaire and schema never
   * change from then on (only its status does, which insertChecked checks under a lock). Undefined for an unknown
   * version or a DRAFT, which are not remembered.
   */
  private async publishedVersion(id: string): Promise<SubmissionVersion | undefined> {
    const known = this.publishedVersions.get(id);
    if (known) return known;
    const version = await this.repository.versionById(id);
    if (!version || version.status === 'DRAFT') return undefined;
    this.publishedVersions.set(id, version);
    return version;
  }

  /** The same work inside a transaction the caller owns (and commits or rolls back). */
  async submitWithin(
    trx: Trx,
    actor: SubmissionActor,
    input: SubmissionInput,
    lookups: SubmissionLookups,
  ): Promise<SubmissionResult> {
    const version = await this.repository.lockVersion(trx, input.versionId);
    if (!version) throw invalid('unknown questionnaire version', [{ path: 'versionId', message: 'no such version' }]);
    if (version.status !== 'ACTIVE')
      throw conflict(
        `version ${version.versionNumber} is ${version.status}; only an ACTIVE version accepts submissions`,
      );
    const allowed = RESPONDENT_ROLES[version.typeCode] ?? [];
    const roles = actor.roles.filter((role) => allowed.includes(role));
    if (roles.length === 0)
      throw forbidden(`${version.typeCode} is answered by ${allowed.join(' or ') || 'no role'} only`);
    if (input.facultyId === actor.id) throw invalid('a respondent cannot evaluate themselves');

    const faculty = await lookups.userById(input.facultyId);
    if (!faculty) throw invalid('unknown faculty member', [{ path: 'facultyId', message: 'no such user' }]);
    const placement = input.courseId
      ? await this.placeInCourse(trx, actor, roles, version, faculty, input, lookups)
      : await this.placeInSemester(trx, actor, roles, version, faculty, input, lookups);

    const content = checkSubmissionContent(version.schema, input.answers, input.qualitativeComment);
    if (content.details.length > 0)
      throw invalid(`the answers break ${content.details.length} rule(s)`, content.details);
    const score = normalizedScore(version.schema, new Map(content.answers.map((a) => [a.questionId, a.value])));
    const cleanedComment = cleanComment(content.comment);
    const { semester, course } = placement;

    const row = await this.repository.insert(
      trx,
      {
        version_id: version.id,
        questionnaire_id: version.questionnaireId,
        questionnaire_type_code: version.typeCode,
        respondent_id: actor.id,
        faculty_id: faculty.id,
        course_id: course?.id ?? null,
        semester_id: semester.id,
        campus_id: semester.campusId,
        department_id: placement.departmentId,
        program_id: placement.programId,
        qualitative_comment: content.comment,
        cleaned_comment: cleanedComment,
        normalized_score: score,
        campus_code_snapshot: semester.campusCode,
        campus_name_snapshot: semester.campusName,
        department_code_snapshot: placement.departmentCode,
        department_name_snapshot: placement.departmentName,
        program_code_snapshot: placement.programCode,
        program_name_snapshot: placement.programName,
        course_shortname_snapshot: course?.shortname ?? null,
        course_fullname_snapshot: course?.fullname ?? null,
        faculty_username_snapshot: faculty.username,
        faculty_name_snapshot: faculty.fullName,
        semester_code_snapshot: semester.code,
        semester_label_snapshot: semester.label,
        academic_year_snapshot: semester.academicYear,
      },
      content.answers,
    );
    return {
      id: row.id,
      versionId: version.id,
      facultyId: faculty.id,
      courseId: course?.id ?? null,
      semesterId: semester.id,
      normalizedScore: score,
      cleanedComment,
      qualitativeComment: content.comment,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * With a course: the faculty member must teach it; a student must be enrolled in it; a dean's or
   * chairperson's scope must hold its department or program.
   */
  private async placeInCourse(
    trx: Trx,
    actor: SubmissionActor,
    roles: Role[],
    version: SubmissionVersion,
    faculty: UserReference,
    input: SubmissionInput,
    lookups: SubmissionLookups,
  ): Promise<Placement> {
    const course = await lookups.courseById(input.courseId as string);
    if (!course) throw invalid('unknown course', [{ path: 'courseId', message: 'no such course' }]);
    if (input.semesterId && input.semesterId !== course.semester.id)
      throw invalid('the course belongs to another semester', [
        { path: 'semesterId', message: "differs from the course's semester" },
      ]);

    const enrollments = await this.repository.enrollmentRoles(trx, course.id, [actor.id, faculty.id]);
    const holds = (userId: string, role: 'student' | 'faculty') =>
      enrollments.some((enrollment) => enrollment.userId === userId && enrollment.role === role);
    if (version.typeCode === 'FACULTY_FEEDBACK') {
      if (!holds(actor.id, 'student')) throw forbidden(NOT_ENROLLED_MESSAGE);
    } else if (!this.inScope(await this.scope.resolve(actor.id, course.semester.id, trx), roles, course)) {
      throw forbidden(SCOPE_MESSAGE);
    }
    if (!holds(faculty.id, 'faculty'))
      throw invalid('the faculty member does not teach this course', [
        { path: 'facultyId', message: 'does not teach the course' },
      ]);
    return {
      course,
      semester: course.semester,
      departmentId: course.departmentId,
      departmentCode: course.departmentCode,
      departmentName: course.departmentName,
      programId: course.programId,
      programCode: course.programCode,
      programName: course.programName,
    };
  }

  /**
   * Without a course (deans and chairpersons evaluating a faculty member for a semester): the faculty
   * member must teach in the semester, and at least one of those courses must be in the caller's scope.
   * The department snapshot is the department of most of those in-scope courses (ties: lowest code); the
   * program snapshot is set only when all of that department's in-scope courses share one program.
   */
  private async placeInSemester(
    trx: Trx,
    actor: SubmissionActor,
    roles: Role[],
    version: SubmissionVersion,
    faculty: UserReference,
    input: SubmissionInput,
    lookups: SubmissionLookups,
  ): Promise<Placement> {
    if (courseRequired(version.typeCode))
      throw invalid(`a ${version.typeCode} submission names the course`, [
        { path: 'courseId', message: `required for ${version.typeCode}` },
      ]);
    if (!input.semesterId)
      throw invalid('without a course, the semester is required', [
        { path: 'semesterId', message: 'required when courseId is absent' },
      ]);
    const semester = await lookups.semesterById(input.semesterId);
    if (!semester) throw invalid('unknown semester', [{ path: 'semesterId', message: 'no such semester' }]);

    const taught = await this.repository.taughtCourses(trx, faculty.id, semester.id);
    if (taught.length === 0)
      throw invalid('the faculty member teaches no course in this semester', [
        { path: 'facultyId', message: 'teaches no course in the semester' },
      ]);
    const scope = await this.scope.resolve(actor.id, semester.id, trx);
    const visible = taught.filter((course) => this.inScope(scope, roles, course));
    if (visible.length === 0) throw forbidden(SCOPE_MESSAGE);

    const byDepartment = new Map<string, CourseContext[]>();
    for (const course of visible)
      byDepartment.set(course.departmentId, [...(byDepartment.get(course.departmentId) ?? []), course]);
    const [departmentCourses] = [...byDepartment.values()].sort(
      (a, b) => b.length - a.length || (a[0]?.departmentCode ?? '').localeCompare(b[0]?.departmentCode ?? ''),
    );
    const first = (departmentCourses ?? visible)[0] as CourseContext;
    const oneProgram = (departmentCourses ?? []).every((course) => course.programId === first.programId);
    return {
      course: null,
      semester,
      departmentId: first.departmentId,
      departmentCode: first.departmentCode,
      departmentName: first.departmentName,
      programId: oneProgram ? first.programId : null,
      programCode: oneProgram ? first.programCode : null,
      programName: oneProgram ? first.programName : null,
    };
  }

  /** A dean's departments or a chairperson's programs (whichever of the two roles the respondent holds). */
  private inScope(scope: ResolvedScope, roles: Role[], course: CourseContext): boolean {
    if (scope.unrestricted) return true;
    return (
      (roles.includes('DEAN') && scope.departmentIds.includes(course.departmentId)) ||
      (roles.includes('CHAIRPERSON') && scope.programIds.includes(course.programId))
    );
  }
}

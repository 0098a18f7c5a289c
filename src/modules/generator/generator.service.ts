import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { conflict, DomainError, invalid, type ErrorDetail } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import { generateRows, type GeneratorQuestion, type LanguageMix } from '../../engine/generator/index.js';
import type { CommentWriter, EngineSource } from '../../llm/index.js';
import { AuditService, outcomeOfItems } from '../audit/audit.service.js';
import { DEFAULT_QUALITATIVE_FEEDBACK, leafSections } from '../questionnaires/questionnaire-schema.js';
import { createCachedLookups } from '../submissions/submission-lookups.js';
import {
  SubmissionsRepository,
  type CourseContext,
  type UserReference,
} from '../submissions/submissions.repository.js';
import { SubmissionsService } from '../submissions/submissions.service.js';
import { COMMENT_WRITER } from './comment-writer.provider.js';
import { QuestionnairesRepository, type VersionRow } from '../questionnaires/questionnaires.repository.js';
import { GeneratorRepository, type Student } from './generator.repository.js';
import { DEFAULT_COMMENT_RATIO } from './generator.schemas.js';
import { usernameKey } from '../../common/text/usernames.js';

/** Synthetic submissions are students' evaluations: the only type students answer. */
const STUDENT_TYPE = 'FACULTY_FEEDBACK';

export interface GeneratorTarget {
  versionId: string;
  facultyUsername: string;
  courseShortname: string;
}

export interface PreviewRequest extends GeneratorTarget {
  count: number;
  seed?: number;
  commentRatio?: number;
  languages?: LanguageMix;
  theme?: string;
}

export interface PreviewRow {
  studentUsername: string;
  answers: Array<{ questionId: string; value: number }>;
  comment: string | null;
}

export interface Preview {
  seed: number;
  commentSource: EngineSource;
  rows: PreviewRow[];
}

export interface CommitRow {
  studentUsername: string;
  answers: ReadonlyArray<{ questionId: string; value: unknown }>;
  comment?: string | null;
}

export interface CommitRequest extends GeneratorTarget {
  rows: readonly CommitRow[];
}

export interface CommitRowResult {
  index: number;
  status: 'ok' | 'error';
  submissionId?: string;
  error?: string;
}

export interface CommitResult {
  created: number;
  failed: number;
  results: CommitRowResult[];
}

export interface CommitOptions {
  /** Called after each row with the rows done so far (the CLI draws its progress bar with it). */
  onProgress?: (done: number, total: number) => void;
}

interface ResolvedTarget {
  version: VersionRow;
  faculty: UserReference;
  course: CourseContext;
}

/** The error of one row: the message, then each detail (`answers.1.value: ...`). */
function errorText(error: unknown): string {
  if (!(error instanceof DomainError)) return 'internal error';
  const details = (error.details ?? []).map((detail) => `${detail.path}: ${detail.message}`);
  return details.length > 0 ? `${error.message} (${details.join('; ')})` : error.message;
}

/** What status answers: the students of the course, those who already answered, and the rest. */
function countsOf(enrolled: readonly Student[], available: readonly Student[]) {
  return {
    totalEnrolled: enrolled.length,
    alreadySubmitted: enrolled.length - available.length,
    availableStudents: available.length,
  };
}

/**
 * Synthetic student evaluations for development and staging (spec "Admin synthetic submissions"). `status`
 * counts who can still answer; `preview` writes rows for them with the engine's generator (comments by the
 * language model when one is configured) and stores nothing; `commit` stores rows one by one through
 * SubmissionsService.submit, with each student as the respondent, so every rule of a real submission
 * applies and a refused row is reported without stopping the others.
 */
@Injectable()
export class GeneratorService {
  private readonly logger = getLogger('generator');

  constructor(
    @Inject(GeneratorRepository) private readonly repository: GeneratorRepository,
    @Inject(QuestionnairesRepository) private readonly questionnaires: QuestionnairesRepository,
    @Inject(SubmissionsRepository) private readonly submissionsRepository: SubmissionsRepository,
    @Inject(SubmissionsService) private readonly submissions: SubmissionsService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(COMMENT_WRITER) private readonly commentWriter: CommentWriter,
  ) {}

  /**
   * How many students of the course can still answer. Audited (`submissions.generate.status`) like a preview: the
   * counts say how many of the course answered, which with a preview before and after narrows who.
   */
  async status(actorId: string | null, target: GeneratorTarget) {
    return this.audited('submissions.generate.status', actorId, target, {}, async () => {
      const resolved = await this.resolve(target);
      const { enrolled, available } = await this.students(resolved);
      const counts = countsOf(enrolled, available);
      return { answer: counts, resolved, metadata: counts };
    });
  }

  /**
   * Rows for `count` of the students who can still answer (fewer when fewer can: the count is capped, not
   * refused). Without a seed a random one is drawn and returned, so any preview can be repeated.
   *
   * Each row names a student who has not answered, so the enrolled students left out of a full preview are the
   * respondents: every preview is audited (`submissions.generate.preview`, with the counts and how many students
   * it named) before it is answered, as a reveal is (conventions §11).
   */
  async preview(actorId: string | null, request: PreviewRequest): Promise<Preview> {
    const requested = { count: request.count, seed: request.seed ?? null };
    return this.audited('submissions.generate.preview', actorId, request, requested, async () => {
      const resolved = await this.resolve(request, { active: true });
      const { enrolled, available } = await this.students(resolved);
      const preview = await this.generate(request, resolved, available);
      return {
        answer: preview,
        resolved,
        metadata: {
          count: request.count,
          seed: preview.seed,
          ...countsOf(enrolled, available),
          rows: preview.rows.length,
        },
      };
    });
  }

  /** The preview's rows for `available` students, comments by the model when one is configured. */
  private async generate(request: PreviewRequest, resolved: ResolvedTarget, available: Student[]): Promise<Preview> {
    const seed = request.seed ?? randomInt(0, 2 ** 32);
    const schema = resolved.version.schemaSnapshot;
    const feedback = { ...DEFAULT_QUALITATIVE_FEEDBACK, ...schema.qualitativeFeedback };
    const questions: GeneratorQuestion[] = leafSections(schema).flatMap((leaf) =>
      leaf.questions.map((question) => ({
        id: question.id,
        type: question.type,
        dimensionCode: question.dimensionCode,
        required: question.required,
        text: question.text,
      })),
    );
    const rows = generateRows({
      questions,
      facultyUsername: resolved.faculty.username,
      // How students address the teacher, and whether the course has a laboratory to write about.
      facultyFullName: resolved.faculty.fullName,
      course: { shortname: resolved.course.shortname, fullname: resolved.course.fullname },
      students: available.map((student) => student.username),
      count: request.count,
      seed,
      comments: {
        ratio: request.commentRatio ?? DEFAULT_COMMENT_RATIO,
        languages: request.languages,
        theme: request.theme,
        enabled: feedback.enabled,
        required: feedback.required,
        maxLength: feedback.maxLength,
      },
    });

    const specs = rows.flatMap((row) => (row.comment ? [row.comment.spec] : []));
    let commentSource: EngineSource = 'local';
    let texts = rows.flatMap((row) => (row.comment ? [row.comment.text] : []));
    if (this.commentWriter.usesModel && specs.length > 0) {
      const written = await this.commentWriter.writeComments(specs);
      commentSource = written.source;
      texts = written.value;
    }
    let next = 0;
    return {
      seed,
      commentSource,
      rows: rows.map((row) => ({
        studentUsername: row.studentUsername,
        answers: row.answers,
        comment: row.comment ? (texts[next++] ?? null) : null,
      })),
    };
  }

  /**
   * Stores each row as its student's submission, in order; a refused row is reported and the rest go on. The
   * audit record says how it went: `success` when every row was stored, `partial` when some were, `failure`
   * when none was or the request was refused as a whole.
   */
  async commit(actorId: string | null, request: CommitRequest, options: CommitOptions = {}): Promise<CommitResult> {
    const audited = { action: 'submissions.generate', actorId, target: `questionnaire_version:${request.versionId}` };
    let stored: { result: CommitResult; target: ResolvedTarget };
    try {
      stored = await this.store(request, options);
    } catch (error) {
      await this.recordRefusal(audited, request, { rows: request.rows.length }, error);
      throw error;
    }
    const { result, target } = stored;
    this.logger.info(
      { versionId: target.version.id, course: target.course.shortname, created: result.created, failed: result.failed },
      'generated submissions committed',
    );
    await this.audit.record({
      ...audited,
      outcome: outcomeOfItems(result.created, result.failed),
      metadata: {
        facultyUsername: target.faculty.username,
        courseShortname: target.course.shortname,
        rows: result.results.length,
        created: result.created,
        failed: result.failed,
      },
    });
    return result;
  }

  private async store(
    request: CommitRequest,
    options: CommitOptions,
  ): Promise<{ result: CommitResult; target: ResolvedTarget }> {
    const target = await this.resolve(request, { active: true });
    const { version, faculty, course } = target;
    const respondents = new Map(
      (await this.repository.usersByUsername(request.rows.map((row) => row.studentUsername))).map((user) => [
        usernameKey(user.username),
        user,
      ]),
    );
    const lookups = createCachedLookups(this.submissionsRepository);
    const results: CommitRowResult[] = [];
    for (const [index, row] of request.rows.entries()) {
      const respondent = respondents.get(usernameKey(row.studentUsername));
      if (!respondent) {
        results.push({ index, status: 'error', error: `unknown student '${row.studentUsername}'` });
      } else {
        try {
          const submitted = await this.submissions.submit(
            { id: respondent.id, roles: respondent.roles },
            {
              versionId: version.id,
              facultyId: faculty.id,
              courseId: course.id,
              answers: row.answers,
              qualitativeComment: row.comment ?? null,
            },
            { lookups },
          );
          results.push({ index, status: 'ok', submissionId: submitted.id });
        } catch (error) {
          if (!(error instanceof DomainError)) this.logger.error({ err: error, index }, 'generated row failed');
          results.push({ index, status: 'error', error: errorText(error) });
        }
      }
      options.onProgress?.(results.length, request.rows.length);
    }
    const created = results.filter((result) => result.status === 'ok').length;
    return { result: { created, failed: results.length - created, results }, target };
  }

  /**
   * The ACTIVE FACULTY_FEEDBACK versions, most recently published first: the CLI's default when no version is
   * given (the first), and what it names when there are several.
   */
  activeStudentVersions() {
    return this.repository.activeVersions(STUDENT_TYPE);
  }

  /**
   * Answers `read` once its audit record is written: the record names the actor, the version (target), the faculty
   * member and the course, with `metadata`. A read refused as a whole (an unknown reference, a version not ACTIVE) is
   * audited as a failure with its error. When the record cannot be written the read is not answered.
   */
  private async audited<T>(
    action: string,
    actorId: string | null,
    target: GeneratorTarget,
    requested: Record<string, unknown>,
    read: () => Promise<{ answer: T; resolved: ResolvedTarget; metadata: Record<string, unknown> }>,
  ): Promise<T> {
    const audited = { action, actorId, target: `questionnaire_version:${target.versionId}` };
    let done: Awaited<ReturnType<typeof read>>;
    try {
      done = await read();
    } catch (error) {
      await this.recordRefusal(audited, target, requested, error);
      throw error;
    }
    const { answer, resolved, metadata } = done;
    await this.audit.record({
      ...audited,
      metadata: {
        facultyUsername: resolved.faculty.username,
        courseShortname: resolved.course.shortname,
        semesterCode: resolved.course.semester.code,
        ...metadata,
      },
    });
    return answer;
  }

  /**
   * The failure record of a request refused as a whole, with what it named and asked and the error's message (an
   * unexpected error's as "internal error"). A record that cannot be written is logged; the refusal stands.
   */
  private async recordRefusal(
    audited: { action: string; actorId: string | null; target: string },
    target: GeneratorTarget,
    requested: Record<string, unknown>,
    error: unknown,
  ): Promise<void> {
    await this.audit
      .record({
        ...audited,
        outcome: 'failure',
        metadata: {
          facultyUsername: target.facultyUsername,
          courseShortname: target.courseShortname,
          ...requested,
          error: error instanceof DomainError ? error.message : 'internal error',
        },
      })
      .catch((auditError: unknown) =>
        this.logger.error({ err: auditError }, `audit of a refused ${audited.action} failed`),
      );
  }

  /** The version, faculty member and course a request names; every unknown one is reported at once (400). */
  private async resolve(target: GeneratorTarget, options: { active?: boolean } = {}): Promise<ResolvedTarget> {
    const [version, faculty, course] = await Promise.all([
      this.questionnaires.version(target.versionId),
      this.submissionsRepository.userByUsername(target.facultyUsername),
      this.submissionsRepository.courseByShortname(target.courseShortname),
    ]);
    const details: ErrorDetail[] = [];
    if (!version) details.push({ path: 'versionId', message: 'no such questionnaire version' });
    else if (version.typeCode !== STUDENT_TYPE)
      details.push({
        path: 'versionId',
        message: `a ${version.typeCode} version: students answer ${STUDENT_TYPE} only, so synthetic submissions are ${STUDENT_TYPE}`,
      });
    if (!faculty) details.push({ path: 'facultyUsername', message: 'no such user' });
    if (!course) details.push({ path: 'courseShortname', message: 'no such course' });
    if (faculty && course && !(await this.repository.teaches(faculty.id, course.id)))
      details.push({ path: 'facultyUsername', message: `does not teach ${course.shortname}` });
    if (details.length > 0 || !version || !faculty || !course)
      throw invalid('cannot generate submissions for this version, faculty member and course', details);
    if (options.active && version.status !== 'ACTIVE')
      throw conflict(
        `version ${version.versionNumber} is ${version.status}; only an ACTIVE version accepts submissions`,
      );
    return { version, faculty, course };
  }

  private async students({
    version,
    faculty,
    course,
  }: ResolvedTarget): Promise<{ enrolled: Student[]; available: Student[] }> {
    const [enrolled, submitted] = await Promise.all([
      this.repository.studentsOf(course.id, faculty.id),
      this.repository.respondents(version.id, faculty.id, course.id, course.semester.id),
    ]);
    return { enrolled, available: enrolled.filter((student) => !submitted.has(student.id)) };
  }
}

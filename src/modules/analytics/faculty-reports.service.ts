import { answerDay } from '../../common/privacy/answer-time.js';
import { studentText } from '../../common/privacy/student-text.js';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { hasRole, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { DATABASE } from '../../common/core/tokens.js';
import { runInTransaction, type DatabaseClient, type Trx } from '../../common/database/database.js';
import { forbidden, notFound } from '../../common/errors/domain-error.js';
import type { Paged } from '../../common/http/paging.js';
import { isLexiconLabel } from '../../engine/labels/index.js';
import { scrubPersonalNames } from '../../engine/text/personal-names.js';
import { reachesAlert } from '../alerts/alert-reach.js';
import { ScopeService, type ResolvedScope } from '../institution/scope.service.js';
import type { QuestionnaireSchema } from '../questionnaires/questionnaire-schema.js';
import {
  buildReportBody,
  compositeOf,
  COMPOSITE_WEIGHTS,
  distinctQuotes,
  matchedQuestions,
  responseCoverage,
  STUDENT_QUESTIONNAIRE_TYPE,
  truncateQuote,
  typeRating,
  type TypeRating,
} from './faculty-report-calculations.js';
import { FacultyReportsRepository, type SubmissionFilter } from './faculty-reports.repository.js';
import type {
  CommentsQuery,
  CommentView,
  OverviewQuery,
  OverviewView,
  QualitativeSummaryView,
  ReportQuery,
  ReportView,
} from './faculty-reports.schemas.js';

/** Spec limit "sample quotes": up to 3 per theme, about 280 characters. */
export const SAMPLE_QUOTES_PER_THEME = 3;
export const SAMPLE_QUOTE_MAX_CHARACTERS = 280;
/**
 * Candidates read per theme, best first, for distinctQuotes to take SAMPLE_QUOTES_PER_THEME from: a theme whose
 * best thirty comments are all repeats of fewer than three texts shows fewer quotes.
 */
const QUOTE_CANDIDATES_PER_THEME = 30;

/** What a request learnt about who reads whom, inside its transaction. */
interface ReadContext {
  trx: Trx;
  faculty: { id: string; username: string; fullName: string };
  semester: { id: string; code: string; label: string };
  /** A faculty member reading their own report: no verbatim student text (spec, "Faculty self-view redaction"). */
  redacted: boolean;
  /**
   * Whether the caller may read the text of a comment that raised an alert, placed by its submission's department
   * and campus: the alert roles and scopes of conventions §11 (SUPER_ADMIN; a DEAN of the department; a
   * CAMPUS_HEAD of the campus). Anyone else reading the report (a chairperson) gets no text for it.
   */
  alertTextReadable: (placement: { departmentId: string | null; campusId: string }) => boolean;
  /**
   * Whether the caller may read the words of a comment, placed by its submission's department, program and campus:
   * a comment written in a course of the caller's scope (SUPER_ADMIN: all; DEAN: their departments; CHAIRPERSON:
   * their programs; CAMPUS_HEAD: their campus). The report's figures cover the member's whole semester (the spec's
   * ratings are the member's), but a dean reads no verbatim comment from another department's course (outside
   * audit U).
   */
  textReadable: (placement: CommentPlacement) => boolean;
  scrub: (text: string) => string;
}

/** Where a comment was written: its submission's department, program and campus. */
export interface CommentPlacement {
  departmentId: string | null;
  programId: string | null;
  campusId: string;
}

/** Whether a reader's resolved scope reaches a comment's course (ReadContext.textReadable). */
function reachesComment(scope: ResolvedScope, placement: CommentPlacement): boolean {
  if (scope.unrestricted) return true;
  return (
    (placement.departmentId !== null &&
      (scope.departmentIds.includes(placement.departmentId) ||
        scope.campusDepartmentIds.includes(placement.departmentId))) ||
    (placement.programId !== null && scope.programIds.includes(placement.programId)) ||
    scope.campusIds.includes(placement.campusId)
  );
}

/**
 * The faculty report endpoints (spec, "Faculty report endpoints"): live data, one read-only snapshot
 * transaction per request, so /overview's per-type ratings equal /report's overall ratings exactly.
 */
@Injectable()
export class FacultyReportsService {
  constructor(
    @Inject(DATABASE) private readonly db: DatabaseClient,
    @Inject(FacultyReportsRepository) private readonly repository: FacultyReportsRepository,
    @Inject(ScopeService) private readonly scopes: ScopeService,
  ) {}

  private read<T>(
    caller: AuthenticatedUser,
    facultyId: string,
    semesterId: string,
    work: (context: ReadContext) => Promise<T>,
  ) {
    // A FACULTY-only caller may read only themselves: answered before anything is looked up.
    const staff = hasRole(caller, 'SUPER_ADMIN', 'DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD');
    if (!staff && caller.id !== facultyId) throw forbidden('faculty members may read only their own report');
    return runInTransaction(this.db, async (trx) => {
      await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`.execute(trx);
      const semester = await this.repository.semester(trx, semesterId);
      if (!semester) throw notFound('semester not found');
      const faculty = await this.repository.faculty(trx, facultyId);
      const self = caller.id === facultyId;
      // Self: every student text is withheld anyway, and an alert is never shown to the member it is about.
      let alertTextReadable: ReadContext['alertTextReadable'] = () => false;
      let textReadable: ReadContext['textReadable'] = () => false;
      if (!self) {
        const scope = await this.scopes.resolve(caller.id, semesterId, trx);
        // A scoped reader gets one answer for every id outside their scope, whether it is a faculty member of
        // another department, a student or no user at all: a 404 for the latter would tell a dean which ids are
        // faculty members elsewhere. Only an unrestricted reader learns that an id is not a faculty member.
        if (
          !scope.unrestricted &&
          (!faculty || !(await this.repository.facultyInScope(trx, facultyId, semesterId, scope)))
        )
          throw forbidden('scope not in your assigned access');
        alertTextReadable = (placement) => reachesAlert(scope, placement);
        textReadable = (placement) => reachesComment(scope, placement);
      }
      if (!faculty) throw notFound('faculty member not found');
      const knownNames = [faculty.full_name];
      return work({
        trx,
        faculty: { id: faculty.id, username: faculty.username, fullName: faculty.full_name },
        semester,
        redacted: self,
        alertTextReadable,
        textReadable,
        scrub: (text) => scrubPersonalNames(text, { knownNames }),
      });
    });
  }

  private async questionnaireType(context: ReadContext, code: string) {
    const type = await this.repository.questionnaireType(context.trx, code);
    if (!type) throw notFound('questionnaire type not found');
    return type;
  }

  private filter(
    facultyId: string,
    query: { semesterId: string; courseId?: string | undefined },
    typeCode: string,
  ): SubmissionFilter {
    return { facultyId, semesterId: query.semesterId, typeCode, courseId: query.courseId };
  }

  /** The per-type rating: the same routine for /report's overall and each /overview contribution. */
  private async rating(context: ReadContext, filter: SubmissionFilter): Promise<TypeRating> {
    const totals = await this.repository.scoreTotals(context.trx, filter);
    return { rating: typeRating(totals), submissionCount: totals.submissionCount };
  }

  report(caller: AuthenticatedUser, facultyId: string, query: ReportQuery): Promise<ReportView> {
    return this.read(caller, facultyId, query.semesterId, (context) => this.buildReport(context, query));
  }

  private async buildReport(context: ReadContext, query: ReportQuery): Promise<ReportView> {
    const type = await this.questionnaireType(context, query.questionnaireTypeCode);
    const filter = this.filter(context.faculty.id, query, type.code);
    const versions = await this.repository.versionsWithSubmissions(context.trx, filter);
    const schemas = new Map(versions.map((version) => [version.id, version.schema_snapshot as QuestionnaireSchema]));
    const shown = versions[0];
    const shownSchema = shown ? (shown.schema_snapshot as QuestionnaireSchema) : null;
    const answers = await this.repository.answerCounts(context.trx, filter);
    const sectionResponses = await this.repository.sectionResponses(
      context.trx,
      filter,
      matchedQuestions(shownSchema, schemas),
    );
    const names = await this.repository.dimensionNames(context.trx, [...new Set(answers.map((a) => a.dimensionCode))]);
    const body = buildReportBody({
      shownSchema,
      schemas,
      answers,
      sectionResponses,
      dimensionNames: new Map(names.map((row) => [row.code, row.display_name])),
      overall: await this.rating(context, filter),
    });
    return {
      faculty: { id: context.faculty.id, fullName: context.faculty.fullName },
      semester: context.semester,
      questionnaireType: type,
      courseId: query.courseId ?? null,
      version: shown ? { id: shown.id, versionNumber: shown.version_number, questionnaireTitle: shown.title } : null,
      versionsIncluded: versions.length,
      ...body,
      ...responseCoverage(
        body.overall.submissionCount,
        type.code === STUDENT_QUESTIONNAIRE_TYPE ? await this.repository.enrolledStudents(context.trx, filter) : null,
      ),
    };
  }

  comments(caller: AuthenticatedUser, facultyId: string, query: CommentsQuery): Promise<Paged<CommentView>> {
    return this.read(caller, facultyId, query.semesterId, async (context) => {
      const type = await this.questionnaireType(context, query.questionnaireTypeCode);
      const filter = this.filter(context.faculty.id, query, type.code);
      const run = await this.repository.analysisRun(context.trx, filter);
      const { rows, total } = await this.repository.comments(context.trx, filter, run?.pipeline_id ?? null, query);
      return {
        items: rows.map((row) => {
          // A comment that raised an alert reaches only the alert roles of its scope (conventions §11).
          // And a comment written in a course outside the caller's scope reaches them as figures only.
          const placement = { departmentId: row.department_id, programId: row.program_id, campusId: row.campus_id };
          const withheld =
            (row.flagged && !context.alertTextReadable(placement)) ||
            (!context.redacted && !context.textReadable(placement));
          return {
            submissionId: row.id,
            courseId: row.course_id,
            courseShortname: row.course_shortname,
            // To the day for every reader: the minute a student answered could name them (answer-time.ts).
            createdAt: answerDay(row.created_at),
            // Marked as this faculty member's students' words: the response withholds them from them alone.
            text: withheld ? null : studentText(context.scrub(row.comment), context.faculty.id),
            redacted: context.redacted || withheld,
            sentiment: row.label,
            themeIds: row.theme_ids,
          };
        }),
        page: query.page,
        limit: query.limit,
        total,
      };
    });
  }

  overview(caller: AuthenticatedUser, facultyId: string, query: OverviewQuery): Promise<OverviewView> {
    return this.read(caller, facultyId, query.semesterId, async (context) => ({
      faculty: { id: context.faculty.id, fullName: context.faculty.fullName },
      semester: context.semester,
      courseId: query.courseId ?? null,
      ...(await this.composite(context, query)),
    }));
  }

  private async composite(context: ReadContext, query: OverviewQuery) {
    const ratings = new Map<string, TypeRating>();
    for (const { code } of COMPOSITE_WEIGHTS)
      ratings.set(code, await this.rating(context, this.filter(context.faculty.id, query, code)));
    return compositeOf(ratings);
  }

  qualitativeSummary(
    caller: AuthenticatedUser,
    facultyId: string,
    query: ReportQuery,
  ): Promise<QualitativeSummaryView> {
    return this.read(caller, facultyId, query.semesterId, (context) => this.buildSummary(context, query));
  }

  private async buildSummary(context: ReadContext, query: ReportQuery): Promise<QualitativeSummaryView> {
    const type = await this.questionnaireType(context, query.questionnaireTypeCode);
    const filter = this.filter(context.faculty.id, query, type.code);
    // Labels, themes and quotes all come from this one run, so their counts agree (see analysisRun).
    const run = await this.repository.analysisRun(context.trx, filter);
    const pipelineId = run?.pipeline_id ?? null;
    const sentimentDistribution = await this.repository.sentimentDistribution(context.trx, filter, pipelineId);
    const themes = await this.repository.themes(context.trx, filter, pipelineId);
    const candidates = new Map<string, string[]>();
    for (const candidate of await this.repository.quoteCandidates(
      context.trx,
      filter,
      pipelineId,
      QUOTE_CANDIDATES_PER_THEME,
    )) {
      // Quotes come from the courses of the caller's scope only (ReadContext.textReadable).
      const placement = {
        departmentId: candidate.department_id,
        programId: candidate.program_id,
        campusId: candidate.campus_id,
      };
      if (!context.redacted && !context.textReadable(placement)) continue;
      const texts = candidates.get(candidate.topic_id) ?? [];
      texts.push(candidate.text);
      candidates.set(candidate.topic_id, texts);
    }
    const quotes = new Map<string, string[]>();
    for (const [topicId, texts] of candidates)
      quotes.set(
        topicId,
        // Scrub first, then cut: a name is never split by the cut and left half visible. Marked as students'
        // words about this faculty member: a response or PDF for them leaves the quotes out.
        distinctQuotes(texts, SAMPLE_QUOTES_PER_THEME).map((text) =>
          studentText(truncateQuote(context.scrub(text), SAMPLE_QUOTE_MAX_CHARACTERS), context.faculty.id),
        ),
      );
    return {
      faculty: { id: context.faculty.id, fullName: context.faculty.fullName },
      semester: context.semester,
      questionnaireType: type,
      courseId: query.courseId ?? null,
      redacted: context.redacted,
      analysis: run
        ? { pipelineId: run.pipeline_id, scopeType: run.scope_type, analysedAt: run.completed_at.toISOString() }
        : null,
      sentimentDistribution,
      themes: themes.map((theme) => ({
        themeId: theme.topic_id,
        label: isLexiconLabel(theme.label) ? theme.label : context.scrub(theme.label),
        count: theme.count,
        sentimentSplit: { positive: theme.positive, neutral: theme.neutral, negative: theme.negative },
        sampleQuotes: quotes.get(theme.topic_id) ?? [],
      })),
    };
  }

  questionnaireTypes(caller: AuthenticatedUser, facultyId: string, semesterId: string) {
    return this.read(caller, facultyId, semesterId, async (context) => ({
      faculty: { id: context.faculty.id, fullName: context.faculty.fullName },
      semester: context.semester,
      items: (await this.repository.typesWithSubmissions(context.trx, facultyId, semesterId)).map((row) => ({
        code: row.code,
        name: row.name,
        submissionCount: row.submission_count,
      })),
    }));
  }

  /** Everything the PDF shows, read in one snapshot: the report, the per-type ratings and the themes. */
  pdfContent(caller: AuthenticatedUser, facultyId: string, query: ReportQuery) {
    return this.read(caller, facultyId, query.semesterId, async (context) => {
      const report = await this.buildReport(context, query);
      const { contributions } = await this.composite(context, query);
      const summary = await this.buildSummary(context, query);
      return { report, contributions, summary, facultyUsername: context.faculty.username };
    });
  }
}

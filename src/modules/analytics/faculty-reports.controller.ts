import { renderForReader } from '../../common/privacy/student-text.js';
import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { Route } from '../../common/http/route.js';
import { renderFacultyReportPdf } from './faculty-report-pdf.js';
import {
  commentsQuery,
  commentsView,
  facultyParams,
  overviewQuery,
  overviewView,
  qualitativeSummaryView,
  questionnaireTypesView,
  reportQuery,
  reportView,
  semesterQuery,
  type CommentsQuery,
  type OverviewQuery,
  type ReportQuery,
} from './faculty-reports.schemas.js';
import { FacultyReportsService } from './faculty-reports.service.js';

type Params = z.infer<typeof facultyParams>;

/** Which analysis the qualitative reads show (FacultyReportsRepository.analysisRun), told to API clients. */
const ANALYSIS_RUN_RULE =
  'Sentiment labels and themes come from ONE completed pipeline, never from several runs added up: among the ' +
  "COMPLETED pipelines that analysed this faculty member's submissions of the query (semester, type, course), the " +
  'most specific scope (FACULTY, then DEPARTMENT, then CAMPUS), and within it the latest completed. A re-run of a ' +
  'scope replaces the earlier run; a department or campus run shows until a faculty-scope run exists.';

/** What "faculty member not found" means for every route here (FacultyReportsRepository.faculty). */
const FACULTY_ONLY =
  '404 faculty member not found when facultyId is no user, or a user who is not a faculty member (neither the ' +
  'FACULTY role, a faculty enrollment nor an evaluation as faculty), to SUPER_ADMIN; a DEAN, CHAIRPERSON or ' +
  'CAMPUS_HEAD gets 403 scope not in your assigned access for such an id, as for a faculty member outside their ' +
  'scope, so the answer never tells them which ids are faculty members. An unknown semester is 404 first.';

/**
 * Spec, "Faculty report endpoints": live data; DEAN, CHAIRPERSON, CAMPUS_HEAD within their resolved scope,
 * SUPER_ADMIN, and FACULTY for themselves only.
 */
@Controller('analytics/faculty')
@Roles('DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD', 'SUPER_ADMIN', 'FACULTY')
export class FacultyReportsController {
  constructor(@Inject(FacultyReportsService) private readonly reports: FacultyReportsService) {}

  @Get(':facultyId/report')
  @Route({
    summary: 'Sections with per-question rating counts, dimension averages and the overall rating of one type',
    description: FACULTY_ONLY,
    tags: ['analytics'],
    params: facultyParams,
    query: reportQuery,
    response: reportView,
  })
  report(@CurrentUser() user: AuthenticatedUser, @Param() params: Params, @Query() query: ReportQuery) {
    return this.reports.report(user, params.facultyId, query);
  }

  @Get(':facultyId/report/comments')
  @Route({
    summary:
      'Paged comments with sentiment and dominant themes; scrubbed of personal names; no text for the faculty member evaluated',
    description: `${ANALYSIS_RUN_RULE} ${FACULTY_ONLY}`,
    tags: ['analytics'],
    params: facultyParams,
    query: commentsQuery,
    response: commentsView,
  })
  comments(@CurrentUser() user: AuthenticatedUser, @Param() params: Params, @Query() query: CommentsQuery) {
    return this.reports.comments(user, params.facultyId, query);
  }

  @Get(':facultyId/report.pdf')
  @Route({
    summary: 'The report as a PDF (same query and roles as /report)',
    description: `${ANALYSIS_RUN_RULE} ${FACULTY_ONLY}`,
    tags: ['analytics'],
    params: facultyParams,
    query: reportQuery,
    produces: 'application/pdf',
  })
  async pdf(
    @CurrentUser() user: AuthenticatedUser,
    @Param() params: Params,
    @Query() query: ReportQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const content = await this.reports.pdfContent(user, params.facultyId, query);
    // A PDF is not JSON: its data is rendered for the reader here, by the same rule as every response.
    const pdf = await renderFacultyReportPdf(renderForReader(content, user.id));
    const name = `faculty-report-${content.facultyUsername}-${content.report.semester.code}-${content.report.questionnaireType.code}`;
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`);
    return pdf;
  }

  @Get(':facultyId/overview')
  @Route({
    summary: 'Composite rating over the three questionnaire types, with coverage status and contributions',
    description: FACULTY_ONLY,
    tags: ['analytics'],
    params: facultyParams,
    query: overviewQuery,
    response: overviewView,
  })
  overview(@CurrentUser() user: AuthenticatedUser, @Param() params: Params, @Query() query: OverviewQuery) {
    return this.reports.overview(user, params.facultyId, query);
  }

  @Get(':facultyId/qualitative-summary')
  @Route({
    summary: 'Sentiment distribution and themes ranked by count; sample quotes except for the faculty member evaluated',
    description: `${ANALYSIS_RUN_RULE} ${FACULTY_ONLY}`,
    tags: ['analytics'],
    params: facultyParams,
    query: reportQuery,
    response: qualitativeSummaryView,
  })
  qualitativeSummary(@CurrentUser() user: AuthenticatedUser, @Param() params: Params, @Query() query: ReportQuery) {
    return this.reports.qualitativeSummary(user, params.facultyId, query);
  }

  @Get(':facultyId/questionnaire-types')
  @Route({
    summary: 'The questionnaire types with submissions for this faculty member and semester',
    description: FACULTY_ONLY,
    tags: ['analytics'],
    params: facultyParams,
    query: semesterQuery,
    response: questionnaireTypesView,
  })
  questionnaireTypes(
    @CurrentUser() user: AuthenticatedUser,
    @Param() params: Params,
    @Query() query: z.infer<typeof semesterQuery>,
  ) {
    return this.reports.questionnaireTypes(user, params.facultyId, query.semesterId);
  }
}

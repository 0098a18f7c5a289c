import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { counted, formatNumber, formatPercent } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { SemesterSelect } from '../../ui/semester-select';
import { useMe } from '../auth/use-me';
import { CommentsList } from './comments-list';
import { CompositeRating, typeName } from './composite-rating';
import { DimensionChart } from './dimension-chart';
import { LatestRecommendations } from './latest-recommendations';
import { PdfButton } from './pdf-button';
import { QuestionDistributions } from './question-distributions';
import { ReportRefusal } from './report-refusal';
import { ThemesList } from './themes-list';
import { useReportSemester } from './use-report-semester';

const STUDENT_QUESTIONNAIRE_TYPE = 'FACULTY_FEEDBACK';

/**
 * The caution under ratings that rest on few voices (the API's lowResponse). Students answer the feedback form;
 * the classroom observations are written by deans and chairpersons, so their caution does not speak of students.
 */
function fewVoices(questionnaireTypeCode: string, submissionCount: number): string {
  if (questionnaireTypeCode === STUDENT_QUESTIONNAIRE_TYPE)
    return 'Few students responded: read the figures with care.';
  if (submissionCount === 0) return 'No evaluations yet.';
  return 'These evaluations are written by deans and chairpersons, and there are few of them: read the figures with care.';
}

/**
 * A faculty member's report for a semester: composite rating, then one questionnaire type's dimensions,
 * answers, themes and comments, the PDF, and the latest recommendations. What a reader may see is the API's
 * decision (a faculty member reads only their own, without student quotes).
 */
export function FacultyReport({ facultyId, self }: { facultyId: string; self: boolean }) {
  const [params, setParams] = useSearchParams();
  const {
    semesters,
    semesterId,
    refusedSemesterId,
    setSemesterId,
    error: semesterError,
  } = useReportSemester(facultyId);
  const me = useMe();
  const path = { facultyId };
  const ready = semesterId !== undefined;

  const types = useQuery({
    queryKey: ['reports', facultyId, 'types', semesterId],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/analytics/faculty/{facultyId}/questionnaire-types', {
          params: { path, query: { semesterId: semesterId ?? '' } },
        }),
      ),
    enabled: ready,
  });
  // Every other request waits for that first answer: a report the API refuses asks nothing more.
  const readable = types.isSuccess;
  const overview = useQuery({
    queryKey: ['reports', facultyId, 'overview', semesterId],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/analytics/faculty/{facultyId}/overview', {
          params: { path, query: { semesterId: semesterId ?? '' } },
        }),
      ),
    enabled: readable,
  });
  const typeCode = params.get('type') ?? types.data?.items[0]?.code;
  const reportQuery = { semesterId: semesterId ?? '', questionnaireTypeCode: typeCode ?? '' };
  const report = useQuery({
    queryKey: ['reports', facultyId, 'report', reportQuery],
    queryFn: () =>
      unwrap(api.GET('/api/v1/analytics/faculty/{facultyId}/report', { params: { path, query: reportQuery } })),
    enabled: readable && typeCode !== undefined,
  });
  const summary = useQuery({
    queryKey: ['reports', facultyId, 'summary', reportQuery],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/analytics/faculty/{facultyId}/qualitative-summary', { params: { path, query: reportQuery } }),
      ),
    enabled: readable && typeCode !== undefined,
  });

  const name = overview.data?.faculty.fullName ?? types.data?.faculty.fullName;
  const title = self ? 'My evaluation report' : name ? `Evaluation report: ${name}` : 'Evaluation report';
  const shownSemesterId = semesterId ?? refusedSemesterId;
  const semester = semesters?.find((candidate) => candidate.id === shownSemesterId);
  const firstError = semesterError ?? types.error ?? overview.error;
  // Out of a dean's, chairperson's or campus head's scope: one sentence in their terms, and nothing else is asked.
  const outOfScope = !self && firstError instanceof ApiError && firstError.status === 403;
  const picker = semesters && shownSemesterId && (
    <SemesterSelect semesters={semesters} value={shownSemesterId} onChange={setSemesterId} />
  );

  if (outOfScope)
    return (
      <Page title="Evaluation report: not in your scope">
        <div className="toolbar" role="group" aria-label="Which report">
          {picker}
        </div>
        <ReportRefusal me={me.data} semester={semester} />
      </Page>
    );

  return (
    <Page
      title={title}
      lead={
        semester
          ? `${self && name ? `${name} · ` : ''}${semester.label} (${semester.code}, ${semester.campusCode})`
          : undefined
      }
    >
      <div className="toolbar" role="group" aria-label="Which report">
        {picker}
        {types.data && types.data.items.length > 0 && typeCode && (
          <div className="field field--inline">
            <label htmlFor="questionnaire-type">Questionnaire</label>
            <select
              id="questionnaire-type"
              value={typeCode}
              onChange={(event) =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.set('type', event.target.value);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              {types.data.items.map((item) => (
                <option key={item.code} value={item.code}>
                  {item.name} ({counted(item.submissionCount, 'evaluation')})
                </option>
              ))}
            </select>
          </div>
        )}
        {readable && semesterId && typeCode && (
          <PdfButton
            facultyId={facultyId}
            semesterId={semesterId}
            questionnaireTypeCode={typeCode}
            fileName={`report-${(name ?? 'faculty').toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${semester?.code ?? ''}-${typeCode}.pdf`}
          />
        )}
      </div>
      {!ready && !firstError ? <Loading what="the report" /> : null}
      {firstError ? <ErrorMessage error={firstError} /> : null}

      {overview.data && (
        <Section title="Composite rating">
          <CompositeRating overview={overview.data} />
        </Section>
      )}
      {types.data && types.data.items.length === 0 && <p>No evaluations of this faculty member in this semester.</p>}

      {readable && typeCode && (
        <>
          {report.isPending ? <Loading what={`the ${typeName(typeCode)} report`} /> : null}
          {report.isError ? <ErrorMessage error={report.error} /> : null}
          {report.data && (
            <>
              <Section title={`${report.data.questionnaireType.name}: dimensions`}>
                <p className="muted">
                  Overall rating {formatNumber(report.data.overall.rating)} of 100 from{' '}
                  {counted(report.data.overall.submissionCount, 'evaluation')}
                  {report.data.responseRate !== null
                    ? `; response rate ${formatPercent(report.data.responseRate)} of ${report.data.enrolledCount} enrolled`
                    : ''}
                  .
                  {report.data.lowResponse
                    ? ` ${fewVoices(report.data.questionnaireType.code, report.data.overall.submissionCount)}`
                    : ''}
                </p>
                {report.data.dimensions.length > 0 ? (
                  <DimensionChart dimensions={report.data.dimensions} />
                ) : (
                  <p>No answers yet.</p>
                )}
              </Section>
              <Section title="Answers per question">
                <QuestionDistributions sections={report.data.sections} />
              </Section>
            </>
          )}
          <Section title="Themes in the comments">
            {summary.isPending ? <Loading what="themes" /> : null}
            {summary.isError ? <ErrorMessage error={summary.error} /> : null}
            {summary.data && <ThemesList summary={summary.data} />}
          </Section>
          {semesterId && (
            <Section title="Comments">
              <CommentsList
                // Another semester or questionnaire has other themes and pages: its filters start afresh.
                key={`${semesterId}:${typeCode}`}
                facultyId={facultyId}
                semesterId={semesterId}
                questionnaireTypeCode={typeCode}
                themes={summary.data?.themes ?? []}
              />
            </Section>
          )}
        </>
      )}
      {readable && semesterId && (
        <Section title="Recommendations">
          <LatestRecommendations facultyId={facultyId} semesterId={semesterId} />
        </Section>
      )}
    </Page>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { DASH, formatDateTime, formatFit, formatPercent, formatScore, formatSlope } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { SemesterSelect } from '../../ui/semester-select';
import { semesterName } from '../institution/semesters';
import { useScopeSemester } from './use-scope-semester';
import { ScrollRegion } from '../../ui/scroll-region';

const DIRECTION_NAMES = { improving: 'Improving', declining: 'Declining', stable: 'Stable' } as const;

/** A slope and, in brackets, how well its line fits: `−7.77 (0.66)`; a dash alone without a line. */
const slopeWithFit = (slope: number | null, fit: number | null) =>
  slope === null ? DASH : `${formatSlope(slope)} (${formatFit(fit)})`;

/** Faculty with enough semesters of data, the steepest decline first (GET /analytics/trends). */
export function TrendsPage() {
  const { semesters, semesterId, setSemesterId } = useScopeSemester();
  const [draft, setDraft] = useState({ minSemesters: '3', minR2: '0.5' });
  const [applied, setApplied] = useState(draft);
  const [direction, setDirection] = useState('');
  // Checked here first: a value that is no number never reaches the API as `NaN`.
  const [ownProblems, setOwnProblems] = useState<{ minSemesters?: string; minR2?: string }>({});

  const query = {
    ...(semesterId ? { semesterId } : {}),
    ...(applied.minSemesters.trim() ? { minSemesters: Number(applied.minSemesters) } : {}),
    ...(applied.minR2.trim() ? { minR2: Number(applied.minR2) } : {}),
  };
  const trends = useQuery({
    queryKey: ['analytics', 'trends', query],
    queryFn: () => unwrap(api.GET('/api/v1/analytics/trends', { params: { query } })),
    enabled: semesterId !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  // The API names a query parameter's problem by its place in the request: `query.minSemesters`.
  const problems = (name: 'minSemesters' | 'minR2') => {
    const own = ownProblems[name];
    if (own) return [own];
    return (trends.error instanceof ApiError ? trends.error.at(`query.${name}`) : []).map((p) => p.message);
  };
  const allAtFields =
    trends.error instanceof ApiError &&
    trends.error.details.length > 0 &&
    trends.error.details.every((detail) => ['query.minSemesters', 'query.minR2'].includes(detail.path));
  const rows = (trends.data?.faculty ?? []).filter((row) => direction === '' || row.trendDirection === direction);
  // A super admin sees every campus: one member's trend at each campus is a row of its own, named with its campus.
  const severalCampuses = new Set(rows.map((row) => row.campusCode)).size > 1;
  // The API answers every semester up to each member's latest, whatever semester is chosen (docs/analytics.md).
  const endsAt = [...new Set((trends.data?.faculty ?? []).map((row) => row.latestSemesterId))].flatMap((id) => {
    const found = semesters?.find((candidate) => candidate.id === id);
    return found ? [semesterName(found)] : [];
  });
  const counts = Object.keys(DIRECTION_NAMES).map(
    (key) => `${(trends.data?.faculty ?? []).filter((row) => row.trendDirection === key).length} ${key}`,
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      ...(draft.minSemesters.trim() && !/^\d+$/.test(draft.minSemesters.trim())
        ? { minSemesters: 'Enter a whole number of semesters, such as 3.' }
        : {}),
      ...(draft.minR2.trim() && !Number.isFinite(Number(draft.minR2))
        ? { minR2: 'Enter a number from 0 to 1, such as 0.5.' }
        : {}),
    };
    setOwnProblems(found);
    if (Object.keys(found).length === 0) setApplied(draft);
  }

  return (
    <Page
      title="Score trends"
      lead="How each faculty member's average score and share of positive comments move from semester to semester: the slope of a straight line fitted through them."
    >
      <form className="toolbar" onSubmit={apply} aria-label="Trend settings">
        {semesters && semesterId && (
          <SemesterSelect semesters={semesters} value={semesterId} onChange={setSemesterId} />
        )}
        <div className="field field--inline">
          <label htmlFor="min-semesters">Minimum semesters</label>
          <input
            id="min-semesters"
            inputMode="numeric"
            value={draft.minSemesters}
            aria-invalid={problems('minSemesters').length > 0 || undefined}
            aria-describedby={problems('minSemesters').length > 0 ? 'min-semesters-error' : undefined}
            onChange={(event) => setDraft({ ...draft, minSemesters: event.target.value })}
          />
          <FieldProblems id="min-semesters-error" messages={problems('minSemesters')} />
        </div>
        <div className="field field--inline">
          <label htmlFor="min-r2">Minimum fit (R², 0 to 1)</label>
          <input
            id="min-r2"
            inputMode="decimal"
            value={draft.minR2}
            aria-invalid={problems('minR2').length > 0 || undefined}
            aria-describedby={problems('minR2').length > 0 ? 'min-r2-error' : undefined}
            onChange={(event) => setDraft({ ...draft, minR2: event.target.value })}
          />
          <FieldProblems id="min-r2-error" messages={problems('minR2')} />
        </div>
        <button type="submit" className="button">
          Apply
        </button>
        <div className="field field--inline">
          <label htmlFor="direction">Direction</label>
          <select id="direction" value={direction} onChange={(event) => setDirection(event.target.value)}>
            <option value="">All</option>
            {Object.entries(DIRECTION_NAMES).map(([key, name]) => (
              <option key={key} value={key}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </form>
      {trends.isPending && semesterId !== undefined ? <Loading what="the trends" /> : null}
      {trends.isError && !allAtFields ? <ErrorMessage error={trends.error} showDetails={false} /> : null}
      {trends.data && (
        <Section title="Faculty trends">
          <p className="muted">
            {trends.data.faculty.length} faculty members with at least {trends.data.minSemesters} semesters:{' '}
            {counts.join(', ')}. Figures as of {formatDateTime(trends.data.lastRefreshedAt)}.
          </p>
          <p className="muted" id="trends-reading">
            {endsAt.length > 0
              ? `These trends run to ${endsAt.join(', ')}: each one ends at the faculty member's latest semester with evaluations. `
              : ''}
            The semester chosen above decides whose trends are shown (its campus, and your departments there), not where
            they end. Each change is the slope of the line fitted through every semester; its fit (R², from 0 to 1) says
            how closely the semesters follow that line, and a trend counts as improving or declining only from the
            minimum fit.
          </p>
          {rows.length === 0 ? (
            <p>No faculty member matches.</p>
          ) : (
            <ScrollRegion label="Trends table">
              <table className="table">
                <caption>Faculty by score slope, steepest decline first</caption>
                <thead>
                  <tr>
                    <th scope="col">Faculty member</th>
                    <th scope="col">Department</th>
                    <th scope="col" className="numeric">
                      Semesters
                    </th>
                    <th scope="col" className="numeric">
                      Latest score
                    </th>
                    <th scope="col" className="numeric">
                      Latest positive rate
                    </th>
                    <th scope="col" className="numeric">
                      Score change per semester, in points (fit)
                    </th>
                    <th scope="col" className="numeric">
                      Positive comments change per semester, in percentage points (fit)
                    </th>
                    <th scope="col">Trend</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={`${row.facultyId}-${row.departmentCode ?? ''}-${row.campusCode}`}>
                      <th scope="row">
                        <Link to={`/faculty/${row.facultyId}?semester=${row.latestSemesterId}`}>{row.facultyName}</Link>
                      </th>
                      <td>
                        {row.departmentCode ?? '—'}
                        {severalCampuses ? ` at ${row.campusCode}` : ''}
                      </td>
                      <td className="numeric">{row.semesterCount}</td>
                      <td className="numeric">{formatScore(row.latestAvgNormalizedScore)}</td>
                      <td className="numeric">{formatPercent(row.latestPositiveRate)}</td>
                      <td className="numeric">{slopeWithFit(row.scoreSlope, row.scoreR2)}</td>
                      <td className="numeric">
                        {slopeWithFit(row.sentimentSlope === null ? null : row.sentimentSlope * 100, row.sentimentR2)}
                      </td>
                      <td>
                        <span className={`tag tag--${row.trendDirection}`}>{DIRECTION_NAMES[row.trendDirection]}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </Section>
      )}
    </Page>
  );
}

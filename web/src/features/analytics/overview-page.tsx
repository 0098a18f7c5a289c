import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { formatDateTime, formatNumber } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { Pager } from '../../ui/pager';
import { SemesterSelect } from '../../ui/semester-select';
import { FLAG_NAMES } from './attention-flags';
import { columnLabel, FacultyTable, sortRows, type OverviewRow, type Sort } from './faculty-table';
import { ScoreDistribution } from './score-distribution';
import { SentimentSplit } from './sentiment-split';
import { useScopeSemester } from './use-scope-semester';

const PAGE_SIZE = 50;

/** The dean's semester overview: every faculty member in scope, their figures, flags and the distribution. */
export function OverviewPage() {
  const { semesters, semesterId, setSemesterId, error: semestersError } = useScopeSemester();
  const [programCode, setProgramCode] = useState('');
  const [search, setSearch] = useState('');
  const [flagFilter, setFlagFilter] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'avgNormalizedScore', direction: 'descending' });
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);

  const query = { semesterId: semesterId ?? '', ...(programCode ? { programCode } : {}) };
  const overview = useQuery({
    queryKey: ['analytics', 'overview', query],
    queryFn: () => unwrap(api.GET('/api/v1/analytics/overview', { params: { query } })),
    enabled: semesterId !== undefined,
  });
  const attention = useQuery({
    queryKey: ['analytics', 'attention', query],
    queryFn: () => unwrap(api.GET('/api/v1/analytics/attention', { params: { query } })),
    enabled: semesterId !== undefined,
  });

  const rows = useMemo<OverviewRow[]>(() => {
    const flags = new Map(
      (attention.data?.faculty ?? []).map((row) => [`${row.facultyId}|${row.departmentCode ?? ''}`, row.flags]),
    );
    return (overview.data?.faculty ?? []).map((row) => ({
      ...row,
      flags: flags.get(`${row.facultyId}|${row.departmentCode ?? ''}`) ?? [],
    }));
  }, [overview.data, attention.data]);

  // The programs to choose from come from the semester's whole overview (the same query as with no program chosen,
  // so usually from the cache): choosing one program must not hide the others.
  const allQuery = { semesterId: semesterId ?? '' };
  const everyProgram = useQuery({
    queryKey: ['analytics', 'overview', allQuery],
    queryFn: () => unwrap(api.GET('/api/v1/analytics/overview', { params: { query: allQuery } })),
    enabled: semesterId !== undefined,
  });
  const programs = useMemo(
    () =>
      [
        ...new Set(
          (everyProgram.data?.faculty ?? [])
            .map((row) => row.programCode)
            .filter((code): code is string => code !== null),
        ),
      ].sort(),
    [everyProgram.data],
  );

  const filtered = useMemo(() => {
    const needle = deferredSearch.trim().toLowerCase();
    return rows.filter(
      (row) =>
        (needle === '' || row.facultyName.toLowerCase().includes(needle)) &&
        (flagFilter === '' ||
          (flagFilter === 'any'
            ? row.flags.length > 0
            : row.flags.includes(flagFilter as OverviewRow['flags'][number]))),
    );
  }, [rows, deferredSearch, flagFilter]);
  const sorted = useMemo(() => sortRows(filtered, sort), [filtered, sort]);
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const currentPage = Math.min(page, pages);
  const visible = sorted.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);
  const scores = useMemo(() => filtered.map((row) => row.avgNormalizedScore), [filtered]);
  const semester = semesters?.find((candidate) => candidate.id === semesterId);
  const summary = overview.data?.summary;

  return (
    <Page
      title="Faculty overview"
      lead={semester ? `${semester.label} (${semester.code}, ${semester.campusCode})` : undefined}
    >
      {semestersError ? <ErrorMessage error={semestersError} /> : null}
      <div className="toolbar" role="group" aria-label="What to show">
        {semesters && semesterId && (
          <SemesterSelect
            semesters={semesters}
            value={semesterId}
            onChange={(id) => {
              setSemesterId(id);
              setProgramCode('');
              setPage(1);
            }}
          />
        )}
        <div className="field field--inline">
          <label htmlFor="program">Program</label>
          <select
            id="program"
            value={programCode}
            onChange={(event) => {
              setProgramCode(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All programs</option>
            {(programCode && !programs.includes(programCode) ? [programCode, ...programs] : programs).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--inline">
          <label htmlFor="search">Find faculty member</label>
          <input
            id="search"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field field--inline">
          <label htmlFor="flag">Attention</label>
          <select
            id="flag"
            value={flagFilter}
            onChange={(event) => {
              setFlagFilter(event.target.value);
              setPage(1);
            }}
          >
            <option value="">Everyone</option>
            <option value="any">Any flag</option>
            {Object.entries(FLAG_NAMES).map(([flag, name]) => (
              <option key={flag} value={flag}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {overview.isPending && semesterId !== undefined ? <Loading what="the overview" /> : null}
      {overview.isError ? <ErrorMessage error={overview.error} /> : null}
      {attention.isError ? <ErrorMessage error={attention.error} /> : null}

      {overview.data && summary && (
        <>
          <dl className="stats" aria-label="Semester summary">
            <div>
              <dt>Faculty members</dt>
              <dd>{formatNumber(summary.facultyCount)}</dd>
            </div>
            <div>
              <dt>Evaluations</dt>
              <dd>{formatNumber(summary.submissionCount)}</dd>
            </div>
            <div>
              <dt>Comments</dt>
              <dd>{formatNumber(summary.commentCount)}</dd>
            </div>
            <div>
              <dt>Flagged for attention</dt>
              <dd>{formatNumber(rows.filter((row) => row.flags.length > 0).length)}</dd>
            </div>
            <div className="stats__wide">
              <dt>Sentiment of analysed comments</dt>
              <dd>
                <SentimentSplit
                  counts={{
                    positive: summary.positiveCount,
                    neutral: summary.neutralCount,
                    negative: summary.negativeCount,
                  }}
                />
              </dd>
            </div>
          </dl>
          <p className="muted">
            Figures as of the last analytics refresh: {formatDateTime(overview.data.lastRefreshedAt)}.
          </p>

          <Section title="Distribution of scores">
            <ScoreDistribution scores={scores} />
          </Section>

          <Section title="Faculty">
            {rows.length === 0 ? (
              <p>No faculty member in your scope has evaluations in this semester.</p>
            ) : (
              <>
                <p role="status" className="muted">
                  Showing {visible.length} of {filtered.length} faculty members
                  {filtered.length !== rows.length ? ` (filtered from ${rows.length})` : ''}.
                </p>
                <FacultyTable
                  rows={visible}
                  sort={sort}
                  onSort={(next) => {
                    setSort(next);
                    setPage(1);
                  }}
                  semesterId={semesterId ?? ''}
                  caption={`Faculty of ${semester?.code ?? 'the semester'}, sorted by ${columnLabel(sort.key).toLowerCase()}, ${sort.direction}`}
                />
                <Pager
                  page={currentPage}
                  limit={PAGE_SIZE}
                  total={sorted.length}
                  onPage={setPage}
                  label="Faculty table pages"
                />
              </>
            )}
          </Section>
        </>
      )}
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { formatDateTime, formatNumber } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { Pager } from '../../ui/pager';
import { SemesterSelect } from '../../ui/semester-select';
import { FLAG_NAMES, flagName } from './attention-flags';
import {
  columnLabel,
  columnNoteId,
  FacultyTable,
  isSortKey,
  sortRows,
  type OverviewRow,
  type Sort,
  type SortKey,
} from './faculty-table';
import { ScoreDistribution } from './score-distribution';
import { SentimentSplit } from './sentiment-split';
import { useScopeSemester } from './use-scope-semester';

const PAGE_SIZE = 50;
const DEFAULT_SORT: Sort = { key: 'avgNormalizedScore', direction: 'descending' };
const NOTED_COLUMNS: SortKey[] = ['avgNormalizedScore', 'scoreDelta', 'sentimentDelta', 'flags'];

/** The search and attention filter in words, for a search that matches nobody. */
function filterWords(search: string, flag: string): string {
  const words = [
    ...(search.trim() ? [`“${search.trim()}”`] : []),
    ...(flag === 'any' ? ['with any attention flag'] : flag ? [`flagged “${flagName(flag)}”`] : []),
  ];
  return words.join(' ') || 'the filters';
}

/** A search or filter that leaves no row, said in place of an empty table. */
function noMatch(count: number, programCode: string, filters: string): string {
  const of = programCode ? `of program ${programCode}` : 'of this semester';
  return count === 1
    ? `The one faculty member ${of} does not match ${filters}.`
    : `None of the ${count} faculty members ${of} matches ${filters}.`;
}

/** Why a change column is left out: it would be "—" in every row. */
const MISSING_COLUMN: Partial<Record<SortKey, string>> = {
  scoreDelta:
    'Score change is not shown: none of these faculty members has a score in the previous semester of this campus.',
  sentimentDelta:
    'Positive change is not shown: it compares the share of positive comments with the previous semester of this campus, and none of these faculty members has analysed comments in both.',
};

/**
 * What the figures of the table are (docs/analytics.md): each explained column's meaning, read with its header
 * (aria-describedby), and, in plain view, why a change column is missing.
 */
function ColumnNotes({ hidden }: { hidden: readonly SortKey[] }) {
  return (
    <>
      {hidden.map((key) => (
        <p key={key} className="muted">
          {MISSING_COLUMN[key]}
        </p>
      ))}
      <details className="column-notes">
        <summary>What the columns mean</summary>
        <dl>
          <dt>Score (all forms)</dt>
          <dd id={columnNoteId('avgNormalizedScore')}>
            The average of every evaluation form of the semester on a 0–100 scale: students&apos; feedback and the
            dean&apos;s and chairperson&apos;s observations together. A faculty member&apos;s report shows each
            questionnaire on its own.
          </dd>
          {!hidden.includes('scoreDelta') && (
            <>
              <dt>Score change</dt>
              <dd id={columnNoteId('scoreDelta')}>
                Against the previous semester of this campus; — when there is no score there.
              </dd>
            </>
          )}
          {!hidden.includes('sentimentDelta') && (
            <>
              <dt>Positive change</dt>
              <dd id={columnNoteId('sentimentDelta')}>
                The change in the share of positive comments against the previous semester of this campus, in percentage
                points; — without analysed comments in both.
              </dd>
            </>
          )}
          <dt>Declining trend</dt>
          <dd id={columnNoteId('flags')}>
            The line fitted through every semester to date (at least three) falls: the score, or the share of positive
            comments, drops from semester to semester, and the fit (R², 0 to 1) is at least 0.5. It reads all semesters,
            not only this one, so it can show beside a rising score change.
          </dd>
        </dl>
      </details>
    </>
  );
}

/** The dean's semester overview: every faculty member in scope, their figures, flags and the distribution. */
export function OverviewPage() {
  const { semesters, semesterId, error: semestersError } = useScopeSemester();
  // What the table shows lives in the address, so Back from a report (or a shared link) shows the same rows.
  const [params, setParams] = useSearchParams();
  const programCode = params.get('program') ?? '';
  const flagFilter = params.get('flag') ?? '';
  const sortKey = params.get('sort') ?? '';
  const order = params.get('order');
  const sort = useMemo<Sort>(
    () =>
      isSortKey(sortKey) ? { key: sortKey, direction: order === 'asc' ? 'ascending' : 'descending' } : DEFAULT_SORT,
    [sortKey, order],
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  // The search box keeps its own state while typing; the address follows it.
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const deferredSearch = useDeferredValue(search);
  /** One change of the address per event (each call would otherwise start from the same old parameters). */
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const setPage = (next: number) => update({ page: next === 1 ? null : String(next) });

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
      (attention.data?.faculty ?? []).map((row) => [`${row.facultyId}|${row.departmentCode ?? ''}`, row]),
    );
    return (overview.data?.faculty ?? []).map((row) => {
      const flagged = flags.get(`${row.facultyId}|${row.departmentCode ?? ''}`);
      return { ...row, flags: flagged?.flags ?? [], ...(flagged ? { trend: flagged } : {}) };
    });
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
  // A change column that is empty in every row says nothing: it is left out, and ColumnNotes says why.
  const hidden = useMemo(
    () =>
      (['scoreDelta', 'sentimentDelta'] as const).filter(
        (key) => rows.length > 0 && rows.every((row) => row[key] === null),
      ),
    [rows],
  );
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
            onChange={(id) => update({ semester: id, program: null, page: null })}
          />
        )}
        <div className="field field--inline">
          <label htmlFor="program">Program</label>
          <select
            id="program"
            value={programCode}
            onChange={(event) => update({ program: event.target.value, page: null })}
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
              update({ q: event.target.value, page: null });
            }}
          />
        </div>
        <div className="field field--inline">
          <label htmlFor="flag">Attention</label>
          <select id="flag" value={flagFilter} onChange={(event) => update({ flag: event.target.value, page: null })}>
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
            ) : filtered.length === 0 ? (
              <div role="status">
                <p>{noMatch(rows.length, programCode, filterWords(deferredSearch, flagFilter))}</p>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setSearch('');
                    update({ q: null, flag: null, page: null });
                  }}
                >
                  Clear the search and the attention filter
                </button>
              </div>
            ) : (
              <>
                <p role="status" className="muted">
                  Showing {visible.length} of {filtered.length} faculty members
                  {filtered.length !== rows.length ? ` (filtered from ${rows.length})` : ''}.
                </p>
                <ColumnNotes hidden={hidden} />
                <FacultyTable
                  rows={visible}
                  sort={sort}
                  onSort={(next) =>
                    update({
                      sort:
                        next.key === DEFAULT_SORT.key && next.direction === DEFAULT_SORT.direction ? null : next.key,
                      order:
                        next.key === DEFAULT_SORT.key && next.direction === DEFAULT_SORT.direction
                          ? null
                          : next.direction === 'ascending'
                            ? 'asc'
                            : 'desc',
                      page: null,
                    })
                  }
                  semesterId={semesterId ?? ''}
                  caption={`Faculty of ${semester?.code ?? 'the semester'}, sorted by ${columnLabel(sort.key).toLowerCase()}, ${sort.direction}`}
                  hidden={hidden}
                  notes={NOTED_COLUMNS}
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

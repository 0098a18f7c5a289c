import { Link } from 'react-router';
import type { ResponseOf } from '../../api/types';
import { formatDelta, formatFit, formatNumber, formatScore, formatSlope } from '../../ui/format';
import { flagName } from './attention-flags';
import { SentimentSplit } from './sentiment-split';
import { ScrollRegion } from '../../ui/scroll-region';

type AttentionRow = ResponseOf<'/api/v1/analytics/attention', 'get'>['faculty'][number];

/** The regressions behind `declining_trend`, as GET /analytics/attention answers them. */
export type TrendFigures = Pick<
  AttentionRow,
  'scoreSlope' | 'scoreR2' | 'scoreSemesterCount' | 'sentimentSlope' | 'sentimentR2' | 'sentimentSemesterCount'
>;

export type OverviewRow = ResponseOf<'/api/v1/analytics/overview', 'get'>['faculty'][number] & {
  flags: string[];
  trend?: TrendFigures;
};

export type SortKey =
  | 'facultyName'
  | 'departmentCode'
  | 'avgNormalizedScore'
  | 'percentileRank'
  | 'scoreDelta'
  | 'sentimentDelta'
  | 'positiveRate'
  | 'submissionCount'
  | 'flags';

export interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

const COLUMNS: Array<{ key: SortKey; label: string; numeric: boolean }> = [
  { key: 'facultyName', label: 'Faculty member', numeric: false },
  { key: 'departmentCode', label: 'Department / program', numeric: false },
  { key: 'avgNormalizedScore', label: 'Score (all forms)', numeric: true },
  { key: 'percentileRank', label: 'Percentile in department', numeric: true },
  { key: 'scoreDelta', label: 'Score change', numeric: true },
  { key: 'sentimentDelta', label: 'Positive change', numeric: true },
  { key: 'positiveRate', label: 'Sentiment', numeric: true },
  { key: 'submissionCount', label: 'Evaluations', numeric: true },
  { key: 'flags', label: 'Attention', numeric: true },
];

export const columnLabel = (key: SortKey) => COLUMNS.find((column) => column.key === key)?.label ?? key;
export const isSortKey = (key: string): key is SortKey => COLUMNS.some((column) => column.key === key);

/** The element that explains a column (OverviewPage's notes), read with its header. */
export const columnNoteId = (key: SortKey) => `column-note-${key}`;

/** Why the declining_trend flag is up: the falling regression(s), in words ("score −7.77 points per semester…"). */
export function declineText(trend: TrendFigures | undefined): string | null {
  if (!trend) return null;
  const parts: string[] = [];
  if (trend.scoreSlope !== null && trend.scoreSlope < 0)
    parts.push(
      `score ${formatSlope(trend.scoreSlope)} points per semester over ${trend.scoreSemesterCount} semesters (fit ${formatFit(trend.scoreR2)})`,
    );
  if (trend.sentimentSlope !== null && trend.sentimentSlope < 0)
    parts.push(
      `share of positive comments ${formatSlope(trend.sentimentSlope * 100)} percentage points per semester over ${trend.sentimentSemesterCount} semesters (fit ${formatFit(trend.sentimentR2)})`,
    );
  return parts.length === 0 ? null : parts.join('; ');
}

function sortValue(row: OverviewRow, key: SortKey): string | number | null {
  if (key === 'flags') return row.flags.length;
  return row[key];
}

/** Rows in the chosen order; missing values last whichever the direction. */
export function sortRows(rows: OverviewRow[], sort: Sort): OverviewRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows.toSorted((a, b) => {
    const left = sortValue(a, sort.key);
    const right = sortValue(b, sort.key);
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    const order =
      typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
    return order === 0 ? a.facultyName.localeCompare(b.facultyName) : sign * order;
  });
}

/** The semester's faculty with their figures; each column header sorts. */
export function FacultyTable({
  rows,
  sort,
  onSort,
  semesterId,
  caption,
  hidden = [],
  notes = [],
}: {
  rows: OverviewRow[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  semesterId: string;
  caption: string;
  /** Columns left out (one that would be empty in every row; the page says why). */
  hidden?: readonly SortKey[];
  /** Columns with a note on the page (`columnNoteId`), read with their header. */
  notes?: readonly SortKey[];
}) {
  const shown = (key: SortKey) => !hidden.includes(key);
  return (
    <ScrollRegion label="Faculty table">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.filter((column) => shown(column.key)).map((column) => {
              const active = sort.key === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? sort.direction : undefined}
                  className={column.numeric ? 'numeric' : undefined}
                >
                  <button
                    type="button"
                    className="sort-button"
                    aria-describedby={
                      notes.includes(column.key) && shown(column.key) ? columnNoteId(column.key) : undefined
                    }
                    onClick={() =>
                      onSort({
                        key: column.key,
                        direction:
                          active && sort.direction === 'descending'
                            ? 'ascending'
                            : active
                              ? 'descending'
                              : column.numeric
                                ? 'descending'
                                : 'ascending',
                      })
                    }
                  >
                    {column.label}
                    <span aria-hidden="true" className="sort-button__mark">
                      {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.facultyId}-${row.departmentCode ?? ''}`}>
              <th scope="row">
                <Link to={`/faculty/${row.facultyId}?semester=${semesterId}`}>{row.facultyName}</Link>
              </th>
              <td>
                {row.departmentCode ?? '—'}
                {row.programCode ? ` / ${row.programCode}` : ''}
              </td>
              <td className="numeric">{formatScore(row.avgNormalizedScore)}</td>
              <td className="numeric">
                {formatNumber(row.percentileRank === null ? null : Math.round(row.percentileRank))}
              </td>
              {shown('scoreDelta') && <td className="numeric">{formatDelta(row.scoreDelta)}</td>}
              {shown('sentimentDelta') && <td className="numeric">{formatDelta(row.sentimentDelta, true)}</td>}
              <td>
                <SentimentSplit
                  compact
                  counts={{ positive: row.positiveCount, neutral: row.neutralCount, negative: row.negativeCount }}
                />
              </td>
              <td className="numeric">{row.submissionCount}</td>
              <td>
                {row.flags.length === 0 ? (
                  <span className="muted">None</span>
                ) : (
                  <>
                    <ul className="tags">
                      {row.flags.map((flag) => (
                        <li key={flag} className="tag tag--warning">
                          {flagName(flag)}
                        </li>
                      ))}
                    </ul>
                    {row.flags.includes('declining_trend') && declineText(row.trend) && (
                      <p className="flag-detail muted">Across all semesters: {declineText(row.trend)}.</p>
                    )}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

import { invalid } from '../../common/errors/domain-error.js';
import { parseSemesterCode, semesterCodeFromDates } from '../institution/semester-code.js';
import { isoDate } from './lms.schemas.js';

/** A provisioning request's date range, checked: both dates parse and the start precedes the end. */
export interface DateRange {
  start: Date;
  end: Date;
}

export function dateRange(startDate: string, endDate: string): DateRange {
  const start = new Date(startDate);
  const end = new Date(endDate);
  const unparseable = (value: string, date: Date) => !isoDate.safeParse(value).success || Number.isNaN(date.getTime());
  if (unparseable(startDate, start) || unparseable(endDate, end))
    throw invalid('Invalid semester dates: startDate and endDate must be ISO 8601 dates');
  if (start.getTime() >= end.getTime())
    throw invalid('Invalid semester dates: startDate must precede endDate', [
      { path: 'endDate', message: 'must be after startDate' },
    ]);
  return { start, end };
}

/** A requested semester number, checked: 1 or 2, else 400 `Invalid semester …`. */
export function semesterTerm(value: number, path = 'semesters'): 1 | 2 {
  if (value === 1 || value === 2) return value;
  throw invalid(`Invalid semester ${value}: a semester is 1 or 2`, [{ path, message: 'must be 1 or 2' }]);
}

/**
 * The semester code of a term over a date range (spec: a range across two calendar years names those years;
 * within one year, semester 1 is (year, year+1) and semester 2 is (year-1, year)). A range that spans more than
 * two calendar years gives no valid code: 400 `Invalid semester code …`.
 */
export function semesterCode(term: 1 | 2, range: DateRange): string {
  const code = semesterCodeFromDates(term, range.start, range.end);
  const parsed = parseSemesterCode(code);
  if (!parsed.ok) throw invalid(`${parsed.reason} (from startDate and endDate)`);
  return code;
}

/** Unix seconds, as Moodle's course dates are. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * Semester codes are `S{term}{YY}{YY}`: term 1 or 2, then the two-digit start and end years of the
 * academic year, which must be consecutive (S12526 = 1st semester of 2025-2026).
 *
 * When an import gives no dates they are computed from the code:
 * - term 1 runs from 1 August to 31 December of the start year;
 * - term 2 runs from 1 January to 31 May of the end year.
 * This matches the provisioning rule of the spec (a term-1 date range falls in the start year, a
 * term-2 range in the end year).
 */
const SEMESTER_CODE_PATTERN = /^S([12])(\d{2})(\d{2})$/;

export interface SemesterCodeParts {
  term: 1 | 2;
  startYear: number;
  endYear: number;
  academicYear: string;
  label: string;
  startDate: string;
  endDate: string;
}

export type SemesterCodeResult = { ok: true; value: SemesterCodeParts } | { ok: false; reason: string };

export function parseSemesterCode(code: string): SemesterCodeResult {
  const match = SEMESTER_CODE_PATTERN.exec(code);
  if (!match) {
    return { ok: false, reason: `Invalid semester code '${code}': expected S1YYYY or S2YYYY, e.g. S12526` };
  }
  const term = Number(match[1]) as 1 | 2;
  const startYear = 2000 + Number(match[2]);
  const endYear = 2000 + Number(match[3]);
  if (endYear !== startYear + 1) {
    return { ok: false, reason: `Invalid semester code '${code}': the end year must follow the start year` };
  }
  const academicYear = `${startYear}-${endYear}`;
  const ordinal = term === 1 ? '1st' : '2nd';
  return {
    ok: true,
    value: {
      term,
      startYear,
      endYear,
      academicYear,
      label: `${ordinal} Semester ${academicYear}`,
      startDate: term === 1 ? `${startYear}-08-01` : `${endYear}-01-01`,
      endDate: term === 1 ? `${startYear}-12-31` : `${endYear}-05-31`,
    },
  };
}

/** Code of a semester given its term and date range, as the learning-system provisioning computes it. */
export function semesterCodeFromDates(term: 1 | 2, startDate: Date, endDate: Date): string {
  const startYear = startDate.getUTCFullYear();
  const endYear = endDate.getUTCFullYear();
  let from = startYear;
  let to = endYear;
  if (startYear === endYear) {
    from = term === 1 ? startYear : startYear - 1;
    to = from + 1;
  }
  return `S${term}${String(from % 100).padStart(2, '0')}${String(to % 100).padStart(2, '0')}`;
}

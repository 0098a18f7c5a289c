import { describe, expect, it } from 'vitest';
import { DomainError } from '../../common/errors/domain-error.js';
import { dateRange, semesterCode, semesterTerm } from './semester-dates.js';

/** The provisioning semester code (spec, "Learning-system provisioning"): the table of both rules and the refusals. */
const code = (term: number, startDate: string, endDate: string) =>
  semesterCode(semesterTerm(term), dateRange(startDate, endDate));

/** The 400 `invalid` DomainError a call throws. */
function refusal(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('no refusal');
}

describe('semesterCode', () => {
  it.each([
    // Start and end years differ: the spanned years, whatever the term.
    [1, '2025-08-01', '2026-05-31', 'S12526'],
    [2, '2025-08-01', '2026-05-31', 'S22526'],
    [1, '2025-12-31', '2026-01-01', 'S12526'],
    [2, '2025-08-01T00:00:00+08:00', '2026-05-31T00:00:00Z', 'S22526'],
    // Both dates in one calendar year: semester 1 → (year, year+1), semester 2 → (year−1, year).
    [1, '2025-01-10', '2025-05-30', 'S12526'],
    [2, '2025-01-10', '2025-05-30', 'S22425'],
    [1, '2025-08-01', '2025-12-18', 'S12526'],
    [2, '2026-01-05', '2026-05-30', 'S22526'],
    [1, '2025-01-01T00:00:00Z', '2025-12-31T23:59:59Z', 'S12526'],
    // The year is the UTC year of the instant: 2025-12-31T20:00-05:00 is 2026-01-01 01:00 UTC, so the years differ.
    [2, '2025-01-10', '2025-12-31T20:00:00-05:00', 'S22526'],
  ])('semester %i, %s .. %s → %s', (term, startDate, endDate, expected) => {
    expect(code(term, startDate, endDate)).toBe(expected);
  });

  it.each([
    [
      'the start after the end',
      1,
      '2026-05-31',
      '2025-08-01',
      /^Invalid semester dates: startDate must precede endDate/,
    ],
    ['equal dates', 1, '2025-08-01', '2025-08-01', /^Invalid semester dates: startDate must precede endDate/],
    ['semester 0', 0, '2025-08-01', '2026-05-31', /^Invalid semester 0: a semester is 1 or 2/],
    ['semester 3', 3, '2025-08-01', '2026-05-31', /^Invalid semester 3: a semester is 1 or 2/],
    ['semester 1.5', 1.5, '2025-08-01', '2026-05-31', /^Invalid semester 1.5: a semester is 1 or 2/],
    ['dates over three calendar years', 1, '2025-08-01', '2027-05-31', /^Invalid semester code 'S12527'/],
    ['dates two years apart', 2, '2024-01-10', '2026-01-09', /^Invalid semester code 'S22426'/],
    ['an unparseable start', 1, 'soon', '2026-05-31', /^Invalid semester dates: startDate and endDate must be ISO/],
    ['an unparseable end', 1, '2025-08-01', '31/05/2026', /^Invalid semester dates: startDate and endDate must be ISO/],
    ['a date that does not exist', 1, '2025-02-30', '2026-05-31', /^Invalid semester dates/],
    ['a bare year', 1, '2025', '2026-05-31', /^Invalid semester dates/],
    ['an empty date', 1, '', '2026-05-31', /^Invalid semester dates/],
  ])('refuses %s with 400 Invalid semester …', (_label, term, startDate, endDate, message) => {
    const error = refusal(() => code(term, startDate, endDate));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(message);
  });
});

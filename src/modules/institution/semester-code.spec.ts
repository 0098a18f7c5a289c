import { describe, expect, it } from 'vitest';
import { parseSemesterCode, semesterCodeFromDates } from './semester-code.js';

describe('parseSemesterCode', () => {
  it('parses a first-semester code and computes its dates', () => {
    const result = parseSemesterCode('S12526');
    expect(result).toEqual({
      ok: true,
      value: {
        term: 1,
        startYear: 2025,
        endYear: 2026,
        academicYear: '2025-2026',
        label: '1st Semester 2025-2026',
        startDate: '2025-08-01',
        endDate: '2025-12-31',
      },
    });
  });

  it('puts the second semester in the end year', () => {
    const result = parseSemesterCode('S22526');
    expect(result.ok && result.value.startDate).toBe('2026-01-01');
    expect(result.ok && result.value.endDate).toBe('2026-05-31');
  });

  it.each(['S32526', 'S12527', 'S1252', 'X12526', 's12526', 'S12526 '])('refuses %s', (code) => {
    const result = parseSemesterCode(code);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^Invalid semester code/);
  });
});

describe('semesterCodeFromDates', () => {
  it('uses the spanned years when they differ', () => {
    expect(semesterCodeFromDates(1, new Date('2025-08-01'), new Date('2026-01-10'))).toBe('S12526');
  });
  it('maps a one-year range by term', () => {
    expect(semesterCodeFromDates(1, new Date('2025-08-01'), new Date('2025-12-10'))).toBe('S12526');
    expect(semesterCodeFromDates(2, new Date('2026-01-05'), new Date('2026-05-10'))).toBe('S22526');
  });
});

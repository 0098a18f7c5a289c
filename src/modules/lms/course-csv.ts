import { CsvError, parse } from 'csv-parse/sync';
import { invalid } from '../../common/errors/domain-error.js';
import { unstorableTextMessage } from '../../common/http/unstorable-text.js';
import { zodIssuesToDetails } from '../../common/http/zod-details.js';
import { checkCsvText } from '../ingestion/upload-content.js';
import { csvCourseRow, MAX_COURSES_PER_REQUEST, type CsvCourseRow } from './lms.schemas.js';

/**
 * The legacy course CSV: a header row, then one course per row. Columns are matched after lower-casing and
 * dropping everything but letters and digits, so `Course Code`, `course_code` and `courseCode` are one column.
 * Other columns are ignored.
 */
const COLUMNS: Record<keyof CsvCourseRow, string[]> = {
  program: ['program', 'programcode'],
  courseCode: ['coursecode', 'code', 'course'],
  descriptiveTitle: ['descriptivetitle', 'title', 'coursetitle', 'description'],
  semester: ['semester', 'sem', 'term'],
};

export interface CsvRowProblem {
  row: number;
  message: string;
}

/**
 * The rows of the file (row 1 is the first after the header) that are well-formed, and the problems of the rest.
 * A file that is not UTF-8 text is refused as the ingestion's CSV is (its letters would reach the learning
 * system as U+FFFD), and a cell holding a NUL fails its row, which PostgreSQL could not store.
 */
export function readCoursesCsv(content: Buffer): {
  rows: Array<{ row: number; data: CsvCourseRow }>;
  errors: CsvRowProblem[];
} {
  checkCsvText(content, { orWorkbook: false });
  let records: string[][];
  try {
    records = parse(content, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    if (error instanceof CsvError) throw invalid(`the CSV file cannot be read: ${error.message}`);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw invalid('the CSV file is empty');
  const normalized = header.map((name) => name.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const position = {} as Record<keyof CsvCourseRow, number>;
  const missing: string[] = [];
  for (const [field, aliases] of Object.entries(COLUMNS) as Array<[keyof CsvCourseRow, string[]]>) {
    const index = normalized.findIndex((name) => aliases.includes(name));
    if (index < 0) missing.push(field);
    else position[field] = index;
  }
  if (missing.length > 0)
    throw invalid(`the CSV file lacks the column(s) ${missing.join(', ')}`, [
      { path: 'file', message: `expected columns program, courseCode, descriptiveTitle, semester` },
    ]);
  if (data.length === 0) throw invalid('the CSV file has no data rows');
  if (data.length > MAX_COURSES_PER_REQUEST)
    throw invalid(`at most ${MAX_COURSES_PER_REQUEST} courses per request; the file has ${data.length}`);

  const rows: Array<{ row: number; data: CsvCourseRow }> = [];
  const errors: CsvRowProblem[] = [];
  data.forEach((record, offset) => {
    const row = offset + 1;
    const semester = record[position.semester] ?? '';
    const unstorable = (Object.keys(COLUMNS) as Array<keyof CsvCourseRow>).flatMap((field) => {
      const problem = unstorableTextMessage(record[position[field]] ?? '');
      return problem ? [`${field}: ${problem}`] : [];
    });
    if (unstorable.length > 0) {
      errors.push({ row, message: unstorable.join('; ') });
      return;
    }
    const parsed = csvCourseRow.safeParse({
      program: record[position.program] ?? '',
      courseCode: record[position.courseCode] ?? '',
      descriptiveTitle: record[position.descriptiveTitle] ?? '',
      semester: /^[12]$/.test(semester) ? Number(semester) : semester,
    });
    if (parsed.success) rows.push({ row, data: parsed.data });
    else
      errors.push({
        row,
        message: zodIssuesToDetails(parsed.error.issues)
          .map((detail) => `${detail.path}: ${detail.message}`)
          .join('; '),
      });
  });
  return { rows, errors };
}

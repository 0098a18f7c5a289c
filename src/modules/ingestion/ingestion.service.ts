import { Inject, Injectable } from '@nestjs/common';
import { DomainError, invalid, conflict } from '../../common/errors/domain-error.js';
import { unstorableTextMessage } from '../../common/http/unstorable-text.js';
import { getLogger } from '../../common/logging/logger.js';
import type { Role } from '../../db/schema.js';
import { AuditService, outcomeOfItems } from '../audit/audit.service.js';
import { leafSections, type QuestionnaireSchema } from '../questionnaires/questionnaire-schema.js';
import { QuestionnairesService } from '../questionnaires/questionnaires.service.js';
import { createCachedLookups, type LookupsFor } from '../submissions/submission-lookups.js';
import { SubmissionsRepository } from '../submissions/submissions.repository.js';
import {
  courseRequired,
  NOT_ENROLLED_MESSAGE,
  SubmissionsService,
  type SubmissionInput,
} from '../submissions/submissions.service.js';
import { forEachBounded } from './bounded-concurrency.js';
import { FirstRowWins } from './first-row-wins.js';
import { normalizeHeader } from './headers.js';
import {
  chooseDelimiter,
  namedSheets,
  readCsvRecords,
  readExcelRecords,
  type CsvReadOptions,
  type DelimiterChoice,
  type ExcelReadOptions,
  type SourceRecord,
} from './record-sources.js';
import { RowColumns, rowErrorText, type QuestionColumn } from './row-errors.js';
import { detectFormat, excerpt, type UploadFormat } from './upload-content.js';

/** The spec's hard cap: a file with more data rows is refused before any row is processed. */
const INGESTION_MAX_RECORDS = 5000;
const INGESTION_DEFAULT_CONCURRENCY = 6;

export interface IngestionOptions {
  dryRun?: boolean;
  csv?: Omit<CsvReadOptions, 'onHeaders'>;
  excel?: Omit<ExcelReadOptions, 'onHeaders'>;
  concurrency?: number;
  /** Called after each record with the number done so far (the CLI draws its progress bar with it). */
  onProgress?: (done: number, total: number) => void;
}

export interface IngestionRowResult {
  sourceIdentifier: number;
  status: 'ok' | 'error';
  submissionId?: string;
  error?: string;
}

export interface IngestionResult {
  total: number;
  succeeded: number;
  failed: number;
  dryRun: boolean;
  /** For a CSV file: the delimiter it was read with, and whether it was detected rather than given. */
  csv?: DelimiterChoice;
  results: IngestionRowResult[];
}

/** Columns a file must have (after header normalisation). */
const REQUIRED_COLUMNS = ['respondent_username', 'faculty_username'] as const;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * A number cell as people write one (cells are trimmed): an optional minus, digits, an optional decimal part.
 * `Number()` alone would also take `0x4`, `+1`, `1e0` or `Infinity`, which in an answer column are data errors.
 */
const NUMBER_CELL = /^-?\d+(?:\.\d+)?$/;
/** The text cells a row's submission uses, which must not carry a NUL character to the database. */
const TEXT_COLUMNS = ['respondent_username', 'faculty_username', 'course_shortname', 'semester_id', 'comment'] as const;

/** A row that passed the checks made before its submission, with what its submission needs. */
interface ReadyRecord {
  ready: true;
  /** Respondent, faculty, version, course and semester: the key of the database's one-submission rule. */
  duplicateKey: string;
  respondent: { id: string; roles: readonly Role[] };
  input: SubmissionInput;
  columns: RowColumns;
  /** The row's cells that name the respondent and the course, as the file writes them. */
  cells: { respondent: string; course: string };
}

type PreparedRecord = ReadyRecord | { ready: false; result: IngestionRowResult };

/** For a workbook whose sheet lacks the required columns: which sheet was read, and how to read another. */
function sheetAdvice(read: string, all: readonly string[]): string {
  if (all.length <= 1) return `; the workbook's only sheet, ${excerpt(read)}, was read`;
  return (
    `; sheet ${excerpt(read)} was read, of the workbook's ${all.length} (${namedSheets(all)}): ` +
    'send sheetName or sheetIndex (1-based, in tab order) to read another'
  );
}

/** Numbers the items of `source` 1, 2, 3… in the order it yields them. */
async function* numbered<T>(source: Iterable<T>): AsyncGenerator<{ position: number; item: T }> {
  let position = 0;
  for await (const item of source) {
    position += 1;
    yield { position, item };
  }
}

/**
 * Bulk ingestion of submissions from a CSV or XLSX file (spec "Bulk ingestion", conventions §5). The file
 * is read once, to its end or to the first record over 5,000 (such a file is refused with 400 and nothing is
 * written), and its columns checked; then each record is submitted through the same SubmissionsService as a
 * single POST, each in its own transaction, at most `concurrency` at a time.
 * Users, courses and semesters are read once per run through a shared cache. Of rows that would be the same
 * submission, the first in the file wins under any concurrency (FirstRowWins); the later ones are refused.
 * A dry run does every check and every write, then rolls each one back, and answers as a real run would.
 */
@Injectable()
export class IngestionService {
  private readonly logger = getLogger('ingestion');

  constructor(
    @Inject(SubmissionsService) private readonly submissions: SubmissionsService,
    @Inject(SubmissionsRepository) private readonly submissionsRepository: SubmissionsRepository,
    @Inject(QuestionnairesService) private readonly questionnaires: QuestionnairesService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /**
   * Ingests the file and records the run in the audit log (not a dry run): `success` when every row was
   * stored, `partial` when some were, `failure` when none was or the file was refused.
   */
  async ingest(
    actorId: string | null,
    versionId: string,
    file: Buffer,
    options: IngestionOptions = {},
  ): Promise<IngestionResult> {
    const audited = { action: 'submissions.ingest', actorId, target: `questionnaire_version:${versionId}` };
    let result: IngestionResult & { format: UploadFormat };
    try {
      result = await this.run(versionId, file, options);
    } catch (error) {
      if (!options.dryRun)
        await this.audit
          .record({
            ...audited,
            outcome: 'failure',
            metadata: { dryRun: false, error: error instanceof DomainError ? error.message : 'internal error' },
          })
          .catch((auditError: unknown) => this.logger.error({ err: auditError }, 'audit of a refused ingestion'));
      throw error;
    }
    const { format, results, ...summary } = result;
    this.logger.info({ versionId, format, ...summary }, 'ingestion finished');
    if (!summary.dryRun)
      await this.audit.record({
        ...audited,
        outcome: outcomeOfItems(summary.succeeded, summary.failed),
        metadata: { format, ...summary },
      });
    return { ...summary, results };
  }

  private async run(
    versionId: string,
    file: Buffer,
    options: IngestionOptions,
  ): Promise<IngestionResult & { format: UploadFormat }> {
    const version = await this.questionnaires.version(versionId);
    if (version.status !== 'ACTIVE')
      throw conflict(
        `version ${version.versionNumber} is ${version.status}; only an ACTIVE version accepts submissions`,
      );
    const format = detectFormat(file);
    const csv = format === 'csv' ? chooseDelimiter(file, options.csv ?? {}) : undefined;
    let sheets: { read: string; all: string[] } | undefined;
    let headers: string[] = [];
    const onHeaders = (found: string[]) => (headers = found);
    const source: AsyncIterable<SourceRecord> = csv
      ? readCsvRecords(file, { ...options.csv, delimiter: csv.delimiter, onHeaders })
      : readExcelRecords(file, {
          ...options.excel,
          onHeaders,
          onSheet: (name, all) => (sheets = { read: name, all }),
        });

    // Every record is read before the first is submitted, so a file refused (too many records, a missing
    // column, a workbook that cannot be read to its end) writes nothing, and what is submitted is what was read.
    const records: SourceRecord[] = [];
    for await (const record of source) {
      // One record over the cap is enough to refuse the file: the rest is not read.
      records.push(record);
      if (records.length > INGESTION_MAX_RECORDS) break;
    }
    const missing = REQUIRED_COLUMNS.filter((column) => !headers.includes(column));
    if (missing.length > 0)
      throw invalid(
        `the file lacks required column(s): ${missing.join(', ')}${sheets ? sheetAdvice(sheets.read, sheets.all) : ''}`,
        missing.map((column) => ({ path: `file.columns.${column}`, message: 'required column is missing' })),
      );
    if (records.length > INGESTION_MAX_RECORDS)
      throw invalid(
        `the file holds more than ${INGESTION_MAX_RECORDS} records; at most ${INGESTION_MAX_RECORDS} are accepted per upload: split it`,
      );
    const total = records.length;

    const dryRun = options.dryRun ?? false;
    const lookups = createCachedLookups(this.submissionsRepository);
    const questionColumns = this.questionColumns(version.schemaSnapshot);
    const firstRowWins = new FirstRowWins();
    const results: IngestionRowResult[] = [];
    await forEachBounded(
      numbered(records),
      options.concurrency ?? INGESTION_DEFAULT_CONCURRENCY,
      async ({ position, item: record }) => {
        const prepared = await this.prepareRecord(record, version, questionColumns, lookups);
        const admission = await firstRowWins.admit(position, prepared.ready ? prepared.duplicateKey : null);
        let holder: number | null = null;
        let result: IngestionRowResult;
        try {
          if (!prepared.ready) {
            result = prepared.result;
          } else {
            holder = await admission.earlierHolder;
            result =
              holder === null
                ? await this.submitRecord(record.sourceIdentifier, prepared, lookups, dryRun)
                : {
                    sourceIdentifier: record.sourceIdentifier,
                    status: 'error',
                    error: `this respondent already submitted this version for this faculty member, course and semester (row ${holder} of this file)`,
                  };
            if (holder === null && result.status === 'ok') holder = record.sourceIdentifier;
          }
        } finally {
          admission.settle(holder);
        }
        if (result.status === 'error' && record.note) result = { ...result, error: `${result.error}; ${record.note}` };
        results.push(result);
        options.onProgress?.(results.length, total);
      },
    );
    results.sort((a, b) => a.sourceIdentifier - b.sourceIdentifier);
    const succeeded = results.filter((result) => result.status === 'ok').length;
    return {
      format,
      total: results.length,
      succeeded,
      failed: results.length - succeeded,
      dryRun,
      ...(csv ? { csv } : {}),
      results,
    };
  }

  /** Question id → the column that answers it (question ids are matched after header normalisation). */
  private questionColumns(schema: QuestionnaireSchema): QuestionColumn[] {
    return leafSections(schema).flatMap((leaf) =>
      leaf.questions.map((question) => ({ questionId: question.id, column: normalizeHeader(question.id) })),
    );
  }

  private failed(sourceIdentifier: number, error: unknown, columns?: RowColumns): IngestionRowResult {
    if (!(error instanceof DomainError)) this.logger.error({ err: error, sourceIdentifier }, 'ingestion record failed');
    return { sourceIdentifier, status: 'error', error: rowErrorText(error, columns) };
  }

  /**
   * The checks of a row that need no transaction: cells, then the users and course it names (through the run's
   * cache). Never throws: a failure is the row's result.
   */
  private async prepareRecord(
    record: SourceRecord,
    version: { id: string; typeCode: string },
    questionColumns: QuestionColumn[],
    lookups: LookupsFor,
  ): Promise<PreparedRecord> {
    const { sourceIdentifier, values } = record;
    const versionId = version.id;
    const fail = (error: string): PreparedRecord => ({
      ready: false,
      result: { sourceIdentifier, status: 'error', error },
    });
    // The cells of a row with a cell too many are out of place from the unquoted delimiter on: nothing else is read.
    if (record.problem) return fail(record.problem);
    const cellProblem = (column: string) => record.cellProblems?.[column];
    try {
      const respondentName = values.respondent_username ?? '';
      const facultyName = values.faculty_username ?? '';
      const courseName = values.course_shortname ?? '';
      const problems: string[] = [];
      for (const column of TEXT_COLUMNS) {
        const problem = cellProblem(column);
        const textProblem = unstorableTextMessage(values[column] ?? '');
        if (problem) problems.push(`${column}: the cell ${problem}`);
        else if (textProblem) problems.push(`${column}: ${textProblem}`);
      }
      if (!respondentName && !cellProblem('respondent_username')) problems.push('respondent_username is empty');
      if (!facultyName && !cellProblem('faculty_username')) problems.push('faculty_username is empty');
      const answers: Array<{ questionId: string; value: number; column: string }> = [];
      for (const { questionId, column } of questionColumns) {
        const cell = values[column];
        const problem = cellProblem(column);
        if (problem) problems.push(`${column}: the cell ${problem}`);
        if (cell === undefined || cell === '') continue;
        if (!NUMBER_CELL.test(cell)) problems.push(`${column}: ${excerpt(cell)} is not a number`);
        else answers.push({ questionId, value: Number(cell), column });
      }
      if (problems.length > 0) return fail(problems.join('; '));

      const [respondent, faculty, course] = await Promise.all([
        lookups().userByUsername(respondentName),
        lookups().userByUsername(facultyName),
        courseName ? lookups().courseByShortname(courseName) : Promise.resolve(undefined),
      ]);
      if (!respondent) problems.push(`unknown respondent_username ${excerpt(respondentName)}`);
      if (!faculty) problems.push(`unknown faculty_username ${excerpt(facultyName)}`);
      if (courseName && !course) problems.push(`unknown course_shortname ${excerpt(courseName)}`);
      const semesterId = values.semester_id || undefined;
      // A type that needs a course is told so: a semester_id would not help it.
      if (!courseName && !semesterId)
        problems.push(
          courseRequired(version.typeCode)
            ? `course_shortname: required for ${version.typeCode}`
            : 'a row without course_shortname needs semester_id',
        );
      if (semesterId && !UUID_PATTERN.test(semesterId))
        problems.push(`semester_id ${excerpt(semesterId)} is not a UUID`);
      if (problems.length > 0 || !respondent || !faculty) return fail(problems.join('; '));

      const semesterKey = course ? course.semester.id : (semesterId as string).toLowerCase();
      return {
        ready: true,
        duplicateKey: [respondent.id, faculty.id, versionId, course?.id ?? '', semesterKey].join('|'),
        respondent: { id: respondent.id, roles: respondent.roles },
        input: {
          versionId,
          facultyId: faculty.id,
          courseId: course?.id ?? null,
          semesterId: course ? undefined : semesterId,
          answers: answers.map(({ questionId, value }) => ({ questionId, value })),
          qualitativeComment: values.comment === undefined || values.comment === '' ? null : values.comment,
        },
        columns: new RowColumns(answers, questionColumns),
        cells: { respondent: respondentName, course: courseName },
      };
    } catch (error) {
      return { ready: false, result: this.failed(sourceIdentifier, error) };
    }
  }

  /** The row's submission, in its own transaction (rolled back in a dry run). Never throws. */
  private async submitRecord(
    sourceIdentifier: number,
    record: ReadyRecord,
    lookups: LookupsFor,
    dryRun: boolean,
  ): Promise<IngestionRowResult> {
    try {
      const submitted = await this.submissions.submit(record.respondent, record.input, { dryRun, lookups });
      return dryRun
        ? { sourceIdentifier, status: 'ok' }
        : { sourceIdentifier, status: 'ok', submissionId: submitted.id };
    } catch (error) {
      // The single submission's words are the student's ("you are not enrolled"); a file's reader needs the row's.
      if (error instanceof DomainError && error.message === NOT_ENROLLED_MESSAGE)
        return {
          sourceIdentifier,
          status: 'error',
          error: `respondent_username: ${excerpt(record.cells.respondent)} is not enrolled in course_shortname ${excerpt(record.cells.course)}`,
        };
      return this.failed(sourceIdentifier, error, record.columns);
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { AppError, badRequest, conflict } from '../../common/http/errors.js';
import { getLogger } from '../../common/logging/logger.js';
import { leafSections, type QuestionnaireSchema } from '../questionnaires/questionnaire-schema.js';
import { QuestionnairesService } from '../questionnaires/questionnaires.service.js';
import { createCachedLookups, type SubmissionLookups } from '../submissions/submission-lookups.js';
import { SubmissionsRepository } from '../submissions/submissions.repository.js';
import { SubmissionsService } from '../submissions/submissions.service.js';
import { forEachBounded } from './bounded-concurrency.js';
import { normalizeHeader } from './headers.js';
import { IngestionRepository } from './ingestion.repository.js';
import {
  readCsvRecords,
  readExcelRecords,
  type CsvReadOptions,
  type ExcelReadOptions,
  type SourceRecord,
} from './record-sources.js';

/** The spec's hard cap: a file with more data rows is refused before any row is processed. */
export const INGESTION_MAX_RECORDS = 5000;
export const INGESTION_DEFAULT_CONCURRENCY = 6;

export type IngestionFormat = 'csv' | 'xlsx';

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
  results: IngestionRowResult[];
}

/** Columns a file must have (after header normalisation). */
const REQUIRED_COLUMNS = ['respondent_username', 'faculty_username'] as const;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tells the two accepted formats apart by content: an XLSX file is a ZIP archive. */
export function detectFormat(file: Buffer): IngestionFormat {
  if (file.length >= 4 && file.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  if (file.length >= 4 && file.readUInt32BE(0) === 0xd0cf11e0)
    throw badRequest('legacy .xls workbooks are not supported: save the file as .xlsx or .csv');
  return 'csv';
}

/** The error of one record; `columnOfPath` turns a submission path (`answers.0.value`) into the file's column. */
function errorText(error: unknown, columnOfPath: (path: string) => string = (path) => path): string {
  if (error instanceof AppError) {
    const details = (error.details ?? []).map((detail) => `${columnOfPath(detail.path)}: ${detail.message}`);
    return details.length > 0 ? `${error.message} (${details.join('; ')})` : error.message;
  }
  return 'internal error';
}

/**
 * Bulk ingestion of submissions from a CSV or XLSX file (spec "Bulk ingestion", conventions §5). The file
 * is read twice as a stream: once to check its columns and count its records (more than 5,000 → 400, and
 * nothing is written), then to submit each record through the same SubmissionsService as a single POST,
 * each in its own transaction, at most `concurrency` at a time. Users, courses and semesters are read once
 * per run through a shared cache. A dry run does every check and every write, then rolls each one back.
 */
@Injectable()
export class IngestionService {
  private readonly logger = getLogger('ingestion');

  constructor(
    @Inject(SubmissionsService) private readonly submissions: SubmissionsService,
    @Inject(SubmissionsRepository) private readonly submissionsRepository: SubmissionsRepository,
    @Inject(IngestionRepository) private readonly repository: IngestionRepository,
    @Inject(QuestionnairesService) private readonly questionnaires: QuestionnairesService,
  ) {}

  async ingest(
    actorId: string | null,
    versionId: string,
    file: Buffer,
    options: IngestionOptions = {},
  ): Promise<IngestionResult> {
    const version = await this.questionnaires.version(versionId);
    if (version.status !== 'ACTIVE')
      throw conflict(
        `version ${version.versionNumber} is ${version.status}; only an ACTIVE version accepts submissions`,
      );
    const format = detectFormat(file);
    const read = (onHeaders?: (headers: string[]) => void): AsyncIterable<SourceRecord> =>
      format === 'xlsx'
        ? readExcelRecords(file, { ...options.excel, onHeaders })
        : readCsvRecords(file, { ...options.csv, onHeaders });

    let headers: string[] = [];
    let total = 0;
    for await (const record of read((found) => (headers = found))) {
      void record;
      total += 1;
    }
    const missing = REQUIRED_COLUMNS.filter((column) => !headers.includes(column));
    if (missing.length > 0)
      throw badRequest(
        `the file lacks required column(s): ${missing.join(', ')}`,
        missing.map((column) => ({ path: `file.columns.${column}`, message: 'required column is missing' })),
      );
    if (total > INGESTION_MAX_RECORDS)
      throw badRequest(
        `the file holds ${total} records; at most ${INGESTION_MAX_RECORDS} are accepted per upload: split it`,
      );

    const dryRun = options.dryRun ?? false;
    const lookups = createCachedLookups(this.submissionsRepository);
    const questionColumns = this.questionColumns(version.schemaSnapshot);
    const results: IngestionRowResult[] = [];
    await forEachBounded(read(), options.concurrency ?? INGESTION_DEFAULT_CONCURRENCY, async (record) => {
      results.push(await this.ingestRecord(record, versionId, questionColumns, lookups, dryRun));
      options.onProgress?.(results.length, total);
    });
    results.sort((a, b) => a.sourceIdentifier - b.sourceIdentifier);
    const succeeded = results.filter((result) => result.status === 'ok').length;
    const summary = { total: results.length, succeeded, failed: results.length - succeeded, dryRun };
    this.logger.info({ versionId, format, ...summary }, 'ingestion finished');
    if (!dryRun) await this.repository.audit(actorId, versionId, { format, ...summary });
    return { ...summary, results };
  }

  /** Question id → the column that answers it (question ids are matched after header normalisation). */
  private questionColumns(schema: QuestionnaireSchema): Array<{ questionId: string; column: string }> {
    return leafSections(schema).flatMap((leaf) =>
      leaf.questions.map((question) => ({ questionId: question.id, column: normalizeHeader(question.id) })),
    );
  }

  private async ingestRecord(
    record: SourceRecord,
    versionId: string,
    questionColumns: Array<{ questionId: string; column: string }>,
    lookups: SubmissionLookups,
    dryRun: boolean,
  ): Promise<IngestionRowResult> {
    const { sourceIdentifier, values } = record;
    const fail = (error: string): IngestionRowResult => ({ sourceIdentifier, status: 'error', error });
    let answered: Array<{ column: string }> = [];
    const columnOf = (path: string): string => {
      const match = /^answers\.(\d+)(?:\.|$)/.exec(path);
      if (match) return answered[Number(match[1])]?.column ?? path;
      if (path === 'qualitativeComment') return 'comment';
      return path;
    };
    try {
      const respondentName = values.respondent_username ?? '';
      const facultyName = values.faculty_username ?? '';
      const courseName = values.course_shortname ?? '';
      const problems: string[] = [];
      if (!respondentName) problems.push('respondent_username is empty');
      if (!facultyName) problems.push('faculty_username is empty');
      const answers: Array<{ questionId: string; value: number; column: string }> = [];
      for (const { questionId, column } of questionColumns) {
        const cell = values[column];
        if (cell === undefined || cell === '') continue;
        const value = Number(cell);
        if (!Number.isFinite(value)) problems.push(`${column}: '${cell}' is not a number`);
        else answers.push({ questionId, value, column });
      }
      if (problems.length > 0) return fail(problems.join('; '));
      answered = answers;

      const [respondent, faculty, course] = await Promise.all([
        lookups.userByUsername(respondentName),
        lookups.userByUsername(facultyName),
        courseName ? lookups.courseByShortname(courseName) : Promise.resolve(undefined),
      ]);
      if (!respondent) problems.push(`unknown respondent_username '${respondentName}'`);
      if (!faculty) problems.push(`unknown faculty_username '${facultyName}'`);
      if (courseName && !course) problems.push(`unknown course_shortname '${courseName}'`);
      const semesterId = values.semester_id || undefined;
      if (!courseName && !semesterId) problems.push('a row without course_shortname needs semester_id');
      if (semesterId && !UUID_PATTERN.test(semesterId)) problems.push(`semester_id '${semesterId}' is not a UUID`);
      if (problems.length > 0 || !respondent || !faculty) return fail(problems.join('; '));

      const submitted = await this.submissions.submit(
        { id: respondent.id, roles: respondent.roles },
        {
          versionId,
          facultyId: faculty.id,
          courseId: course?.id ?? null,
          semesterId: course ? undefined : semesterId,
          answers: answers.map(({ questionId, value }) => ({ questionId, value })),
          qualitativeComment: values.comment === undefined || values.comment === '' ? null : values.comment,
        },
        { dryRun, lookups },
      );
      return dryRun
        ? { sourceIdentifier, status: 'ok' }
        : { sourceIdentifier, status: 'ok', submissionId: submitted.id };
    } catch (error) {
      if (!(error instanceof AppError)) this.logger.error({ err: error, sourceIdentifier }, 'ingestion record failed');
      return fail(errorText(error, columnOf));
    }
  }
}

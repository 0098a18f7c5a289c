import 'reflect-metadata';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { conflict, invalid } from '../../src/common/errors/domain-error.js';
import { createRootLogger } from '../../src/common/logging/logger.js';
import type { AuditService } from '../../src/modules/audit/audit.service.js';
import { FirstRowWins } from '../../src/modules/ingestion/first-row-wins.js';
import { IngestionService } from '../../src/modules/ingestion/ingestion.service.js';
import type { QuestionnairesService } from '../../src/modules/questionnaires/questionnaires.service.js';
import type { SubmissionsRepository } from '../../src/modules/submissions/submissions.repository.js';
import type {
  SubmissionActor,
  SubmissionInput,
  SubmissionsService,
  SubmitOptions,
} from '../../src/modules/submissions/submissions.service.js';

createRootLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

/** How many records the CSV reader handed out, per call of readCsvRecords. */
const pulls = vi.hoisted(() => ({ perRead: [] as number[] }));

vi.mock('../../src/modules/ingestion/record-sources.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/modules/ingestion/record-sources.js')>();
  return {
    ...actual,
    async *readCsvRecords(...args: Parameters<typeof actual.readCsvRecords>) {
      const index = pulls.perRead.push(0) - 1;
      for await (const record of actual.readCsvRecords(...args)) {
        pulls.perRead[index] = (pulls.perRead[index] ?? 0) + 1;
        yield record;
      }
    },
  };
});

const SCHEMA = {
  sections: [
    {
      id: 'all',
      title: 'All',
      weight: 100,
      questions: [{ id: 'q1', text: 'Q1', type: 'LIKERT_5', dimensionCode: 'CLARITY', required: true }],
    },
  ],
  qualitativeFeedback: { enabled: true, required: false, maxLength: 200 },
};
const VERSION_ID = randomUUID();
const COURSE_ID = randomUUID();
const SEMESTER_ID = randomUUID();
const userIds = new Map<string, string>();

function userNamed(username: string) {
  const key = username.toLowerCase();
  if (!userIds.has(key)) userIds.set(key, randomUUID());
  return { id: userIds.get(key) as string, username: key, fullName: key, roles: ['STUDENT' as const] };
}

/** Reference reads: every user exists; one course, whatever the spelling of its shortname. */
const repository = {
  userByUsername: async (username: string) => userNamed(username),
  userById: async () => undefined,
  courseById: async () => undefined,
  semesterById: async () => undefined,
  courseByShortname: async (shortname: string) =>
    shortname.toLowerCase() === 'it101'
      ? { id: COURSE_ID, shortname: 'IT101', semester: { id: SEMESTER_ID } }
      : undefined,
} as unknown as SubmissionsRepository;

const questionnaires = {
  version: async () => ({ id: VERSION_ID, status: 'ACTIVE', versionNumber: 1, schemaSnapshot: SCHEMA }),
} as unknown as QuestionnairesService;

const audit = { record: vi.fn(async () => undefined) } as unknown as AuditService;

/**
 * A stand-in for SubmissionsService with the database's one-submission rule checked when the "transaction"
 * commits: after a delay chosen by the row's comment, so the test decides which row finishes first.
 */
class FakeSubmissions {
  readonly stored = new Map<string, string | null>();

  constructor(private readonly delayOf: (comment: string | null) => number) {}

  async submit(actor: SubmissionActor, input: SubmissionInput, options: SubmitOptions = {}) {
    const comment = input.qualitativeComment ?? null;
    await sleep(this.delayOf(comment));
    if (comment?.startsWith('bad')) throw invalid('the answers break 1 rule(s)');
    const key = [actor.id, input.facultyId, input.versionId, input.courseId, input.semesterId].join('|');
    if (this.stored.has(key))
      throw conflict('this respondent already submitted this version for this faculty member, course and semester');
    if (!options.dryRun) this.stored.set(key, comment);
    return { id: randomUUID() };
  }
}

function csv(rows: Array<[respondent: string, course: string, comment: string]>): Buffer {
  const lines = rows.map(([respondent, course, comment]) => `${respondent},fac.one,${course},4,${comment}`);
  return Buffer.from(['respondent_username,faculty_username,course_shortname,q1,comment', ...lines].join('\n'));
}

function service(submissions: FakeSubmissions) {
  return new IngestionService(submissions as unknown as SubmissionsService, repository, questionnaires, audit);
}

beforeEach(() => {
  pulls.perRead.length = 0;
  vi.mocked(audit.record).mockClear();
});

describe('ingestion keeps the first of duplicate rows', () => {
  it('refuses row 2 when row 1 is the same submission, even when row 2 would finish first', async () => {
    const submissions = new FakeSubmissions((comment) => (comment === 'first' ? 40 : 0));
    const result = await service(submissions).ingest(
      null,
      VERSION_ID,
      csv([
        ['stu.one', 'IT101', 'first'],
        ['STU.ONE', 'it101', 'second'],
      ]),
      { concurrency: 6 },
    );
    expect(result.results).toEqual([
      { sourceIdentifier: 1, status: 'ok', submissionId: expect.any(String) },
      {
        sourceIdentifier: 2,
        status: 'error',
        error:
          'this respondent already submitted this version for this faculty member, course and semester (row 1 of this file)',
      },
    ]);
    expect([...submissions.stored.values()]).toEqual(['first']);
  });

  it('lets a later duplicate through when the earlier one failed, and refuses the ones after it', async () => {
    const submissions = new FakeSubmissions((comment) => (comment === 'bad first' ? 40 : 0));
    const result = await service(submissions).ingest(
      null,
      VERSION_ID,
      csv([
        ['stu.one', 'IT101', 'bad first'],
        ['stu.one', 'IT101', 'second'],
        ['stu.one', 'IT101', 'third'],
      ]),
      { concurrency: 6 },
    );
    expect(result.results.map((row) => [row.status, row.error ?? ''])).toEqual([
      ['error', 'the answers break 1 rule(s)'],
      ['ok', ''],
      ['error', expect.stringContaining('(row 2 of this file)')],
    ]);
    expect([...submissions.stored.values()]).toEqual(['second']);
  });

  it('a dry run answers what a real run would: the later duplicate is refused, nothing is stored', async () => {
    const submissions = new FakeSubmissions((comment) => (comment === 'first' ? 40 : 0));
    const result = await service(submissions).ingest(
      null,
      VERSION_ID,
      csv([
        ['stu.one', 'IT101', 'first'],
        ['stu.one', 'IT101', 'second'],
      ]),
      { dryRun: true },
    );
    expect(result).toMatchObject({ total: 2, succeeded: 1, failed: 1, dryRun: true });
    expect(result.results[1]?.error).toMatch(/\(row 1 of this file\)/);
    expect(submissions.stored.size).toBe(0);
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('holds for duplicates far apart and any concurrency, whatever order rows finish in', async () => {
    for (const concurrency of [1, 6, 60]) {
      // Row 1 is the slowest of the file; row 40 repeats it.
      const rows = Array.from({ length: 60 }, (_, index): [string, string, string] => [
        index === 39 ? 'stu.00' : `stu.${String(index).padStart(2, '0')}`,
        'IT101',
        `row ${index + 1}`,
      ]);
      const submissions = new FakeSubmissions((comment) => (comment === 'row 1' ? 60 : Math.random() * 5));
      const result = await service(submissions).ingest(null, VERSION_ID, csv(rows), { concurrency });
      expect(result).toMatchObject({ total: 60, succeeded: 59, failed: 1 });
      expect(result.results[39]).toMatchObject({ sourceIdentifier: 40, status: 'error' });
      expect(result.results[39]?.error).toMatch(/\(row 1 of this file\)/);
      const stored = [...submissions.stored.values()];
      expect(stored).toContain('row 1');
      expect(stored).not.toContain('row 40');
    }
  });
});

describe('FirstRowWins', () => {
  it('admits rows in file order even when they ask out of order, and makes a duplicate wait for the outcome', async () => {
    const order = new FirstRowWins();
    let thirdAdmitted = false;
    const third = order.admit(3, 'k').then((admission) => {
      thirdAdmitted = true;
      return admission;
    });
    const second = order.admit(2, null);
    await sleep(5);
    expect(thirdAdmitted).toBe(false);
    const first = await order.admit(1, 'k');
    expect(await (await second).earlierHolder).toBeNull();
    const late = await third;
    let decided = false;
    void late.earlierHolder.then(() => (decided = true));
    await sleep(5);
    expect(decided).toBe(false);
    first.settle(1);
    expect(await late.earlierHolder).toBe(1);
  });
});

describe('the 5,000-record cap', () => {
  it('stops counting at record 5,001: the rest of the file is never read', async () => {
    const submissions = new FakeSubmissions(() => 0);
    const rows = Array.from({ length: 7000 }, (_, index): [string, string, string] => [
      `stu.${index}`,
      'IT101',
      'fine',
    ]);
    await expect(service(submissions).ingest(null, VERSION_ID, csv(rows))).rejects.toThrow(
      /more than 5000 records; at most 5000/,
    );
    expect(pulls.perRead).toEqual([5001]);
    expect(submissions.stored.size).toBe(0);
  });

  it('an XLSX workbook left half-read by the cap is refused the same way', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Answers');
    sheet.addRow(['respondent_username', 'faculty_username', 'course_shortname', 'q1']);
    for (let index = 0; index < 5200; index += 1) sheet.addRow([`stu.${index}`, 'fac.one', 'IT101', 4]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const submissions = new FakeSubmissions(() => 0);
    await expect(service(submissions).ingest(null, VERSION_ID, file)).rejects.toThrow(/more than 5000 records/);
    expect(submissions.stored.size).toBe(0);
  });

  it('a file of exactly 5,000 records is read in full, once', async () => {
    const submissions = new FakeSubmissions(() => 0);
    const rows = Array.from({ length: 5000 }, (_, index): [string, string, string] => [
      `stu.${index}`,
      'IT101',
      'fine',
    ]);
    const result = await service(submissions).ingest(null, VERSION_ID, csv(rows), { dryRun: true });
    expect(result).toMatchObject({ total: 5000, succeeded: 5000 });
    expect(pulls.perRead).toEqual([5000]);
  });
});

describe('outside audit Z (D5): a workbook whose shared strings cannot be read', () => {
  it('is refused with 400 on every upload of the same bytes, and nothing is written', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Answers');
    sheet.addRow(['respondent_username', 'faculty_username', 'course_shortname', 'q1', 'comment']);
    for (let index = 0; index < 3; index += 1) sheet.addRow([`stu.${index}`, 'fac.one', 'IT101', 4, `note ${index}`]);
    const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    // `&#0;` is no XML character: the table cannot be read, and every comment cell refers to it.
    zip.file('xl/sharedStrings.xml', strings.replace('note 2', 'bad &#0; note'));
    const file = Buffer.from(await zip.generateAsync({ type: 'nodebuffer' }));
    const submissions = new FakeSubmissions(() => 0);
    for (let attempt = 0; attempt < 10; attempt += 1)
      await expect(service(submissions).ingest(null, VERSION_ID, file)).rejects.toMatchObject({
        kind: 'invalid',
        message: expect.stringMatching(
          /^the file could not be read as an Excel workbook: its shared strings \(xl\/sharedStrings\.xml\) are not well-formed XML: /,
        ),
      });
    expect(submissions.stored.size).toBe(0);
  });
});

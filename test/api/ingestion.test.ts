import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/institution-fixtures.js';
import {
  activeVersion,
  createDimensions,
  createDraft,
  createQuestionnaire,
  simpleSchema,
  submissionInstitution,
} from '../support/questionnaire-fixtures.js';
import { IngestionService } from '../../src/modules/ingestion/ingestion.service.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, database, api } = await setupApi();
let admin: string;

const HEADER = ['Respondent_Username', 'Faculty_Username', 'Course_Shortname', 'Q1', 'q2', 'Q3', 'Comment', 'Comment'];
const ROWS = [
  ['stu.one', 'fac.one', 'IT101-MAIN', '5', '4', '1', 'Very clear, patient, and kind teacher', 'ignored'],
  ['stu.one', 'fac.one', 'IT102-MAIN', '9', '4', '1', 'Too fast, sadly', 'ignored'],
  ['ghost.user', 'fac.one', 'IT101-MAIN', '4', '4', '1', 'Good, good, good', 'ignored'],
  ['stu.one', 'fac.two', 'ACC101-MAIN', '3', '', '0', 'Medyo mabilis magturo, pero mabait po', 'ignored'],
];

function csvOf(rows: string[][]): string {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return `\uFEFF${[HEADER, ...rows].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}

async function xlsxOf(rows: string[][], sheetName = 'Responses'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Read me').addRow(['instructions only']);
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(HEADER);
  // Numbers as numbers, the way a spreadsheet stores them.
  for (const row of rows) sheet.addRow(row.map((cell) => (/^\d+$/.test(cell) ? Number(cell) : cell)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(
  versionId: string,
  file: Buffer | string,
  fields: Record<string, string> = {},
  token = admin,
  filename = 'answers.csv',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file]), filename);
  const response = await fetch(`${client.baseUrl}/api/v1/questionnaires/versions/${versionId}/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function submissionCount(versionId: string): Promise<number> {
  const row = await database.db
    .selectFrom('submissions')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('version_id', '=', versionId)
    .executeTakeFirstOrThrow();
  return row.count;
}

const EXPECTED_STATUSES = [
  { sourceIdentifier: 1, status: 'ok' },
  { sourceIdentifier: 2, status: 'error' },
  { sourceIdentifier: 3, status: 'error' },
  { sourceIdentifier: 4, status: 'ok' },
];

/** Sixty students of IT101-MAIN, for files with one respondent a row. */
const STUDENTS = Array.from({ length: 60 }, (_, index) => `dup.s${String(index + 1).padStart(2, '0')}`);

beforeAll(async () => {
  admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', submissionInstitution(), admin)).status).toBe(200);
  const students = {
    users: STUDENTS.map((username) => ({ username, fullName: `Student ${username}`, roles: ['STUDENT'] })),
    enrollments: STUDENTS.map((username) => ({ username, course: 'IT101-MAIN', role: 'student' })),
  };
  expect((await client.post('/api/v1/admin/institution/import', students, admin)).status).toBe(200);
  await createDimensions(client, admin);
});

/** A row of `respondent` about fac.one in IT101-MAIN; the comment tells rows apart once stored. */
function rowOf(respondent: string, comment: string, course = 'IT101-MAIN'): string[] {
  return [respondent, 'fac.one', course, '4', '4', '1', comment, ''];
}

async function storedComments(versionId: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom('submissions')
    .select('qualitative_comment')
    .where('version_id', '=', versionId)
    .execute();
  return rows.map((row) => row.qualitative_comment ?? '').sort();
}

describe('bulk ingestion', () => {
  it('a dry run checks every row, answers per row, and persists nothing', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const response = await upload(versionId, csvOf(ROWS), { dryRun: 'true' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ total: 4, succeeded: 2, failed: 2, dryRun: true });
    expect(response.body.results).toMatchObject(EXPECTED_STATUSES);
    expect(response.body.results[0].submissionId).toBeUndefined();
    expect(await submissionCount(versionId)).toBe(0);
  });

  it('a CSV with a BOM, quoted commas, duplicate headers, a bad row and an unknown user persists exactly the good rows', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const response = await upload(versionId, csvOf(ROWS));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ total: 4, succeeded: 2, failed: 2, dryRun: false });
    const results = response.body.results;
    expect(results).toMatchObject(EXPECTED_STATUSES);
    expect(results[1].error).toMatch(/q1: question "q1" \(LIKERT_5\) takes an integer from 1 to 5/);
    expect(results[2].error).toMatch(/unknown respondent_username 'ghost.user'/);

    const stored = await database.db
      .selectFrom('submissions')
      .select(['id', 'qualitative_comment', 'normalized_score', 'course_shortname_snapshot'])
      .where('version_id', '=', versionId)
      .orderBy('course_shortname_snapshot')
      .execute();
    expect(stored.map((row) => row.id).sort()).toEqual([results[0].submissionId, results[3].submissionId].sort());
    // Row 1: clarity (q1 5 → 1, q2 4 → 0.75) mean 0.875 × 60 + fairness 1 × 40 = 92.5.
    // Row 4: clarity (q1 3 → 0.5) × 60 + fairness 0 × 40 = 30.
    expect(
      stored.map((row) => [row.course_shortname_snapshot, Number(row.normalized_score), row.qualitative_comment]),
    ).toEqual([
      ['ACC101-MAIN', 30, 'Medyo mabilis magturo, pero mabait po'],
      ['IT101-MAIN', 92.5, 'Very clear, patient, and kind teacher'],
    ]);

    const again = await upload(versionId, csvOf(ROWS));
    expect(again.body).toMatchObject({ total: 4, succeeded: 0, failed: 4 });
    expect(again.body.results[0].error).toMatch(/already submitted/);
    expect(await submissionCount(versionId)).toBe(2);
  });

  it('the same rows as XLSX (sheet by name or by 1-based index) give the same result', async () => {
    const file = await xlsxOf(ROWS);
    const byName = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const named = await upload(byName.versionId, file, { sheetName: 'Responses' }, admin, 'answers.xlsx');
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body).toMatchObject({ total: 4, succeeded: 2, failed: 2, dryRun: false });
    expect(named.body.results).toMatchObject(EXPECTED_STATUSES);
    expect(await submissionCount(byName.versionId)).toBe(2);

    const byIndex = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const indexed = await upload(byIndex.versionId, file, { sheetIndex: '2', dryRun: 'true' }, admin, 'answers.xlsx');
    expect(indexed.body.results).toMatchObject(EXPECTED_STATUSES);

    const missing = await upload(byIndex.versionId, file, { sheetName: 'Nope' }, admin, 'answers.xlsx');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/no sheet named 'Nope'/);
  });

  it('honours delimiter and quote options', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const file =
      "respondent_username;faculty_username;course_shortname;q1;q3;comment\nstu.one;fac.one;IT101-MAIN;4;1;'Clear; fair; and on time always'\n";
    const response = await upload(versionId, file, { delimiter: ';', quote: "'" });
    expect(response.body).toMatchObject({ total: 1, succeeded: 1 });
  });

  it('refuses more than 5,000 records, missing columns, bad fields and non-ACTIVE versions, writing nothing', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const big = csvOf(Array.from({ length: 5001 }, () => ROWS[0] as string[]));
    const tooMany = await upload(versionId, big);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/more than 5000 records; at most 5000/);

    const noColumns = await upload(versionId, 'q1,q3\n5,1\n');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.details.map((d: { path: string }) => d.path)).toEqual([
      'file.columns.respondent_username',
      'file.columns.faculty_username',
    ]);

    const badFields = await upload(versionId, csvOf(ROWS), { dryRun: 'maybe', quote: '<>', extra: 'x' });
    expect(badFields.status).toBe(400);
    expect(badFields.body.details.map((d: { path: string }) => d.path).sort()).toEqual(
      ['(root)', 'dryRun', 'quote'].sort(),
    );

    const noFile = await fetch(`${client.baseUrl}/api/v1/questionnaires/versions/${versionId}/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noFile.status).toBe(400);

    const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
    const draft = await createDraft(client, admin, questionnaire.id, simpleSchema());
    expect((await upload(draft.id, csvOf(ROWS))).status).toBe(409);
    expect((await upload('00000000-0000-4000-8000-000000000000', csvOf(ROWS))).status).toBe(404);
    expect((await upload('not-a-uuid', csvOf(ROWS))).status).toBe(400);
    expect(await submissionCount(versionId)).toBe(0);
  });

  it('is open to SUPER_ADMIN and ADMIN only', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const adminUser = await client.login('admin.one', PASSWORD);
    expect((await upload(versionId, csvOf(ROWS), { dryRun: 'true' }, adminUser)).status).toBe(200);
    const dean = await client.login('dean.main', PASSWORD);
    expect((await upload(versionId, csvOf(ROWS), { dryRun: 'true' }, dean)).status).toBe(403);
  });
});

describe('duplicate rows: the first in the file wins', () => {
  const DUPLICATE =
    /already submitted this version for this faculty member, course and semester \(row (\d+) of this file\)/;

  it('adjacent duplicates, twenty pairs a file, five files: always the odd row is stored', async () => {
    // Rows 2k−1 and 2k are the same submission (the second spells the names in capitals), so with six rows in
    // flight every pair races; before the fix the second row of a pair was sometimes stored instead.
    const rows = STUDENTS.slice(0, 20).flatMap((student, index) => [
      rowOf(student, `first answer of pair ${index + 1} is kept`),
      rowOf(student.toUpperCase(), `second answer of pair ${index + 1} is refused`, 'it101-main'),
    ]);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
      const response = await upload(versionId, csvOf(rows));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ total: 40, succeeded: 20, failed: 20 });
      for (const result of response.body.results as Array<{
        sourceIdentifier: number;
        status: string;
        error?: string;
      }>) {
        if (result.sourceIdentifier % 2 === 1) {
          expect(result, JSON.stringify(result)).toMatchObject({ status: 'ok' });
        } else {
          expect(result.error).toMatch(DUPLICATE);
          expect(DUPLICATE.exec(result.error ?? '')?.[1]).toBe(String(result.sourceIdentifier - 1));
        }
      }
      expect((await storedComments(versionId)).every((comment) => comment.includes('is kept'))).toBe(true);
    }
  });

  it('duplicates far apart (rows 1 and 40 of 60), at concurrency 6 and 60', async () => {
    const rows = STUDENTS.map((student, index) => rowOf(student, `answer of row ${index + 1}`));
    rows[39] = rowOf(STUDENTS[0] as string, 'answer of row 40, a repeat of row 1');
    const ingestion = api.app.get(IngestionService);
    for (const concurrency of [6, 6, 60]) {
      const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
      const result = await ingestion.ingest(null, versionId, Buffer.from(csvOf(rows)), { concurrency });
      expect(result).toMatchObject({ total: 60, succeeded: 59, failed: 1 });
      expect(result.results[39]).toMatchObject({ sourceIdentifier: 40, status: 'error' });
      expect(result.results[39]?.error).toMatch(DUPLICATE);
      const comments = await storedComments(versionId);
      expect(comments).toContain('answer of row 1');
      expect(comments.some((comment) => comment.includes('row 40'))).toBe(false);
    }
  });

  it('a dry run refuses the later duplicate too, as a real run would', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const rows = [rowOf('dup.s01', 'kept'), rowOf('dup.s01', 'refused')];
    const response = await upload(versionId, csvOf(rows), { dryRun: 'true' });
    expect(response.body).toMatchObject({ total: 2, succeeded: 1, failed: 1, dryRun: true });
    expect(response.body.results[1].error).toMatch(DUPLICATE);
    expect(await submissionCount(versionId)).toBe(0);
  });
});

describe('ingestion details', () => {
  it('matches course_shortname ignoring case, and records the run in the audit log', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const response = await upload(versionId, csvOf([rowOf('dup.s01', 'lower-case course', 'it101-main')]));
    expect(response.body).toMatchObject({ total: 1, succeeded: 1 });
    const stored = await database.db
      .selectFrom('submissions')
      .select('course_shortname_snapshot')
      .where('version_id', '=', versionId)
      .executeTakeFirstOrThrow();
    expect(stored.course_shortname_snapshot).toBe('IT101-MAIN');

    const audit = await client.get('/api/v1/admin/audit?action=submissions.ingest&limit=100', admin);
    expect(audit.status).toBe(200);
    const record = audit.body.items.find(
      (item: { target: string }) => item.target === `questionnaire_version:${versionId}`,
    );
    expect(record).toMatchObject({
      action: 'submissions.ingest',
      metadata: { format: 'csv', total: 1, succeeded: 1, failed: 0, dryRun: false, outcome: 'success' },
    });
    expect(record.actorId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

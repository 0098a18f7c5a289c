import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import JSZip from 'jszip';
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

  it('a text field of the form with a NUL character → 400 naming it, as in a JSON body (outside audit Z)', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const response = await upload(versionId, await xlsxOf(ROWS), { sheetName: 'Resp\u0000onses' }, admin, 'a.xlsx');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: 'validation failed',
      details: [{ path: 'sheetName', message: 'must not contain the NUL character (\\u0000)' }],
    });
    expect(await submissionCount(versionId)).toBe(0);
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
    expect(noFile.status).toBe(415);
    expect(((await noFile.json()) as { message: string }).message).toBe(
      "unsupported content type 'application/json'; this route accepts multipart/form-data",
    );

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

/** Only printable ASCII (and the ellipsis of a cut excerpt): no byte of an uploaded file reaches a message. */
const PRINTABLE = /^[\x20-\x7e…]*$/;

/** Deterministic bytes that are not text, with quotes, commas and line breaks among them. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[index] = state >> 23;
  }
  return bytes;
}

async function latestAudit(versionId: string) {
  const audit = await client.get('/api/v1/admin/audit?action=submissions.ingest&limit=100', admin);
  return audit.body.items.find((item: { target: string }) => item.target === `questionnaire_version:${versionId}`);
}

describe("issue 21: delimiters, files that are not CSV, row errors in the file's terms, audit outcomes", () => {
  const SEMICOLONS =
    'respondent_username;faculty_username;course_shortname;q1;q3;comment\n' +
    'dup.s05;fac.one;IT101-MAIN;4;1;"Clear; fair, and always on time"\n';

  it('detects a semicolon or tab delimiter when none is sent, and says which it used', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const semicolons = await upload(versionId, SEMICOLONS, { dryRun: 'true' });
    expect(semicolons.status, JSON.stringify(semicolons.body)).toBe(200);
    expect(semicolons.body).toMatchObject({ total: 1, succeeded: 1, csv: { delimiter: ';', detected: true } });

    const tabs = await upload(versionId, SEMICOLONS.replaceAll(';', '\t').replace('"Clear\t', '"Clear;'), {
      dryRun: 'true',
    });
    expect(tabs.body).toMatchObject({ total: 1, succeeded: 1, csv: { delimiter: '\t', detected: true } });

    const commas = await upload(versionId, csvOf([ROWS[0] as string[]]), { dryRun: 'true' });
    expect(commas.body).toMatchObject({ succeeded: 1, csv: { delimiter: ',', detected: true } });
    const given = await upload(versionId, SEMICOLONS, { dryRun: 'true', delimiter: ';' });
    expect(given.body).toMatchObject({ succeeded: 1, csv: { delimiter: ';', detected: false } });
  });

  it('a semicolon file read with another delimiter is refused with the delimiter to send, not a parser message', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const quoted = await upload(versionId, SEMICOLONS, { delimiter: ',' });
    expect(quoted.status).toBe(400);
    expect(quoted.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message:
        'the file could not be read as CSV: a quote (") opens in field 1 at line 2 after other text in the field; ' +
        "the first line looks separated by ';': send delimiter=';'",
      details: [],
    });

    const oneColumn = await upload(versionId, SEMICOLONS.replaceAll('"', ''), { delimiter: '|' });
    expect(oneColumn.status).toBe(400);
    expect(oneColumn.body.message).toBe(
      "the header row of the file has one column; the first line looks separated by ';': send delimiter=';'",
    );

    const tabs = await upload(versionId, 'respondent_username\tfaculty_username\nstu.one\tfac.one\n', {
      delimiter: ';',
    });
    expect(tabs.body.message).toMatch(/the first line looks separated by tabs: send delimiter as one tab character$/);
  });

  it('an image, an archive or random bytes sent as the file are refused without echoing a byte of them', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR,"x"\n'),
      noise(400, 7),
    ]);
    const zip = new JSZip();
    zip.file('notes.txt', 'respondent_username,faculty_username\n');
    const archive = await zip.generateAsync({ type: 'nodebuffer' });
    const cases: Array<[Buffer, RegExp]> = [
      [png, /^the file is not CSV or XLSX: it looks like a PNG image; send a CSV file/],
      [archive, /^the file is a ZIP archive but not an XLSX workbook: it has no xl\/workbook\.xml$/],
      [noise(3000, 11), /^the file is not CSV or XLSX: it holds binary data/],
      [Buffer.concat([Buffer.from('respondent_username,faculty_username\n"a"'), noise(50, 3)]), /binary data/],
    ];
    for (const [file, message] of cases) {
      const response = await upload(versionId, file, {}, admin, 'answers.csv');
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.message).toMatch(message);
      expect(response.body.message).toMatch(PRINTABLE);
    }
    expect(await submissionCount(versionId)).toBe(0);
  });

  it('cells quoted in row errors are short and printable', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const respondent = `mallory\u001b[31m\u202e${'x'.repeat(80)}`;
    const response = await upload(versionId, csvOf([rowOf(respondent, 'a perfectly ordinary comment')]), {
      dryRun: 'true',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const error = response.body.results[0].error as string;
    expect(error).toBe(`unknown respondent_username 'mallory?[31m?${'x'.repeat(27)}…'`);
  });

  it('row errors name the columns of the file, not the fields of a submission body', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const rows = [
      ['stu.one', 'fac.two', 'IT101-MAIN', '4', '4', '1', 'fac.two does not teach this one', ''],
      ['dup.s06', 'fac.one', 'IT101-MAIN', '', '4', '1', 'no answer to the first question', ''],
      ['dup.s07', 'fac.one', 'IT101-MAIN', '4', '7', '1', 'q2 out of range', ''],
    ];
    const response = await upload(versionId, csvOf(rows), { dryRun: 'true' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.results.map((result: { error?: string }) => result.error)).toEqual([
      'the faculty member does not teach this course (faculty_username: does not teach the course)',
      'the answers break 1 rule(s) (q1: question "q1" is required)',
      'the answers break 1 rule(s) (q2: question "q2" (LIKERT_5) takes an integer from 1 to 5)',
    ]);

    const semester = await database.db
      .selectFrom('courses as c')
      .innerJoin('programs as p', 'p.id', 'c.program_id')
      .innerJoin('departments as d', 'd.id', 'p.department_id')
      .select('d.semester_id')
      .where('c.shortname', '=', 'IT101-MAIN')
      .executeTakeFirstOrThrow();
    const withoutCourse = await upload(
      versionId,
      `respondent_username,faculty_username,semester_id,q1\ndup.s08,fac.one,${semester.semester_id},4\n`,
      { dryRun: 'true' },
    );
    expect(withoutCourse.body.results[0].error).toBe(
      'a FACULTY_FEEDBACK submission names the course (course_shortname: required for FACULTY_FEEDBACK)',
    );
    expect(JSON.stringify([response.body, withoutCourse.body])).not.toMatch(/facultyId|courseId|answers\.\d/);
  });

  it('the audit log records success, partial or failure for each run, and a refused file as a failure', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const partly = await upload(versionId, csvOf(ROWS));
    expect(partly.body).toMatchObject({ total: 4, succeeded: 2, failed: 2 });
    expect((await latestAudit(versionId)).metadata).toMatchObject({ succeeded: 2, failed: 2, outcome: 'partial' });

    const none = await upload(versionId, csvOf(ROWS));
    expect(none.body).toMatchObject({ total: 4, succeeded: 0, failed: 4 });
    expect((await latestAudit(versionId)).metadata).toMatchObject({ succeeded: 0, failed: 4, outcome: 'failure' });

    const refused = await upload(versionId, 'q1,q3\n5,1\n');
    expect(refused.status).toBe(400);
    expect((await latestAudit(versionId)).metadata).toEqual({
      dryRun: false,
      outcome: 'failure',
      error: 'the file lacks required column(s): respondent_username, faculty_username',
    });
  });
});

describe('audit H: encodings, number cells, NUL characters, a row without a course, multipart limits', () => {
  const COLUMNS = 'respondent_username,faculty_username,course_shortname,q1,q2,comment';

  it('refuses a CSV that is not UTF-8 (Windows-1252), naming the line, and still takes UTF-8 with a BOM', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const latin1 = Buffer.concat([
      Buffer.from(
        `${COLUMNS}\ndup.s10,fac.one,IT101-MAIN,4,4,Mabait si sir talaga\ndup.s11,fac.one,IT101-MAIN,4,4,Caf`,
      ),
      Buffer.from([0xe9]),
      Buffer.from(' na mabait si sir talaga\n'),
    ]);
    const refused = await upload(versionId, latin1);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message:
        'the file is not UTF-8 text: its first byte that is not UTF-8 is on line 3; save it as "CSV UTF-8" ' +
        '(or as an XLSX workbook) and upload it again',
      details: [],
    });
    expect(await submissionCount(versionId)).toBe(0);

    const utf8 = await upload(
      versionId,
      `\uFEFF${COLUMNS}\r\ndup.s11,fac.one,IT101-MAIN,4,4,Café na mabait si sir talaga\r\n`,
    );
    expect(utf8.status, JSON.stringify(utf8.body)).toBe(200);
    expect(utf8.body).toMatchObject({ total: 1, succeeded: 1 });
    expect(await storedComments(versionId)).toEqual(['Café na mabait si sir talaga']);
  });

  it('takes only plain decimal numbers in answer cells', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const cells = [
      ['0x4', '4'],
      ['4', '+1'],
      ['1e0', '4'],
      ['4', 'Infinity'],
      ['  4 ', '3.0'],
    ];
    const file = [COLUMNS, ...cells.map(([q1, q2], index) => `dup.s${20 + index},fac.one,IT101-MAIN,${q1},${q2},`)];
    const response = await upload(versionId, `${file.join('\n')}\n`, { dryRun: 'true' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.results.map((result: { error?: string }) => result.error ?? 'ok')).toEqual([
      "q1: '0x4' is not a number",
      "q2: '+1' is not a number",
      "q1: '1e0' is not a number",
      "q2: 'Infinity' is not a number",
      'ok',
    ]);
  });

  it('fails a row whose text cell holds a NUL character; a NUL early in the file makes it binary', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    // Past the first 64 KB, which are what tells text from binary data.
    const rows = [
      `${COLUMNS},notes`,
      `dup.s30,fac.one,IT101-MAIN,4,4,Clear and patient teacher,${'x'.repeat(70_000)}`,
      'dup.s31,fac.one,IT101-MAIN,4,4,Good teacher \u0000 very clear talaga,',
      'dup.s32\u0000,fac.one,IT101-MAIN,4,4,,',
    ];
    const response = await upload(versionId, `${rows.join('\n')}\n`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.results).toEqual([
      { sourceIdentifier: 1, status: 'ok', submissionId: expect.any(String) },
      { sourceIdentifier: 2, status: 'error', error: 'comment: must not contain the NUL character (\\u0000)' },
      {
        sourceIdentifier: 3,
        status: 'error',
        error: 'respondent_username: must not contain the NUL character (\\u0000)',
      },
    ]);
    expect(await submissionCount(versionId)).toBe(1);

    const early = await upload(versionId, `${COLUMNS}\ndup.s31,fac.one,IT101-MAIN,4,4,Good \u0000 teacher\n`);
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/^the file is not CSV or XLSX: it holds binary data/);
  });

  it('a row without course_shortname or semester_id is told what its type needs', async () => {
    const feedback = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const noCourse = 'respondent_username,faculty_username,q1\ndup.s40,fac.one,4\n';
    const response = await upload(feedback.versionId, noCourse, { dryRun: 'true' });
    expect(response.body.results[0].error).toBe('course_shortname: required for FACULTY_FEEDBACK');

    const inClassroom = await activeVersion(client, admin, 'FACULTY_IN_CLASSROOM', simpleSchema());
    const dean = await upload(inClassroom.versionId, noCourse, { dryRun: 'true' });
    expect(dean.body.results[0].error).toBe('a row without course_shortname needs semester_id');
  });

  it('a malformed multipart body (cut short, no boundary) → 400 in the error body, never a 500', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const send = async (contentType: string, body: string) => {
      const response = await fetch(`${client.baseUrl}/api/v1/questionnaires/versions/${versionId}/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
        body,
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const cutShort = await send(
      'multipart/form-data; boundary=xyz',
      `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${COLUMNS}\n`,
    );
    expect(cutShort).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(/^the multipart body could not be read: /),
        details: [{ path: 'body', message: 'malformed multipart/form-data' }],
      },
    });
    const noBoundary = await send('multipart/form-data', '--xyz\r\n');
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.message).toMatch(/^the multipart body could not be read: /);
    expect(await submissionCount(versionId)).toBe(0);
  });

  it('two file parts → 400, a file over the limit → 413 naming the limit, both in the error body', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const send = async (form: FormData) => {
      const response = await fetch(`${client.baseUrl}/api/v1/questionnaires/versions/${versionId}/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const csv = `${COLUMNS}\ndup.s41,fac.one,IT101-MAIN,4,4,\n`;
    const twice = new FormData();
    twice.append('file', new Blob([csv]), 'a.csv');
    twice.append('file', new Blob([csv]), 'b.csv');
    expect(await send(twice)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'exactly one file part is expected; the request has more than one',
        details: [{ path: 'file', message: 'send exactly one file part' }],
      },
    });

    const large = new FormData();
    large.append('file', new Blob([csv, 'x'.repeat(20 * 1024 * 1024)]), 'large.csv');
    expect(await send(large)).toEqual({
      status: 413,
      body: {
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'the file is larger than 20 MB, the most an upload takes; split it into smaller files',
        details: [{ path: 'file', message: 'at most 20 MB' }],
      },
    });
    expect(await submissionCount(versionId)).toBe(0);
  });
});

/** The columns of the audit Q files. */
const Q_COLUMNS = 'respondent_username,faculty_username,course_shortname,q1,q2,q3,comment';

describe('audit Q (F12): the delimiter option is checked as quote and escape are', () => {
  it('delimiter is one character, not the quote or a line break; an out-of-range sheetIndex is one detail', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const file = `${Q_COLUMNS}\ndup.s46,fac.one,IT101-MAIN,4,4,1,fine\n`;
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ delimiter: 'ab' }, 'delimiter', 'must be exactly one character'],
      [{ delimiter: '"' }, 'delimiter', 'must differ from the quote character (")'],
      [{ delimiter: "'", quote: "'" }, 'delimiter', "must differ from the quote character (')"],
      // A line break alone cannot be sent here (a form's values carry CRLF); the schema's test covers it.
      [{ delimiter: '\n' }, 'delimiter', 'must be exactly one character'],
      [{ sheetIndex: '99999999999999999999' }, 'sheetIndex', 'Too big: expected number to be <=1000'],
      // Decimal digits only, as page and limit: 1e0, 0x1 and ' 2' were read as sheets 1, 1 and 2.
      [{ sheetIndex: '1e0' }, 'sheetIndex', 'must be a whole number written in decimal digits'],
      [{ sheetIndex: '0x1' }, 'sheetIndex', 'must be a whole number written in decimal digits'],
      [{ sheetIndex: ' 2' }, 'sheetIndex', 'must be a whole number written in decimal digits'],
    ];
    for (const [fields, path, message] of cases) {
      const response = await upload(versionId, file, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body).toMatchObject({ message: 'validation failed', details: [{ path, message }] });
      expect(response.body.details).toHaveLength(1);
    }
  });
});

describe('audit Q (F1): CSV rows with more or fewer cells than the header', () => {
  it('a row with a cell too many fails, in the dry run as in the real run, and nothing of it is stored', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const file =
      `${Q_COLUMNS}\n` +
      'dup.s41,fac.one,IT101-MAIN,4,4,1,Good teacher, but the room is hot, and slides are late\n' +
      ',,,,,,\n' +
      'dup.s42,fac.one,IT101-MAIN,4,4,1,"Good teacher, quoted"\n' +
      'dup.s43,fac.one,IT101-MAIN,4,4,1,trailing blank cells,,\n' +
      'dup.s44,fac.one,IT101-MAIN\n';
    const ragged =
      "the row has 9 cells where the header has 7: a comment (or any cell) holding the delimiter (',') must be in " +
      'quotes ("…")';
    const expected = [
      { sourceIdentifier: 1, status: 'error', error: ragged },
      { sourceIdentifier: 2, status: 'ok' },
      { sourceIdentifier: 3, status: 'ok' },
      {
        sourceIdentifier: 4,
        status: 'error',
        error: expect.stringMatching(/required.*; the row has 3 cells where the header has 7$/),
      },
    ];
    const dry = await upload(versionId, file, { dryRun: 'true' });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ total: 4, succeeded: 2, failed: 2 });
    expect(dry.body.results).toMatchObject(expected);
    const real = await upload(versionId, file);
    expect(real.body.results).toMatchObject(expected);
    expect(await storedComments(versionId)).toEqual(['Good teacher, quoted', 'trailing blank cells']);
  });
});

describe('audit Q (F2): a record separator that folds the file into its header; a run of no rows', () => {
  it('a record separator the lines do not end with is refused with a hint; a run of no rows is audited a failure', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const file = `${Q_COLUMNS}\ndup.s45,fac.one,IT101-MAIN,4,4,1,Clear lessons every week\n`;
    for (const separator of ['\r\n', 'zz']) {
      const refused = await upload(versionId, file, { separator, dryRun: 'false' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(refused.body.message).toBe(
        `the header row runs over a line break: the file's lines end with '\\n', not with the separator sent ` +
          `(${separator === 'zz' ? "'zz'" : "'\\r\\n'"}), so every row would be read as part of the header; send ` +
          `separator='\\n', or no separator to have it detected`,
      );
    }
    expect(
      (await upload(versionId, file.replaceAll('\n', '\r\n'), { separator: '\n', dryRun: 'true' })).body,
    ).toMatchObject({ total: 1, succeeded: 1 });
    expect(await submissionCount(versionId)).toBe(0);

    const headerOnly = await upload(versionId, `${Q_COLUMNS}\n`);
    expect(headerOnly.body).toMatchObject({ total: 0, succeeded: 0, failed: 0 });
    expect((await latestAudit(versionId)).metadata).toMatchObject({ total: 0, outcome: 'failure' });
  });
});

describe('audit Y: a line ending named in a form field', () => {
  it('takes LF, CRLF and CR by name or written as escapes, since a browser form cannot send a bare line feed', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const file = `${Q_COLUMNS}\ndup.s46,fac.one,IT101-MAIN,4,4,1,Clear lessons every week\n`;
    for (const separator of ['LF', 'lf', '\\n'])
      expect((await upload(versionId, file, { separator, dryRun: 'true' })).body, separator).toMatchObject({
        total: 1,
        succeeded: 1,
      });
    for (const separator of ['CRLF', '\\r\\n'])
      expect(
        (await upload(versionId, file.replaceAll('\n', '\r\n'), { separator, dryRun: 'true' })).body,
        separator,
      ).toMatchObject({ total: 1, succeeded: 1 });
    expect(await submissionCount(versionId)).toBe(0);
  });
});

describe('audit Q (F6): a workbook that expands too far', () => {
  it('a workbook that expands past the limit is refused at once, without an engine message', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const zip = await JSZip.loadAsync(await xlsxOf([rowOf('dup.s47', 'fine')]));
    const entries: Record<string, [Uint8Array, { level: 1 }]> = {};
    for (const [path, entry] of Object.entries(zip.files))
      if (!entry.dir) entries[path] = [await entry.async('uint8array'), { level: 1 }];
    // 101 MB of spaces in the second sheet: about 100 KB once deflated.
    entries['xl/worksheets/sheet2.xml'] = [new Uint8Array(101 * 1024 * 1024).fill(32), { level: 1 }];
    const bomb = Buffer.from(zipSync(entries));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const response = await upload(versionId, bomb, { sheetName: 'Responses' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      "the workbook expands to more than 100 MB in its entry 'xl/worksheets/sheet2.xml', more than an upload may " +
        '(100 MB an entry, 200 MB in all): send the responses as CSV, or a workbook of that sheet alone',
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await latestAudit(versionId)).metadata).toMatchObject({ outcome: 'failure' });
  });
});

describe('audit Q (F8): XLSX cells without a value to read, and sheets without the columns', () => {
  it('an XLSX cell with a formula error or no saved value says so; a sheet without the columns names the sheets', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Notes').addRow(['read me first']);
    const sheet = book.addWorksheet('Responses');
    sheet.addRow(['respondent_username', 'faculty_username', 'course_shortname', 'q1', 'q3', 'comment']);
    sheet.addRow(['dup.s48', 'fac.one', 'IT101-MAIN', { formula: '1/0', result: { error: '#DIV/0!' } }, 1, 'x y z']);
    sheet.addRow(['dup.s49', 'fac.one', 'IT101-MAIN', { formula: '2+2' }, 1, 'x y z']);
    sheet.addRow(['dup.s50', 'fac.one', 'IT101-MAIN', 4, { formula: '1-1', result: 0 }, { error: '#N/A' }]);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const first = await upload(versionId, file, { dryRun: 'true' }, admin, 'answers.xlsx');
    expect(first.status).toBe(400);
    expect(first.body.message).toBe(
      "the file lacks required column(s): respondent_username, faculty_username; sheet 'Notes' was read, of the " +
        "workbook's 2 ('Notes', 'Responses'): send sheetName or sheetIndex (1-based, in tab order) to read another",
    );

    const response = await upload(versionId, file, { dryRun: 'true', sheetName: 'Responses' }, admin, 'answers.xlsx');
    expect(response.body.results.map((row: { error?: string }) => row.error)).toEqual([
      "q1: the cell holds a formula whose result is the error '#DIV/0!'",
      'q1: the cell holds a formula with no saved value (open the file in a spreadsheet program and save it)',
      "comment: the cell holds the error '#N/A'",
    ]);
  });
});

describe('XLSX upload audit: the sheet read, a file cut short', () => {
  it('reads the first visible sheet when the first is hidden, and refuses a workbook whose every sheet is', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Lookup', { state: 'hidden' }).addRow(['course codes only']);
    const sheet = book.addWorksheet('Responses');
    sheet.addRow(HEADER);
    sheet.addRow(
      rowOf('dup.s52', 'Clear lessons every week').map((cell) => (/^\d+$/.test(cell) ? Number(cell) : cell)),
    );
    const response = await upload(versionId, Buffer.from(await book.xlsx.writeBuffer()), {}, admin, 'answers.xlsx');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 1, succeeded: 1, failed: 0 });
    expect(await storedComments(versionId)).toEqual(['Clear lessons every week']);

    sheet.state = 'veryHidden';
    const refused = await upload(versionId, Buffer.from(await book.xlsx.writeBuffer()), {}, admin, 'answers.xlsx');
    expect(refused).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message:
          "the workbook has no visible sheet: its 2 sheets ('Lookup', 'Responses') are all hidden; unhide the " +
          'sheet of responses, or send sheetName or sheetIndex (1-based, in tab order) to read a hidden one',
        details: [],
      },
    });
  });

  it('refuses a workbook cut short inside its central directory, and writes nothing', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const file = await xlsxOf([rowOf('dup.s53', 'Clear lessons every week'), rowOf('dup.s54', 'Kind and fair')]);
    const directory = file.readUInt32LE(file.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1')) + 16);
    // Every entry is whole: only the directory that follows them is cut.
    const cut = file.subarray(0, directory + Math.floor((file.length - directory) / 2));
    const tries: Array<Record<string, string>> = [
      { sheetName: 'Responses' },
      { sheetName: 'Responses', dryRun: 'true' },
    ];
    for (const fields of tries) {
      const response = await upload(versionId, cut, fields, admin, 'answers.xlsx');
      expect(response).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message:
            'the file could not be read as an Excel workbook: it is damaged or incomplete (its ZIP archive ends ' +
            'before the directory of its entries does, as an upload cut short does): save it again and send the ' +
            'whole file',
          details: [],
        },
      });
    }
    expect(await submissionCount(versionId)).toBe(0);
    expect((await latestAudit(versionId)).metadata).toMatchObject({ outcome: 'failure' });
    const whole = await upload(versionId, file, { sheetName: 'Responses' }, admin, 'answers.xlsx');
    expect(whole.body).toMatchObject({ total: 2, succeeded: 2 });
    expect(await submissionCount(versionId)).toBe(2);
  });
});

describe('audit Q (F9): enrollment errors in the columns of the file', () => {
  it('a student not enrolled in the course is told so in the columns of the file', async () => {
    const { versionId } = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const response = await upload(versionId, `${Q_COLUMNS}\ndup.s51,fac.two,acc101-main,4,4,1,fine\n`, {
      dryRun: 'true',
    });
    expect(response.body.results[0].error).toBe(
      "respondent_username: 'dup.s51' is not enrolled in course_shortname 'acc101-main'",
    );
  });
});

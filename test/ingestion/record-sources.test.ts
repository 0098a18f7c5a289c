import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { normalizeHeader, normalizeHeaders } from '../../src/modules/ingestion/headers.js';
import { readCsvRecords, readExcelRecords, type SourceRecord } from '../../src/modules/ingestion/record-sources.js';

async function collect(records: AsyncIterable<SourceRecord>): Promise<SourceRecord[]> {
  const out: SourceRecord[] = [];
  for await (const record of records) out.push(record);
  return out;
}

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('header normalisation', () => {
  it('trims, lowercases and drops everything but letters, digits, _ and -', () => {
    expect(normalizeHeader('  Respondent Username ')).toBe('respondentusername');
    expect(normalizeHeader('Faculty_Username')).toBe('faculty_username');
    expect(normalizeHeader('Q-1 (Clarity)?')).toBe('q-1clarity');
  });

  it('de-duplicates with _1, _2 and never collides with a literal suffixed header', () => {
    expect(normalizeHeaders(['Comment', 'comment ', 'COMMENT'])).toEqual(['comment', 'comment_1', 'comment_2']);
    expect(normalizeHeaders(['a_1', 'a', 'a'])).toEqual(['a_1', 'a', 'a_2']);
  });
});

describe('CSV records', () => {
  it('drops a BOM, keeps quoted commas, numbers data rows from 1 and skips blank lines', async () => {
    const csv =
      '\uFEFFRespondent_Username,Comment,comment\r\ns1,"Good, clear, kind",x\r\n\r\ns2,"She said ""hi""",y\r\n';
    const records = await collect(readCsvRecords(Buffer.from(csv)));
    expect(records).toEqual([
      { sourceIdentifier: 1, values: { respondent_username: 's1', comment: 'Good, clear, kind', comment_1: 'x' } },
      { sourceIdentifier: 2, values: { respondent_username: 's2', comment: 'She said "hi"', comment_1: 'y' } },
    ]);
  });

  it('honours delimiter, quote and escape options', async () => {
    const csv = "a;b\n1;'x;y'\n2;'it\\'s'\n";
    const records = await collect(readCsvRecords(Buffer.from(csv), { delimiter: ';', quote: "'", escape: '\\' }));
    expect(records.map((r) => r.values)).toEqual([
      { a: '1', b: 'x;y' },
      { a: '2', b: "it's" },
    ]);
  });

  it('answers 400 for a file it cannot parse', async () => {
    await expect(collect(readCsvRecords(Buffer.from('a,b\n1,"unclosed\n')))).rejects.toMatchObject({ statusCode: 400 });
    await expect(collect(readCsvRecords(Buffer.from('')))).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('Excel records', () => {
  const rows = [['Respondent Username', 'Comment', 'Comment'], ['s1', 'Good, clear', 'x'], [], ['s2', 5, 'y']];

  it('reads the first sheet by default, by name, or by 1-based index', async () => {
    const file = await workbook({ Intro: [['other'], ['z']], Answers: rows });
    const expected = [
      { sourceIdentifier: 1, values: { respondentusername: 's1', comment: 'Good, clear', comment_1: 'x' } },
      { sourceIdentifier: 2, values: { respondentusername: 's2', comment: '5', comment_1: 'y' } },
    ];
    expect(await collect(readExcelRecords(file, { sheetName: 'Answers' }))).toEqual(expected);
    expect(await collect(readExcelRecords(file, { sheetIndex: 2 }))).toEqual(expected);
    expect(await collect(readExcelRecords(file))).toEqual([{ sourceIdentifier: 1, values: { other: 'z' } }]);
  });

  it('answers 400 for a missing sheet or a file that is not a workbook', async () => {
    const file = await workbook({ Answers: rows });
    await expect(collect(readExcelRecords(file, { sheetName: 'Nope' }))).rejects.toMatchObject({ statusCode: 400 });
    await expect(collect(readExcelRecords(file, { sheetIndex: 3 }))).rejects.toMatchObject({ statusCode: 400 });
    await expect(collect(readExcelRecords(Buffer.from('not a zip')))).rejects.toMatchObject({ statusCode: 400 });
  });
});

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { normalizeHeader, normalizeHeaders } from '../../src/modules/ingestion/headers.js';
import { ingestionFields } from '../../src/modules/ingestion/ingestion.schemas.js';
import {
  chooseDelimiter,
  readCsvRecords,
  readExcelRecords,
  type SourceRecord,
} from '../../src/modules/ingestion/record-sources.js';
import { detectFormat, excerpt } from '../../src/modules/ingestion/upload-content.js';
import { boundedWorkbookParts, WORKBOOK_MAX_ENTRY_BYTES } from '../../src/modules/ingestion/workbook-archive.js';
import { SHEET_MAX_ROWS } from '../../src/modules/ingestion/worksheet-rows.js';

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

/** The same workbook with its zip entries in the given order (names matched by prefix; the rest keep theirs). */
async function reordered(file: Buffer, first: string[], last: string[] = []): Promise<Buffer> {
  const source = await JSZip.loadAsync(file);
  const paths = Object.keys(source.files).filter((path) => !source.files[path]!.dir);
  const rank = (path: string): number => {
    const head = first.findIndex((prefix) => path.startsWith(prefix));
    if (head >= 0) return head - first.length;
    const tail = last.findIndex((prefix) => path.startsWith(prefix));
    return tail >= 0 ? 1 + tail : 0;
  };
  const target = new JSZip();
  for (const path of [...paths].sort((a, b) => rank(a) - rank(b)))
    target.file(path, await source.file(path)!.async('uint8array'), { createFolders: false });
  const ranks = Object.keys(target.files).map(rank);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  return Buffer.from(await target.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
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

  it('refuses a file it cannot parse as invalid (400)', async () => {
    await expect(collect(readCsvRecords(Buffer.from('a,b\n1,"unclosed\n')))).rejects.toMatchObject({
      name: 'DomainError',
      kind: 'invalid',
    });
    await expect(collect(readCsvRecords(Buffer.from('')))).rejects.toMatchObject({
      name: 'DomainError',
      kind: 'invalid',
    });
  });
});

describe('CSV delimiter', () => {
  const choose = (text: string, options = {}) => chooseDelimiter(Buffer.from(text), options);

  it('takes the one given, else the candidate the header line holds most, outside quotes', () => {
    expect(choose('a;b;c\n1,2;3;4\n', { delimiter: '|' })).toEqual({ delimiter: '|', detected: false });
    expect(choose('\uFEFFa;b;c\n1;2;3\n')).toEqual({ delimiter: ';', detected: true });
    expect(choose('a\tb\tc\r\n')).toEqual({ delimiter: '\t', detected: true });
    expect(choose('a|b|c')).toEqual({ delimiter: '|', detected: true });
    expect(choose('"x;y;z",b,c\n')).toEqual({ delimiter: ',', detected: true });
    expect(choose("'x,y';b;c\n", { quote: "'" })).toEqual({ delimiter: ';', detected: true });
  });

  it('keeps the comma when the header line is ambiguous or has one column', () => {
    expect(choose('a;b,c\n')).toEqual({ delimiter: ',', detected: false });
    expect(choose('respondent_username\nx\n')).toEqual({ delimiter: ',', detected: false });
    expect(choose('')).toEqual({ delimiter: ',', detected: false });
  });

  it('reads a semicolon file without being told, and advises the delimiter when told wrong', async () => {
    const csv = 'a;b\n1;"x, y"\n';
    expect((await collect(readCsvRecords(Buffer.from(csv)))).map((r) => r.values)).toEqual([{ a: '1', b: 'x, y' }]);
    await expect(collect(readCsvRecords(Buffer.from(csv), { delimiter: ',' }))).rejects.toThrow(
      'the file could not be read as CSV: a quote (") opens in field 1 at line 2 after other text in the field; ' +
        "the first line looks separated by ';': send delimiter=';'",
    );
  });
});

describe('uploads that are not text', () => {
  it('are named by what they look like', () => {
    expect(() => detectFormat(Buffer.from('%PDF-1.7\n'))).toThrow(/it looks like a PDF document/);
    expect(() => detectFormat(Buffer.from([0xff, 0xfe, 0x61, 0x00]))).toThrow(/the file is UTF-16 text/);
    expect(() => detectFormat(Buffer.from('a,b\n\u0000\n'))).toThrow(/it holds binary data/);
    // Text in another encoding is refused rather than read with U+FFFD for its letters (audit H3).
    expect(() => detectFormat(Buffer.from('a,b\r\nPeña,x\n', 'latin1'))).toThrow(
      /^the file is not UTF-8 text: its first byte that is not UTF-8 is on line 2; save it as "CSV UTF-8"/,
    );
    expect(() => detectFormat(Buffer.from('a,b\rPeña,x\r', 'latin1'))).toThrow(/is on line 2;/);
    expect(detectFormat(Buffer.from('\uFEFFPeña,x\n', 'utf8'))).toBe('csv');
    expect(detectFormat(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe('xlsx');
  });

  it('quote at most 40 printable characters of a cell', () => {
    expect(excerpt('plain')).toBe("'plain'");
    expect(excerpt('\u0000\u0007\u009b\ufffd\u202eok')).toBe("'?????ok'");
    expect(excerpt('y'.repeat(41))).toBe(`'${'y'.repeat(40)}…'`);
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

  it('reads the same sheets whatever the order of the zip entries', async () => {
    const file = await workbook({ Intro: [['other'], ['z']], Answers: rows });
    const expected = await collect(readExcelRecords(file, { sheetName: 'Answers' }));
    // Shared strings before the worksheets and the sheet list last: ExcelJS's stream reader alone fails here.
    const stringsFirst = await reordered(
      file,
      ['[Content_Types].xml', '_rels/', 'xl/_rels/', 'xl/sharedStrings.xml', 'xl/worksheets/'],
      ['xl/workbook.xml'],
    );
    // The sheet list first, as Excel writes it.
    const listFirst = await reordered(file, [
      '[Content_Types].xml',
      'xl/workbook.xml',
      'xl/_rels/',
      'xl/sharedStrings.xml',
    ]);
    for (const variant of [stringsFirst, listFirst]) {
      expect(await collect(readExcelRecords(variant, { sheetName: 'Answers' }))).toEqual(expected);
      expect(await collect(readExcelRecords(variant, { sheetIndex: 2 }))).toEqual(expected);
      expect(await collect(readExcelRecords(variant))).toEqual([{ sourceIdentifier: 1, values: { other: 'z' } }]);
    }
  });

  it('counts sheetIndex in tab order, not in the order of the files inside the workbook', async () => {
    const file = await workbook({ Intro: [['other'], ['z']], Answers: rows });
    // Swap the tabs: Answers (sheet2.xml) becomes the first tab, Intro (sheet1.xml) the second.
    const zip = await JSZip.loadAsync(file);
    const list = await zip.file('xl/workbook.xml')!.async('string');
    const tabs = [...list.matchAll(/<sheet [^>]*\/>/g)].map((match) => match[0]);
    expect(tabs).toHaveLength(2);
    zip.file(
      'xl/workbook.xml',
      list.replace(tabs[0]!, '\u0000').replace(tabs[1]!, tabs[0]!).replace('\u0000', tabs[1]!),
    );
    const swapped = Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    expect(await collect(readExcelRecords(swapped))).toHaveLength(2);
    expect(await collect(readExcelRecords(swapped, { sheetIndex: 2 }))).toEqual([
      { sourceIdentifier: 1, values: { other: 'z' } },
    ]);
  });

  it('refuses a missing sheet or a file that is not a workbook as invalid (400)', async () => {
    const file = await workbook({ Answers: rows });
    await expect(collect(readExcelRecords(file, { sheetName: 'Nope' }))).rejects.toMatchObject({
      name: 'DomainError',
      kind: 'invalid',
    });
    await expect(collect(readExcelRecords(file, { sheetIndex: 3 }))).rejects.toMatchObject({
      name: 'DomainError',
      kind: 'invalid',
    });
    await expect(collect(readExcelRecords(Buffer.from('not a zip')))).rejects.toMatchObject({
      name: 'DomainError',
      kind: 'invalid',
    });
  });
});

describe('audit Q (F12): upload options', () => {
  const issues = (fields: Record<string, string>) =>
    ingestionFields.safeParse(fields).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('take delimiter, quote and escape as one character that is no line break, and no delimiter equal to the quote', () => {
    expect(issues({ delimiter: ';', quote: "'", escape: '\\' })).toBeUndefined();
    expect(issues({ delimiter: '||' })).toEqual([['delimiter', 'must be exactly one character']]);
    expect(issues({ delimiter: '\n' })).toEqual([['delimiter', 'must not be a line break']]);
    expect(issues({ delimiter: '\r\n' })).toEqual([['delimiter', 'must be exactly one character']]);
    expect(issues({ quote: '\r', escape: '\n' })).toEqual([
      ['quote', 'must not be a line break'],
      ['escape', 'must not be a line break'],
    ]);
    expect(issues({ delimiter: '"' })).toEqual([['delimiter', 'must differ from the quote character (")']]);
    expect(issues({ delimiter: '\\', quote: "'", escape: '\\' })).toEqual([
      ['delimiter', 'must differ from the escape character (\\)'],
    ]);
  });

  it('give one detail for a sheetIndex out of range, however far out', () => {
    expect(issues({ sheetIndex: '99999999999999999999' })).toEqual([
      ['sheetIndex', 'Too big: expected number to be <=1000'],
    ]);
    // A sign is no decimal digit: one detail too, as page and limit answer it.
    expect(issues({ sheetIndex: '-99999999999999999999' })).toEqual([
      ['sheetIndex', 'must be a whole number written in decimal digits'],
    ]);
    expect(issues({ sheetIndex: '0' })).toEqual([['sheetIndex', 'Too small: expected number to be >=1']]);
    expect(issues({ sheetIndex: '2.5' })).toHaveLength(1);
    expect(ingestionFields.parse({ sheetIndex: '2' })).toEqual({ sheetIndex: 2 });
  });
});

describe('audit Q (F1): CSV rows with more or fewer cells than the header', () => {
  it('a CSV row with text beyond the header fails; blank extra cells are read; a short row is noted', async () => {
    const csv = 'a,b,c\n1,2,three, and more\n,,,\n1,2,3,,\n1,2\n1\t2\t3\n';
    const records = await collect(readCsvRecords(Buffer.from(csv)));
    expect(records).toEqual([
      {
        sourceIdentifier: 1,
        values: { a: '1', b: '2', c: 'three' },
        problem:
          "the row has 4 cells where the header has 3: a comment (or any cell) holding the delimiter (',') must be " +
          'in quotes ("…")',
      },
      { sourceIdentifier: 2, values: { a: '1', b: '2', c: '3' } },
      { sourceIdentifier: 3, values: { a: '1', b: '2', c: '' }, note: 'the row has 2 cells where the header has 3' },
      {
        sourceIdentifier: 4,
        values: { a: '1\t2\t3', b: '', c: '' },
        note: 'the row has 1 cells where the header has 3',
      },
    ]);
    const tabs = await collect(readCsvRecords(Buffer.from("a\tb\n1\t'x\ty'\t\n2\tx\ty\n"), { quote: "'" }));
    expect(tabs.map((record) => record.problem)).toEqual([
      undefined,
      "the row has 3 cells where the header has 2: a comment (or any cell) holding the delimiter (a tab) must be in quotes ('…')",
    ]);
  });
});

describe('audit Q (F2): a record separator that folds the file into its header', () => {
  it('refuses a record separator that would fold the rows into the header, and reads one the lines end with', async () => {
    const lf = Buffer.from('a,b\n1,"x\ny"\n');
    for (const separator of ['\r\n', 'zz', ';'])
      await expect(collect(readCsvRecords(lf, { separator }))).rejects.toThrow(
        /^the header row runs over a line break: the file's lines end with '\\n', not with the separator sent/,
      );
    expect(await collect(readCsvRecords(Buffer.from('a,b\r\n1,2\r\n'), { separator: '\n' }))).toEqual([
      { sourceIdentifier: 1, values: { a: '1', b: '2' } },
    ]);
    // A quoted line break in the header is text, not the end of the header.
    expect(await collect(readCsvRecords(Buffer.from('"a\nx",b;1,2;'), { separator: ';' }))).toEqual([
      { sourceIdentifier: 1, values: { ax: '1', b: '2' } },
    ]);
    // A file of one line holds no line break to fold.
    expect(await collect(readCsvRecords(Buffer.from('a,b'), { separator: '\r\n' }))).toEqual([]);
  });
});

describe('audit Q (F6): workbooks that expand too far, and engine errors', () => {
  it('refuses a workbook that expands past the limits before ExcelJS reads it, and never quotes an engine message', async () => {
    const zip = await JSZip.loadAsync(await workbook({ Answers: rows1() }));
    const entries: Record<string, [Uint8Array, { level: 1 }]> = {};
    for (const [path, entry] of Object.entries(zip.files))
      if (!entry.dir) entries[path] = [await entry.async('uint8array'), { level: 1 }];
    // The sheet, padded with 101 MB of whitespace: about 100 KB once deflated.
    const sheet = Buffer.from(entries['xl/worksheets/sheet1.xml']![0]).toString('utf8');
    const [head, tail] = sheet.split('</sheetData>') as [string, string];
    const padding = new Uint8Array(WORKBOOK_MAX_ENTRY_BYTES + 1024 * 1024).fill(32);
    entries['xl/worksheets/sheet1.xml'] = [
      Buffer.concat([Buffer.from(head), padding, Buffer.from(`</sheetData>${tail}`)]),
      { level: 1 },
    ];
    const bomb = Buffer.from(zipSync(entries));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    await expect(collect(readExcelRecords(bomb))).rejects.toThrow(
      /^the workbook expands to more than 100 MB in its entry 'xl\/worksheets\/sheet1\.xml', more than an upload may/,
    );
    expect(Date.now() - started).toBeLessThan(5000);

    // Entries each under the entry limit that together pass the total: refused as well (limits scaled down).
    const original = await workbook({ Answers: rows1() });
    const limits = { entryBytes: 8 * 1024, totalBytes: 10 * 1024 };
    await expect(boundedWorkbookParts(original, limits)).rejects.toThrow(
      /^the workbook expands to more than 0 MB in all, more than an upload may/,
    );
    expect((await boundedWorkbookParts(original)).list.toString('utf8')).toMatch(/<sheet [^>]*name="Answers"/);
  });

  it('reads a cell without its address at the column after the previous cell (ExcelJS failed on it)', async () => {
    const zip = await JSZip.loadAsync(await workbook({ Answers: rows1() }));
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    zip.file('xl/worksheets/sheet1.xml', sheet.replace(/ r="A2"/, '').replace(/ r="B2"/, ''));
    const file = Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    expect(await collect(readExcelRecords(file))).toEqual([
      { sourceIdentifier: 1, values: { respondentusername: 's1', comment: 'Good, clear' } },
    ]);
  });
});

/** A header and one row, for workbooks built in these tests. */
function rows1(): unknown[][] {
  return [
    ['Respondent Username', 'Comment'],
    ['s1', 'Good, clear'],
  ];
}

describe('audit Q (F8): XLSX cells without a value to read, and the sheets read', () => {
  it('reads an error, a formula error, a formula without a saved value, and a formula giving 0 for what they are', async () => {
    const file = await workbook({
      Answers: [
        ['a', 'b', 'c', 'd', 'e'],
        [
          { formula: '1/0', result: { error: '#DIV/0!' } },
          { formula: '2+2' },
          { error: '#N/A' },
          { formula: '1-1', result: 0 },
          { formula: '"x"', result: 'x' },
        ],
      ],
    });
    expect(await collect(readExcelRecords(file))).toEqual([
      {
        sourceIdentifier: 1,
        values: { a: '', b: '', c: '', d: '0', e: 'x' },
        cellProblems: {
          a: "holds a formula whose result is the error '#DIV/0!'",
          b: 'holds a formula with no saved value (open the file in a spreadsheet program and save it)',
          c: "holds the error '#N/A'",
        },
      },
    ]);
  });

  it('names the sheet it reads and every sheet of the workbook', async () => {
    const file = await workbook({ Notes: [['x'], ['y']], Answers: rows1() });
    const seen: Array<[string, string[]]> = [];
    await collect(readExcelRecords(file, { sheetIndex: 2, onSheet: (read, all) => seen.push([read, all]) }));
    expect(seen).toEqual([['Answers', ['Notes', 'Answers']]]);
  });
});

describe('outside audit Z (D5): shared strings, read the same way every time', () => {
  const header = ['respondent_username', 'faculty_username', 'comment'];

  /**
   * A workbook as ExcelJS writes it (each worksheet before xl/sharedStrings.xml, entries stored), where only the
   * comments refer to the shared-strings table; `strings` rewrites the table's XML.
   */
  async function commentsInSharedStrings(
    strings: (xml: string) => string = (xml) => xml,
    respondent = 's1',
  ): Promise<Buffer> {
    const source = await workbook({
      Answers: [header, [respondent, 'f1', 'first comment'], ['s2', 'f1', 'second comment']],
    });
    const zip = await JSZip.loadAsync(source);
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    const table = await zip.file('xl/sharedStrings.xml')!.async('string');
    const texts = [...table.matchAll(/<si><t>(.*?)<\/t><\/si>/g)].map((match) => match[1]!);
    zip.file(
      'xl/worksheets/sheet1.xml',
      sheet.replace(
        /<c r="([A-Z]+)(\d+)"([^>]*?) t="s"([^>]*)><v>(\d+)<\/v><\/c>/g,
        (cell, column, row, a, b, index) =>
          column === 'C' && row !== '1'
            ? cell
            : `<c r="${column}${row}"${a} t="inlineStr"${b}><is><t>${texts[Number(index)]}</t></is></c>`,
      ),
    );
    zip.file('xl/sharedStrings.xml', strings(table));
    const paths = Object.keys(zip.files).filter((path) => !zip.files[path]!.dir);
    expect(paths.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(paths.indexOf('xl/sharedStrings.xml'));
    return Buffer.from(await zip.generateAsync({ type: 'nodebuffer' }));
  }

  it('reads the cells that refer to the table with their text on every reading', async () => {
    const file = await commentsInSharedStrings();
    const expected = [
      { sourceIdentifier: 1, values: { respondent_username: 's1', faculty_username: 'f1', comment: 'first comment' } },
      { sourceIdentifier: 2, values: { respondent_username: 's2', faculty_username: 'f1', comment: 'second comment' } },
    ];
    // ExcelJS's stream reader dropped the table (and read the comments blank) on about half the readings.
    for (let reading = 0; reading < 20; reading += 1) expect(await collect(readExcelRecords(file))).toEqual(expected);
  });

  it('refuses a table that is not well-formed XML on every reading, before any record', async () => {
    const nul = await commentsInSharedStrings((xml) => xml.replace('second comment', 'bad &#0; comment'));
    const cut = await commentsInSharedStrings((xml) => xml.replace('</sst>', '<si><t>cut'));
    for (let reading = 0; reading < 10; reading += 1) {
      const seen: SourceRecord[] = [];
      await expect(
        (async () => {
          for await (const record of readExcelRecords(nul)) seen.push(record);
        })(),
      ).rejects.toThrow(
        /^the file could not be read as an Excel workbook: its shared strings \(xl\/sharedStrings\.xml\) are not well-formed XML: \d+:\d+: malformed character entity\.$/,
      );
      expect(seen).toEqual([]);
      await expect(collect(readExcelRecords(cut))).rejects.toThrow(
        /^the file could not be read as an Excel workbook: its shared strings \(xl\/sharedStrings\.xml\) are not well-formed XML: /,
      );
    }
  });

  it('refuses a cell that refers to a string the table does not hold, never reading it as blank', async () => {
    const short = await commentsInSharedStrings((xml) => xml.replace(/<si><t>second comment<\/t><\/si>/, ''));
    await expect(collect(readExcelRecords(short))).rejects.toThrow(
      /^the file could not be read as an Excel workbook: a cell refers to shared string '\d+' \(counting from 0\), but the workbook's shared-strings table holds \d+$/,
    );
    const zip = await JSZip.loadAsync(await commentsInSharedStrings());
    zip.remove('xl/sharedStrings.xml');
    const none = Buffer.from(await zip.generateAsync({ type: 'nodebuffer' }));
    await expect(collect(readExcelRecords(none))).rejects.toThrow(/shared-strings table holds 0$/);
  });

  it('refuses a sheet whose text is not UTF-8, as a CSV file that is not', async () => {
    const zip = await JSZip.loadAsync(await commentsInSharedStrings());
    const sheet = Buffer.from(await zip.file('xl/worksheets/sheet1.xml')!.async('uint8array'));
    const at = sheet.indexOf('s1');
    zip.file(
      'xl/worksheets/sheet1.xml',
      Buffer.concat([sheet.subarray(0, at), Buffer.from([0xe9]), sheet.subarray(at)]),
    );
    const latin1 = Buffer.from(await zip.generateAsync({ type: 'nodebuffer' }));
    await expect(collect(readExcelRecords(latin1))).rejects.toThrow(
      "the file could not be read as an Excel workbook: its entry 'xl/worksheets/sheet1.xml' is not UTF-8 text",
    );
  });

  it('keeps a character whole where the sheet is split between two inflated chunks', async () => {
    // 40,000 two-byte characters inline in the sheet: it is inflated in chunks, one ending inside a character.
    const respondent = 'é'.repeat(40_000);
    const file = await commentsInSharedStrings(undefined, respondent);
    const [first] = await collect(readExcelRecords(file));
    expect(first?.values.respondent_username).toBe(respondent);
  });
});

/** A workbook of one sheet from hand-written XML: `rows` inside `<sheetData>`, or `sheet` as the whole part. */
function handWritten(parts: { rows?: string; sheet?: string; sharedStrings?: string }): Buffer {
  const sheet =
    parts.sheet ??
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      `<sheetData>${parts.rows ?? ''}</sheetData></worksheet>`;
  const text = (xml: string) => new TextEncoder().encode(xml);
  return Buffer.from(
    zipSync({
      'xl/workbook.xml': text(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          '<sheets><sheet name="Answers" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': text(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
          'Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': text(sheet),
      ...(parts.sharedStrings !== undefined ? { 'xl/sharedStrings.xml': text(parts.sharedStrings) } : {}),
    }),
  );
}

/** An inline-text cell. */
const inline = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
const headerRow = `<row r="1">${inline('A1', 'respondent_username')}${inline('B1', 'comment')}</row>`;

/**
 * Reads `file` while a 1 ms timer runs: its records (or refusal), the longest gap between two ticks and the whole
 * read's time. The tests compare the two (the gap a small part of the read, or under 100 ms when the whole read is
 * quick: the reader yields every 20 ms and a slice's work), so they hold on a loaded machine as on a quiet one, and
 * fail on a reader that holds the event loop for the whole read.
 */
async function readWhileTicking(
  file: Buffer,
): Promise<{ outcome: SourceRecord[] | Error; longestGap: number; elapsed: number }> {
  const started = performance.now();
  let last = started;
  let longestGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 1);
  const outcome = await collect(readExcelRecords(file)).catch((error: unknown) => error as Error);
  clearInterval(timer);
  const ended = performance.now();
  return { outcome, longestGap: Math.max(longestGap, ended - last), elapsed: ended - started };
}

describe('XLSX regression audit (A1-A4): sheets read with bounded work, to their end', () => {
  it('lets the event loop run while a 5,000-row sheet is read', async () => {
    const rows: unknown[][] = [['respondent_username', 'faculty_username', 'q1', 'comment']];
    for (let index = 1; index <= 5000; index += 1)
      rows.push([`stu${index}`, 'prof', 3, `comment ${index} ${'z'.repeat(200)}`]);
    const file = await workbook({ Answers: rows });
    const { outcome, longestGap, elapsed } = await readWhileTicking(file);
    expect(outcome).toHaveLength(5000);
    // ExcelJS's sheet parser read the whole sheet without a tick (0.6-1.7 s, most of the read); now it yields at least
    // every 20 ms.
    expect(longestGap).toBeLessThan(Math.max(elapsed / 4, 100));
  });

  it('refuses a sheet of more row elements than SHEET_MAX_ROWS, blank ones included, quickly', async () => {
    const blanks = Array.from(
      { length: SHEET_MAX_ROWS + 10 },
      (_row, index) => `<row r="${index + 2}"><c r="A${index + 2}" s="1"/></row>`,
    ).join('');
    const last = SHEET_MAX_ROWS + 12;
    const file = handWritten({ rows: `${headerRow}${blanks}<row r="${last}">${inline(`A${last}`, 'stu1')}</row>` });
    const { outcome, longestGap, elapsed } = await readWhileTicking(file);
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe(
      'the sheet holds more than 100,000 rows, blank ones included: delete the empty rows below the responses, ' +
        'or send them as CSV',
    );
    expect(longestGap).toBeLessThan(Math.max(elapsed / 4, 100));
  });

  it('reads only the cells a row holds: an empty cell in the last column (XFD) costs nothing', async () => {
    const rows = Array.from(
      { length: 2000 },
      (_row, index) =>
        `<row r="${index + 2}">${inline(`A${index + 2}`, `stu${index + 1}`)}<c r="XFD${index + 2}" s="1"/></row>`,
    ).join('');
    const file = handWritten({ rows: `${headerRow}${rows}` });
    expect(file.length).toBeLessThan(64 * 1024);
    const heapBefore = process.memoryUsage().heapUsed;
    const records = await collect(readExcelRecords(file));
    // ExcelJS's parser and rowCells made 16,384 cells a row: a 30 KB file exhausted a 1 GB heap.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    expect(records).toHaveLength(2000);
    expect(records[1999]).toEqual({ sourceIdentifier: 2000, values: { respondent_username: 'stu2000', comment: '' } });
  });

  it('refuses a sheet whose XML is cut short, never reading it with rows missing', async () => {
    const rows = Array.from(
      { length: 10 },
      (_row, index) => `<row r="${index + 2}">${inline(`A${index + 2}`, `stu${index + 1}`)}</row>`,
    ).join('');
    const whole = handWritten({ rows: `${headerRow}${rows}` });
    expect(await collect(readExcelRecords(whole))).toHaveLength(10);
    const complete = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow}${rows}`;
    for (const sheet of [
      complete.slice(0, complete.indexOf('<row r="7"')),
      complete.slice(0, complete.indexOf('stu7') + 2),
    ])
      await expect(collect(readExcelRecords(handWritten({ sheet })))).rejects.toThrow(
        /^the file could not be read as an Excel workbook: its sheet \('xl\/worksheets\/sheet1\.xml'\) is not well-formed XML: /,
      );
  });

  it('reads a zero-byte shared-strings part as an empty table', async () => {
    const file = handWritten({ rows: `${headerRow}<row r="2">${inline('A2', 'stu1')}</row>`, sharedStrings: '' });
    expect(await collect(readExcelRecords(file))).toEqual([
      { sourceIdentifier: 1, values: { respondent_username: 'stu1', comment: '' } },
    ]);
  });
});

describe('XLSX regression audit (B5): cell encodings read once and whole', () => {
  /** The records of a sheet of the header and one row of `cells` (row 2). */
  const rowRead = async (cells: string) =>
    collect(readExcelRecords(handWritten({ rows: `${headerRow}<row r="2">${cells}</row>` })));
  const read = (comment: string) => [{ sourceIdentifier: 1, values: { respondent_username: 'stu1', comment } }];

  it('reads inline rich text whole, as ExcelJS streams it without shared strings', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
    const sheet = book.addWorksheet('Answers');
    sheet.addRow(['respondent_username', 'comment']).commit();
    sheet
      .addRow([
        'stu1',
        { richText: [{ text: 'Very good teacher, ' }, { text: 'but talks too fast', font: { bold: true } }] },
      ])
      .commit();
    await book.commit();
    // ExcelJS's sheet parser kept the last run only: 'but talks too fast'.
    expect(await collect(readExcelRecords(Buffer.concat(chunks)))).toEqual(
      read('Very good teacher, but talks too fast'),
    );
    expect(
      await rowRead(
        `${inline('A2', 'stu1')}<c r="B2" t="inlineStr"><is><t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh></is></c>`,
      ),
    ).toEqual(read('漢字'));
  });

  it('decodes _xHHHH_ escapes, in shared strings and inline, and entities only once', async () => {
    expect(await rowRead(`${inline('A2', 'stu1')}${inline('B2', 'line1_x000D_\nline2 _x005F_x000D_')}`)).toEqual(
      read('line1\r\nline2 _x000D_'),
    );
    const shared = handWritten({
      rows: `${headerRow}<row r="2">${inline('A2', 'stu1')}<c r="B2" t="s"><v>0</v></c></row>`,
      sharedStrings:
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>a_x000D_b</t></si></sst>',
    });
    expect(await collect(readExcelRecords(shared))).toEqual(read('a\rb'));
    // "&amp;lt;b&amp;gt;" is the text "&lt;b&gt;": ExcelJS decoded it a second time, to "<b>".
    expect(await rowRead(`${inline('A2', 'stu1')}${inline('B2', '&amp;lt;b&amp;gt; Q&amp;A')}`)).toEqual(
      read('&lt;b&gt; Q&A'),
    );
    expect(await rowRead(`${inline('A2', 'stu1')}<c r="B2" t="str"><f>A1</f><v>&amp;quot;x&amp;quot;</v></c>`)).toEqual(
      read('&quot;x&quot;'),
    );
  });

  it('reads an empty value as blank, a date as written, and a boolean as 1 or 0 whether typed or calculated', async () => {
    const cells = (b: string) => rowRead(`${inline('A2', 'stu1')}${b}`);
    // An empty <v/> read as "NaN"; a t="d" date as "2024"; TRUE as "true", a formula's TRUE as "1".
    expect(await cells('<c r="B2"><v></v></c>')).toEqual(read(''));
    expect(await cells('<c r="B2" t="d"><v>2024-03-15T00:00:00</v></c>')).toEqual(read('2024-03-15T00:00:00'));
    expect(await cells('<c r="B2" t="b"><v>1</v></c>')).toEqual(read('1'));
    expect(await cells('<c r="B2" t="b"><f>1=1</f><v>1</v></c>')).toEqual(read('1'));
    expect(await cells('<c r="B2" t="b"><v>0</v></c>')).toEqual(read('0'));
  });

  it('reads a sheet whose elements carry a prefix, and rows and cells without r, by their order', async () => {
    const prefixed =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>respondent_username</x:t></x:is></x:c>' +
      '<x:c r="B1" t="inlineStr"><x:is><x:t>comment</x:t></x:is></x:c></x:row>' +
      '<x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>stu1</x:t></x:is></x:c>' +
      '<x:c r="B2" t="inlineStr"><x:is><x:t>hi</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>';
    expect(await collect(readExcelRecords(handWritten({ sheet: prefixed })))).toEqual(read('hi'));
    const unnumbered = handWritten({
      rows:
        '<row><c t="inlineStr"><is><t>respondent_username</t></is></c><c t="inlineStr"><is><t>comment</t></is></c></row>' +
        '<row><c t="inlineStr"><is><t>stu1</t></is></c><c t="inlineStr"><is><t>hi</t></is></c></row>',
    });
    expect(await collect(readExcelRecords(unnumbered))).toEqual(read('hi'));
  });
});

describe('XLSX regression audit (B6): parts found through the package relationships', () => {
  const text = (xml: string) => new TextEncoder().encode(xml);
  const relationship = (id: string, kind: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${kind}" Target="${target}"/>`;
  const rels = (...items: string[]) =>
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
  const list =
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheets><sheet name="Answers" sheetId="1" r:id="rId1"/></sheets></workbook>';
  const sheet =
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>` +
    `<row r="2">${inline('A2', 'stu1')}<c r="B2" t="s"><v>2</v></c></row></sheetData></worksheet>`;
  const table =
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<si><t>respondent_username</t></si><si><t>comment</t></si><si><t>shared hi</t></si></sst>';
  const expected = [{ sourceIdentifier: 1, values: { respondent_username: 'stu1', comment: 'shared hi' } }];
  const archive = (entries: Record<string, string>) =>
    Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, xml]) => [name, text(xml)]))));

  it('reads the shared strings the workbook declares, at whatever name, and a target with percent-escapes', async () => {
    const file = archive({
      '_rels/.rels': rels(relationship('rId1', 'officeDocument', 'xl/workbook.xml')),
      'xl/workbook.xml': list,
      'xl/_rels/workbook.xml.rels': rels(
        relationship('rId1', 'worksheet', 'worksheets/Sheet%201.xml'),
        relationship('rId2', 'sharedStrings', 'SharedStrings.xml'),
      ),
      'xl/worksheets/Sheet 1.xml': sheet,
      'xl/SharedStrings.xml': table,
    });
    // Found by fixed name, the table was missed (400: the table holds 0) and the sheet was not found.
    expect(await collect(readExcelRecords(file))).toEqual(expected);
  });

  it('reads a workbook part the package relationships place elsewhere', async () => {
    const file = archive({
      '_rels/.rels': rels(relationship('rId1', 'officeDocument', '/book/main.xml')),
      'book/main.xml': list,
      'book/_rels/main.xml.rels': rels(
        relationship('rId1', 'worksheet', '/book/sheets/one.xml'),
        relationship('rId2', 'sharedStrings', 'strings.xml'),
      ),
      'book/sheets/one.xml': sheet,
      'book/strings.xml': table,
    });
    expect(await collect(readExcelRecords(file))).toEqual(expected);
  });

  it('refuses a Word document, whose main part is declared the same way, as no workbook', async () => {
    const document = archive({
      '_rels/.rels': rels(relationship('rId1', 'officeDocument', 'word/document.xml')),
      'word/document.xml':
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    });
    await expect(collect(readExcelRecords(document))).rejects.toThrow(
      "the file is a ZIP archive but not an XLSX workbook: its main part 'word/document.xml' is no workbook",
    );
  });
});

describe('XLSX upload audit: the sheet read, a file cut short, a formula error named', () => {
  /** A workbook of `sheets` in tab order, each with its visibility, every sheet with rows of its own name. */
  async function withStates(sheets: Array<[string, 'visible' | 'hidden' | 'veryHidden']>): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    for (const [name, state] of sheets) {
      const sheet = book.addWorksheet(name, { state });
      sheet.addRow(['respondent_username', 'comment']);
      sheet.addRow([`from ${name}`, 'x']);
    }
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const readFrom = (name: string) => [
    { sourceIdentifier: 1, values: { respondent_username: `from ${name}`, comment: 'x' } },
  ];

  it('reads the first visible sheet by default, past hidden and very hidden ones; a sheet asked for is read hidden or not', async () => {
    for (const state of ['hidden', 'veryHidden'] as const) {
      const file = await withStates([
        ['Lookup', state],
        ['Responses', 'visible'],
        ['Later', 'visible'],
      ]);
      expect(await zipText(file, 'xl/workbook.xml')).toMatch(
        new RegExp(`<sheet [^>]*name="Lookup"[^>]*state="${state}"`),
      );
      const seen: Array<[string, string[]]> = [];
      expect(await collect(readExcelRecords(file, { onSheet: (read, all) => seen.push([read, all]) }))).toEqual(
        readFrom('Responses'),
      );
      expect(seen).toEqual([['Responses', ['Lookup', 'Responses', 'Later']]]);
      expect(await collect(readExcelRecords(file, { sheetName: 'Lookup' }))).toEqual(readFrom('Lookup'));
      expect(await collect(readExcelRecords(file, { sheetIndex: 1 }))).toEqual(readFrom('Lookup'));
    }
    // The sheet order is the workbook's list (tab order), not the order of the parts in the archive.
    const middle = await withStates([
      ['Hidden one', 'hidden'],
      ['Hidden two', 'veryHidden'],
      ['Third', 'visible'],
    ]);
    expect(await collect(readExcelRecords(middle))).toEqual(readFrom('Third'));
  });

  it('refuses a workbook whose every sheet is hidden when no sheet is asked for, saying how to read one', async () => {
    const file = await withStates([
      ['Lookup', 'hidden'],
      ['Responses', 'veryHidden'],
    ]);
    await expect(collect(readExcelRecords(file))).rejects.toMatchObject({
      name: 'DomainError',
      kind: 'invalid',
      message:
        "the workbook has no visible sheet: its 2 sheets ('Lookup', 'Responses') are all hidden; unhide the " +
        'sheet of responses, or send sheetName or sheetIndex (1-based, in tab order) to read a hidden one',
    });
    expect(await collect(readExcelRecords(file, { sheetName: 'Responses' }))).toEqual(readFrom('Responses'));
  });

  /** Where the ZIP archive's central directory starts, and where its end record does. */
  function directoryOf(file: Buffer): { start: number; end: number } {
    const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(end).toBeGreaterThan(0);
    return { start: file.readUInt32LE(end + 16), end };
  }

  it('refuses a workbook cut short, inside its central directory, its end record or an entry, as damaged or incomplete', async () => {
    const file = await workbook({ Answers: rows1() });
    expect(await collect(readExcelRecords(file))).toHaveLength(1);
    const { start, end } = directoryOf(file);
    expect(file.readUInt32LE(start)).toBe(0x02014b50);
    // Inside an entry (fflate's own 'invalid zip data' before), then inside the directory and the end record.
    const cuts = [
      Math.floor(start / 2),
      start - 1,
      start,
      start + 1,
      start + 46,
      Math.floor((start + end) / 2),
      end - 1,
      end,
      end + 10,
      file.length - 1,
    ];
    for (const cut of cuts)
      await expect(
        collect(readExcelRecords(file.subarray(0, cut))),
        `cut at ${cut} of ${file.length}`,
      ).rejects.toMatchObject({
        name: 'DomainError',
        kind: 'invalid',
        message:
          'the file could not be read as an Excel workbook: it is damaged or incomplete (its ZIP archive ends ' +
          'before the directory of its entries does, as an upload cut short does): save it again and send the ' +
          'whole file',
      });
    // fflate writes its archives otherwise (no data descriptors): cut there too.
    const plain = handWritten({ rows: `${headerRow}<row r="2">${inline('A2', 'stu1')}</row>` });
    const directory = directoryOf(plain);
    await expect(collect(readExcelRecords(plain.subarray(0, directory.end - 5)))).rejects.toThrow(
      /^the file could not be read as an Excel workbook: it is damaged or incomplete/,
    );
  });

  it('refuses an archive whose directory does not list the entries it holds', async () => {
    const file = handWritten({ rows: `${headerRow}<row r="2">${inline('A2', 'stu1')}</row>` });
    const { start, end } = directoryOf(file);
    // The directory without its first entry, and the end record counting one entry fewer: the archive holds 3.
    const firstEntryLength =
      46 + file.readUInt16LE(start + 28) + file.readUInt16LE(start + 30) + file.readUInt16LE(start + 32);
    const record = Buffer.from(file.subarray(end));
    record.writeUInt16LE(record.readUInt16LE(8) - 1, 8);
    record.writeUInt16LE(record.readUInt16LE(10) - 1, 10);
    record.writeUInt32LE(record.readUInt32LE(12) - firstEntryLength, 12);
    const short = Buffer.concat([file.subarray(0, start), file.subarray(start + firstEntryLength, end), record]);
    await expect(collect(readExcelRecords(short))).rejects.toThrow(
      /^the file could not be read as an Excel workbook: it is damaged or incomplete \(its directory lists 2 entries, but the archive holds 3\)/,
    );
    // A directory entry whose signature is not one.
    const garbled = Buffer.from(file);
    garbled.writeUInt32LE(0x12345678, start);
    await expect(collect(readExcelRecords(garbled))).rejects.toThrow(
      'the file could not be read as an Excel workbook: it is damaged or incomplete (the directory of its ZIP ' +
        'archive is damaged): save it again and send the whole file',
    );
  });

  it('names the error a formula gave in the cell, as it names an error typed in one', async () => {
    const file = await workbook({
      Answers: [
        ['a', 'b', 'c'],
        [
          { formula: '1/0', result: { error: '#DIV/0!' } },
          { formula: 'A9', result: { error: '#REF!' } },
          { error: '#N/A' },
        ],
      ],
    });
    expect(await collect(readExcelRecords(file))).toEqual([
      {
        sourceIdentifier: 1,
        values: { a: '', b: '', c: '' },
        cellProblems: {
          a: "holds a formula whose result is the error '#DIV/0!'",
          b: "holds a formula whose result is the error '#REF!'",
          c: "holds the error '#N/A'",
        },
      },
    ]);
    // Written by hand: an error cell with a formula and no value is a formula never calculated, one with an
    // empty value an error the file does not name.
    const handMade = handWritten({
      rows:
        `${headerRow}<row r="2">${inline('A2', 'stu1')}` +
        '<c r="B2" t="e"><f>1/0</f><v> #DIV/0! </v></c></row>' +
        `<row r="3">${inline('A3', 'stu2')}<c r="B3" t="e"><f>1/0</f><v></v></c></row>` +
        `<row r="4">${inline('A4', 'stu3')}<c r="B4" t="e"><f>1/0</f></c></row>`,
    });
    expect((await collect(readExcelRecords(handMade))).map((record) => record.cellProblems?.comment)).toEqual([
      "holds a formula whose result is the error '#DIV/0!'",
      'holds a formula whose result is an error',
      'holds a formula with no saved value (open the file in a spreadsheet program and save it)',
    ]);
  });
});

/** The text of one entry of a ZIP archive. */
async function zipText(file: Buffer, entry: string): Promise<string> {
  return (await JSZip.loadAsync(file)).file(entry)!.async('string');
}

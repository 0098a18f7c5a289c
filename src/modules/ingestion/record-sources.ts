import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { SaxesParser } from 'saxes';
import { invalid } from '../../common/errors/domain-error.js';
import { normalizeHeaders } from './headers.js';
import { excerpt, sanitisedMessage } from './upload-content.js';
import { inflatedEntry, malformedPart, unreadableWorkbook } from './workbook-archive.js';
import { relationships, targetEntry, workbookPackage, xmlElements, type WorkbookPackage } from './workbook-package.js';
import { inSlices, localName, unescapedText, worksheetRows, type SheetRow } from './worksheet-rows.js';

/** One data row of an uploaded file, keyed by normalised header. `sourceIdentifier` counts data rows from 1. */
export interface SourceRecord {
  sourceIdentifier: number;
  values: Record<string, string>;
  /** What is wrong with the row as a whole (a CSV row with more cells than the header): the row fails with it. */
  problem?: string;
  /**
   * Cells that hold no value to read (an Excel error, a formula never calculated), by column; their `values`
   * are empty. A row fails naming them when it uses the column.
   */
  cellProblems?: Record<string, string>;
  /** What the row's error should add to explain it (a CSV row with fewer cells than the header). */
  note?: string;
}

export interface CsvReadOptions {
  /** Field delimiter; detected from the header line when absent (see `chooseDelimiter`). */
  delimiter?: string;
  quote?: string;
  escape?: string;
  /** Record separator (line ending); detected when absent. */
  separator?: string;
  /** Called once with the normalised header row, before the first record. */
  onHeaders?: (headers: string[]) => void;
}

export interface ExcelReadOptions {
  sheetName?: string;
  /** 1-based position of the sheet in the workbook. */
  sheetIndex?: number;
  /** Called once with the normalised header row, before the first record. */
  onHeaders?: (headers: string[]) => void;
  /** Called once with the name of the sheet read and the names of all sheets, in tab order. */
  onSheet?: (read: string, sheets: string[]) => void;
}

/** A blank line or a row whose every cell is empty is not a data row and gets no sourceIdentifier. */
function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

function toRecord(headers: readonly string[], cells: readonly string[], sourceIdentifier: number): SourceRecord {
  const values: Record<string, string> = {};
  headers.forEach((header, index) => {
    values[header] = (cells[index] ?? '').trim();
  });
  return { sourceIdentifier, values };
}

/**
 * A CSV row whose cell count differs from the header's. More cells, with text beyond the header's, is nearly
 * always an unquoted delimiter in a comment, which would otherwise cut the comment short without a word: the
 * row fails. Blank cells beyond the header's lose nothing and are read as usual (some writers end every line
 * with a delimiter). Fewer cells are read as blank, because writers drop a line's empty trailing cells (Excel
 * does on some rows); if the row then fails, its error says it was short.
 */
function csvRecord(
  headers: readonly string[],
  cells: readonly string[],
  sourceIdentifier: number,
  format: { delimiter: string; quote: string },
): SourceRecord {
  const record = toRecord(headers, cells, sourceIdentifier);
  const counts = `the row has ${cells.length} cells where the header has ${headers.length}`;
  if (cells.length > headers.length && !isBlank(cells.slice(headers.length))) {
    const { delimiter, quote } = format;
    return {
      ...record,
      problem:
        `${counts}: a comment (or any cell) holding the delimiter (${delimiter === '\t' ? 'a tab' : `'${delimiter}'`}) ` +
        `must be in quotes (${quote}…${quote})`,
    };
  }
  return cells.length < headers.length ? { ...record, note: counts } : record;
}

/** Delimiters a spreadsheet writes, by locale and habit: detected when no delimiter is given. */
const DELIMITER_CANDIDATES = [',', ';', '\t', '|'] as const;
const DEFAULT_DELIMITER = ',';

/** The file's first line (from its first 64 KB), without a byte-order mark. */
function firstLine(file: Buffer, separator: string | undefined): string {
  const text = file
    .subarray(0, 64 * 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const end = separator ? text.indexOf(separator) : text.search(/\r\n|\n|\r/);
  return end === -1 ? text : text.slice(0, end);
}

/** How often each candidate delimiter occurs in `line`, outside quoted text. */
function delimiterCounts(line: string, quote: string): Map<string, number> {
  const counts = new Map<string, number>(DELIMITER_CANDIDATES.map((candidate) => [candidate, 0]));
  let quoted = false;
  for (const char of line) {
    if (char === quote) quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return counts;
}

export interface DelimiterChoice {
  delimiter: string;
  /** True when no delimiter was given and the header line showed one. */
  detected: boolean;
}

/**
 * The delimiter to read a CSV file with: the one given, else the candidate (`,` `;` tab `|`) found most often
 * in the header line, when it occurs strictly more often than each other one; else `,`. A header line where two
 * candidates tie is ambiguous, and the default is kept rather than a guess.
 */
export function chooseDelimiter(
  file: Buffer,
  options: Pick<CsvReadOptions, 'delimiter' | 'quote' | 'separator'>,
): DelimiterChoice {
  if (options.delimiter !== undefined) return { delimiter: options.delimiter, detected: false };
  const ranked = [...delimiterCounts(firstLine(file, options.separator), options.quote ?? '"')].sort(
    (a, b) => b[1] - a[1],
  );
  const [best, second] = ranked;
  if (best && best[1] > 0 && best[1] > (second?.[1] ?? 0)) return { delimiter: best[0], detected: true };
  return { delimiter: DEFAULT_DELIMITER, detected: false };
}

const delimiterName = (delimiter: string) => (delimiter === '\t' ? 'tabs' : `'${delimiter}'`);
const delimiterField = (delimiter: string) =>
  delimiter === '\t' ? 'delimiter as one tab character' : `delimiter='${delimiter}'`;

/**
 * When the header line holds another candidate more often than the delimiter used, the advice to send it: the
 * usual cause of a CSV that will not parse, or that parses into one column.
 */
function delimiterAdvice(line: string, used: string, quote: string): string {
  const counts = delimiterCounts(line, quote);
  // A delimiter that is no candidate (`:`) is counted on its own.
  const usedCount = counts.get(used) ?? line.split(used).length - 1;
  const [better] = [...counts]
    .filter(([candidate, count]) => candidate !== used && count > usedCount)
    .sort((a, b) => b[1] - a[1]);
  return better
    ? `; the first line looks separated by ${delimiterName(better[0])}: send ${delimiterField(better[0])}`
    : '';
}

/** csv-parse's reason in our words: its own message quotes the field being read, which may be any bytes. */
function csvProblem(error: CsvError, quote: string): string {
  const line = typeof error.lines === 'number' ? ` at line ${error.lines}` : '';
  const field = typeof error.column === 'number' ? ` in field ${error.column + 1}` : '';
  switch (error.code) {
    case 'INVALID_OPENING_QUOTE':
      return `a quote (${quote}) opens${field}${line} after other text in the field`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `a closing quote (${quote})${line} is followed by text instead of the delimiter or the end of the line`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quote (${quote}) opened before the end of the file${line} is never closed`;
    case 'CSV_MAX_RECORD_SIZE':
      return `a record${line} is too large`;
    default:
      return `${error.code.toLowerCase().replace(/^csv_/, '').replaceAll('_', ' ')}${line}`;
  }
}

/** A record separator or line ending as it is written in code: `'\r\n'`. */
const written = (text: string) => `'${JSON.stringify(text).slice(1, -1)}'`;

/**
 * With a record separator given: a line break outside quotes before the first separator, which would fold the
 * lines after it into the header (the required columns are still found there, so the file would read as a
 * header and no rows). A line ending that holds the separator (`\r\n` for `\n`) ends the header as it should.
 * Answers the refusal, or undefined.
 */
function headerOverLineBreak(file: Buffer, separator: string, quote: string): string | undefined {
  const text = file.subarray(0, 64 * 1024).toString('utf8');
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (char === quote) quoted = !quoted;
    if (quoted || char === quote) continue;
    if (text.startsWith(separator, index)) return undefined;
    if (char !== '\n' && char !== '\r') continue;
    const ending = text.startsWith('\r\n', index) ? '\r\n' : char;
    if (ending.includes(separator)) return undefined;
    return (
      `the header row runs over a line break: the file's lines end with ${written(ending)}, not with the ` +
      `separator sent (${written(separator)}), so every row would be read as part of the header; send ` +
      `separator=${written(ending)}, or no separator to have it detected`
    );
  }
  return undefined;
}

/** Streams the records of a CSV file (a UTF-8 byte-order mark is dropped). */
export async function* readCsvRecords(file: Buffer, options: CsvReadOptions = {}): AsyncGenerator<SourceRecord> {
  const quote = options.quote ?? '"';
  const { delimiter } = chooseDelimiter(file, options);
  const swallowed = options.separator ? headerOverLineBreak(file, options.separator, quote) : undefined;
  if (swallowed) throw invalid(swallowed);
  const advice = () => delimiterAdvice(firstLine(file, options.separator), delimiter, quote);
  const parser = parse({
    bom: true,
    delimiter,
    quote,
    escape: options.escape ?? '"',
    ...(options.separator ? { record_delimiter: options.separator } : {}),
    relax_column_count: true,
    skip_empty_lines: true,
  });
  Readable.from([file]).pipe(parser);
  let headers: string[] | undefined;
  let ordinal = 0;
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      if (!headers) {
        headers = normalizeHeaders(row);
        const hint = headers.length === 1 ? advice() : '';
        if (hint) throw invalid(`the header row of the file has one column${hint}`);
        options.onHeaders?.(headers);
        continue;
      }
      if (isBlank(row)) continue;
      ordinal += 1;
      yield csvRecord(headers, row, ordinal, { delimiter, quote });
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw invalid(`the file could not be read as CSV: ${csvProblem(error, quote)}${advice()}`);
    throw error;
  }
  if (!headers) throw invalid('the file has no header row');
}

/** A row of a sheet as a record: the cells under the header's columns; the others are not read. */
function excelRecord(headers: readonly string[], row: SheetRow, sourceIdentifier: number): SourceRecord {
  const record = toRecord(
    headers,
    headers.map((_header, column) => row.get(column)?.text ?? ''),
    sourceIdentifier,
  );
  const cellProblems: Record<string, string> = {};
  headers.forEach((header, column) => {
    const problem = row.get(column)?.problem;
    if (problem) cellProblems[header] = problem;
  });
  return Object.keys(cellProblems).length > 0 ? { ...record, cellProblems } : record;
}

/** A row with no text and no problem in any cell, under the header's columns or beyond: skipped, not numbered. */
const isBlankRow = (row: SheetRow) => [...row.values()].every((cell) => !cell.problem && cell.text.trim() === '');

/** The header row's texts, up to its last cell that holds any. */
function headerTexts(row: SheetRow): string[] {
  const last = Math.max(-1, ...[...row].filter(([, cell]) => cell.text.trim() !== '').map(([column]) => column));
  return Array.from({ length: last + 1 }, (_text, column) => row.get(column)?.text ?? '');
}

/** Sheets named in a message: a workbook may have many, and a message stays one line. */
const SHEETS_NAMED = 10;

/** Sheet names for a message: the first ten, quoted, and how many more there are. */
export function namedSheets(names: readonly string[]): string {
  const more = names.length > SHEETS_NAMED ? ` and ${names.length - SHEETS_NAMED} more` : '';
  return `${names.slice(0, SHEETS_NAMED).map(excerpt).join(', ')}${more}`;
}

/** Errors of the JavaScript engine: their messages are about our process, not the file, and are never quoted. */
const ENGINE_ERRORS = [RangeError, TypeError, ReferenceError, SyntaxError, EvalError, URIError];

/** A failure while reading a workbook, as its refusal: the cause's message unless it is the engine's own. */
const workbookFailure = (cause: unknown) =>
  unreadableWorkbook(
    cause instanceof Error && !ENGINE_ERRORS.some((kind) => cause instanceof kind)
      ? sanitisedMessage(cause.message)
      : 'it is damaged, or more than this reader can take',
  );

/** A sheet as the workbook lists it, in tab order (ExcelJS's shape for `WorkbookReader.model.sheets`). */
interface WorkbookSheet {
  id: number;
  name: string;
  rId: string;
  state: string;
}

/** The sheets of a workbook in tab order, from its workbook part (`xl/workbook.xml`). The `r:id` attribute may carry any prefix. */
function workbookSheets(parts: WorkbookPackage): WorkbookSheet[] {
  try {
    return xmlElements(parts.list.toString('utf8'), 'sheet').map((attributes, index) => {
      const rId = Object.entries(attributes).find(([key]) => key === 'id' || key.endsWith(':id'))?.[1] ?? '';
      return {
        id: Number(attributes.sheetId ?? index + 1),
        name: attributes.name ?? '',
        rId,
        state: attributes.state ?? 'visible',
      };
    });
  } catch (error) {
    throw workbookFailure(error);
  }
}

/** Sheet states that keep a sheet's tab out of sight (`state` of `<sheet>`; absent, it is `visible`). */
const HIDDEN_STATES: ReadonlySet<string> = new Set(['hidden', 'veryHidden']);

/**
 * The sheet read when none is asked for: the first in tab order whose tab a user sees. A hidden sheet first in
 * the list (a lookup table, a template's notes) is not what the user sees on opening the file; a workbook whose
 * every sheet is hidden is refused rather than read at a guess.
 */
function firstVisibleSheet(sheets: readonly WorkbookSheet[]): WorkbookSheet | undefined {
  const visible = sheets.find((sheet) => !HIDDEN_STATES.has(sheet.state));
  if (visible || sheets.length === 0) return visible;
  const names = namedSheets(sheets.map((sheet) => sheet.name));
  const all = sheets.length === 1 ? `its 1 sheet (${names}) is` : `its ${sheets.length} sheets (${names}) are all`;
  throw invalid(
    `the workbook has no visible sheet: ${all} hidden; unhide the sheet of responses, or send sheetName or ` +
      'sheetIndex (1-based, in tab order) to read a hidden one',
  );
}

/** The entry that holds `sheet`, by its relationship in the workbook's relationships; undefined when none does. */
function sheetEntry(parts: WorkbookPackage, sheet: WorkbookSheet): string | undefined {
  if (!parts.relationships) return undefined;
  const target = relationships(parts.relationships, parts.workbookEntry).find(
    (relationship) => relationship.Id === sheet.rId,
  )?.Target;
  if (target === undefined) return undefined;
  const path = targetEntry(parts.workbookEntry, target);
  return parts.names.has(path) ? path : undefined;
}

const utf8 = () => new TextDecoder('utf-8', { fatal: true });

/** Text of a part that is not UTF-8 would be read with U+FFFD for its letters: refused, like such a CSV file. */
const notUtf8 = (entry: string) => unreadableWorkbook(`its entry ${excerpt(entry)} is not UTF-8 text`);

/**
 * The shared-strings table: the text of each `<si>`, its runs (`<r><t>`) joined, phonetic guides (`<rPh>`)
 * left out, `_xHHHH_` escapes decoded. Parsed in full, and to its end, before any sheet is read: a table that is not well-formed XML
 * (a `&#0;` reference, which no XML may hold, a string cut short) refuses the workbook, since every cell that
 * refers to it would otherwise be read without its text.
 */
async function sharedStringsTable(parts: WorkbookPackage): Promise<string[]> {
  // A zero-byte part is an empty table, as ExcelJS's reader took it: a workbook of inline text may carry one.
  if (!parts.sharedStrings || parts.sharedStrings.length === 0) return [];
  const entry = parts.sharedStringsEntry;
  let xml: string;
  try {
    xml = utf8().decode(parts.sharedStrings);
  } catch {
    throw notUtf8(entry);
  }
  const table: string[] = [];
  let item: string[] | undefined;
  let text: string[] | undefined;
  let phonetic = 0;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') item = [];
    else if (name === 'rPh') phonetic += 1;
    else if (name === 't' && item && phonetic === 0) text = [];
  });
  parser.on('text', (value) => text?.push(value));
  parser.on('cdata', (value) => text?.push(value));
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si' && item) {
      table.push(unescapedText(item.join('')));
      item = undefined;
    } else if (name === 'rPh') phonetic -= 1;
    else if (name === 't' && text) {
      item?.push(text.join(''));
      text = undefined;
    }
  });
  try {
    for await (const slice of inSlices([xml])) parser.write(slice);
    parser.close();
  } catch (error) {
    throw malformedPart(`its shared strings (${entry}) are`, error);
  }
  return table;
}

/** The sheet's XML as text, decoded as it is inflated (a character split between two chunks stays whole). */
async function* sheetText(file: Buffer, entry: string): AsyncGenerator<string> {
  const decoder = utf8();
  try {
    for await (const chunk of inflatedEntry(file, entry)) yield decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) throw notUtf8(entry);
    throw error;
  }
}

/**
 * Streams the records of one sheet of an XLSX workbook: the one named `sheetName`, the `sheetIndex`-th in tab
 * order (hidden sheets counted, as the workbook lists them), or the first visible one. A first pass over the
 * archive bounds what it expands to (refusing a workbook over `WORKBOOK_MAX_ENTRY_BYTES` an entry or
 * `WORKBOOK_MAX_TOTAL_BYTES` in all, workbook-archive.ts), checks its directory is whole, and keeps the sheet
 * list, the relationships and the shared strings; the sheet is then inflated and parsed as it streams.
 *
 * ExcelJS's WorkbookReader is not used: it walks the archive with unzipper, whose Parse stream emits 'end' as
 * soon as it has read the archive's last byte, while entries it has already pushed still wait in its buffer.
 * ExcelJS stops at that 'end', so the entries after the one it was busy with (spooling a worksheet that comes
 * before the shared strings to a temporary file) were dropped or not as the timing fell: the same bytes were
 * read with the shared strings (and their errors), or without them, every cell that refers to them blank.
 * Here the order of the entries and the timing decide nothing. The sheet's XML is parsed by our own streaming
 * parser (worksheet-rows.ts), not ExcelJS's internal one: that one let the event loop wait for the whole sheet,
 * created every cell up to the last column a row names (`<c r="XFD2"/>`: 16,384 a row, the heap exhausted), read
 * a sheet cut short as complete, and kept only the last run of inline rich text.
 */
export async function* readExcelRecords(file: Buffer, options: ExcelReadOptions = {}): AsyncGenerator<SourceRecord> {
  const parts = await workbookPackage(file);
  const sheets = workbookSheets(parts);
  const wanted =
    options.sheetName !== undefined
      ? sheets.find((sheet) => sheet.name === options.sheetName)
      : options.sheetIndex !== undefined
        ? sheets[options.sheetIndex - 1]
        : firstVisibleSheet(sheets);
  if (!wanted)
    throw invalid(
      `the workbook has no sheet ${options.sheetName !== undefined ? `named '${options.sheetName}'` : `#${options.sheetIndex ?? 1}`}`,
    );
  options.onSheet?.(
    wanted.name,
    sheets.map((sheet) => sheet.name),
  );
  const entry = sheetEntry(parts, wanted);
  if (entry === undefined)
    throw invalid(`the workbook lists sheet ${excerpt(wanted.name)} but holds no worksheet for it`);
  const table = await sharedStringsTable(parts);
  let headers: string[] | undefined;
  let ordinal = 0;
  for await (const row of worksheetRows(sheetText(file, entry), table, entry)) {
    if (!headers) {
      const texts = headerTexts(row);
      if (texts.length === 0) continue;
      headers = normalizeHeaders(texts);
      options.onHeaders?.(headers);
      continue;
    }
    if (isBlankRow(row)) continue;
    ordinal += 1;
    yield excelRecord(headers, row, ordinal);
  }
  if (!headers) throw invalid('the sheet has no header row');
}

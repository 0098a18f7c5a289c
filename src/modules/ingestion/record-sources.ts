import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { invalid } from '../../common/errors/domain-error.js';
import { normalizeHeaders } from './headers.js';

/** One data row of an uploaded file, keyed by normalised header. `sourceIdentifier` counts data rows from 1. */
export interface SourceRecord {
  sourceIdentifier: number;
  values: Record<string, string>;
}

export interface CsvReadOptions {
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

/** Streams the records of a CSV file (a UTF-8 byte-order mark is dropped). */
export async function* readCsvRecords(
  input: Buffer | Readable,
  options: CsvReadOptions = {},
): AsyncGenerator<SourceRecord> {
  const parser = parse({
    bom: true,
    delimiter: options.delimiter ?? ',',
    quote: options.quote ?? '"',
    escape: options.escape ?? '"',
    ...(options.separator ? { record_delimiter: options.separator } : {}),
    relax_column_count: true,
    skip_empty_lines: true,
  });
  const source = Buffer.isBuffer(input) ? Readable.from([input]) : input;
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let headers: string[] | undefined;
  let ordinal = 0;
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      if (!headers) {
        headers = normalizeHeaders(row);
        options.onHeaders?.(headers);
        continue;
      }
      if (isBlank(row)) continue;
      ordinal += 1;
      yield toRecord(headers, row, ordinal);
    }
  } catch (error) {
    if (error instanceof CsvError) throw invalid(`the file could not be read as CSV: ${error.message}`);
    throw error;
  }
  if (!headers) throw invalid('the file has no header row');
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || result === null || typeof result === 'object' ? '' : String(result);
  }
  if ('hyperlink' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

function rowCells(row: ExcelJS.Row): string[] {
  // ExcelJS rows are 1-based: values[0] is always empty.
  const values = Array.isArray(row.values) ? row.values.slice(1) : [];
  return Array.from(values, (value) => cellText(value as ExcelJS.CellValue));
}

const unreadableWorkbook = (cause: unknown) =>
  invalid(`the file could not be read as an Excel workbook: ${cause instanceof Error ? cause.message : String(cause)}`);

/** A sheet as the workbook lists it, in tab order (ExcelJS's shape for `WorkbookReader.model.sheets`). */
interface WorkbookSheet {
  id: number;
  name: string;
  rId: string;
  state: string;
}

function xmlElements(xml: string, localName: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    if (name === localName) found.push({ ...(tag.attributes as Record<string, string>) });
  });
  parser.write(xml).close();
  return found;
}

/**
 * The sheets of a workbook in tab order, read from `xl/workbook.xml` through the zip's central directory
 * (nothing else is decompressed). The `r:id` attribute may carry any namespace prefix.
 */
async function workbookSheets(file: Buffer): Promise<WorkbookSheet[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file);
  } catch (error) {
    throw unreadableWorkbook(error);
  }
  const entry = zip.file('xl/workbook.xml');
  if (!entry) throw unreadableWorkbook('it has no xl/workbook.xml');
  try {
    return xmlElements(await entry.async('string'), 'sheet').map((attributes, index) => {
      const rId = Object.entries(attributes).find(([key]) => key === 'id' || key.endsWith(':id'))?.[1] ?? '';
      return {
        id: Number(attributes.sheetId ?? index + 1),
        name: attributes.name ?? '',
        rId,
        state: attributes.state ?? 'visible',
      };
    });
  } catch (error) {
    throw unreadableWorkbook(error);
  }
}

/**
 * Streams the records of one sheet of an XLSX workbook: the one named `sheetName`, the `sheetIndex`-th in tab
 * order, or the first. Rows are read as they are unzipped, so the workbook is never held as a whole.
 *
 * ExcelJS's streaming reader names a worksheet from `xl/workbook.xml` if it has met that entry already, and
 * fails on a worksheet that comes after the shared strings but before `xl/workbook.xml` in the zip (an order
 * some writers, ExcelJS's own included, produce). The sheet list is therefore read first, from the central
 * directory, and handed to the reader, so names and tab positions never depend on the order of the entries.
 */
export async function* readExcelRecords(file: Buffer, options: ExcelReadOptions = {}): AsyncGenerator<SourceRecord> {
  const sheets = await workbookSheets(file);
  const wanted =
    options.sheetName !== undefined
      ? sheets.find((sheet) => sheet.name === options.sheetName)
      : sheets[(options.sheetIndex ?? 1) - 1];
  if (!wanted)
    throw invalid(
      `the workbook has no sheet ${options.sheetName !== undefined ? `named '${options.sheetName}'` : `#${options.sheetIndex ?? 1}`}`,
    );
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  (reader as unknown as { model: { sheets: WorkbookSheet[] } }).model = { sheets };
  let found = false;
  try {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name?: string }).name;
      if (name !== wanted.name || found) {
        // Read other sheets through: ExcelJS may have spooled them to temporary files it removes afterwards.
        for await (const row of worksheet) void row;
        continue;
      }
      found = true;
      let headers: string[] | undefined;
      let ordinal = 0;
      for await (const row of worksheet) {
        const cells = rowCells(row);
        if (!headers) {
          if (isBlank(cells)) continue;
          headers = normalizeHeaders(cells);
          options.onHeaders?.(headers);
          continue;
        }
        if (isBlank(cells)) continue;
        ordinal += 1;
        yield toRecord(headers, cells, ordinal);
      }
      if (!headers) throw invalid('the sheet has no header row');
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') throw error;
    throw unreadableWorkbook(error);
  }
  if (!found) throw invalid(`the workbook lists sheet '${wanted.name}' but holds no worksheet for it`);
}

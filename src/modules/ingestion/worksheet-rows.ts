import { setImmediate as nextTurn } from 'node:timers/promises';
import { SaxesParser } from 'saxes';
import { invalid } from '../../common/errors/domain-error.js';
import { excerpt } from './upload-content.js';
import { malformedPart, unreadableWorkbook as unreadable } from './workbook-archive.js';

/** A cell of a sheet: its text, or, for a cell that holds no value to read, why. */
export interface CellReading {
  text: string;
  problem?: string;
}

/** The cells of one `<row>` that hold text or a problem, by 0-based column; empty cells are not kept. */
export type SheetRow = ReadonlyMap<number, CellReading>;

/**
 * Row elements a sheet may hold, blank ones included. A sheet is read to its end (a sheet cut short is refused),
 * so rows that hold no value cost work too: 1.5 million styled blank rows (`<row><c s="1"/></row>`, a 6 MB
 * upload) took 15 s. Counting every row element bounds that work; 100,000 is twenty times the 5,000 records an
 * upload may hold.
 */
export const SHEET_MAX_ROWS = 100_000;
/** Excel's last column, XFD. */
const SHEET_MAX_COLUMNS = 16_384;
/** Characters handed to the XML parser at a time, and the longest it parses between two yields to the event loop. */
const SLICE_CHARS = 64 * 1024;
const MILLISECONDS_BETWEEN_YIELDS = 20;

/**
 * `text` in slices of at most 64 K characters (a character outside the Basic Multilingual Plane kept whole),
 * yielding to the event loop once 20 ms have passed since the last yield, the caller's work on each slice
 * included: an XML parser fed so never holds the event loop for long.
 */
export async function* inSlices(text: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
  let lastYield = performance.now();
  for await (const chunk of text) {
    for (let start = 0; start < chunk.length;) {
      let end = Math.min(start + SLICE_CHARS, chunk.length);
      if (end < chunk.length && /[\uD800-\uDBFF]/.test(chunk.charAt(end - 1))) end += 1;
      yield chunk.slice(start, end);
      start = end;
      if (performance.now() - lastYield >= MILLISECONDS_BETWEEN_YIELDS) {
        await nextTurn();
        lastYield = performance.now();
      }
    }
  }
}

/** The element's name without its namespace prefix (`x:c` as written by the OpenXML SDK is `c`). */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Text as SpreadsheetML escapes it: `_x000D_` is a carriage return (XML would turn a literal one into a line
 * feed), and `_x005F_` an underscore, so `_x005F_x000D_` is the text `_x000D_`.
 */
export function unescapedText(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_escape, code: string) => String.fromCharCode(parseInt(code, 16)))
    : text;
}

/** The 0-based column of a cell reference (`B7`, any case), or undefined when it names no cell of a sheet. */
function referencedColumn(reference: string): number | undefined {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(reference)?.[1];
  if (letters === undefined) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column <= SHEET_MAX_COLUMNS ? column - 1 : undefined;
}

interface OpenCell {
  column: number;
  type: string;
  formula: boolean;
  value?: string;
  inline?: string[];
}

const NO_SAVED_VALUE = 'holds a formula with no saved value (open the file in a spreadsheet program and save it)';
/** A formula's saved result that is an error names it (`#DIV/0!`), so the row's error says which one. */
const formulaError = (value: string) =>
  value.trim() === ''
    ? 'holds a formula whose result is an error'
    : `holds a formula whose result is the error ${excerpt(value.trim())}`;

/** A number as JavaScript writes it (`1E-3` is `0.001`); text that is no number is kept as it is. */
function numberText(value: string): string {
  const text = value.trim();
  const number = Number(text);
  return text !== '' && Number.isFinite(number) ? String(number) : text;
}

/** A boolean is read as 1 or 0, the way a YES_NO answer is written, whether typed or a formula's result. */
const booleanText = (value: string) => (value.trim() === '1' || value.trim().toLowerCase() === 'true' ? '1' : '0');

function sharedString(table: readonly string[], value: string): string {
  const index = /^\s*(\d+)\s*$/.exec(value)?.[1];
  const text = index === undefined ? undefined : table[Number(index)];
  if (text === undefined)
    throw unreadable(
      `a cell refers to shared string ${excerpt(index ?? value)} (counting from 0), but the workbook's ` +
        `shared-strings table holds ${table.length}`,
    );
  return text;
}

/**
 * What a cell holds: its value by its type (`t`), or a formula's saved result. A cell that holds an error, or a
 * formula whose result is an error or that was never calculated, has no value to read, and says why.
 */
function cellReading(cell: OpenCell, table: readonly string[]): CellReading {
  const value = cell.value;
  if (cell.formula) {
    if (value === undefined) return { text: '', problem: NO_SAVED_VALUE };
    if (cell.type === 'e') return { text: '', problem: formulaError(value) };
    if (cell.type === 'str' || cell.type === 'inlineStr') return { text: unescapedText(value) };
    if (cell.type === 'b') return { text: booleanText(value) };
    if (cell.type === 's') return { text: sharedString(table, value) };
    return { text: cell.type === 'd' ? value.trim() : numberText(value) };
  }
  switch (cell.type) {
    case 'inlineStr':
      return { text: unescapedText(cell.inline?.join('') ?? value ?? '') };
    case 's':
      return { text: value === undefined ? '' : sharedString(table, value) };
    case 'str':
      return { text: unescapedText(value ?? '') };
    case 'e':
      return value === undefined || value.trim() === ''
        ? { text: '' }
        : { text: '', problem: `holds the error ${excerpt(value.trim())}` };
    case 'b':
      return { text: value === undefined || value.trim() === '' ? '' : booleanText(value) };
    case 'd':
      // An ISO 8601 date, as the cell holds it.
      return { text: (value ?? '').trim() };
    default:
      return { text: numberText(value ?? '') };
  }
}

/**
 * Streams the rows of a worksheet's XML (`text`, as it is inflated and decoded), each with the cells that hold
 * text or a problem. Elements are matched by local name, so any namespace prefix is read; a cell's column is its
 * reference (`r`), or the one after the previous cell's when it has none (rows are counted by order, never by
 * their `r`). Only the parts of a cell that carry its value are read: `<v>`, `<f>` (that it is a formula), and
 * for inline text `<is>`, its runs' `<t>` joined and phonetic guides (`<rPh>`) left out. Each value is decoded
 * once, by the XML parser, then its `_xHHHH_` escapes.
 *
 * The XML is parsed a slice at a time, yielding to the event loop at least every 20 ms, so a large sheet never
 * stalls other requests; it must be well-formed to its end (a sheet cut short after a row is refused, never read
 * with its last rows missing), and hold at most `SHEET_MAX_ROWS` row elements.
 */
export async function* worksheetRows(
  text: AsyncIterable<string>,
  table: readonly string[],
  entry: string,
): AsyncGenerator<SheetRow> {
  const ready: SheetRow[] = [];
  let inSheetData = false;
  let rows = 0;
  let row: Map<number, CellReading> | undefined;
  let nextColumn = 0;
  let cell: OpenCell | undefined;
  let inInline = false;
  let phonetic = 0;
  let capture: string[] | undefined;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const attributes = tag.attributes as Record<string, string>;
    if (name === 'sheetData') inSheetData = true;
    else if (name === 'row' && inSheetData) {
      rows += 1;
      if (rows > SHEET_MAX_ROWS)
        throw invalid(
          `the sheet holds more than ${SHEET_MAX_ROWS.toLocaleString('en')} rows, blank ones included: delete the ` +
            'empty rows below the responses, or send them as CSV',
        );
      row = new Map();
      nextColumn = 0;
    } else if (name === 'c' && row) {
      const reference = attributes.r;
      const column = reference === undefined ? nextColumn : referencedColumn(reference);
      if (column === undefined || column >= SHEET_MAX_COLUMNS)
        throw unreadable(`a cell's reference ${excerpt(reference ?? '')} names no cell of a sheet`);
      cell = { column, type: attributes.t ?? 'n', formula: false };
      nextColumn = column + 1;
    } else if (!cell) return;
    else if (name === 'f') cell.formula = true;
    else if (name === 'v' && !inInline) capture = [];
    else if (name === 'is') {
      inInline = true;
      cell.inline = [];
    } else if (name === 'rPh') phonetic += 1;
    else if (name === 't' && inInline && phonetic === 0) capture = [];
  });
  const onText = (value: string) => capture?.push(value);
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'sheetData') inSheetData = false;
    else if (name === 'row' && row) {
      ready.push(row);
      row = undefined;
    } else if (!cell) return;
    else if (name === 'c') {
      const reading = cellReading(cell, table);
      if (reading.text !== '' || reading.problem) row?.set(cell.column, reading);
      cell = undefined;
      inInline = false;
      phonetic = 0;
      capture = undefined;
    } else if (name === 'v' && capture) {
      cell.value = capture.join('');
      capture = undefined;
    } else if (name === 'is') inInline = false;
    else if (name === 'rPh') phonetic -= 1;
    else if (name === 't' && capture) {
      cell.inline?.push(capture.join(''));
      capture = undefined;
    }
  });
  const parse = (write: () => void) => {
    try {
      write();
    } catch (error) {
      if (error instanceof Error && error.name === 'DomainError') throw error;
      throw malformedPart(`its sheet (${excerpt(entry)}) is`, error);
    }
  };
  for await (const slice of inSlices(text)) {
    parse(() => parser.write(slice));
    yield* ready.splice(0);
  }
  parse(() => parser.close());
  yield* ready.splice(0);
}

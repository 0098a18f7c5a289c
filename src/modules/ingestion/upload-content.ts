import { isUtf8 } from 'node:buffer';
import { invalid } from '../../common/errors/domain-error.js';

/**
 * What an uploaded file is, told from its bytes, and how its content may appear in an error message. A message
 * never carries raw bytes of the file: at most a short excerpt of text with anything unprintable replaced.
 */

export type UploadFormat = 'csv' | 'xlsx';

const EXCERPT_LENGTH = 40;
/**
 * Controls (C0, DEL, C1), format characters (bidirectional overrides that reorder a message, zero-width marks,
 * a byte-order mark), private-use and lone surrogate code points, and the replacement character of bytes that
 * were not UTF-8.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\uFFFD]/gu;

/** `text` quoted for a message: unprintable characters become `?`, and at most 40 characters are kept. */
export function excerpt(text: string): string {
  const printable = text.replace(UNPRINTABLE, '?');
  const chars = [...printable];
  return `'${chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('')}…` : printable}'`;
}

/** A library's message about the file, which may quote it: unprintable characters dropped, 200 characters at most. */
export function sanitisedMessage(message: string): string {
  const printable = message.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  return printable.length > 200 ? `${printable.slice(0, 200)}…` : printable;
}

/** Files people send by mistake, by their leading bytes. */
const SIGNATURES: Array<{ bytes: number[]; kind: string }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: 'a GIF image' },
  { bytes: [0x25, 0x50, 0x44, 0x46], kind: 'a PDF document' },
  { bytes: [0x1f, 0x8b], kind: 'a gzip archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], kind: 'a 7-Zip archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21], kind: 'a RAR archive' },
];

const startsWith = (file: Buffer, bytes: readonly number[]) =>
  file.length >= bytes.length && bytes.every((byte, index) => file[index] === byte);

/**
 * Whether the start of the file reads as binary rather than text: a NUL byte, or control characters other than
 * tab, line feed, form feed and carriage return in more than 2% of the bytes (text in any 8-bit encoding has
 * none; random bytes have about 10%).
 */
function looksBinary(file: Buffer): boolean {
  const sample = file.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) controls += 1;
  }
  return controls > 0 && controls / sample.length > 0.02;
}

/**
 * The line (from 1) holding the first byte that is not UTF-8. Line feeds, or carriage returns in a file without
 * any, end lines; neither byte is ever part of a multi-byte UTF-8 sequence, so a line is valid or not on its own.
 */
function firstLineNotUtf8(file: Buffer): number {
  const end = file.includes(0x0a) ? 0x0a : 0x0d;
  let line = 1;
  for (let start = 0; start < file.length; line += 1) {
    const stop = file.indexOf(end, start);
    const next = stop === -1 ? file.length : stop;
    if (!isUtf8(file.subarray(start, next))) return line;
    start = next + 1;
  }
  return line;
}

/**
 * Refuses, naming what it seems to be, an upload read as CSV that is not UTF-8 text: UTF-16 text, an image, a
 * PDF, an archive, other binary data (a NUL byte among the first 64 KB), or text in another encoding (Windows-1252
 * from Excel's plain "CSV", Latin-1), which would be read with its letters replaced by U+FFFD and stored that way.
 * A UTF-8 byte-order mark is UTF-8. `orWorkbook`: the upload also takes an XLSX workbook, and the advice says so.
 * A NUL further on is refused in its row, as a cell that holds one (`NUL_CHARACTER_MESSAGE`).
 */
export function checkCsvText(file: Buffer, { orWorkbook }: { orWorkbook: boolean }): void {
  const formats = orWorkbook ? 'CSV or XLSX' : 'CSV';
  const send = `send a CSV file (UTF-8 text${orWorkbook ? '' : ', as "CSV UTF-8" in a spreadsheet'})${orWorkbook ? ' or an XLSX workbook' : ''}`;
  const saveAs = `save it as "CSV UTF-8"${orWorkbook ? ' (or as an XLSX workbook)' : ''}`;
  if (startsWith(file, [0xff, 0xfe]) || startsWith(file, [0xfe, 0xff]))
    throw invalid(
      `the file is UTF-16 text: save it as CSV UTF-8${orWorkbook ? ' (or as an XLSX workbook)' : ''} and upload it again`,
    );
  const signature = SIGNATURES.find(({ bytes }) => startsWith(file, bytes));
  if (signature) throw invalid(`the file is not ${formats}: it looks like ${signature.kind}; ${send}`);
  if (looksBinary(file))
    throw invalid(
      `the file is not ${formats}: it holds binary data; send a CSV file (UTF-8 text, as "CSV UTF-8" in a ` +
        `spreadsheet)${orWorkbook ? ' or an XLSX workbook' : ''}`,
    );
  if (!isUtf8(file))
    throw invalid(
      `the file is not UTF-8 text: its first byte that is not UTF-8 is on line ${firstLineNotUtf8(file)}; ${saveAs} ` +
        'and upload it again',
    );
}

/**
 * Tells the two accepted formats apart by content (an XLSX workbook is a ZIP archive; anything else is read as
 * CSV) and refuses, naming what it seems to be, a file that is neither: a legacy .xls workbook, or what
 * `checkCsvText` refuses.
 */
export function detectFormat(file: Buffer): UploadFormat {
  if (startsWith(file, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(file, [0xd0, 0xcf, 0x11, 0xe0]))
    throw invalid('legacy .xls workbooks are not supported: save the file as .xlsx or .csv');
  checkCsvText(file, { orWorkbook: true });
  return 'csv';
}

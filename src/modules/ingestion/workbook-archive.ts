import { setImmediate as nextTurn } from 'node:timers/promises';
import { Unzip, UnzipInflate, type FlateError } from 'fflate';
import { invalid } from '../../common/errors/domain-error.js';
import { excerpt } from './upload-content.js';

/**
 * Limits on what an uploaded XLSX workbook may expand to. A workbook is a ZIP archive, and deflate packs up to
 * about 1,000 bytes into one: the 20 MB upload limit alone lets a file expand to 20 GB, which ExcelJS would
 * inflate in full (and hold as strings) before failing. A 5,000-row sheet with a 2,000-character comment on
 * every row is about 25 MB of XML, so these leave real workbooks far below them.
 */
export const WORKBOOK_MAX_ENTRY_BYTES = 100 * 1024 * 1024;
const WORKBOOK_MAX_TOTAL_BYTES = 200 * 1024 * 1024;

export interface WorkbookLimits {
  entryBytes: number;
  totalBytes: number;
}

const LIMITS: WorkbookLimits = { entryBytes: WORKBOOK_MAX_ENTRY_BYTES, totalBytes: WORKBOOK_MAX_TOTAL_BYTES };
/** Compressed bytes fed to the inflater at a time: at most about 16 MB come out of one push. */
const CHUNK_BYTES = 16 * 1024;
/** Inflated bytes between two yields to the event loop, so a large workbook never stalls other requests. */
const BYTES_BETWEEN_YIELDS = 8 * 1024 * 1024;
const WORKBOOK_LIST = 'xl/workbook.xml';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function isFlateError(error: unknown): error is FlateError {
  return error instanceof Error && typeof (error as Partial<FlateError>).code === 'number';
}

/**
 * Inflates every entry of the workbook's ZIP archive in order, as ExcelJS's streaming reader meets them (by
 * their local headers, not the central directory), counting bytes and keeping none but `xl/workbook.xml`,
 * and stops at the first entry over `limits.entryBytes` or once all of them pass `limits.totalBytes`: such a
 * file is refused with 400 before ExcelJS reads a byte of it. Answers the sheet list, `xl/workbook.xml`.
 */
export async function boundedWorkbookList(file: Buffer, limits: WorkbookLimits = LIMITS): Promise<Buffer> {
  let total = 0;
  let sinceYield = 0;
  let overLimit: string | undefined;
  let failure: unknown;
  const listParts: Uint8Array[] = [];
  let listFound = false;
  const unzip = new Unzip((entry) => {
    let inflated = 0;
    const isList = entry.name === WORKBOOK_LIST;
    listFound ||= isList;
    entry.ondata = (error, data) => {
      if (overLimit !== undefined || failure !== undefined) return;
      if (error) {
        failure = error;
        return;
      }
      inflated += data.length;
      total += data.length;
      sinceYield += data.length;
      if (inflated > limits.entryBytes)
        overLimit = `${megabytes(limits.entryBytes)} in its entry ${excerpt(entry.name)}`;
      else if (total > limits.totalBytes) overLimit = `${megabytes(limits.totalBytes)} in all`;
      else if (isList) listParts.push(data);
      if (overLimit !== undefined) entry.terminate();
    };
    try {
      entry.start();
    } catch (error) {
      failure = error;
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < file.length && overLimit === undefined && failure === undefined;) {
      const end = Math.min(offset + CHUNK_BYTES, file.length);
      unzip.push(file.subarray(offset, end), end === file.length);
      offset = end;
      if (sinceYield >= BYTES_BETWEEN_YIELDS) {
        sinceYield = 0;
        await nextTurn();
      }
    }
  } catch (error) {
    failure = error;
  }
  if (overLimit !== undefined)
    throw invalid(
      `the workbook expands to more than ${overLimit}, more than an upload may (${megabytes(limits.entryBytes)} an ` +
        `entry, ${megabytes(limits.totalBytes)} in all): send the responses as CSV, or a workbook of that sheet alone`,
    );
  if (failure !== undefined)
    // fflate's own messages ("invalid zip data", "unknown compression type 14") describe the file; anything
    // else would be an engine's message about our process, never quoted.
    throw invalid(
      `the file could not be read as an Excel workbook: ${isFlateError(failure) ? failure.message : 'its ZIP data is damaged'}`,
    );
  if (!listFound) throw invalid('the file is a ZIP archive but not an XLSX workbook: it has no xl/workbook.xml');
  return Buffer.concat(listParts);
}

import { setImmediate as nextTurn } from 'node:timers/promises';
import { Unzip, UnzipInflate, type FlateError } from 'fflate';
import { invalid } from '../../common/errors/domain-error.js';
import { excerpt, sanitisedMessage } from './upload-content.js';

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
/**
 * Inflated bytes, or milliseconds, between two yields to the event loop, so a large workbook never stalls other
 * requests (a 2.5 MB workbook of 5,000 rows takes some 60 ms to pass).
 */
const BYTES_BETWEEN_YIELDS = 8 * 1024 * 1024;
const MILLISECONDS_BETWEEN_YIELDS = 20;
const WORKBOOK_LIST = 'xl/workbook.xml';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function isFlateError(error: unknown): error is FlateError {
  return error instanceof Error && typeof (error as Partial<FlateError>).code === 'number';
}

/** The parts of a workbook the reader needs before it reads a sheet, as the bounding pass inflated them. */
export interface WorkbookParts {
  /** `xl/workbook.xml`: the sheet list. */
  list: Buffer;
  /** `xl/_rels/workbook.xml.rels`: which entry holds each sheet. */
  relationships?: Buffer;
  /** `xl/sharedStrings.xml`: the text that cells of type `s` refer to by index. */
  sharedStrings?: Buffer;
  /** `_rels/.rels`: which entry is the workbook part. */
  packageRelationships?: Buffer;
  /** The names of all the archive's entries. */
  names: ReadonlySet<string>;
}

const KEPT = {
  [WORKBOOK_LIST]: 'list',
  '_rels/.rels': 'packageRelationships',
  'xl/_rels/workbook.xml.rels': 'relationships',
  'xl/sharedStrings.xml': 'sharedStrings',
} as const satisfies Record<string, keyof WorkbookParts>;

/** The refusal of a workbook the reader cannot read, saying why; every part of the XLSX reader refuses so. */
export const unreadableWorkbook = (reason: string) =>
  invalid(`the file could not be read as an Excel workbook: ${reason}`);

/** The refusal of a part that is not well-formed XML (`part`: "its sheet ('…') is"), quoting the parser's message. */
export const malformedPart = (part: string, error: unknown) =>
  unreadableWorkbook(
    `${part} not well-formed XML: ${error instanceof Error ? sanitisedMessage(error.message) : 'unknown error'}`,
  );

const damagedArchive = (failure: unknown) =>
  // fflate's own messages ("invalid zip data", "unknown compression type 14") describe the file; anything
  // else would be an engine's message about our process, never quoted.
  unreadableWorkbook(isFlateError(failure) ? failure.message : 'its ZIP data is damaged');

/** Signatures and sizes of the ZIP records that make up an archive's directory (APPNOTE 4.3.12 to 4.3.16). */
const END_OF_DIRECTORY = 0x06054b50;
const END_OF_DIRECTORY_BYTES = 22;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_LOCATOR_BYTES = 20;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const ZIP64_END_OF_DIRECTORY_BYTES = 56;
const DIRECTORY_ENTRY = 0x02014b50;
const DIRECTORY_ENTRY_BYTES = 46;
const LONGEST_COMMENT_BYTES = 0xffff;

/** The refusal of an archive cut short or whose directory does not describe it. */
const damagedOrIncomplete = (why: string) =>
  unreadableWorkbook(`it is damaged or incomplete (${why}): save it again and send the whole file`);

/** Where the archive's directory is and how many entries it lists, from its end record (ZIP64's when it has one). */
interface ArchiveDirectory {
  entries: number;
  start: number;
  bytes: number;
  /** Where the records that follow the directory begin: it must end there or before. */
  limit: number;
}

/**
 * The directory the archive's end record describes, or undefined when the archive has no whole end record: the
 * last 22 bytes of a ZIP file, or up to 64 KB more when the record carries a comment. A file cut short anywhere
 * (inside an entry, inside the directory, inside the end record) has lost it.
 */
function archiveDirectory(file: Buffer): ArchiveDirectory | undefined {
  const earliest = Math.max(0, file.length - END_OF_DIRECTORY_BYTES - LONGEST_COMMENT_BYTES);
  for (let at = file.length - END_OF_DIRECTORY_BYTES; at >= earliest; at -= 1) {
    if (file.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    if (at + END_OF_DIRECTORY_BYTES + file.readUInt16LE(at + 20) > file.length) continue;
    const directory = { entries: file.readUInt16LE(at + 10), bytes: file.readUInt32LE(at + 12) };
    const start = file.readUInt32LE(at + 16);
    if (directory.entries !== 0xffff && directory.bytes !== 0xffffffff && start !== 0xffffffff)
      return { ...directory, start, limit: at };
    // A field too small for its value says the ZIP64 end record, found through its locator, holds it.
    const locator = at - ZIP64_END_LOCATOR_BYTES;
    if (locator < 0 || file.readUInt32LE(locator) !== ZIP64_END_LOCATOR) return undefined;
    const record = Number(file.readBigUInt64LE(locator + 8));
    if (record + ZIP64_END_OF_DIRECTORY_BYTES > locator || file.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY)
      return undefined;
    return {
      entries: Number(file.readBigUInt64LE(record + 32)),
      bytes: Number(file.readBigUInt64LE(record + 40)),
      start: Number(file.readBigUInt64LE(record + 48)),
      limit: record,
    };
  }
  return undefined;
}

/**
 * How many entries the archive's directory (the central directory, which every other ZIP reader goes by) lists,
 * or why it cannot be told: the end record is missing, as in a file cut short anywhere, or the directory runs
 * past where it must end or holds something other than entries. The entries are read by their local headers,
 * which a file cut short inside its directory still holds whole: without this check such a file was read.
 */
function directoryListing(file: Buffer): { entries: number } | { problem: string } {
  const directory = archiveDirectory(file);
  const cutShort = 'its ZIP archive ends before the directory of its entries does, as an upload cut short does';
  if (!directory) return { problem: cutShort };
  const end = directory.start + directory.bytes;
  if (end > directory.limit) return { problem: cutShort };
  const damaged = { problem: 'the directory of its ZIP archive is damaged' };
  let at = directory.start;
  for (let listed = 0; listed < directory.entries; listed += 1) {
    if (at + DIRECTORY_ENTRY_BYTES > end || file.readUInt32LE(at) !== DIRECTORY_ENTRY) return damaged;
    at += DIRECTORY_ENTRY_BYTES + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return at > end ? damaged : { entries: directory.entries };
}

/**
 * Inflates every entry of the workbook's ZIP archive in order (by their local headers, not the central
 * directory), counting bytes and keeping only the parts in `WorkbookParts`, and stops at the first entry over
 * `limits.entryBytes` or once all of them pass `limits.totalBytes`: such a file is refused with 400 before a
 * sheet is read. Two entries of one name are refused too: which of them a reader takes would be a guess. So is an
 * archive cut short or whose directory does not list the entries read (`directoryListing`), before or after
 * they are inflated.
 */
export async function boundedWorkbookParts(file: Buffer, limits: WorkbookLimits = LIMITS): Promise<WorkbookParts> {
  const directory = directoryListing(file);
  if ('problem' in directory) throw damagedOrIncomplete(directory.problem);
  let total = 0;
  let sinceYield = 0;
  let lastYield = performance.now();
  let overLimit: string | undefined;
  let failure: unknown;
  let duplicate: string | undefined;
  let entries = 0;
  const names = new Set<string>();
  const kept = new Map<keyof WorkbookParts, Uint8Array[]>();
  const unzip = new Unzip((entry) => {
    let inflated = 0;
    entries += 1;
    if (names.has(entry.name)) duplicate ??= entry.name;
    names.add(entry.name);
    const part = Object.hasOwn(KEPT, entry.name) ? KEPT[entry.name as keyof typeof KEPT] : undefined;
    const parts: Uint8Array[] = [];
    if (part) kept.set(part, parts);
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
      else if (part) parts.push(data);
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
      if (sinceYield >= BYTES_BETWEEN_YIELDS || performance.now() - lastYield >= MILLISECONDS_BETWEEN_YIELDS) {
        sinceYield = 0;
        await nextTurn();
        lastYield = performance.now();
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
  if (failure !== undefined) throw damagedArchive(failure);
  if (entries !== directory.entries)
    throw damagedOrIncomplete(`its directory lists ${directory.entries} entries, but the archive holds ${entries}`);
  if (!names.has(WORKBOOK_LIST) && !names.has('_rels/.rels'))
    throw invalid('the file is a ZIP archive but not an XLSX workbook: it has no xl/workbook.xml');
  if (duplicate !== undefined) throw unreadableWorkbook(`it holds two entries named ${excerpt(duplicate)}`);
  const joined = (part: keyof WorkbookParts) => {
    const parts = kept.get(part);
    return parts ? Buffer.concat(parts) : undefined;
  };
  const relationships = joined('relationships');
  const sharedStrings = joined('sharedStrings');
  const packageRelationships = joined('packageRelationships');
  return {
    list: joined('list') ?? Buffer.alloc(0),
    ...(relationships ? { relationships } : {}),
    ...(sharedStrings ? { sharedStrings } : {}),
    ...(packageRelationships ? { packageRelationships } : {}),
    names,
  };
}

/**
 * The inflated bytes of one entry of a workbook that `boundedWorkbookParts` has passed, as they are inflated:
 * at most one push of compressed bytes (about 16 MB inflated) is held at a time. Every other entry is skipped
 * without being inflated.
 */
export async function* inflatedEntry(file: Buffer, name: string): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let failure: unknown;
  let found = false;
  const unzip = new Unzip((entry) => {
    if (entry.name !== name || found) return;
    found = true;
    entry.ondata = (error, data) => {
      if (error) failure ??= error;
      else if (data.length > 0) pending.push(data);
    };
    try {
      entry.start();
    } catch (error) {
      failure ??= error;
    }
  });
  unzip.register(UnzipInflate);
  for (let offset = 0; offset < file.length;) {
    const end = Math.min(offset + CHUNK_BYTES, file.length);
    try {
      unzip.push(file.subarray(offset, end), end === file.length);
    } catch (error) {
      failure ??= error;
    }
    offset = end;
    if (failure !== undefined) throw damagedArchive(failure);
    const ready = pending;
    pending = [];
    for (const chunk of ready) yield chunk;
  }
}

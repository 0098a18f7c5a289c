import { posix } from 'node:path';
import { SaxesParser } from 'saxes';
import { invalid } from '../../common/errors/domain-error.js';
import { excerpt } from './upload-content.js';
import { boundedWorkbookParts, inflatedEntry, malformedPart, type WorkbookParts } from './workbook-archive.js';
import { localName } from './worksheet-rows.js';

/** The parts of a workbook the reader needs, found through the package's relationships. */
export interface WorkbookPackage {
  /** The workbook part (`xl/workbook.xml` as Excel writes it) and its text: the sheet list. */
  workbookEntry: string;
  list: Buffer;
  /** The workbook's relationships: which entry holds each sheet. */
  relationships?: Buffer;
  /** The shared-strings table's entry and its text. */
  sharedStringsEntry: string;
  sharedStrings?: Buffer;
  names: ReadonlySet<string>;
}

const OFFICE_DOCUMENT = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** The attributes of every element named `wanted` (by local name) in `xml`. */
export function xmlElements(xml: string, wanted: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (localName(tag.name) === wanted) found.push({ ...(tag.attributes as Record<string, string>) });
  });
  parser.write(xml).close();
  return found;
}

/** The relationships of `xml` (a `.rels` part), refused when it is not well-formed. */
export function relationships(xml: Buffer, entry: string): Record<string, string>[] {
  try {
    return xmlElements(xml.toString('utf8'), 'Relationship');
  } catch (error) {
    throw malformedPart(`its relationships (${excerpt(entry)}) are`, error);
  }
}

/**
 * The entry a relationship's target names: a URI relative to the folder of the part that declares it, or to the
 * package's root when it starts with a slash, its percent-escapes decoded (`Sheet%201.xml` is `Sheet 1.xml`).
 */
export function targetEntry(source: string, target: string): string {
  let path = target;
  try {
    path = decodeURIComponent(target);
  } catch {
    // A lone `%` is the character itself.
  }
  return path.startsWith('/') ? posix.normalize(path.slice(1)) : posix.join(posix.dirname(source), path);
}

/** The `.rels` part that holds the relationships of `entry`. */
const relationshipsEntry = (entry: string) =>
  posix.join(posix.dirname(entry), '_rels', `${posix.basename(entry)}.rels`);

/** The target of the first relationship whose type ends with `/kind`, as an entry name. */
function related(rels: Record<string, string>[], source: string, kind: string): string | undefined {
  const target = rels.find((relationship) => relationship.Type?.endsWith(`/${kind}`))?.Target;
  return target === undefined ? undefined : targetEntry(source, target);
}

async function entryBytes(file: Buffer, entry: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of inflatedEntry(file, entry)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The workbook part and the shared-strings table, found as the package declares them: the workbook through the
 * package's relationships (`_rels/.rels`, type officeDocument), the table through the workbook's (type
 * sharedStrings), so `xl/SharedStrings.xml`, declared so, is read. A package without those relationships is
 * read at Excel's names. The bounding pass keeps the parts at Excel's names; a part elsewhere is inflated
 * afterwards (its size is within the pass's limits).
 */
export async function workbookPackage(file: Buffer): Promise<WorkbookPackage> {
  const parts: WorkbookParts = await boundedWorkbookParts(file);
  const part = async (entry: string, kept: Buffer | undefined, keptAt: string) => {
    if (!parts.names.has(entry)) return undefined;
    return entry === keptAt ? kept : entryBytes(file, entry);
  };
  const root = parts.packageRelationships ? relationships(parts.packageRelationships, '_rels/.rels') : [];
  const workbookEntry = related(root, '', 'officeDocument') ?? OFFICE_DOCUMENT;
  const list = await part(workbookEntry, parts.list, OFFICE_DOCUMENT);
  if (list === undefined)
    throw invalid(`the file is a ZIP archive but not an XLSX workbook: it has no ${excerpt(workbookEntry)}`);
  // A Word or PowerPoint file declares its main part the same way (type officeDocument).
  if (!/<(?:[\w.-]+:)?workbook[\s/>]/.test(list.toString('utf8')))
    throw invalid(
      `the file is a ZIP archive but not an XLSX workbook: its main part ${excerpt(workbookEntry)} is no workbook`,
    );
  const relationshipsAt = relationshipsEntry(workbookEntry);
  const workbookRelationships = await part(relationshipsAt, parts.relationships, 'xl/_rels/workbook.xml.rels');
  const sharedStringsEntry =
    (workbookRelationships
      ? related(relationships(workbookRelationships, relationshipsAt), workbookEntry, 'sharedStrings')
      : undefined) ?? SHARED_STRINGS;
  const sharedStrings = await part(sharedStringsEntry, parts.sharedStrings, SHARED_STRINGS);
  return {
    workbookEntry,
    list,
    ...(workbookRelationships ? { relationships: workbookRelationships } : {}),
    sharedStringsEntry,
    ...(sharedStrings ? { sharedStrings } : {}),
    names: parts.names,
  };
}

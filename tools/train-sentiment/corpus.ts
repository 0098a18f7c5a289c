/** The project's sentiment corpus (data/sentiment-corpus/*.tsv), read and split the same way by every tool. */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SentimentLabel } from '../../src/engine/contracts.js';

export const CORPUS_DIRECTORY = 'data/sentiment-corpus';
export const LABELS: readonly SentimentLabel[] = ['positive', 'neutral', 'negative'];

export interface CorpusRow {
  file: string;
  line: number;
  label: SentimentLabel;
  language: string;
  aspect: string;
  phenomena: string[];
  text: string;
}

/** Every row of every corpus file; a malformed row stops the read with its file and line. */
export function readCorpus(directory = CORPUS_DIRECTORY): CorpusRow[] {
  const rows: CorpusRow[] = [];
  const files = readdirSync(directory)
    .filter((file) => file.endsWith('.tsv'))
    .sort();
  for (const file of files) rows.push(...parseCorpusFile(file, readFileSync(join(directory, file), 'utf8')));
  return rows;
}

/** The rows of one corpus file's text (its first line is the header); a malformed row stops with its line. */
export function parseCorpusFile(file: string, fileText: string): CorpusRow[] {
  const rows: CorpusRow[] = [];
  fileText.split('\n').forEach((content, index) => {
    if (index === 0 || content.trim() === '') return;
    const fields = content.split('\t');
    const [label, language, aspect, phenomena, text] = fields;
    if (fields.length !== 5 || !LABELS.includes(label as SentimentLabel) || !text)
      throw new Error(`${file}:${index + 1}: expected label, language, aspect, phenomena and text`);
    rows.push({
      file,
      line: index + 1,
      label: label as SentimentLabel,
      language: language as string,
      aspect: aspect as string,
      phenomena: (phenomena as string).split(',').map((tag) => tag.trim()),
      text,
    });
  });
  return rows;
}

/** FNV-1a of the text: a split that does not move when rows are added or reordered. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** One row in ten (by the hash of its text) is held out for validation. */
export function isValidationRow(row: CorpusRow): boolean {
  return hash(row.text) % 10 === 0;
}

/**
 * The validation rows in two halves, by the hash (the next decimal digit after the one `isValidationRow`
 * reads), so a row keeps its half when rows are added: the stacker is fit on half 0, half 1 is held out.
 */
export function validationHalf(row: { text: string }): 0 | 1 {
  return Math.floor(hash(row.text) / 10) % 2 === 0 ? 0 : 1;
}

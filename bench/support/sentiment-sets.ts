/**
 * The labelled sentiment development sets (../shared/data/sentiment/*.csv, or SENTIMENT_DATA_DIR), read in
 * place for measuring, by bench:engine-quality, the quality test and the stacker's fit (which may tune its
 * weights on their even rows). Nothing here is shipped: the engine never reads these files.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { SentimentLabel } from '../../src/engine/contracts.js';
import { sentimentDataDirectory } from '../topic-quality.js';

export const SENTIMENT_LABELS: readonly SentimentLabel[] = ['positive', 'neutral', 'negative'];

export interface LabelledRow {
  text: string;
  gold: SentimentLabel;
  language: string | undefined;
}

export interface DevelopmentSet {
  file: string;
  /** In file order; even rows (0, 2, ...) are the tuning half, odd rows the held-out half. */
  rows: LabelledRow[];
}

function isLabel(value: string): value is SentimentLabel {
  return (SENTIMENT_LABELS as readonly string[]).includes(value);
}

/** The rows of one file that carry one of the three labels. */
export function readLabelledRows(path: string): LabelledRow[] {
  const records = parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true, bom: true }) as Record<
    string,
    string
  >[];
  const rows: LabelledRow[] = [];
  for (const record of records) {
    const label = (record.label ?? '').trim().toLowerCase();
    if (!isLabel(label)) continue;
    rows.push({ text: record.text ?? '', gold: label, language: record.lang });
  }
  return rows;
}

/** Every `.csv` of the directory, sorted by name; none when the directory is absent. */
export function readDevelopmentSets(directory = sentimentDataDirectory()): DevelopmentSet[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.csv'))
    .sort()
    .map((file) => ({ file, rows: readLabelledRows(join(directory, file)) }));
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SentimentLabel } from '../../src/engine/contracts.js';

/** The probes' directory: student comments written for measuring only (data/sentiment-probes/README.md). */
export const PROBE_DIRECTORY = 'data/sentiment-probes';

const LABELS: readonly SentimentLabel[] = ['positive', 'neutral', 'negative'];

export interface ProbeRow {
  text: string;
  gold: SentimentLabel;
  language: string;
}

/** Every probe file (`text`, `label`, `lang`, tab-separated, a header line); a malformed row stops with its line. */
export function readSentimentProbes(directory = PROBE_DIRECTORY): Array<{ file: string; rows: ProbeRow[] }> {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.tsv'))
    .sort()
    .map((file) => ({
      file,
      rows: readFileSync(join(directory, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => {
          if (index === 0 || line.trim() === '') return [];
          const [text, label, language, ...rest] = line.split('\t');
          if (!text || !LABELS.includes(label as SentimentLabel) || !language || rest.length > 0)
            throw new Error(`${file}:${index + 1}: expected text, label and lang`);
          return [{ text, gold: label as SentimentLabel, language }];
        }),
    }));
}

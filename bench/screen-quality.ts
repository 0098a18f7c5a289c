/**
 * `npm run bench:screen-quality`: the comment screen (conventions §11) on its development set
 * (bench/corpus/screen-dev-set.tsv, written for the project; docs/alerts.md says how): precision and recall per
 * category and per language, the hard negatives it flags, the mistakes left, and how long one comment takes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { screenComment } from '../src/engine/screen/index.js';
import {
  evaluateScreen,
  parseLabelledComments,
  precision,
  recall,
  type Counts,
} from '../src/engine/screen/evaluate.js';
import { runWhenInvoked } from './support/run-main.js';

const DEV_SET = resolve('bench/corpus/screen-dev-set.tsv');

function row(name: string, counts: Counts): string {
  const support = counts.truePositives + counts.falseNegatives;
  return `| ${name.padEnd(14)} | ${precision(counts).toFixed(2)} | ${recall(counts).toFixed(2)} | ${String(support).padStart(7)} | ${String(counts.falsePositives).padStart(3)} |`;
}

function main(): void {
  const comments = parseLabelledComments(readFileSync(DEV_SET, 'utf8'));
  const evaluation = evaluateScreen(comments);
  const header = '| scope          | precision | recall | flagged | false flags |';
  const lines = [
    `screen development set: ${comments.length} comments, ${evaluation.hardNegatives} hard negatives`,
    '',
    header
      .replace('precision', 'P   ')
      .replace('recall', 'R   ')
      .replace('flagged', 'support')
      .replace('false flags', 'FP '),
    '|----------------|------|------|---------|-----|',
    row('all', evaluation.overall),
    ...Object.entries(evaluation.byCategory).map(([category, counts]) => row(category, counts)),
    ...Object.entries(evaluation.byLanguage).map(([language, counts]) => row(`lang ${language}`, counts)),
    '',
    `hard negatives flagged: ${evaluation.hardNegativesFlagged} of ${evaluation.hardNegatives}`,
    '',
    `mistakes left (${evaluation.mistakes.length}):`,
    ...evaluation.mistakes.map(
      (mistake) =>
        `  [${mistake.comment.language}] expected ${mistake.comment.labels.join(',') || 'nothing'}, got ${mistake.predicted.join(',') || 'nothing'}: ${mistake.comment.text}`,
    ),
  ];
  // Latency: every comment of the set, many times over, after a warm-up.
  const texts = comments.map((comment) => comment.text);
  for (const text of texts) screenComment(text);
  const rounds = 20;
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const text of texts) screenComment(text);
  const perComment = (performance.now() - started) / (rounds * texts.length);
  lines.push(
    '',
    `screening time: ${(perComment * 1000).toFixed(1)} µs per comment (mean over ${rounds * texts.length})`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

runWhenInvoked(import.meta.url, main);

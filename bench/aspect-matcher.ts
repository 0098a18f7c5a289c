/**
 * How often the aspect matcher files a comment under the aspect it talks about: each comment goes to its
 * strongest aspect by the lexicon (dominantAspect, what its embedding's aspect block points at most), or to
 * `general` when it names none. Two labelled sets:
 *  - the aspect dev set (test/engine/fixtures/aspect-dev-set.tsv): 10 comments per aspect in English,
 *    Filipino, Cebuano, Taglish and Cebuano-English, and a few about no aspect, written for this measurement;
 *  - the sentiment corpus (data/sentiment-corpus/*.tsv), whose `aspect` column uses the corpus's own names,
 *    mapped here onto the lexicon's aspects (rows of aspects the lexicon has no dimension for are left out).
 * Prints accuracy, per-aspect recall and the most frequent confusions (gold → filed).
 * Run: npm run bench:aspect-matcher
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ASPECTS } from '../src/engine/embeddings/aspect-lexicon.js';
import { dominantAspect } from '../src/engine/embeddings/aspect-matcher.js';
import { tokenize } from '../src/engine/text/index.js';
import { runWhenInvoked } from './support/run-main.js';

export const DEV_SET_PATH = 'test/engine/fixtures/aspect-dev-set.tsv';
const CORPUS_DIRECTORY = 'data/sentiment-corpus';

/**
 * Corpus aspect names → the lexicon aspects a comment of it may be filed under, the usual one first. The
 * lexicon has no aspect for availability (consultation, replies, being around) or preparation, so those
 * accept the aspects they fall between; difficulty (of the subject itself) has none and is left out.
 */
const CORPUS_ASPECTS: Readonly<Record<string, readonly string[]>> = {
  clarity: ['clarity'],
  pace: ['pace'],
  punctuality: ['punctuality'],
  attendance: ['punctuality'],
  grading: ['grading'],
  workload: ['workload'],
  respect: ['approachability'],
  engagement: ['engagement'],
  feedback: ['feedback'],
  materials: ['materials'],
  mastery: ['mastery'],
  organization: ['organization'],
  preparation: ['organization', 'materials'],
  communication: ['communication'],
  availability: ['communication', 'approachability', 'support'],
  online: ['online'],
  lab: ['laboratory'],
  general: ['general'],
};

export interface LabelledComment {
  aspect: string;
  /** Aspects the comment may also be filed under without a confusion (corpus aspects the lexicon lacks). */
  accepted?: readonly string[];
  language: string;
  text: string;
}

export interface AspectConfusion {
  comments: number;
  accuracy: number;
  /** Accuracy over comments whose gold aspect is not `general`. */
  aspectAccuracy: number;
  recall: Record<string, { correct: number; total: number }>;
  byLanguage: Record<string, { correct: number; total: number }>;
  /** gold → filed, most frequent first. */
  confusions: Array<{ gold: string; filed: string; count: number; example: string }>;
}

export function filedAspect(text: string): string {
  const index = dominantAspect(tokenize(text));
  return index < 0 ? 'general' : (ASPECTS[index]?.id ?? 'general');
}

export function readDevSet(path = DEV_SET_PATH): LabelledComment[] {
  return readFileSync(resolve(path), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const [aspect = '', language = '', text = ''] = line.split('\t');
      return { aspect, language, text };
    });
}

/** The corpus rows whose aspect the lexicon has, with the lexicon's aspect id. */
export function readCorpus(directory = CORPUS_DIRECTORY): LabelledComment[] {
  const files = readdirSync(resolve(directory)).filter((file) => file.endsWith('.tsv'));
  return files.flatMap((file) => {
    const [header = '', ...lines] = readFileSync(resolve(join(directory, file)), 'utf8').split('\n');
    const columns = header.split('\t');
    const at = (name: string) => columns.indexOf(name);
    return lines.flatMap((line) => {
      const cells = line.split('\t');
      const accepted = CORPUS_ASPECTS[cells[at('aspect')] ?? ''];
      const aspect = accepted?.[0];
      const text = cells[at('text')] ?? '';
      return aspect === undefined || text.trim().length === 0
        ? []
        : [{ aspect, accepted, language: cells[at('language')] ?? '', text }];
    });
  });
}

export function measureConfusion(comments: readonly LabelledComment[]): AspectConfusion {
  const recall: AspectConfusion['recall'] = {};
  const byLanguage: AspectConfusion['byLanguage'] = {};
  const pairs = new Map<string, { gold: string; filed: string; count: number; example: string }>();
  let correct = 0;
  let aspectCorrect = 0;
  let aspectTotal = 0;
  for (const comment of comments) {
    const filed = filedAspect(comment.text);
    const hit = filed === comment.aspect || (comment.accepted ?? []).includes(filed);
    const entry = (recall[comment.aspect] ??= { correct: 0, total: 0 });
    const language = (byLanguage[comment.language] ??= { correct: 0, total: 0 });
    entry.total += 1;
    language.total += 1;
    if (hit) {
      correct += 1;
      entry.correct += 1;
      language.correct += 1;
    }
    if (comment.aspect !== 'general') {
      aspectTotal += 1;
      if (hit) aspectCorrect += 1;
    }
    if (!hit) {
      const key = `${comment.aspect}→${filed}`;
      const pair = pairs.get(key) ?? { gold: comment.aspect, filed, count: 0, example: comment.text };
      pair.count += 1;
      pairs.set(key, pair);
    }
  }
  return {
    comments: comments.length,
    accuracy: comments.length === 0 ? 0 : correct / comments.length,
    aspectAccuracy: aspectTotal === 0 ? 0 : aspectCorrect / aspectTotal,
    recall,
    byLanguage,
    confusions: [...pairs.values()].sort(
      (a, b) => b.count - a.count || a.gold.localeCompare(b.gold) || a.filed.localeCompare(b.filed),
    ),
  };
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function printConfusion(title: string, result: AspectConfusion, confusions: number): void {
  console.log(`== ${title}: ${result.comments} comments`);
  console.log(`  accuracy ${percent(result.accuracy)}  (comments about an aspect: ${percent(result.aspectAccuracy)})`);
  const languages = Object.entries(result.byLanguage)
    .map(([language, entry]) => `${language} ${percent(entry.correct / entry.total)}`)
    .join('  ');
  console.log(`  by language: ${languages}`);
  const recall = Object.entries(result.recall)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([aspect, entry]) => `${aspect} ${entry.correct}/${entry.total}`)
    .join('  ');
  console.log(`  recall: ${recall}`);
  console.log(`  most frequent confusions (gold → filed):`);
  for (const pair of result.confusions.slice(0, confusions)) {
    console.log(
      `    ${String(pair.count).padStart(4)}  ${`${pair.gold} → ${pair.filed}`.padEnd(34)} e.g. ${pair.example.slice(0, 90)}`,
    );
  }
  console.log('');
}

runWhenInvoked(import.meta.url, () => {
  printConfusion('aspect dev set', measureConfusion(readDevSet()), 15);
  try {
    printConfusion('sentiment corpus (aspect column)', measureConfusion(readCorpus()), 15);
  } catch (error) {
    console.log(`== sentiment corpus: skipped (${error instanceof Error ? error.message : String(error)})`);
  }
});

/**
 * Topic quality on the generated multilingual teaching-comments corpus (bench/corpus: comments written by
 * the admin generator, src/engine/generator, each labelled with its aspects and language): topic count,
 * outlier ratio, topic diversity, NPMI, silhouette, cross-language agreement (for each aspect and
 * language, the share of comments landing in the aspect's majority topic) and purity (share of a topic's
 * comments from its majority aspect). The same run also measures a baseline: the same topic model on
 * plain hashed bag-of-words embeddings without the aspect lexicon.
 *
 * The generator's phrases and the embeddings' aspect lexicon come from the same project, and the generator
 * writes about aspects the lexicon has no dimension for (lab work, classroom management, respect), so the
 * same figures are then printed for real comments: the English teaching-review sentences and the LPU student
 * survey answers of ../shared/data/sentiment/ (read in place, never copied; SENTIMENT_DATA_DIR overrides the
 * directory). The survey file says which question each answer belongs to (teaching, course content, exams,
 * lab, library, extracurricular), which gives a purity against labels nobody wrote for this engine.
 * Run: npm run bench:topic-quality
 */

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { TopicModelMetrics, TopicModelResult } from '../src/engine/contracts.js';
import { embedText, embedTextWithoutAspects } from '../src/engine/embeddings/index.js';
import { labelTopics } from '../src/engine/labels/index.js';
import { cleanComment } from '../src/engine/text/index.js';
import { buildTopicModel } from '../src/engine/topics/index.js';
import {
  CORPUS_ASPECTS,
  CORPUS_LANGUAGES,
  generateCorpus,
  type CorpusAspect,
  type CorpusComment,
  type CorpusLanguage,
} from './corpus/generate.js';
import { runWhenInvoked } from './support/run-main.js';

export interface TopicQualityOptions {
  count?: number;
  corpusSeed?: number;
  modelSeed?: number;
  print?: boolean;
}

export interface RunQuality {
  topicCount: number;
  metrics: TopicModelMetrics;
  /** Comments of an aspect in its majority topic, over all aspect comments. */
  crossLanguageAgreement: number;
  /** Per aspect and language: share of those comments in the aspect's majority topic. */
  agreementByAspect: Record<CorpusAspect, Partial<Record<CorpusLanguage, number>>>;
  /** Comments in their topic's majority aspect, over all comments assigned to a topic. */
  purity: number;
  /** Aspects whose majority topic is also another aspect's majority topic. */
  aspectsSharingATopic: number;
  seconds: number;
  topics: Array<{ label: string; rawLabel: string; docCount: number; majorityAspect: string; purity: number }>;
}

export interface TopicQuality {
  comments: number;
  engine: RunQuality;
  baseline: RunQuality;
}

function dominantTopics(result: TopicModelResult): Map<string, number> {
  const dominant = new Map<string, { topic: number; probability: number }>();
  for (const assignment of result.assignments) {
    const current = dominant.get(assignment.id);
    if (current === undefined || assignment.probability > current.probability) {
      dominant.set(assignment.id, { topic: assignment.topicIndex, probability: assignment.probability });
    }
  }
  return new Map([...dominant].map(([id, entry]) => [id, entry.topic]));
}

function majority<K>(counts: Map<K, number>): [K | undefined, number] {
  let best: K | undefined;
  let bestCount = 0;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return [best, bestCount];
}

function evaluate(corpus: CorpusComment[], embed: (text: string) => number[], seed: number): RunQuality {
  const documents = corpus.map((comment) => ({ id: comment.id, text: comment.text, embedding: embed(comment.text) }));
  const started = performance.now();
  const result = buildTopicModel(documents, { seed });
  const seconds = (performance.now() - started) / 1000;
  const topicOf = dominantTopics(result);

  const topicsByAspect = new Map<CorpusAspect, Map<number, number>>();
  const aspectsByTopic = new Map<number, Map<string, number>>();
  for (const comment of corpus) {
    const topic = topicOf.get(comment.id) ?? -1;
    if (topic >= 0) {
      const aspects = aspectsByTopic.get(topic) ?? new Map<string, number>();
      aspects.set(comment.aspect, (aspects.get(comment.aspect) ?? 0) + 1);
      aspectsByTopic.set(topic, aspects);
    }
    if (comment.aspect === 'general' || topic < 0) continue;
    const topics = topicsByAspect.get(comment.aspect) ?? new Map<number, number>();
    topics.set(topic, (topics.get(topic) ?? 0) + 1);
    topicsByAspect.set(comment.aspect, topics);
  }

  const majorityTopic = new Map<CorpusAspect, number>();
  for (const aspect of CORPUS_ASPECTS) {
    const [topic] = majority(topicsByAspect.get(aspect) ?? new Map<number, number>());
    if (topic !== undefined) majorityTopic.set(aspect, topic);
  }
  const agreementByAspect = {} as Record<CorpusAspect, Partial<Record<CorpusLanguage, number>>>;
  let agreeing = 0;
  let aspectComments = 0;
  for (const aspect of CORPUS_ASPECTS) {
    agreementByAspect[aspect] = {};
    for (const language of CORPUS_LANGUAGES) {
      const comments = corpus.filter((comment) => comment.aspect === aspect && comment.language === language);
      if (comments.length === 0) continue;
      const inMajority = comments.filter((comment) => topicOf.get(comment.id) === majorityTopic.get(aspect)).length;
      agreementByAspect[aspect][language] = inMajority / comments.length;
      agreeing += inMajority;
      aspectComments += comments.length;
    }
  }
  const majorityTopics = [...majorityTopic.values()];
  const aspectsSharingATopic = majorityTopics.filter(
    (topic) => majorityTopics.filter((other) => other === topic).length > 1,
  ).length;

  let pure = 0;
  let assigned = 0;
  const labels = labelTopics(result.topics);
  const topics = result.topics.map((topic, index) => {
    const [aspect, count] = majority(aspectsByTopic.get(topic.topicIndex) ?? new Map<string, number>());
    pure += count;
    assigned += topic.docCount;
    return {
      label: labels[index]?.label ?? '',
      rawLabel: topic.rawLabel,
      docCount: topic.docCount,
      majorityAspect: aspect ?? '-',
      purity: topic.docCount === 0 ? 0 : count / topic.docCount,
    };
  });
  return {
    topicCount: result.topics.length,
    metrics: result.metrics,
    crossLanguageAgreement: aspectComments === 0 ? 0 : agreeing / aspectComments,
    agreementByAspect,
    purity: assigned === 0 ? 0 : pure / assigned,
    aspectsSharingATopic,
    seconds,
    topics,
  };
}

function ratio(engine: number, baseline: number): string {
  return baseline === 0 ? 'n/a' : `${(engine / baseline).toFixed(2)}x`;
}

function printRun(name: string, run: RunQuality): void {
  const { metrics } = run;
  console.log(`== ${name}`);
  console.log(
    `  topics ${run.topicCount}  outlier ratio ${(metrics.outlierRatio * 100).toFixed(1)}%  diversity ${metrics.topicDiversity.toFixed(3)}  NPMI ${metrics.npmiCoherence.toFixed(3)}  silhouette ${metrics.silhouette.toFixed(3)}  (${run.seconds.toFixed(2)} s)`,
  );
  console.log(
    `  cross-language agreement ${(run.crossLanguageAgreement * 100).toFixed(1)}%  purity ${(run.purity * 100).toFixed(1)}%  aspects sharing a majority topic ${run.aspectsSharingATopic}`,
  );
}

function printReport(quality: TopicQuality): void {
  console.log(`Topic quality on ${quality.comments} generated comments (${CORPUS_LANGUAGES.join(', ')})\n`);
  printRun('engine (aspect lexicon + hashed features)', quality.engine);
  for (const topic of quality.engine.topics) {
    console.log(
      `    ${topic.label.padEnd(32)} ${String(topic.docCount).padStart(5)}  ${topic.majorityAspect.padEnd(16)} purity ${(topic.purity * 100).toFixed(0).padStart(3)}%  ${topic.rawLabel}`,
    );
  }
  console.log(`\n  agreement by aspect and language (share in the aspect's majority topic):`);
  console.log(`    ${''.padEnd(16)}${CORPUS_LANGUAGES.map((language) => language.padStart(10)).join('')}`);
  for (const aspect of CORPUS_ASPECTS) {
    const cells = CORPUS_LANGUAGES.map((language) => {
      const share = quality.engine.agreementByAspect[aspect][language];
      return (share === undefined ? '-' : `${(share * 100).toFixed(0)}%`).padStart(10);
    });
    console.log(`    ${aspect.padEnd(16)}${cells.join('')}`);
  }
  console.log('');
  printRun('baseline (hashed bag-of-words, no aspect lexicon)', quality.baseline);
  const { engine, baseline } = quality;
  console.log(
    `\nengine / baseline: agreement ${ratio(engine.crossLanguageAgreement, baseline.crossLanguageAgreement)}, purity ${ratio(engine.purity, baseline.purity)}, silhouette ${ratio(engine.metrics.silhouette, baseline.metrics.silhouette)}, outlier ratio ${ratio(engine.metrics.outlierRatio, baseline.metrics.outlierRatio)}`,
  );
  const targets = [
    ['outlier ratio <= 15%', engine.metrics.outlierRatio <= 0.15],
    ['topic diversity >= 0.85', engine.metrics.topicDiversity >= 0.85],
    ['same aspect, different languages mostly share a topic (agreement >= 50%)', engine.crossLanguageAgreement >= 0.5],
  ] as const;
  for (const [target, met] of targets) console.log(`  ${met ? 'MET ' : 'MISS'} ${target}`);
}

export function runTopicQuality(options: TopicQualityOptions = {}): TopicQuality {
  const corpus = generateCorpus(options.count ?? 2000, options.corpusSeed);
  const seed = options.modelSeed ?? 42;
  const quality: TopicQuality = {
    comments: corpus.length,
    engine: evaluate(corpus, embedText, seed),
    baseline: evaluate(corpus, embedTextWithoutAspects, seed),
  };
  if (options.print ?? true) printReport(quality);
  return quality;
}

/** Where the labelled development sets are: ../shared/data/sentiment from the repository, or SENTIMENT_DATA_DIR. */
export function sentimentDataDirectory(): string {
  return process.env.SENTIMENT_DATA_DIR ?? resolve(process.cwd(), '../shared/data/sentiment');
}

/** Real comment files the topic model is measured on, with the column (if any) that names each comment's subject. */
export const REAL_COMMENT_FILES: ReadonlyArray<{ file: string; subjectColumn?: string }> = [
  { file: 'teaching_reviews_sentences_en.csv' },
  { file: 'student_feedback_lpu_en.csv', subjectColumn: 'aspect' },
];

export interface RealTopic {
  label: string;
  docCount: number;
  keywords: string[];
  /** The most common subject (survey question) of the topic's comments, and its share, when the file has one. */
  majoritySubject?: string;
  subjectShare?: number;
}

export interface RealRun {
  topicCount: number;
  metrics: TopicModelMetrics;
  /** Comments in their topic's majority subject, over all comments assigned to a topic (files with subjects). */
  subjectPurity?: number;
  seconds: number;
  topics: RealTopic[];
}

export interface RealCommentQuality {
  file: string;
  rows: number;
  /** Rows cleanComment keeps (the rest are junk: "Good", "nil", one or two words). */
  comments: number;
  engine: RealRun;
  baseline: RealRun;
}

interface RealComment {
  id: string;
  text: string;
  subject: string | undefined;
}

function readRealComments(path: string, subjectColumn: string | undefined): { rows: number; comments: RealComment[] } {
  const records = parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true, bom: true }) as Record<
    string,
    string
  >[];
  const comments: RealComment[] = [];
  records.forEach((record, index) => {
    const text = cleanComment(record.text);
    if (text === null) return;
    comments.push({ id: `row-${index}`, text, subject: subjectColumn ? record[subjectColumn] : undefined });
  });
  return { rows: records.length, comments };
}

function evaluateReal(comments: readonly RealComment[], embed: (text: string) => number[], seed: number): RealRun {
  const documents = comments.map((comment) => ({ id: comment.id, text: comment.text, embedding: embed(comment.text) }));
  const started = performance.now();
  const result = buildTopicModel(documents, { seed });
  const seconds = (performance.now() - started) / 1000;
  const topicOf = dominantTopics(result);
  const subjectsByTopic = new Map<number, Map<string, number>>();
  let withSubjects = false;
  for (const comment of comments) {
    const topic = topicOf.get(comment.id) ?? -1;
    if (topic < 0 || comment.subject === undefined) continue;
    withSubjects = true;
    const subjects = subjectsByTopic.get(topic) ?? new Map<string, number>();
    subjects.set(comment.subject, (subjects.get(comment.subject) ?? 0) + 1);
    subjectsByTopic.set(topic, subjects);
  }
  const labels = labelTopics(result.topics);
  let pure = 0;
  let assigned = 0;
  const topics = result.topics.map((topic, index): RealTopic => {
    const entry: RealTopic = { label: labels[index]?.label ?? '', docCount: topic.docCount, keywords: topic.keywords };
    const subjects = subjectsByTopic.get(topic.topicIndex);
    if (subjects !== undefined) {
      const [subject, count] = majority(subjects);
      const total = [...subjects.values()].reduce((sum, value) => sum + value, 0);
      pure += count;
      assigned += total;
      if (subject !== undefined) {
        entry.majoritySubject = subject;
        entry.subjectShare = total === 0 ? 0 : count / total;
      }
    }
    return entry;
  });
  return {
    topicCount: result.topics.length,
    metrics: result.metrics,
    ...(withSubjects ? { subjectPurity: assigned === 0 ? 0 : pure / assigned } : {}),
    seconds,
    topics,
  };
}

function realRunLine(run: RealRun): string {
  const { metrics } = run;
  const purity =
    run.subjectPurity === undefined ? '' : `  purity vs survey question ${(run.subjectPurity * 100).toFixed(1)}%`;
  return `topics ${run.topicCount}  outlier ratio ${(metrics.outlierRatio * 100).toFixed(1)}%  diversity ${metrics.topicDiversity.toFixed(3)}  NPMI ${metrics.npmiCoherence.toFixed(3)}  silhouette ${metrics.silhouette.toFixed(3)}${purity}  (${run.seconds.toFixed(2)} s)`;
}

function printRealReport(quality: RealCommentQuality, exampleTopics: number): void {
  console.log(`== ${quality.file}: ${quality.comments} comments after cleanComment (of ${quality.rows} rows)`);
  console.log(`  engine    ${realRunLine(quality.engine)}`);
  console.log(`  baseline  ${realRunLine(quality.baseline)}`);
  for (const topic of quality.engine.topics.slice(0, exampleTopics)) {
    const subject =
      topic.majoritySubject === undefined
        ? ''
        : `  ${topic.majoritySubject} ${((topic.subjectShare ?? 0) * 100).toFixed(0)}%`;
    console.log(
      `    ${topic.label.padEnd(30)} ${String(topic.docCount).padStart(4)}  ${topic.keywords.slice(0, 6).join(', ')}${subject}`,
    );
  }
  console.log('');
}

/**
 * Topic metrics on real student comments (see the file comment). Files that are not there are skipped with a
 * note, so the bench still runs without the development sets.
 */
export function runRealCommentTopics(
  options: { directory?: string; modelSeed?: number; exampleTopics?: number; print?: boolean } = {},
): RealCommentQuality[] {
  const directory = options.directory ?? sentimentDataDirectory();
  const seed = options.modelSeed ?? 42;
  const print = options.print ?? true;
  const results: RealCommentQuality[] = [];
  if (print)
    console.log(`Topic quality on real comments (${directory}, read in place; sources in ../shared/data/README.md)\n`);
  for (const { file, subjectColumn } of REAL_COMMENT_FILES) {
    let read: { rows: number; comments: RealComment[] };
    try {
      read = readRealComments(join(directory, file), subjectColumn);
    } catch (error) {
      if (print) console.log(`== ${file}: skipped (${error instanceof Error ? error.message : String(error)})\n`);
      continue;
    }
    const quality: RealCommentQuality = {
      file,
      rows: read.rows,
      comments: read.comments.length,
      engine: evaluateReal(read.comments, embedText, seed),
      baseline: evaluateReal(read.comments, embedTextWithoutAspects, seed),
    };
    if (print) printRealReport(quality, options.exampleTopics ?? 12);
    results.push(quality);
  }
  return results;
}

runWhenInvoked(import.meta.url, () => {
  runTopicQuality();
  process.stdout.write('\n');
  runRealCommentTopics();
});

/**
 * Topic quality on the generated multilingual teaching-comments corpus (bench/corpus): topic count,
 * outlier ratio, topic diversity, NPMI, silhouette, cross-language agreement (for each aspect and
 * language, the share of comments landing in the aspect's majority topic) and purity (share of a topic's
 * comments from its majority aspect). The same run also measures a baseline: the same topic model on
 * plain hashed bag-of-words embeddings without the aspect lexicon.
 * Run: npm run build && node dist/bench/topic-quality.js
 */

import type { TopicModelMetrics, TopicModelResult } from '../src/engine/contracts.js';
import { embedText, embedTextWithoutAspects } from '../src/engine/embeddings/index.js';
import { labelTopics } from '../src/engine/labels/index.js';
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
  console.log(`    ${''.padEnd(16)}${CORPUS_LANGUAGES.map((language) => language.padStart(15)).join('')}`);
  for (const aspect of CORPUS_ASPECTS) {
    const cells = CORPUS_LANGUAGES.map((language) => {
      const share = quality.engine.agreementByAspect[aspect][language];
      return (share === undefined ? '-' : `${(share * 100).toFixed(0)}%`).padStart(15);
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

runWhenInvoked(import.meta.url, runTopicQuality);

/**
 * Engine throughput: 10,000 and 100,000 generated comments through sentiment, embeddings and the topic
 * model; comments/s per stage, total seconds and peak RSS; also name scrubbing, which quotes and report comments go
 * through (not part of the total). Embeddings are held in one Float32Array until
 * the topic model needs them. Sentiment is also timed by part: the lexicon, the learned model alone (given
 * the lexicon's reading, which it is stacked on) and the stacked blend of both (the stacker fit for the model),
 * whatever SENTIMENT_MODEL_WEIGHT this process runs with; these parts are not stages of the total.
 * Run: npm run bench:engine-speed (node --max-old-space-size=4096 dist/bench/engine-speed.js)
 */

import type { SentimentScores } from '../src/engine/contracts.js';
import { EMBEDDING_DIMENSIONS, embedText } from '../src/engine/embeddings/index.js';
import { stackedScorer } from '../src/engine/sentiment/blend.js';
import type { SentimentModel } from '../src/engine/sentiment/learned-model.js';
import { loadSentimentModel, loadSentimentScorer, readSentimentStacker } from '../src/engine/sentiment/load-lexicon.js';
import { stackerFromWeights } from '../src/engine/sentiment/stacker.js';
import { scrubPersonalNames, tokenize } from '../src/engine/text/index.js';
import { buildTopicModel } from '../src/engine/topics/index.js';
import { generateCorpus } from './corpus/generate.js';
import { runWhenInvoked } from './support/run-main.js';

export interface StageSpeed {
  stage: string;
  seconds: number;
  commentsPerSecond: number;
}

export interface SentimentPartSpeed {
  part: string;
  commentsPerSecond: number;
  /** Comments per second of this process's CPU time: steadier than the wall clock on a shared machine. */
  commentsPerCpuSecond: number;
}

export interface SpeedRun {
  comments: number;
  stages: StageSpeed[];
  sentimentParts: SentimentPartSpeed[];
  totalSeconds: number;
  topicCount: number;
  outlierRatio: number;
  peakRssMegabytes: number;
}

const TARGETS: Record<number, { seconds: number; rssMegabytes: number }> = {
  10_000: { seconds: 30, rssMegabytes: Number.POSITIVE_INFINITY },
  100_000: { seconds: 300, rssMegabytes: 2048 },
};

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const value = run();
  return [value, (performance.now() - started) / 1000];
}

/** Wall-clock and CPU seconds of one run. */
function timedWithCpu(run: () => void): { seconds: number; cpuSeconds: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  run();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** The lexicon, the model alone (on the lexicon's readings, computed beforehand) and their blend. */
export function measureSentimentParts(texts: readonly string[], model: SentimentModel): SentimentPartSpeed[] {
  const scorer = loadSentimentScorer();
  const lexicon = scorer.scoreLexicon ?? scorer.scoreSentiment;
  const readings: SentimentScores[] = texts.map((text) => lexicon(text));
  const stacker = readSentimentStacker();
  if (stacker === undefined) throw new Error('no sentiment stacker: run npm run train:sentiment-stacker');
  const blend = stackedScorer(model, scorer.scoreComment, stackerFromWeights(stacker.weights));
  const parts: Array<[string, (text: string, index: number) => unknown]> = [
    ['lexicon', (text) => lexicon(text)],
    ['model alone', (text, index) => model.predict(text, readings[index] as SentimentScores)],
    ['blend (stacker)', (text) => blend(text)],
  ];
  return parts.map(([part, score]) => {
    const { seconds, cpuSeconds } = timedWithCpu(() => texts.forEach(score));
    return { part, commentsPerSecond: texts.length / seconds, commentsPerCpuSecond: texts.length / cpuSeconds };
  });
}

function peakRssMegabytes(): number {
  // maxRSS is in kilobytes.
  return process.resourceUsage().maxRSS / 1024;
}

export function runSpeed(texts: readonly string[], model: SentimentModel): SpeedRun {
  const { scoreSentiment } = loadSentimentScorer();
  const count = texts.length;
  const stages: StageSpeed[] = [];
  const record = (stage: string, seconds: number): void => {
    stages.push({ stage, seconds, commentsPerSecond: count / seconds });
  };

  // Baseline, measured in the same run: tokenising each comment once, the least any per-comment stage does.
  const [, tokenizeSeconds] = timed(() => {
    for (const text of texts) tokenize(text);
  });
  record('baseline: tokenize only', tokenizeSeconds);

  const [, sentimentSeconds] = timed(() => {
    for (const text of texts) scoreSentiment(text);
  });
  record('sentiment', sentimentSeconds);
  const sentimentParts = measureSentimentParts(texts, model);

  const [embeddings, embeddingSeconds] = timed(() => {
    const matrix = new Float32Array(count * EMBEDDING_DIMENSIONS);
    texts.forEach((text, index) => matrix.set(embedText(text), index * EMBEDDING_DIMENSIONS));
    return matrix;
  });
  record('embeddings', embeddingSeconds);

  // Not a stage of the total: every quote and report comment a reader sees is scrubbed of names.
  const [, scrubSeconds] = timed(() => {
    for (const text of texts) scrubPersonalNames(text);
  });
  record('name scrubbing (quotes)', scrubSeconds);

  const [result, topicSeconds] = timed(() => {
    // The topic model's contract takes number[] embeddings (what the worker receives as JSON).
    const documents = texts.map((text, index) => ({
      id: `c${index}`,
      text,
      embedding: Array.from(embeddings.subarray(index * EMBEDDING_DIMENSIONS, (index + 1) * EMBEDDING_DIMENSIONS)),
    }));
    return buildTopicModel(documents, { seed: 42 });
  });
  record('topic model', topicSeconds);

  return {
    comments: count,
    stages,
    sentimentParts,
    // The baseline is not a stage of the engine.
    totalSeconds: sentimentSeconds + embeddingSeconds + topicSeconds,
    topicCount: result.topics.length,
    outlierRatio: result.metrics.outlierRatio,
    peakRssMegabytes: peakRssMegabytes(),
  };
}

function printRun(run: SpeedRun): void {
  console.log(`== ${run.comments.toLocaleString('en')} comments`);
  const baseline = run.stages.find((stage) => stage.stage.startsWith('baseline'));
  for (const stage of run.stages) {
    const ratio =
      baseline && stage !== baseline ? `  (${(stage.seconds / baseline.seconds).toFixed(1)}x the baseline's time)` : '';
    console.log(
      `  ${stage.stage.padEnd(24)} ${stage.seconds.toFixed(2).padStart(8)} s  ${Math.round(stage.commentsPerSecond).toLocaleString('en').padStart(10)} comments/s${ratio}`,
    );
  }
  for (const part of run.sentimentParts) {
    console.log(
      `    sentiment: ${part.part.padEnd(26)} ${Math.round(part.commentsPerSecond).toLocaleString('en').padStart(10)} comments/s  (${Math.round(part.commentsPerCpuSecond).toLocaleString('en')} per CPU second)`,
    );
  }
  console.log(
    `  total        ${run.totalSeconds.toFixed(2).padStart(8)} s   topics ${run.topicCount}, outlier ratio ${(run.outlierRatio * 100).toFixed(1)}%`,
  );
  console.log(`  peak RSS so far ${Math.round(run.peakRssMegabytes)} MB`);
  const target = TARGETS[run.comments];
  if (target !== undefined) {
    const timeMet = run.totalSeconds <= target.seconds;
    const memoryMet = run.peakRssMegabytes <= target.rssMegabytes;
    const memoryTarget = Number.isFinite(target.rssMegabytes) ? `, peak RSS <= ${target.rssMegabytes} MB` : '';
    console.log(`  ${timeMet && memoryMet ? 'MET ' : 'MISS'} target: <= ${target.seconds} s${memoryTarget}`);
  }
}

export async function runEngineSpeed(sizes: readonly number[] = [10_000, 100_000]): Promise<SpeedRun[]> {
  const model = await loadSentimentModel();
  const largest = Math.max(...sizes);
  const [corpus, generationSeconds] = timed(() => generateCorpus(largest).map((comment) => comment.text));
  console.log(
    `Generated ${largest.toLocaleString('en')} comments in ${generationSeconds.toFixed(1)} s (not timed below)\n`,
  );
  return sizes.map((size) => {
    const run = runSpeed(corpus.slice(0, size), model);
    printRun(run);
    return run;
  });
}

runWhenInvoked(import.meta.url, runEngineSpeed);

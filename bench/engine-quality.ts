/**
 * Sentiment quality on the labelled development sets in ../shared/data/sentiment/ (read in place):
 * accuracy and macro-F1 per file and per language column, against a majority-class and a plain VADER
 * baseline, plus the engine's throughput. Run: npm run bench:engine-quality
 */

import type { SentimentLabel, SentimentScores } from '../src/engine/contracts.js';
import { dominantLabel, type SentimentScorer } from '../src/engine/sentiment/index.js';
import {
  loadSentimentScorer,
  loadStackedParts,
  readSentimentTables,
  sentimentEngineVersion,
  sentimentModelSetting,
  usesSentimentModel,
} from '../src/engine/sentiment/load-lexicon.js';
import { isValidationRow, readCorpus, validationHalf } from '../tools/train-sentiment/corpus.js';
import { stackedScorer } from '../src/engine/sentiment/blend.js';
import type { TracedContribution } from '../src/engine/sentiment/score.js';
import { cleanComment, isJunkComment, tokenize } from '../src/engine/text/index.js';
import { readDevelopmentSets, type LabelledRow } from './support/sentiment-sets.js';
import { PROBE_DIRECTORY, readSentimentProbes } from './support/sentiment-probes.js';
import { measure, type Figures } from './support/sentiment-measure.js';
import { runWhenInvoked } from './support/run-main.js';
import { runRealCommentTopics, runTopicQuality, sentimentDataDirectory } from './topic-quality.js';

/**
 * The learned model and the stacker fit for it, read once for every measure below (whatever
 * SENTIMENT_MODEL_WEIGHT says: the bench always shows the lexicon, the model and their stacked blend). A
 * missing stacker, or one fit on another model, stops the bench: run npm run train:sentiment-stacker.
 */
const stacked =
  (await loadStackedParts(true)) ??
  (() => {
    throw new Error('the stacked blend could not be loaded');
  })();
const model = stacked.model;

export interface FileQuality {
  file: string;
  /** The engine: the blend of the learned model and the lexicon. */
  engine: Figures;
  lexicon: Figures;
  model: Figures;
  blend: Figures;
  majorityBaseline: Figures;
  vaderBaseline: Figures;
  byLanguage: Record<string, Figures>;
  /** The blend's even rows (0, 2, ...), read while tuning (the stacker is fit on them); odd rows are held out. */
  tuningHalf: Figures;
  heldOutHalf: Figures;
  /** The lexicon and the model alone on the same halves. */
  lexiconHalves: [Figures, Figures];
  modelHalves: [Figures, Figures];
  junkRows: number;
  /**
   * The rows a pipeline analyses: those cleanComment keeps (junk and comments under three words are left out, as
   * the service leaves them out), each read as cleaned, as the worker gets it; all of them and the odd ones.
   */
  analysed: { all: ReadingFigures; heldOut: ReadingFigures };
  /** Misclassified rows with the contributions behind the score (ENGINE_QUALITY_SHOW_ERRORS=n, even rows). */
  errors: string[];
}

export interface EngineQuality {
  engineVersion: string;
  dataDirectory: string;
  files: FileQuality[];
  /**
   * The project's own corpus, its validation rows (one in ten, never trained on); the halves split them by
   * the hash of the text: half 0 tunes the stacker, half 1 is held out.
   */
  corpusValidation: {
    lexicon: Figures;
    model: Figures;
    blend: Figures;
    halves: { lexicon: [Figures, Figures]; model: [Figures, Figures]; blend: [Figures, Figures] };
    byLanguage: Record<string, Figures>;
  };
  /** The probes (data/sentiment-probes): written for measuring only, never read by training. */
  probes: Array<{ file: string; readings: ReadingFigures; byLanguage: Record<string, Figures> }>;
  commentsPerSecond: number;
  lexiconCommentsPerSecond: number;
  modelCommentsPerSecond: number;
  blendCommentsPerSecond: number;
  /** Peak resident memory of this process after loading and running the engine. */
  peakRssBytes: number;
}

type Row = LabelledRow;

/** The three readings of one set of rows. */
interface ReadingFigures {
  lexicon: Figures;
  model: Figures;
  blend: Figures;
}

/** Plain VADER: sum of lexicon valences, compound normalised as VADER does, ±0.05 thresholds. */
function vaderBaseline(): (text: string) => SentimentLabel {
  const lexicon = readSentimentTables().english;
  return (text) => {
    let sum = 0;
    for (const token of tokenize(text)) sum += lexicon.get(token) ?? 0;
    const compound = sum / Math.sqrt(sum * sum + 15);
    if (compound >= 0.05) return 'positive';
    if (compound <= -0.05) return 'negative';
    return 'neutral';
  };
}

/** Tuning aid: why some even (tuning-half) rows were misclassified. Odd rows stay unread. */
function explainErrors(
  scorer: SentimentScorer,
  rows: readonly Row[],
  predicted: readonly SentimentLabel[],
  limit: number,
): string[] {
  const errors: string[] = [];
  for (let index = 0; index < rows.length && errors.length < limit; index += 2) {
    const row = rows[index];
    const label = predicted[index];
    if (row === undefined || label === undefined || label === row.gold) continue;
    const trace: TracedContribution[] = [];
    scorer.scoreComment(row.text, trace);
    const contributions = trace.map((item) => `${item.token}:${item.value.toFixed(2)}`).join(' ');
    errors.push(`${row.gold}->${label} [${contributions}] ${row.text.slice(0, 160)}`);
  }
  return errors;
}

/** The readings on the rows cleanComment keeps, as cleaned (FileQuality.analysed). */
function analysedFigures(
  rows: readonly Row[],
  readers: Record<keyof ReadingFigures, (text: string) => SentimentScores>,
): FileQuality['analysed'] {
  const kept = rows.flatMap((row, index) => {
    const cleaned = cleanComment(row.text);
    return cleaned === null ? [] : [{ text: cleaned, gold: row.gold, odd: index % 2 === 1 }];
  });
  const figures = (subset: typeof kept): ReadingFigures => {
    const gold = subset.map((row) => row.gold);
    const read = (reader: (text: string) => SentimentScores) =>
      measure(
        gold,
        subset.map((row) => dominantLabel(reader(row.text))),
      );
    return { lexicon: read(readers.lexicon), model: read(readers.model), blend: read(readers.blend) };
  };
  return { all: figures(kept), heldOut: figures(kept.filter((row) => row.odd)) };
}

function majorityLabel(rows: readonly Row[]): SentimentLabel {
  const counts = new Map<SentimentLabel, number>();
  for (const row of rows) counts.set(row.gold, (counts.get(row.gold) ?? 0) + 1);
  return [...counts.entries()].sort((left, right) => right[1] - left[1])[0]?.[0] ?? 'neutral';
}

export function dataDirectory(): string {
  return sentimentDataDirectory();
}

function measureSpeed(scoreSentiment: SentimentScorer['scoreSentiment'], texts: readonly string[]): number {
  const rounds = Math.max(1, Math.ceil(20_000 / Math.max(1, texts.length)));
  const started = performance.now();
  let scored = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const text of texts) {
      scoreSentiment(text);
      scored += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return scored / seconds;
}

/** The figures of each language's rows (`languages[i]` is row i's), languages in alphabetical order. */
function figuresByLanguage(
  languages: readonly string[],
  gold: readonly SentimentLabel[],
  predicted: readonly SentimentLabel[],
): Record<string, Figures> {
  const byLanguage: Record<string, Figures> = {};
  for (const language of [...new Set(languages)].sort()) {
    const indexes = languages.flatMap((candidate, index) => (candidate === language ? [index] : []));
    byLanguage[language] = measure(
      indexes.map((index) => gold[index] ?? 'neutral'),
      indexes.map((index) => predicted[index] ?? 'neutral'),
    );
  }
  return byLanguage;
}

/** Macro-F1 figures of the even (0) and odd (1) rows. */
function halves(
  gold: readonly SentimentLabel[],
  predicted: readonly SentimentLabel[],
  halfOf: (index: number) => number,
) {
  const half = (which: number): Figures =>
    measure(
      gold.filter((_, index) => halfOf(index) === which),
      predicted.filter((_, index) => halfOf(index) === which),
    );
  return [half(0), half(1)] as [Figures, Figures];
}

export function runEngineQuality(directory = dataDirectory()): EngineQuality {
  const scorer = loadSentimentScorer();
  const { scoreSentiment } = scorer;
  const lexiconScores = scorer.scoreLexicon ?? scoreSentiment;
  const modelScores = (text: string) => model.predict(text, lexiconScores(text));
  const blend = stackedScorer(model, scorer.scoreComment, stacked.stacker);
  const vader = vaderBaseline();
  const files: FileQuality[] = [];
  const allTexts: string[] = [];
  const parity = (index: number) => index % 2;
  for (const { file, rows } of readDevelopmentSets(directory)) {
    const gold = rows.map((row) => row.gold);
    const predicted = rows.map((row) => dominantLabel(scoreSentiment(row.text)));
    const blended = rows.map((row) => dominantLabel(blend(row.text)));
    const lexiconLabels = rows.map((row) => dominantLabel(lexiconScores(row.text)));
    const modelLabels = rows.map((row) => dominantLabel(modelScores(row.text)));
    const majority = majorityLabel(rows);
    const byLanguage: Record<string, Figures> = {};
    const languages = [...new Set(rows.map((row) => row.language).filter((language) => language !== undefined))];
    for (const language of languages.sort()) {
      const indexes = rows.flatMap((row, index) => (row.language === language ? [index] : []));
      byLanguage[language] = measure(
        indexes.map((index) => gold[index] ?? 'neutral'),
        indexes.map((index) => predicted[index] ?? 'neutral'),
      );
    }
    const [tuningHalf, heldOutHalf] = halves(gold, blended, parity);
    files.push({
      file,
      engine: measure(gold, predicted),
      lexicon: measure(gold, lexiconLabels),
      model: measure(gold, modelLabels),
      blend: measure(gold, blended),
      majorityBaseline: measure(
        gold,
        rows.map(() => majority),
      ),
      vaderBaseline: measure(
        gold,
        rows.map((row) => vader(row.text)),
      ),
      byLanguage,
      tuningHalf,
      heldOutHalf,
      lexiconHalves: halves(gold, lexiconLabels, parity),
      modelHalves: halves(gold, modelLabels, parity),
      junkRows: rows.filter((row) => isJunkComment(row.text)).length,
      analysed: analysedFigures(rows, {
        lexicon: lexiconScores,
        model: modelScores,
        blend,
      }),
      errors: explainErrors(scorer, rows, predicted, Number(process.env.ENGINE_QUALITY_SHOW_ERRORS ?? 0)),
    });
    allTexts.push(...rows.map((row) => row.text));
  }
  const validation = readCorpus().filter(isValidationRow);
  const validationGold = validation.map((row) => row.label);
  const blendLabels = validation.map((row) => dominantLabel(blend(row.text)));
  const lexiconLabels = validation.map((row) => dominantLabel(lexiconScores(row.text)));
  const modelLabels = validation.map((row) => dominantLabel(modelScores(row.text)));
  const byLanguage = figuresByLanguage(
    validation.map((row) => row.language),
    validationGold,
    blendLabels,
  );
  const corpusHalf = (index: number) => validationHalf(validation[index] ?? { text: '' });
  const corpusValidation = {
    lexicon: measure(validationGold, lexiconLabels),
    model: measure(validationGold, modelLabels),
    blend: measure(validationGold, blendLabels),
    halves: {
      lexicon: halves(validationGold, lexiconLabels, corpusHalf),
      model: halves(validationGold, modelLabels, corpusHalf),
      blend: halves(validationGold, blendLabels, corpusHalf),
    },
    byLanguage,
  };
  const probes = readSentimentProbes().map(({ file, rows }) => {
    const gold = rows.map((row) => row.gold);
    const read = (reader: (text: string) => SentimentScores) =>
      measure(
        gold,
        rows.map((row) => dominantLabel(reader(row.text))),
      );
    const byLanguage = figuresByLanguage(
      rows.map((row) => row.language),
      gold,
      rows.map((row) => dominantLabel(blend(row.text))),
    );
    return {
      file,
      readings: { lexicon: read(lexiconScores), model: read(modelScores), blend: read(blend) },
      byLanguage,
    };
  });
  return {
    engineVersion: sentimentEngineVersion(),
    dataDirectory: directory,
    files,
    corpusValidation,
    probes,
    commentsPerSecond: measureSpeed(scoreSentiment, allTexts),
    lexiconCommentsPerSecond: measureSpeed(lexiconScores, allTexts),
    modelCommentsPerSecond: measureSpeed(modelScores, allTexts),
    blendCommentsPerSecond: measureSpeed(blend, allTexts),
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

function format(figures: Figures): string {
  const classes = figures.classes.length < 3 ? ` (macro-F1 over ${figures.classes.join('/')} only)` : '';
  return `rows ${String(figures.rows).padStart(5)}  accuracy ${figures.accuracy.toFixed(3)}  macro-F1 ${figures.macroF1.toFixed(3)}${classes}`;
}

function ratio(engine: number, baseline: number): string {
  return baseline === 0 ? 'n/a' : `${(engine / baseline).toFixed(2)}x`;
}

function halvesLine(label: string, lexicon: Figures, model: Figures, blend: Figures, note: string): string {
  const f1 = (figures: Figures) => figures.macroF1.toFixed(3);
  return `  ${label.padEnd(18)}rows ${String(blend.rows).padStart(5)}  macro-F1 lexicon ${f1(lexicon)} / model ${f1(model)} / blend ${f1(blend)}  ${perClassOf(blend)}  ${note}`;
}

function printReport(quality: EngineQuality): void {
  console.log(
    `Sentiment engine ${quality.engineVersion} (SENTIMENT_MODEL_WEIGHT: ${sentimentModelSetting()}, the engine as set is ${
      usesSentimentModel() ? 'the stacked blend' : 'the lexicon alone'
    }); blend: the stacker (${stacked.version}); data: ${quality.dataDirectory}`,
  );
  console.log('Sources: see ../shared/data/README.md (each file cites its repository and licence).\n');
  for (const file of quality.files) {
    console.log(`== ${file.file}`);
    console.log(`  lexicon           ${format(file.lexicon)}  ${perClassOf(file.lexicon)}`);
    console.log(`  model             ${format(file.model)}  ${perClassOf(file.model)}`);
    console.log(`  blend             ${format(file.blend)}  ${perClassOf(file.blend)}`);
    console.log(`  engine (as set)   ${format(file.engine)}`);
    const perClass = Object.entries(file.engine.f1ByClass)
      .map(([label, f1]) => `${label} ${f1.toFixed(3)}`)
      .join(', ');
    console.log(`                    F1 per class: ${perClass}`);
    console.log(
      `  majority class    ${format(file.majorityBaseline)}  -> engine macro-F1 ${ratio(file.engine.macroF1, file.majorityBaseline.macroF1)}`,
    );
    console.log(
      `  plain VADER       ${format(file.vaderBaseline)}  -> engine macro-F1 ${ratio(file.engine.macroF1, file.vaderBaseline.macroF1)}`,
    );
    console.log(
      halvesLine(
        'even rows',
        file.lexiconHalves[0],
        file.modelHalves[0],
        file.tuningHalf,
        '(read while tuning; the stacker is fit on them)',
      ),
    );
    console.log(halvesLine('odd rows', file.lexiconHalves[1], file.modelHalves[1], file.heldOutHalf, '(held out)'));
    for (const [language, figures] of Object.entries(file.byLanguage)) {
      console.log(`  lang=${language.padEnd(12)} ${format(figures)}`);
    }
    console.log(`  rows cleanComment would drop as junk: ${file.junkRows}`);
    const { all, heldOut } = file.analysed;
    console.log(
      halvesLine(
        'as analysed',
        all.lexicon,
        all.model,
        all.blend,
        '(the rows cleanComment keeps, cleaned: what a pipeline reads)',
      ),
    );
    console.log(halvesLine('  their odd rows', heldOut.lexicon, heldOut.model, heldOut.blend, '(held out)'));
    for (const error of file.errors) console.log(`    ${error}`);
    console.log('');
  }
  const corpus = quality.corpusValidation;
  console.log("== data/sentiment-corpus, validation rows (the project's own corpus; the model never trained on them)");
  console.log(`  lexicon           ${format(corpus.lexicon)}  ${perClassOf(corpus.lexicon)}`);
  console.log(`  model             ${format(corpus.model)}  ${perClassOf(corpus.model)}`);
  console.log(`  blend             ${format(corpus.blend)}  ${perClassOf(corpus.blend)}`);
  const { halves: corpusHalves } = corpus;
  console.log(
    halvesLine(
      'half 0',
      corpusHalves.lexicon[0],
      corpusHalves.model[0],
      corpusHalves.blend[0],
      '(by text hash; the stacker is fit on them)',
    ),
  );
  console.log(
    halvesLine('half 1', corpusHalves.lexicon[1], corpusHalves.model[1], corpusHalves.blend[1], '(held out)'),
  );
  for (const [language, figures] of Object.entries(corpus.byLanguage))
    console.log(`  lang=${language.padEnd(12)} ${format(figures)}`);
  console.log('');
  for (const probe of quality.probes) {
    console.log(`== ${PROBE_DIRECTORY}/${probe.file} (written for measuring only: ${PROBE_DIRECTORY}/README.md)`);
    for (const reading of ['lexicon', 'model', 'blend'] as const)
      console.log(`  ${reading.padEnd(18)}${format(probe.readings[reading])}  ${perClassOf(probe.readings[reading])}`);
    for (const [language, figures] of Object.entries(probe.byLanguage))
      console.log(`  lang=${language.padEnd(12)} ${format(figures)}`);
    console.log('');
  }
  const rate = (value: number) => `${Math.round(value).toLocaleString('en')} comments/s`;
  console.log(
    `Throughput (one thread): engine as set ${rate(quality.commentsPerSecond)}; lexicon ${rate(
      quality.lexiconCommentsPerSecond,
    )}; model (with its lexicon input) ${rate(quality.modelCommentsPerSecond)}; blend (stacker) ${rate(
      quality.blendCommentsPerSecond,
    )}`,
  );
  console.log(`Peak RSS of this process (engine loaded and run): ${(quality.peakRssBytes / 2 ** 20).toFixed(0)} MiB`);
}

function perClassOf(figures: Figures): string {
  return Object.entries(figures.f1ByClass)
    .map(([label, f1]) => `${label.slice(0, 3)} ${f1.toFixed(3)}`)
    .join(' ');
}

// The same bench then runs the topic model on the generated multilingual corpus and on real comments
// (bench/topic-quality.ts).
runWhenInvoked(import.meta.url, () => {
  printReport(runEngineQuality());
  process.stdout.write('\n');
  runTopicQuality();
  process.stdout.write('\n');
  runRealCommentTopics();
});

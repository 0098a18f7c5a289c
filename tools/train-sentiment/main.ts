/**
 * `npm run train:sentiment`: rebuilds src/engine/sentiment/data/sentiment-model.ftz from the project's corpus
 * (data/sentiment-corpus) with Debian's `fasttext` (a development-time tool: nothing runs it in production),
 * deterministically (fixed seed, one thread), and prints the validation figures of the shipped model as the
 * engine runs it (src/engine/sentiment/fasttext-model.ts). One row in ten of the corpus is held out for validation.
 * Then it re-fits the stacker that combines the model with the lexicon (stacker.ts), since a stacker is only
 * valid for the model it was fit on.
 */

import { readFileSync } from 'node:fs';
import { createSentimentModel } from '../../src/engine/sentiment/learned-model.js';
import { loadSentimentScorer } from '../../src/engine/sentiment/load-lexicon.js';
import { modelInput } from '../../src/engine/sentiment/model-text.js';
import { dominantLabel } from '../../src/engine/sentiment/score.js';
import { FASTTEXT_SEED, trainQuantizedModel } from '../fasttext-cli.js';
import { measure } from '../../bench/support/sentiment-measure.js';
import { hash, isValidationRow, readCorpus, type CorpusRow } from './corpus.js';
import { trainSentimentStacker } from './stacker.js';

export const MODEL_FILE = 'src/engine/sentiment/data/sentiment-model.ftz';

/**
 * fastText's settings: word bigrams and character 3-5 grams, a small dimension and few epochs at a low
 * rate: on 5,400 comments a larger model learns the corpus by heart and reads real comments worse (chosen
 * on the even rows of the development sets; see docs/sentiment-engine.md).
 */
const TRAINING = [
  ['-lr', '0.1'],
  ['-epoch', '10'],
  ['-wordNgrams', '2'],
  ['-minn', '3'],
  ['-maxn', '5'],
  ['-dim', '16'],
  ['-bucket', '200000'],
  ['-minCount', '1'],
  ['-loss', 'softmax'],
  ['-thread', '1'],
  ['-seed', FASTTEXT_SEED],
].flat();

const lexicon = loadSentimentScorer().scoreLexicon;

function fastTextLine(row: CorpusRow): string {
  return `__label__${row.label} ${modelInput(row.text, lexiconOf(row.text))}`;
}

function lexiconOf(text: string) {
  if (!lexicon) throw new Error('the sentiment scorer has no lexicon reading');
  return lexicon(text);
}

/**
 * fastText reads its input in order and lowers its learning rate as it goes, so the files one after another
 * (Cebuano-English first, Filipino last) teach the last language most: the rows are interleaved by a hash of
 * their text instead, the same order every run (student_feedback_lpu_en 0.467 -> 0.641, teaching_reviews
 * 0.714 -> 0.726, corpus validation 0.813 -> 0.826 macro-F1 of the model alone).
 */
function trainingOrder(rows: readonly CorpusRow[]): CorpusRow[] {
  const key = (row: CorpusRow) => Math.imul(hash(row.text), 2654435761) >>> 0;
  return [...rows].sort((left, right) => key(left) - key(right));
}

async function main(): Promise<void> {
  const rows = readCorpus();
  const training = trainingOrder(rows.filter((row) => !isValidationRow(row)));
  const validation = rows.filter(isValidationRow);
  console.log(`corpus: ${rows.length} comments; training ${training.length}, validation ${validation.length}`);
  const size = trainQuantizedModel(training.map(fastTextLine), TRAINING, MODEL_FILE, 'train-sentiment-');
  console.log(`wrote ${MODEL_FILE} (${(size / 1024).toFixed(0)} KiB)`);

  const model = await createSentimentModel(readFileSync(MODEL_FILE));
  const predicted = validation.map((row) => ({
    row,
    gold: row.label,
    predicted: dominantLabel(model.predict(row.text, lexiconOf(row.text))),
  }));
  const figures = (pairs: typeof predicted) =>
    measure(
      pairs.map((pair) => pair.gold),
      pairs.map((pair) => pair.predicted),
    );
  const all = figures(predicted);
  const format = (value: number) => value.toFixed(3);
  console.log(
    `validation macro-F1 ${format(all.macroF1)} (positive ${format(all.f1ByClass.positive ?? 0)}, neutral ${format(
      all.f1ByClass.neutral ?? 0,
    )}, negative ${format(all.f1ByClass.negative ?? 0)})`,
  );
  for (const language of [...new Set(validation.map((row) => row.language))].sort()) {
    const subset = predicted.filter((pair) => pair.row.language === language);
    console.log(
      `  ${language.padEnd(8)} n=${String(subset.length).padStart(4)}  macro-F1 ${format(figures(subset).macroF1)}`,
    );
  }
  console.log('');
  await trainSentimentStacker(MODEL_FILE);
}

await main();

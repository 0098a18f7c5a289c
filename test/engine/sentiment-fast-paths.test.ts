import { describe, expect, it } from 'vitest';
import { readSentimentTables } from '../../src/engine/sentiment/load-lexicon.js';
import { countLetters } from '../../src/engine/sentiment/scan.js';
import { createSentimentScorer } from '../../src/engine/sentiment/score.js';
import { normalizeText, normalizeTextFully } from '../../src/engine/text/normalize.js';
import { readCorpus } from '../../tools/train-sentiment/corpus.js';

/**
 * The lexicon scorer's shortcuts change no reading: normalisation's plain-ASCII path gives what every step
 * gives, letters are counted as the Unicode regexes count them, and remembered word lookups make a score
 * independent of what the scorer read before.
 */
const corpus = readCorpus().map((row) => row.text);

/** Deterministic strings over pieces that exercise each normalisation step, ASCII and not. */
function randomTexts(count: number): string[] {
  const pieces = [
    'a',
    'A',
    'b',
    'Z',
    ' ',
    '  ',
    '\t',
    '\n',
    '`',
    "'",
    '!',
    '!!!!',
    '?',
    '.',
    '~',
    '*',
    'ooo',
    'LLLL',
    '12',
    '😍',
    '😍😍😍😍',
    '\u00B4',
    '\u2019',
    '\u201C',
    '\u2014',
    '\u200D',
    '\u200B',
    '\u00AD',
    '\uFB01',
    'Ｆ',
    'é',
    'e\u0301',
    '\u0000',
    '\u007F',
    '\uE000',
    'ñ',
    'Ñ',
    '👍🏽',
    '©',
    'ǅ',
    '𝐀',
    '\uD800',
  ];
  let seed = 20261125;
  const next = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    let text = '';
    const length = 1 + Math.floor(next() * 14);
    for (let index = 0; index < length; index += 1) text += pieces[Math.floor(next() * pieces.length)];
    return text;
  });
}

describe('shortcuts of the lexicon scorer', () => {
  const texts = [...corpus, ...randomTexts(20_000)];

  it('normalises plain ASCII as every step does', () => {
    const differing = texts.filter((text) => normalizeText(text) !== normalizeTextFully(text));
    expect(differing).toEqual([]);
    // The remembered last text answers again without recomputing, and with the same answer.
    const text = 'Sooooo   goooood!!!!!!';
    expect(normalizeText(text)).toBe(normalizeText(text));
    expect(normalizeText(text)).toBe('Soo good!!!');
  });

  it('counts letters and capitals as /\\p{L}/gu and /\\p{Lu}/gu do', () => {
    for (const text of texts) {
      expect(countLetters(text)).toEqual({
        letters: text.match(/\p{L}/gu)?.length ?? 0,
        capitals: text.match(/\p{Lu}/gu)?.length ?? 0,
      });
    }
  });

  it('gives every comment the same reading whatever the scorer read before', () => {
    const tables = readSentimentTables();
    const forward = createSentimentScorer(tables);
    const backward = createSentimentScorer(tables);
    const sample = corpus.filter((_, index) => index % 2 === 0);
    const readForward = sample.map((text) => forward.scoreComment(text));
    const readBackward = [...sample]
      .reverse()
      .map((text) => backward.scoreComment(text))
      .reverse();
    expect(readBackward).toEqual(readForward);
    const fresh = createSentimentScorer(tables);
    expect(sample.slice(0, 200).map((text) => fresh.scoreSentiment(text))).toEqual(
      sample.slice(0, 200).map((text) => forward.scoreSentiment(text)),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { writeComment } from './comment.js';
import { COMMENT_LANGUAGES, COMMENT_LENGTHS, COMMENT_TONES, type CommentSpec } from './types.js';

// The options the labelled benchmark corpus (bench/corpus) writes with; the rest of writeComment is covered by
// test/engine/generator.test.ts.

const spec = (overrides: Partial<CommentSpec> = {}): CommentSpec => ({
  language: 'en',
  tone: 'positive',
  aspects: ['punctuality'],
  honorific: 'sir',
  length: 'long',
  seed: 1,
  ...overrides,
});

/** Words only the English phrases of one aspect use. */
const NAMES = {
  punctuality: /on time|punctual|\blate\b|cancel|arrives/iu,
  grading: /grad|exam|rubric|criteria/iu,
  lab: /\blab\b|laboratory|hands-on|practical/iu,
};
const SEEDS = Array.from({ length: 40 }, (_, seed) => seed);

describe('writeComment({ onlyGivenAspects })', () => {
  it('names the given aspect in every comment and no other', () => {
    for (const tone of ['positive', 'negative'] as const)
      for (const length of COMMENT_LENGTHS)
        for (const seed of SEEDS) {
          const { text } = writeComment(spec({ tone, length, seed, onlyGivenAspects: true }));
          expect(text, text).toMatch(NAMES.punctuality);
          expect(text, text).not.toMatch(NAMES.grading);
          expect(text, text).not.toMatch(NAMES.lab);
        }
  });

  it('names both of two aspects when the comment has room for them', () => {
    for (const tone of ['positive', 'negative', 'mixed'] as const)
      for (const length of ['medium', 'long'] as const)
        for (const seed of SEEDS) {
          const { text } = writeComment(
            spec({ tone, length, seed, aspects: ['grading', 'lab'], onlyGivenAspects: true }),
          );
          expect(text, text).toMatch(NAMES.grading);
          expect(text, text).toMatch(NAMES.lab);
          expect(text, text).not.toMatch(NAMES.punctuality);
        }
  });

  it('writes about the teacher or class in general when given no aspect', () => {
    for (const tone of COMMENT_TONES.filter((candidate) => candidate !== 'mixed'))
      for (const length of COMMENT_LENGTHS)
        for (const seed of SEEDS) {
          const { text } = writeComment(spec({ tone, length, seed, aspects: [], onlyGivenAspects: true }));
          expect(text.length).toBeGreaterThan(0);
          for (const name of Object.values(NAMES)) expect(text, text).not.toMatch(name);
        }
  });

  it('says no sentence twice', () => {
    for (const language of COMMENT_LANGUAGES)
      for (const tone of ['positive', 'negative'] as const)
        for (const seed of SEEDS) {
          const { text } = writeComment(spec({ language, tone, seed, aspects: [], onlyGivenAspects: true }));
          const sentences = text
            .toLowerCase()
            .split(/[.!]+\s*/u)
            .filter((sentence) => sentence.length > 0);
          expect(new Set(sentences).size, text).toBe(sentences.length);
        }
  });

  it('is a choice: without it, some short praise is about no aspect at all', () => {
    const texts = SEEDS.map((seed) => writeComment(spec({ length: 'short', seed })).text);
    expect(texts.some((text) => !NAMES.punctuality.test(text))).toBe(true);
  });
});

describe('writeComment({ rough })', () => {
  it('retypes the tidy comment: text-speak, a stretched word or a dropped letter, the same for the same spec', () => {
    let changed = 0;
    for (const language of COMMENT_LANGUAGES)
      for (const seed of SEEDS) {
        const tidy = writeComment(spec({ language, seed })).text;
        const rough = writeComment(spec({ language, seed, rough: true })).text;
        expect(writeComment(spec({ language, seed, rough: true })).text).toBe(rough);
        if (rough !== tidy) changed += 1;
        if (/\bvery\b/u.test(tidy)) expect(rough).toMatch(/\bvry/u);
        expect(rough.split(' ')).toHaveLength(tidy.split(' ').length);
      }
    expect(changed).toBeGreaterThan(COMMENT_LANGUAGES.length * SEEDS.length * 0.9);
  });

  it('keeps within maxLength', () => {
    for (const seed of SEEDS)
      expect(writeComment(spec({ seed, rough: true, maxLength: 40 })).text.length).toBeLessThanOrEqual(40);
  });

  it('is off by default', () => {
    for (const tone of COMMENT_TONES)
      for (const seed of SEEDS.slice(0, 10))
        expect(writeComment(spec({ tone, seed, rough: false, onlyGivenAspects: false })).text).toBe(
          writeComment(spec({ tone, seed })).text,
        );
  });
});

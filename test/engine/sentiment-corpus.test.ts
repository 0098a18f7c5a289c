import { describe, expect, it } from 'vitest';
import { CEBUANO } from '../../src/engine/generator/phrases/ceb.js';
import { ENGLISH } from '../../src/engine/generator/phrases/en.js';
import { TAGLISH } from '../../src/engine/generator/phrases/taglish.js';
import { TAGALOG } from '../../src/engine/generator/phrases/tl.js';
import { modelText } from '../../src/engine/sentiment/model-text.js';
import { readCorpus } from '../../tools/train-sentiment/corpus.js';

/**
 * The sentiment corpus is written for the project, comment by comment: not generated from the synthetic
 * generator's phrase banks (which would teach the model the generator, not students). A comment counts as
 * shared when any run of six of its words is a run of six words of some phrase-bank template, with the
 * template's slots ({t}, {h}, ...) and the corpus's forms of address matching any word.
 */
const RUN = 6;
const WILDCARD = '*';
const ADDRESS = new Set(['sir', 'maam', "ma'am", 'mam', 'teacher', 'prof', 'professor', 'miss', 'mr', 'ms', 'po']);

function words(text: string): string[] {
  return modelText(text)
    .split(' ')
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => (ADDRESS.has(word) ? WILDCARD : word));
}

/** Every expansion of a template's `[a|b|c]` alternatives (capped: the runs repeat after a few hundred). */
function expansions(template: string, cap = 400): string[] {
  const match = /\[([^[\]]*)\]/u.exec(template);
  if (!match) return [template];
  const results: string[] = [];
  for (const alternative of (match[1] ?? '').split('|')) {
    const next = `${template.slice(0, match.index)}${alternative}${template.slice(match.index + match[0].length)}`;
    for (const expanded of expansions(next, cap)) {
      if (results.length >= cap) return results;
      results.push(expanded);
    }
  }
  return results;
}

function templates(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(templates);
  if (value && typeof value === 'object') return Object.values(value).flatMap(templates);
  return [];
}

function runsOf(tokens: readonly string[]): string[] {
  const runs: string[] = [];
  for (let start = 0; start + RUN <= tokens.length; start += 1) runs.push(tokens.slice(start, start + RUN).join(' '));
  return runs;
}

describe('the sentiment corpus', () => {
  const corpus = readCorpus();

  it('holds at least 6,000 labelled comments in the five languages, every label in each', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(6_000);
    for (const language of ['en', 'tl', 'ceb', 'taglish', 'ceb-en']) {
      const rows = corpus.filter((row) => row.language === language);
      expect(rows.length, language).toBeGreaterThan(500);
      for (const label of ['positive', 'neutral', 'negative'])
        expect(rows.filter((row) => row.label === label).length, `${language} ${label}`).toBeGreaterThan(100);
    }
    // The same text twice only as a short answer ("ok", "wala po") written alike in several languages, and
    // then always with the same label.
    const labelOf = new Map<string, string>();
    for (const row of corpus) {
      const key = row.text.trim().toLowerCase();
      const seen = labelOf.get(key);
      if (seen !== undefined) {
        expect(row.text.split(/\s+/u).length, row.text).toBeLessThanOrEqual(3);
        expect(row.label, row.text).toBe(seen);
      }
      labelOf.set(key, row.label);
    }
  });

  it('shares a run of six words with the generator phrase banks in fewer than 5% of its comments', () => {
    const bankRuns = new Set<string>();
    for (const bank of [ENGLISH, TAGALOG, TAGLISH, CEBUANO])
      for (const template of templates(bank))
        for (const expanded of expansions(template))
          for (const run of runsOf(words(expanded.replace(/\{[a-z]+\}/gu, ` ${WILDCARD} `)))) bankRuns.add(run);
    expect(bankRuns.size).toBeGreaterThan(1_000);
    const shared = corpus.filter((row) => runsOf(words(row.text)).some((run) => bankRuns.has(run)));
    const share = shared.length / corpus.length;
    expect(
      share,
      shared
        .slice(0, 10)
        .map((row) => row.text)
        .join('\n'),
    ).toBeLessThan(0.05);
  });
});

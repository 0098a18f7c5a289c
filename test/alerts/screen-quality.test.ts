import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateScreen, parseLabelledComments, precision, recall } from '../../src/engine/screen/evaluate.js';

const devSet = parseLabelledComments(readFileSync('bench/corpus/screen-dev-set.tsv', 'utf8'));

describe('screen quality on the development set', () => {
  const evaluation = evaluateScreen(devSet);

  it('has several hundred comments, a third of them hard negatives', () => {
    expect(devSet.length).toBeGreaterThanOrEqual(300);
    expect(evaluation.hardNegatives / devSet.length).toBeGreaterThanOrEqual(1 / 3);
  });

  it('reaches precision >= 0.90 and recall >= 0.85 over all categories', () => {
    expect(precision(evaluation.overall)).toBeGreaterThanOrEqual(0.9);
    expect(recall(evaluation.overall)).toBeGreaterThanOrEqual(0.85);
  });
});

/**
 * Accuracy and macro-F1 of a sentiment reading against gold labels: what bench:engine-quality prints, what the quality
 * test compares with the committed figures, and what the training tools fit against. No side effects on import (the
 * training tools use it while the shipped model or stacker may not load).
 */

import type { SentimentLabel } from '../../src/engine/contracts.js';

const LABELS: readonly SentimentLabel[] = ['positive', 'neutral', 'negative'];

export interface Figures {
  rows: number;
  accuracy: number;
  macroF1: number;
  /** The gold classes the macro-F1 is computed over (two when a file has no neutral rows, for instance). */
  classes: SentimentLabel[];
  f1ByClass: Partial<Record<SentimentLabel, number>>;
}

export function measure(gold: readonly SentimentLabel[], predicted: readonly SentimentLabel[]): Figures {
  const classes = LABELS.filter((label) => gold.includes(label));
  let correct = 0;
  gold.forEach((label, index) => {
    if (predicted[index] === label) correct += 1;
  });
  const f1s = classes.map((label) => {
    let truePositive = 0;
    let falsePositive = 0;
    let falseNegative = 0;
    gold.forEach((goldLabel, index) => {
      const predictedLabel = predicted[index];
      if (predictedLabel === label && goldLabel === label) truePositive += 1;
      else if (predictedLabel === label) falsePositive += 1;
      else if (goldLabel === label) falseNegative += 1;
    });
    const denominator = 2 * truePositive + falsePositive + falseNegative;
    return denominator === 0 ? 0 : (2 * truePositive) / denominator;
  });
  const f1ByClass: Partial<Record<SentimentLabel, number>> = {};
  classes.forEach((label, index) => {
    f1ByClass[label] = f1s[index] ?? 0;
  });
  return {
    rows: gold.length,
    accuracy: gold.length === 0 ? 0 : correct / gold.length,
    macroF1: f1s.length === 0 ? 0 : f1s.reduce((sum, value) => sum + value, 0) / f1s.length,
    classes,
    f1ByClass,
  };
}

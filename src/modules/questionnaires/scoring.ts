import { leafSections, QUESTION_VALUE_RANGE, type QuestionnaireSchema } from './questionnaire-schema.js';

/** Rounds half away from zero to two decimals, without the binary drift of `Math.round(x * 100) / 100`. */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number(`${Math.abs(value)}e2`))) / 100;
}

/**
 * The normalized score of conventions §5 (pure). Each answer is scaled to 0..1 as
 * (value − min) / (max − min) of its question type; a leaf section's score is the mean of its answered
 * questions; the result is Σ leaf score × leaf weight over the leaves that have answers, divided by the
 * sum of those leaves' weights (so unanswered optional leaves do not drag the score down), × 100,
 * rounded to 2 decimals. Null when no question was answered. Answers to unknown questions are ignored:
 * the answer validator refuses them before this runs.
 */
export function normalizedScore(schema: QuestionnaireSchema, answers: ReadonlyMap<string, number>): number | null {
  let weighted = 0;
  let weightPresent = 0;
  for (const leaf of leafSections(schema)) {
    const scaled: number[] = [];
    for (const question of leaf.questions) {
      const value = answers.get(question.id);
      if (value === undefined) continue;
      const { min, max } = QUESTION_VALUE_RANGE[question.type];
      scaled.push((value - min) / (max - min));
    }
    if (scaled.length === 0) continue;
    const leafScore = scaled.reduce((sum, value) => sum + value, 0) / scaled.length;
    weighted += leafScore * leaf.weight;
    weightPresent += leaf.weight;
  }
  if (weightPresent === 0) return null;
  return round2((weighted / weightPresent) * 100);
}

import type { FacultySemesterRow } from './analytics.repository.js';
import type { ATTENTION_FLAGS } from './analytics.schemas.js';

/** Spec, "Attention flags" and Limits: every threshold of the attention list, in one place. */
export const ATTENTION_THRESHOLDS = {
  /** declining_trend: a negative score or sentiment slope counts with an R² of at least this... */
  decliningMinR2: 0.5,
  /** ...over at least this many semesters. */
  decliningMinSemesters: 3,
  /**
   * quant_qual_gap: |normalized score / 100 − sentiment score| greater than this, where the sentiment score puts
   * the analysed comments on the score's own 0..1 scale: (positive + ½ neutral) / analysed. The normalized score
   * maps a Likert 1..5 to 0..100 with the neutral answer 3 at 50 (an average of 4 is already 75), so a neutral
   * comment sits at ½ too: comparing the score with the bare positive rate would read every neutral comment as
   * a complaint and flag a member at 87 with 60% positive, 30% neutral and 10% negative comments (0.87 − 0.60 =
   * 0.27), where the like-for-like gap is 0.87 − 0.75 = 0.12. Both directions count: a high score with negative
   * comments, and a low score with positive ones...
   */
  gapMinDifference: 0.2,
  /** ...with at least this many analyzed submissions. */
  gapMinAnalyzed: 10,
  /** low_coverage: fewer than this share of the submissions have a sentiment result. */
  coverageMinRate: 0.5,
} as const;

export type AttentionFlag = (typeof ATTENTION_FLAGS)[number];

type FlagInput = Pick<
  FacultySemesterRow,
  | 'submissionCount'
  | 'analyzedCount'
  | 'positiveCount'
  | 'neutralCount'
  | 'avgNormalizedScore'
  | 'semesterCount'
  | 'scoreSlope'
  | 'scoreR2'
  | 'sentimentSlope'
  | 'sentimentR2'
>;

/** (positive + ½ neutral) / analysed, on 0..1 like score / 100 (see gapMinDifference); null with nothing analysed. */
export function sentimentScore(row: Pick<FlagInput, 'analyzedCount' | 'positiveCount' | 'neutralCount'>) {
  if (row.analyzedCount <= 0) return null;
  return (row.positiveCount + row.neutralCount / 2) / row.analyzedCount;
}

/** The flags one faculty row earns, in the spec's order; empty when it needs no attention. */
export function attentionFlags(row: FlagInput): AttentionFlag[] {
  const flags: AttentionFlag[] = [];
  const declining = (slope: number | null, r2: number | null) =>
    slope !== null && r2 !== null && slope < 0 && r2 >= ATTENTION_THRESHOLDS.decliningMinR2;
  if (
    row.semesterCount >= ATTENTION_THRESHOLDS.decliningMinSemesters &&
    (declining(row.scoreSlope, row.scoreR2) || declining(row.sentimentSlope, row.sentimentR2))
  )
    flags.push('declining_trend');
  const sentiment = sentimentScore(row);
  if (
    row.analyzedCount >= ATTENTION_THRESHOLDS.gapMinAnalyzed &&
    row.avgNormalizedScore !== null &&
    sentiment !== null &&
    gap(row.avgNormalizedScore, sentiment) > ATTENTION_THRESHOLDS.gapMinDifference
  )
    flags.push('quant_qual_gap');
  if (row.submissionCount > 0 && row.analyzedCount / row.submissionCount < ATTENTION_THRESHOLDS.coverageMinRate)
    flags.push('low_coverage');
  return flags;
}

/**
 * |score / 100 − sentiment score|, rounded to 8 decimals: without the rounding floating point would put some
 * gaps of exactly 0.2 above the threshold (0.9 − 0.7 = 0.20000000000000007).
 */
function gap(avgNormalizedScore: number, sentiment: number): number {
  return Math.round(Math.abs(avgNormalizedScore / 100 - sentiment) * 1e8) / 1e8;
}

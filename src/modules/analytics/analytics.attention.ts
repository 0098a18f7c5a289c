import type { FacultySemesterRow } from './analytics.repository.js';
import type { ATTENTION_FLAGS } from './analytics.schemas.js';

/** Spec, "Attention flags" and Limits: every threshold of the attention list, in one place. */
export const ATTENTION_THRESHOLDS = {
  /** declining_trend: a negative score or sentiment slope counts with an R² of at least this... */
  decliningMinR2: 0.5,
  /** ...over at least this many semesters. */
  decliningMinSemesters: 3,
  /**
   * quant_qual_gap: |normalized score / 100 − sentiment score| greater than this, where the sentiment score is
   * the share of praise among the comments that take a side: positive / (positive + negative). Neutral
   * comments (suggestions, facts, balanced remarks) say nothing for or against the rating, so they are left
   * out rather than counted as complaints: a member at 87 with 60% positive, 30% neutral and 10% negative
   * comments reads 0.86 (gap 0.01, no flag), where the bare positive rate would give 0.27; a member at 51.5
   * with 14% positive, 46% neutral and 40% negative comments reads 0.26 (gap 0.25, flagged). Both directions
   * count: a high score with critical comments, and a low score with praise...
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
  | 'scoreSemesterCount'
  | 'sentimentSemesterCount'
>;

/**
 * positive / (positive + negative), on 0..1 like score / 100 (see gapMinDifference); null when no analysed
 * comment takes a side.
 */
export function sentimentScore(row: Pick<FlagInput, 'analyzedCount' | 'positiveCount' | 'neutralCount'>) {
  const negative = row.analyzedCount - row.positiveCount - row.neutralCount;
  const opinionated = row.positiveCount + negative;
  if (opinionated <= 0) return null;
  return row.positiveCount / opinionated;
}

/** The flags one faculty row earns, in the spec's order; empty when it needs no attention. */
export function attentionFlags(row: FlagInput): AttentionFlag[] {
  const flags: AttentionFlag[] = [];
  // Each regression over the semesters it was fit on: a sentiment slope needs three semesters with analysed
  // comments, not three with submissions (a line through two points has R² 1).
  const declining = (slope: number | null, r2: number | null, semesters: number) =>
    slope !== null &&
    r2 !== null &&
    slope < 0 &&
    r2 >= ATTENTION_THRESHOLDS.decliningMinR2 &&
    semesters >= ATTENTION_THRESHOLDS.decliningMinSemesters;
  if (
    row.semesterCount >= ATTENTION_THRESHOLDS.decliningMinSemesters &&
    (declining(row.scoreSlope, row.scoreR2, row.scoreSemesterCount) ||
      declining(row.sentimentSlope, row.sentimentR2, row.sentimentSemesterCount))
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

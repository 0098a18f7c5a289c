import type { FacultySemesterRow } from './analytics.repository.js';
import type { ATTENTION_FLAGS } from './analytics.schemas.js';

/** Spec, "Attention flags" and Limits: every threshold of the attention list, in one place. */
export const ATTENTION_THRESHOLDS = {
  /** declining_trend: a negative slope counts with an R² of at least this... */
  decliningMinR2: 0.5,
  /** ...over at least this many semesters. */
  decliningMinSemesters: 3,
  /** quant_qual_gap: |normalized score / 100 − positive rate| greater than this... */
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
  | 'avgNormalizedScore'
  | 'positiveRate'
  | 'semesterCount'
  | 'scoreSlope'
  | 'scoreR2'
  | 'sentimentSlope'
  | 'sentimentR2'
>;

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
  if (
    row.analyzedCount >= ATTENTION_THRESHOLDS.gapMinAnalyzed &&
    row.avgNormalizedScore !== null &&
    row.positiveRate !== null &&
    gap(row.avgNormalizedScore, row.positiveRate) > ATTENTION_THRESHOLDS.gapMinDifference
  )
    flags.push('quant_qual_gap');
  if (row.submissionCount > 0 && row.analyzedCount / row.submissionCount < ATTENTION_THRESHOLDS.coverageMinRate)
    flags.push('low_coverage');
  return flags;
}

/**
 * |score / 100 − positive rate|, rounded to 8 decimals: both inputs carry at most 4, and without the rounding
 * floating point would put some gaps of exactly 0.2 above the threshold (0.9 − 0.7 = 0.20000000000000007).
 */
function gap(avgNormalizedScore: number, positiveRate: number): number {
  return Math.round(Math.abs(avgNormalizedScore / 100 - positiveRate) * 1e8) / 1e8;
}

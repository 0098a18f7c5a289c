import type { ConfidenceLevel, RecommendationCategory } from '../contracts.js';
import { DIMENSION_IMPROVEMENT_MAX_AVERAGE, DIMENSION_STRENGTH_MIN_AVERAGE } from './thresholds.js';

/**
 * Confidence of a recommendation's evidence, from its volume and its agreement. Both conditions of a level
 * must hold.
 *
 * - HIGH: volume of at least 20 and agreement of at least 0.6
 * - MEDIUM: volume of at least 8 and agreement of at least 0.4
 * - LOW: anything else
 *
 * With topics, the volume is their comment count and the agreement the share of those comments whose
 * sentiment supports the recommendation (negative for an IMPROVEMENT, positive for a STRENGTH).
 * With dimension scores only, the volume is their number of responses and the agreement is how clearly the
 * response-weighted average sits on the recommendation's side (see dimensionAgreement).
 */
export const CONFIDENCE_HIGH_MIN_COMMENTS = 20;
export const CONFIDENCE_HIGH_MIN_AGREEMENT = 0.6;
export const CONFIDENCE_MEDIUM_MIN_COMMENTS = 8;
export const CONFIDENCE_MEDIUM_MIN_AGREEMENT = 0.4;

export function confidenceLevelFor(volume: number, agreement: number): ConfidenceLevel {
  if (volume >= CONFIDENCE_HIGH_MIN_COMMENTS && agreement >= CONFIDENCE_HIGH_MIN_AGREEMENT) return 'HIGH';
  if (volume >= CONFIDENCE_MEDIUM_MIN_COMMENTS && agreement >= CONFIDENCE_MEDIUM_MIN_AGREEMENT) return 'MEDIUM';
  return 'LOW';
}

/**
 * Agreement of a dimension average (0..100) with a category, rising linearly across the band between the
 * IMPROVEMENT and STRENGTH thresholds (70 and 85): an IMPROVEMENT on an average of 70 or less agrees fully
 * (1) and one on 85 or more not at all (0); a STRENGTH the other way round. So an average of 76 or less
 * supports an IMPROVEMENT with agreement ≥ 0.6, and 79 or more a STRENGTH.
 */
export function dimensionAgreement(category: RecommendationCategory, average: number): number {
  const band = DIMENSION_STRENGTH_MIN_AVERAGE - DIMENSION_IMPROVEMENT_MAX_AVERAGE;
  const towardsStrength = Math.min(1, Math.max(0, (average - DIMENSION_IMPROVEMENT_MAX_AVERAGE) / band));
  return category === 'STRENGTH' ? towardsStrength : 1 - towardsStrength;
}

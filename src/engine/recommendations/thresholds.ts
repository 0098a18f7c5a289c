/**
 * When a topic or a dimension is evidence for a STRENGTH or an IMPROVEMENT. Dimension averages are on the
 * 0..100 scale of normalised scores.
 *
 * Topics (sentiment shares of the topic's comments):
 * - STRENGTH: positive share ≥ 0.6 and negative share ≤ 0.2.
 * - IMPROVEMENT: negative share ≥ 0.35, or ≥ 0.25 when negative outweighs positive (softened criticism
 *   often reads as neutral, so a quarter of clearly negative comments is already a signal).
 * Dimensions:
 * - STRENGTH: average ≥ 85; otherwise the top dimension when it is ≥ 75 and at least 5 points above the
 *   mean of all dimensions (a relative strength).
 * - IMPROVEMENT: average < 70; otherwise the lowest dimension when it is at least 5 points below the mean
 *   (a relative improvement).
 */
export const TOPIC_STRENGTH_MIN_POSITIVE_SHARE = 0.6;
export const TOPIC_STRENGTH_MAX_NEGATIVE_SHARE = 0.2;
export const TOPIC_IMPROVEMENT_MIN_NEGATIVE_SHARE = 0.35;
export const TOPIC_IMPROVEMENT_MIN_DOMINANT_NEGATIVE_SHARE = 0.25;
export const DIMENSION_STRENGTH_MIN_AVERAGE = 85;
export const DIMENSION_RELATIVE_STRENGTH_MIN_AVERAGE = 75;
export const DIMENSION_IMPROVEMENT_MAX_AVERAGE = 70;
export const DIMENSION_RELATIVE_GAP = 5;

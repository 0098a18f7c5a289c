import type { Facet } from '../contracts.js';

/** Share of contributing submissions the top questionnaire code needs for its facet to apply (spec: 0.6). */
export const FACET_DOMINANCE_THRESHOLD = 0.6;

const FACET_BY_QUESTIONNAIRE_CODE: Readonly<Record<string, Facet>> = {
  FACULTY_FEEDBACK: 'facultyFeedback',
  FACULTY_IN_CLASSROOM: 'inClassroom',
  FACULTY_OUT_OF_CLASSROOM: 'outOfClassroom',
};

/**
 * The facet of a recommendation from the questionnaire codes of its contributing submissions (code → count):
 * the top code's facet when its share reaches FACET_DOMINANCE_THRESHOLD, otherwise `overall` (also for an
 * unknown code or no submissions). A tie between codes can never reach the threshold, so it is `overall` too.
 */
export function facetFor(questionnaireCodes: Record<string, number>): Facet {
  let total = 0;
  let topCode: string | undefined;
  let topCount = 0;
  for (const [code, count] of Object.entries(questionnaireCodes)) {
    if (!Number.isFinite(count) || count <= 0) continue;
    total += count;
    if (count > topCount) {
      topCode = code;
      topCount = count;
    }
  }
  if (topCode === undefined || topCount / total < FACET_DOMINANCE_THRESHOLD) return 'overall';
  return FACET_BY_QUESTIONNAIRE_CODE[topCode] ?? 'overall';
}

import { TEACHING_ASPECTS, type TeachingAspect } from './types.js';

/**
 * Word stems that name each aspect, in English, Tagalog and Cebuano: to read which aspect a dimension code, a
 * question text or an administrator's theme is about. Earlier aspects win a tie, so the list runs from the
 * most specific stems to the most general.
 */
const ASPECT_STEMS: ReadonlyArray<readonly [TeachingAspect, readonly string[]]> = [
  ['online', ['online', 'lms', 'zoom', 'google classroom', 'virtual', 'platform', 'modular', 'recording']],
  ['lab', ['laborator', 'lab ', 'lab-', 'practical', 'hands-on', 'experiment']],
  ['punctuality', ['punctual', 'late', 'on time', 'attendance', 'absent', 'tardy', 'oras']],
  ['grading', ['grad', 'fair', 'assess', 'exam', 'rubric', 'score', 'marka', 'patas']],
  ['feedback', ['feedback', 'return', 'puna', 'komento']],
  ['availability', ['avail', 'consult', 'approach', 'reach', 'messag', 'lapit', 'duol']],
  ['pacing', ['pace', 'pacing', 'speed', 'fast', 'slow', 'rush', 'bilis', 'bagal', 'paspas']],
  ['workload', ['workload', 'requirement', 'deadline', 'project', 'assignment', 'homework', 'gawain', 'buluhaton']],
  ['materials', ['material', 'slide', 'module', 'modyul', 'handout', 'reference', 'resource', 'textbook']],
  ['classroom', ['management', 'manag', 'disciplin', 'classroom', 'noise', 'orderly', 'ingay', 'saba']],
  ['preparation', ['prepar', 'organiz', 'plan', 'handa', 'andam']],
  ['mastery', ['master', 'knowledge', 'expert', 'competen', 'subject matter', 'alam', 'kahibalo']],
  ['respect', ['respect', 'kind', 'patien', 'rude', 'professional', 'courte', 'treat', 'bait', 'buotan']],
  ['engagement', ['engag', 'interest', 'activit', 'boring', 'fun', 'participat', 'motivat', 'interactive']],
  ['clarity', ['clarity', 'clear', 'explain', 'explanation', 'understand', 'linaw', 'paliwanag', 'klaro', 'pasabot']],
];

/** The aspect a text names, or undefined. Matching ignores case; a stem matches inside words. */
export function aspectNamedIn(text: string): TeachingAspect | undefined {
  const lower = ` ${text.toLowerCase().replace(/[_\s]+/gu, ' ')} `;
  for (const aspect of TEACHING_ASPECTS) if (lower.includes(` ${aspect} `)) return aspect;
  for (const [aspect, stems] of ASPECT_STEMS) if (stems.some((stem) => lower.includes(stem))) return aspect;
  return undefined;
}

/** The aspect a question is about: its dimension code first (the cleaner signal), then its text. */
export function aspectOfQuestion(question: { dimensionCode: string; text?: string }): TeachingAspect | undefined {
  return aspectNamedIn(question.dimensionCode) ?? (question.text ? aspectNamedIn(question.text) : undefined);
}

/**
 * Synthetic student evaluations: answers that look like real ones (per-teacher level, per-student leaning,
 * a tail of low answers) and comments in English, Filipino, Cebuano and Taglish whose tone follows the
 * answers. Pure and seeded: no I/O, no Math.random. Serves the admin generator, its CLI command, the demo and
 * the benchmarks' labelled corpus (bench/corpus).
 */
export {
  facultyProfileFor,
  generateAnswers,
  type FacultyProfile,
  type GeneratedAnswer,
  type GeneratorQuestion,
  type StudentAnswers,
} from './answers.js';
export { aspectNamedIn, aspectOfQuestion } from './aspects.js';
export { writeComment } from './comment.js';
export { aspectsForCourse, courseHasLab, honorificFor, type CourseIdentity, type FacultyIdentity } from './context.js';
export { chance, pick, randomFrom, seedFrom, weightedPick, type RandomSource } from './random.js';
export {
  DEFAULT_LANGUAGE_MIX,
  DEFAULT_LENGTH_MIX,
  generateRow,
  generateRows,
  toneFor,
  type CommentSettings,
  type GeneratedRow,
  type GenerateRowInput,
  type GenerateRowsInput,
  type LanguageMix,
} from './rows.js';
export {
  COMMENT_LANGUAGES,
  COMMENT_LENGTHS,
  COMMENT_TONES,
  TEACHING_ASPECTS,
  type CommentLanguage,
  type CommentLength,
  type CommentSpec,
  type CommentTone,
  type GeneratedComment,
  type Honorific,
  type TeachingAspect,
} from './types.js';

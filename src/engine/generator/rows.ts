import {
  facultyProfileFor,
  generateAnswers,
  type FacultyProfile,
  type GeneratedAnswer,
  type GeneratorQuestion,
  type StudentAnswers,
} from './answers.js';
import { aspectNamedIn } from './aspects.js';
import { writeComment } from './comment.js';
import { aspectsForCourse, courseHasLab, type CourseIdentity } from './context.js';
import { chance, pick, randomFrom, sample, seedFrom, weightedPick, type RandomSource } from './random.js';
import {
  COMMENT_LANGUAGES,
  type CommentLanguage,
  type CommentLength,
  type CommentSpec,
  type CommentTone,
  type GeneratedComment,
  type TeachingAspect,
} from './types.js';

/** Relative weights of the languages (they need not sum to 1; a language left out is not written). */
export type LanguageMix = Partial<Record<CommentLanguage, number>>;

/** A campus where English and Taglish lead, then Tagalog, then Cebuano. */
export const DEFAULT_LANGUAGE_MIX: Readonly<Record<CommentLanguage, number>> = {
  en: 0.35,
  taglish: 0.3,
  tl: 0.2,
  ceb: 0.15,
};

export interface CommentSettings {
  /** Share of rows that carry a comment, 0..1 (ignored when the questionnaire requires one). */
  ratio: number;
  languages?: LanguageMix;
  /** Free text; when it names an aspect of teaching, most comments are about that aspect. */
  theme?: string;
  /** The questionnaire's qualitativeFeedback: no comments when disabled, on every row when required. */
  enabled: boolean;
  required: boolean;
  maxLength: number;
}

export interface GeneratedRow {
  studentUsername: string;
  answers: GeneratedAnswer[];
  satisfaction: number;
  comment: GeneratedComment | null;
}

/** Share of comments about the theme's aspect, when the theme names one. */
const THEME_SHARE = 0.7;
/** How long students write: 35% short, 40% medium, 25% long (weights for `weightedPick`). */
export const DEFAULT_LENGTH_MIX: ReadonlyArray<readonly [CommentLength, number]> = [
  ['short', 0.35],
  ['medium', 0.4],
  ['long', 0.25],
];

/**
 * The tone a student writes in, from how they answered (satisfaction 0..1; all fours is 0.75). Satisfied
 * students mostly praise; students whose answers average below the middle of the scale write negative or
 * mixed comments, never praise.
 */
export function toneFor(satisfaction: number, random: RandomSource): CommentTone {
  const weights: ReadonlyArray<readonly [CommentTone, number]> =
    satisfaction >= 0.8
      ? [
          ['positive', 0.88],
          ['mixed', 0.07],
          ['neutral', 0.05],
        ]
      : satisfaction >= 0.65
        ? [
            ['positive', 0.65],
            ['mixed', 0.2],
            ['neutral', 0.1],
            ['negative', 0.05],
          ]
        : satisfaction >= 0.5
          ? [
              ['positive', 0.2],
              ['mixed', 0.4],
              ['neutral', 0.2],
              ['negative', 0.2],
            ]
          : satisfaction >= 0.35
            ? [
                ['mixed', 0.4],
                ['negative', 0.6],
              ]
            : [
                ['mixed', 0.2],
                ['negative', 0.8],
              ];
  return weightedPick(weights, random);
}

function languageWeights(mix: LanguageMix | undefined): ReadonlyArray<readonly [CommentLanguage, number]> {
  const weights = COMMENT_LANGUAGES.map((language) => [language, Math.max(0, mix?.[language] ?? 0)] as const);
  return weights.some(([, weight]) => weight > 0)
    ? weights
    : COMMENT_LANGUAGES.map((language) => [language, DEFAULT_LANGUAGE_MIX[language]] as const);
}

/**
 * The aspects a comment is about: what the teacher is good or bad at, or what this student rated best or
 * worst; only `allowed` ones (no laboratory in a course without lab work, whatever the theme or the profile).
 */
function commentAspects(
  tone: CommentTone,
  answers: StudentAnswers,
  profile: FacultyProfile,
  theme: TeachingAspect | undefined,
  allowed: readonly TeachingAspect[],
  random: RandomSource,
): TeachingAspect[] {
  const themeAspect = theme !== undefined && allowed.includes(theme) ? theme : undefined;
  const onTheme = themeAspect !== undefined && chance(THEME_SHARE, random) ? themeAspect : undefined;
  const from = (known: readonly TeachingAspect[], rated: TeachingAspect | undefined): TeachingAspect => {
    const roll = random();
    const usable = known.filter((aspect) => allowed.includes(aspect));
    if (roll < 0.5 && usable.length > 0) return pick(usable, random);
    if (roll < 0.8 && rated !== undefined && allowed.includes(rated)) return rated;
    return pick(allowed, random);
  };
  const praised = () => from(profile.strengths, answers.bestAspect);
  const criticised = () => from(profile.weaknesses, answers.worstAspect);
  switch (tone) {
    case 'positive':
      return [onTheme ?? praised()];
    case 'negative':
      return [onTheme ?? criticised()];
    case 'mixed':
      return [praised(), onTheme ?? criticised()];
    case 'neutral':
      return [onTheme ?? pick(allowed, random)];
  }
}

export interface GenerateRowInput {
  questions: readonly GeneratorQuestion[];
  profile: FacultyProfile;
  facultyUsername: string;
  studentUsername: string;
  seed: number;
  comments: CommentSettings;
  /** The evaluated course: comments speak of a laboratory only when it has lab work. Default: not known. */
  course?: CourseIdentity;
}

/** One student's row: answers, then (by the comment ratio) a comment whose tone follows the answers. */
export function generateRow(input: GenerateRowInput): GeneratedRow {
  const { comments, profile } = input;
  const random = randomFrom(
    'row',
    input.seed,
    input.facultyUsername.toLowerCase(),
    input.studentUsername.toLowerCase(),
  );
  const answers = generateAnswers(input.questions, profile, random);
  const wantsComment = comments.enabled && (comments.required || chance(comments.ratio, random));
  let comment: GeneratedComment | null = null;
  if (wantsComment) {
    const tone = toneFor(answers.satisfaction, random);
    const themeAspect = comments.theme ? aspectNamedIn(comments.theme) : undefined;
    const hasLab = input.course === undefined ? undefined : courseHasLab(input.course);
    const spec: CommentSpec = {
      language: weightedPick(languageWeights(comments.languages), random),
      tone,
      aspects: commentAspects(tone, answers, profile, themeAspect, aspectsForCourse(hasLab), random),
      honorific: profile.honorific,
      length: weightedPick(DEFAULT_LENGTH_MIX, random),
      seed: seedFrom(input.seed, input.facultyUsername.toLowerCase(), input.studentUsername.toLowerCase(), 'comment'),
      maxLength: comments.maxLength,
      ...(comments.theme ? { theme: comments.theme } : {}),
      ...(hasLab === undefined ? {} : { courseHasLab: hasLab }),
    };
    comment = writeComment(spec);
  }
  return {
    studentUsername: input.studentUsername,
    answers: answers.answers,
    satisfaction: answers.satisfaction,
    comment,
  };
}

export interface GenerateRowsInput {
  questions: readonly GeneratorQuestion[];
  facultyUsername: string;
  /** The students who may still answer; the rows are for `count` of them, picked by the seed. */
  students: readonly string[];
  count: number;
  seed: number;
  comments: CommentSettings;
  /** Default: the profile read from the faculty username (and full name). */
  profile?: FacultyProfile;
  /** The faculty member's full name ("Dr. Jose Dela Cruz"): how students address them (`honorificFor`). */
  facultyFullName?: string;
  /** The evaluated course ("PSY101", "General Psychology"): whether comments may speak of a laboratory. */
  course?: CourseIdentity;
}

/**
 * Synthetic evaluations of one teacher: `count` students (at most all of them) picked by the seed, each
 * with answers and maybe a comment, in username order. Pure and deterministic: the same input gives the
 * same rows; each row depends only on the seed, the teacher and the student.
 */
export function generateRows(input: GenerateRowsInput): GeneratedRow[] {
  const profile =
    input.profile ??
    facultyProfileFor(
      input.facultyUsername,
      input.questions.map((question) => question.dimensionCode),
      input.facultyFullName,
    );
  const pool = [...new Set(input.students)].sort();
  const chosen = sample(
    pool,
    Math.max(0, input.count),
    randomFrom('students', input.seed, input.facultyUsername.toLowerCase()),
  ).sort();
  return chosen.map((studentUsername) =>
    generateRow({
      questions: input.questions,
      profile,
      facultyUsername: input.facultyUsername,
      studentUsername,
      seed: input.seed,
      comments: input.comments,
      ...(input.course ? { course: input.course } : {}),
    }),
  );
}

import { aspectOfQuestion } from './aspects.js';
import { honorificFor } from './context.js';
import { chance, normal, randomFrom, sample, type RandomSource } from './random.js';
import { TEACHING_ASPECTS, type Honorific, type TeachingAspect } from './types.js';

/** A question as the generator needs it (a leaf question of a questionnaire schema). */
export interface GeneratorQuestion {
  id: string;
  type: 'LIKERT_5' | 'YES_NO';
  dimensionCode: string;
  required: boolean;
  text?: string;
}

/**
 * How students see one teacher: the level of their answers, what they praise and criticise, and how they
 * address the teacher. The same for every preview of that teacher, whatever the seed.
 */
export interface FacultyProfile {
  /** The typical Likert answer (1 to 5) before a student's own leaning. */
  level: number;
  /** Added to the level for the questions of each dimension code (missing: none). */
  dimensionOffsets: Readonly<Record<string, number>>;
  strengths: readonly TeachingAspect[];
  weaknesses: readonly TeachingAspect[];
  honorific: Honorific;
}

export interface GeneratedAnswer {
  questionId: string;
  value: number;
}

export interface StudentAnswers {
  answers: GeneratedAnswer[];
  /** Mean of the answers scaled to 0..1: 1 is all fives and yeses. */
  satisfaction: number;
  /** Aspects of the student's best and worst rated questions (undefined when they map to none). */
  bestAspect?: TeachingAspect;
  worstAspect?: TeachingAspect;
}

/** Most teachers are rated well: levels from 3.1 to 4.7, about 70% of them above 3.9. */
const LEVEL_TOP = 4.7;
const LEVEL_SPREAD = 1.6;
const STRENGTH_OFFSET = 0.3;
const WEAKNESS_OFFSET = -0.7;
const DIMENSION_NOISE = 0.3;

/** A student's leaning (standard deviation, on the 1..5 scale), and the share of the two kinds who stand out. */
const STUDENT_LEANING = 0.45;
const DISGRUNTLED_SHARE = 0.07;
const DISGRUNTLED_SHIFT = 1.3;
const STRAIGHT_FIVES_SHARE = 0.12;
/** Noise of one answer around the student's level for the question. */
const ANSWER_NOISE = 0.55;
/** An optional question left unanswered. */
const SKIP_OPTIONAL_SHARE = 0.04;

function clampLikert(value: number): number {
  return Math.min(5, Math.max(1, Math.round(value)));
}

/**
 * The profile of a teacher read from their username alone (so two previews of one teacher agree): a level
 * skewed towards the top of the scale, two strengths and two weaknesses, and per dimension a shift that
 * follows them (a weakness in the aspect a dimension measures lowers its answers). The honorific comes from
 * the full name when given, else the username ("maria.santos"), else none ('neutral'): never a guess.
 */
export function facultyProfileFor(
  facultyUsername: string,
  dimensionCodes: readonly string[],
  fullName?: string,
): FacultyProfile {
  const random = randomFrom('faculty', facultyUsername.toLowerCase());
  const level = LEVEL_TOP - LEVEL_SPREAD * random() ** 2;
  const [first, second, third, fourth] = sample(TEACHING_ASPECTS, 4, random) as TeachingAspect[];
  const strengths = [first, second] as TeachingAspect[];
  const weaknesses = [third, fourth] as TeachingAspect[];
  const dimensionOffsets: Record<string, number> = {};
  for (const code of [...new Set(dimensionCodes)].sort()) {
    const aspect = aspectOfQuestion({ dimensionCode: code });
    const base =
      aspect && weaknesses.includes(aspect)
        ? WEAKNESS_OFFSET
        : aspect && strengths.includes(aspect)
          ? STRENGTH_OFFSET
          : 0;
    dimensionOffsets[code] =
      base + (randomFrom('dimension', facultyUsername.toLowerCase(), code)() - 0.5) * 2 * DIMENSION_NOISE;
  }
  const honorific = honorificFor({ username: facultyUsername, ...(fullName ? { fullName } : {}) });
  return { level, dimensionOffsets, strengths, weaknesses, honorific };
}

/**
 * One student's answers: the teacher's level for the question's dimension, plus the student's leaning
 * (shared by all their answers, so items correlate within a student), plus noise. A few students are
 * disgruntled (a low tail) and some answer all fives. YES_NO answers follow the same level through a
 * logistic curve, so most are yes.
 */
export function generateAnswers(
  questions: readonly GeneratorQuestion[],
  profile: FacultyProfile,
  random: RandomSource,
): StudentAnswers {
  let leaning = STUDENT_LEANING * normal(random);
  if (chance(DISGRUNTLED_SHARE, random)) leaning -= DISGRUNTLED_SHIFT + 0.4 * random();
  const straightFives = profile.level + leaning >= 3.9 && chance(STRAIGHT_FIVES_SHARE, random);

  const answers: GeneratedAnswer[] = [];
  let total = 0;
  let best: { score: number; question: GeneratorQuestion } | undefined;
  let worst: { score: number; question: GeneratorQuestion } | undefined;
  for (const question of questions) {
    if (!question.required && chance(SKIP_OPTIONAL_SHARE, random)) continue;
    const mean = profile.level + (profile.dimensionOffsets[question.dimensionCode] ?? 0) + leaning;
    let value: number;
    let score: number;
    if (question.type === 'YES_NO') {
      const yes = straightFives || random() < 1 / (1 + Math.exp(-2 * (mean - 2.7)));
      value = yes ? 1 : 0;
      score = value;
    } else {
      value = straightFives ? 5 : clampLikert(mean + ANSWER_NOISE * normal(random));
      score = (value - 1) / 4;
    }
    answers.push({ questionId: question.id, value });
    total += score;
    if (!best || score > best.score) best = { score, question };
    if (!worst || score < worst.score) worst = { score, question };
  }
  return {
    answers,
    satisfaction: answers.length > 0 ? total / answers.length : 0.75,
    bestAspect: best ? aspectOfQuestion(best.question) : undefined,
    worstAspect: worst ? aspectOfQuestion(worst.question) : undefined,
  };
}

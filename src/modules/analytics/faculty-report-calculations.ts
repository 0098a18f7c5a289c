/**
 * The arithmetic of the faculty report and the composite overview (pure). The repository hands in grouped
 * counts; nothing here touches the database, so one routine serves /report, /overview and the PDF.
 */
import {
  leafSections,
  QUESTION_VALUE_RANGE,
  type Question,
  type QuestionnaireSchema,
  type QuestionType,
  type Section,
} from '../questionnaires/questionnaire-schema.js';
import { round2 } from '../questionnaires/scoring.js';
import type { ReportView } from './faculty-reports.schemas.js';

export { round2 };

/** One group of identical answers: how many submissions of `versionId` gave `value` to `questionId`. */
export interface AnswerCount {
  versionId: string;
  questionId: string;
  dimensionCode: string;
  value: number;
  count: number;
}

/** Sum and count of the normalizedScore of the submissions of one type (the repository's scoreTotals). */
export interface ScoreTotals {
  submissionCount: number;
  scoredCount: number;
  scoreSum: number;
}

/**
 * A type's rating: the mean normalizedScore of its submissions (0..100, the scale of scoring.ts), round2.
 * The one routine behind /report's overall rating and /overview's per-type ratings.
 */
export function typeRating(totals: ScoreTotals): number | null {
  if (totals.scoredCount === 0) return null;
  return round2(totals.scoreSum / totals.scoredCount);
}

export type Interpretation = 'Excellent' | 'Very Good' | 'Good' | 'Fair' | 'Poor';

/** Bands on the 1..5 scale, applied to the rounded average: [4.50, 5] Excellent, [3.50, 4.50) Very Good, ... */
export const INTERPRETATION_BANDS: ReadonlyArray<{ min: number; label: Interpretation }> = [
  { min: 4.5, label: 'Excellent' },
  { min: 3.5, label: 'Very Good' },
  { min: 2.5, label: 'Good' },
  { min: 1.5, label: 'Fair' },
  { min: Number.NEGATIVE_INFINITY, label: 'Poor' },
];

export function interpret(average: number): Interpretation {
  return INTERPRETATION_BANDS.find((band) => average >= band.min)!.label;
}

/** Every raw value of a question type, as the keys of ratingCounts ('1'..'5', '0'/'1'). */
export function ratingKeys(type: QuestionType): string[] {
  const { min, max } = QUESTION_VALUE_RANGE[type];
  return Array.from({ length: max - min + 1 }, (_, index) => String(min + index));
}

/** An answer scaled to 0..1 as in scoring.ts. */
function scaled(type: QuestionType, value: number): number {
  const { min, max } = QUESTION_VALUE_RANGE[type];
  return (value - min) / (max - min);
}

/** Leaf sections with the titles of the sections enclosing them, in document order. */
function leavesWithPath(
  schema: QuestionnaireSchema,
): Array<{ path: string[]; leaf: ReturnType<typeof leafSections>[0] }> {
  const leaves = new Set(leafSections(schema));
  const found: Array<{ path: string[]; leaf: ReturnType<typeof leafSections>[0] }> = [];
  const walk = (sections: Section[], path: string[]) => {
    for (const section of sections) {
      if (leaves.has(section as ReturnType<typeof leafSections>[0]))
        found.push({ path, leaf: section as ReturnType<typeof leafSections>[0] });
      else if (section.sections) walk(section.sections, [...path, section.title]);
    }
  };
  walk(schema.sections, []);
  return found;
}

/** questionId → question, per version. */
function questionsById(schema: QuestionnaireSchema): Map<string, Question> {
  const questions = new Map<string, Question>();
  for (const leaf of leafSections(schema)) for (const question of leaf.questions) questions.set(question.id, question);
  return questions;
}

/**
 * Whether a question of another version is the same question as one of the laid-out version, so its answers
 * count toward it: the same id, the same type (never a Likert answer read on a yes/no scale, or the reverse)
 * and the same dimension code (what the question measures; a reworded text keeps it). An id reused for another
 * question in another version (outside audit S, S-1: a Likert "q2" counted as yes to a yes/no "q2") is not.
 */
export function sameQuestion(shown: Question, other: Question): boolean {
  return shown.id === other.id && shown.type === other.type && shown.dimensionCode === other.dimensionCode;
}

/**
 * The questions of every version whose answers count toward a section of the laid-out version: per version,
 * each question that is the same question (sameQuestion) as one of the shown version's, with that section's id.
 */
export function matchedQuestions(
  shownSchema: QuestionnaireSchema | null,
  schemas: ReadonlyMap<string, QuestionnaireSchema>,
): Array<{ versionId: string; questionId: string; sectionId: string }> {
  if (!shownSchema) return [];
  const shown = new Map(
    leafSections(shownSchema).flatMap((leaf) =>
      leaf.questions.map((question) => [question.id, { question, sectionId: leaf.id }] as const),
    ),
  );
  const matched: Array<{ versionId: string; questionId: string; sectionId: string }> = [];
  for (const [versionId, schema] of schemas)
    for (const question of questionsById(schema).values()) {
      const target = shown.get(question.id);
      if (target && sameQuestion(target.question, question))
        matched.push({ versionId, questionId: question.id, sectionId: target.sectionId });
    }
  return matched;
}

export interface ReportInput {
  /** The version whose sections are shown (latest published with submissions), or null when none. */
  shownSchema: QuestionnaireSchema | null;
  /** Every version with submissions in the report: the type of each answer comes from its own version. */
  schemas: ReadonlyMap<string, QuestionnaireSchema>;
  answers: readonly AnswerCount[];
  /**
   * Submissions that answered at least one question of a section of the shown version, by section id: the
   * same question (sameQuestion) only, in whichever version.
   */
  sectionResponses: ReadonlyMap<string, number>;
  dimensionNames: ReadonlyMap<string, string>;
  /** The type rating of the same filter (typeRating). */
  overall: TypeRating;
}

export function buildReportBody(input: ReportInput): Pick<ReportView, 'sections' | 'dimensions' | 'overall'> {
  const questionsByVersion = new Map([...input.schemas].map(([id, schema]) => [id, questionsById(schema)]));
  const shownQuestions = input.shownSchema ? questionsById(input.shownSchema) : new Map<string, Question>();

  // An answer counts toward a shown question only when its own version's question is the same question
  // (sameQuestion: id, type and dimension); any other answer is in no section, but in its dimension below.
  const countsByQuestion = new Map<string, Map<number, number>>();
  for (const answer of input.answers) {
    const own = questionsByVersion.get(answer.versionId)?.get(answer.questionId);
    const shown = shownQuestions.get(answer.questionId);
    if (!own || !shown || !sameQuestion(shown, own)) continue;
    const byValue = countsByQuestion.get(answer.questionId) ?? new Map<number, number>();
    byValue.set(answer.value, (byValue.get(answer.value) ?? 0) + answer.count);
    countsByQuestion.set(answer.questionId, byValue);
  }

  const sections = input.shownSchema
    ? leavesWithPath(input.shownSchema).map(({ path, leaf }) => {
        let scaledSum = 0;
        let scaledCount = 0;
        const questions = leaf.questions.map((question) => {
          const keys = ratingKeys(question.type);
          const ratingCounts: Record<string, number> = Object.fromEntries(keys.map((key) => [key, 0]));
          let sum = 0;
          let count = 0;
          for (const [value, times] of countsByQuestion.get(question.id) ?? []) {
            if (!(String(value) in ratingCounts)) continue;
            ratingCounts[String(value)]! += times;
            sum += value * times;
            count += times;
            scaledSum += scaled(question.type, value) * times;
            scaledCount += times;
          }
          return {
            id: question.id,
            text: question.text,
            type: question.type,
            dimensionCode: question.dimensionCode,
            responseCount: count,
            average: count === 0 ? null : round2(sum / count),
            ratingCounts,
          };
        });
        return {
          id: leaf.id,
          title: leaf.title,
          path,
          weight: leaf.weight,
          responseCount: input.sectionResponses.get(leaf.id) ?? 0,
          rating: scaledCount === 0 ? null : round2((scaledSum / scaledCount) * 100),
          questions,
        };
      })
    : [];

  // Dimensions: every answer of every version, on 1..5 (1 + 4 × scaled), weighted by how many gave it.
  // YES_NO answers are also counted apart, so a reader can show them as a share of yes, not on the 1..5 axis.
  const dimensionTotals = new Map<string, { sum: number; count: number; yes: number; yesNoCount: number }>();
  for (const answer of input.answers) {
    const type = questionsByVersion.get(answer.versionId)?.get(answer.questionId)?.type;
    if (!type) continue;
    const totals = dimensionTotals.get(answer.dimensionCode) ?? { sum: 0, count: 0, yes: 0, yesNoCount: 0 };
    totals.sum += (1 + 4 * scaled(type, answer.value)) * answer.count;
    totals.count += answer.count;
    if (type === 'YES_NO') {
      totals.yesNoCount += answer.count;
      if (answer.value === QUESTION_VALUE_RANGE.YES_NO.max) totals.yes += answer.count;
    }
    dimensionTotals.set(answer.dimensionCode, totals);
  }
  const schemaOrder = input.shownSchema
    ? leafSections(input.shownSchema).flatMap((leaf) => leaf.questions.map((question) => question.dimensionCode))
    : [];
  const order = (code: string) => {
    const index = schemaOrder.indexOf(code);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const dimensions = [...dimensionTotals]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([code, totals]) => {
      const average = round2(totals.sum / totals.count);
      return {
        code,
        displayName: input.dimensionNames.get(code) ?? code,
        average,
        responseCount: totals.count,
        interpretation: interpret(average),
        yesNo: totals.yesNoCount === 0 ? null : { yesCount: totals.yes, responseCount: totals.yesNoCount },
      };
    });

  return {
    sections,
    dimensions,
    overall: input.overall,
  };
}

// ---------------------------------------------------------------------------------------------------
// Response coverage
// ---------------------------------------------------------------------------------------------------

/**
 * When a report's ratings rest on too few voices. The rate threshold is the spec's low response rate
 * (Limits: "below 25%", as the pipeline create warning); the count threshold keeps a handful of answers
 * from reading as a verdict even where no enrollment says how many could have answered.
 */
export const RESPONSE_COVERAGE_THRESHOLDS = { minimumResponseRate: 0.25, minimumResponses: 10 } as const;

/**
 * The one questionnaire type students answer (conventions §5): only its submissions are measured against
 * student enrollment. Deans and chairpersons answer the classroom types; no enrollment counts them.
 */
export const STUDENT_QUESTIONNAIRE_TYPE = 'FACULTY_FEEDBACK';

export interface ResponseCoverage {
  /** Student enrollments in the faculty member's courses of the semester (and course); null for other types. */
  enrolledCount: number | null;
  /** submissions ÷ enrolledCount, 0..1 (4 decimals); null when not measured or nobody is enrolled. */
  responseRate: number | null;
  lowResponse: boolean;
}

export function responseCoverage(submissionCount: number, enrolledCount: number | null): ResponseCoverage {
  const responseRate =
    enrolledCount === null || enrolledCount === 0
      ? null
      : Math.round((submissionCount / enrolledCount) * 10_000) / 10_000;
  const lowResponse =
    submissionCount < RESPONSE_COVERAGE_THRESHOLDS.minimumResponses ||
    (responseRate !== null && responseRate < RESPONSE_COVERAGE_THRESHOLDS.minimumResponseRate);
  return { enrolledCount, responseRate, lowResponse };
}

// ---------------------------------------------------------------------------------------------------
// Composite (spec, "Composite rating (overview)" and "Faculty composite coverage status")
// ---------------------------------------------------------------------------------------------------

export const COMPOSITE_WEIGHTS = [
  { code: 'FACULTY_FEEDBACK', weight: 0.5 },
  { code: 'FACULTY_OUT_OF_CLASSROOM', weight: 0.25 },
  { code: 'FACULTY_IN_CLASSROOM', weight: 0.25 },
] as const;

export type CoverageStatus = 'FULL' | 'PARTIAL' | 'PARTIAL_NO_FEEDBACK' | 'FEEDBACK_ONLY' | 'INSUFFICIENT' | 'NO_DATA';

export const COVERAGE_WEIGHTS: Record<CoverageStatus, number> = {
  FULL: 1,
  PARTIAL: 0.75,
  PARTIAL_NO_FEEDBACK: 0.5,
  FEEDBACK_ONLY: 0.5,
  INSUFFICIENT: 0.25,
  NO_DATA: 0,
};

export function coverageStatus(feedback: boolean, out: boolean, inClassroom: boolean): CoverageStatus {
  const others = Number(out) + Number(inClassroom);
  if (feedback) return others === 2 ? 'FULL' : others === 1 ? 'PARTIAL' : 'FEEDBACK_ONLY';
  return others === 2 ? 'PARTIAL_NO_FEEDBACK' : others === 1 ? 'INSUFFICIENT' : 'NO_DATA';
}

export interface TypeRating {
  rating: number | null;
  submissionCount: number;
}

/**
 * The composite of the three per-type ratings. effectiveWeight is the weight when FULL and the weight ÷ the
 * coverage weight when PARTIAL or FEEDBACK_ONLY; under the statuses without a composite
 * (PARTIAL_NO_FEEDBACK, INSUFFICIENT, NO_DATA) nothing contributes: effectiveWeight 0, contribution null.
 */
export function compositeOf(ratings: ReadonlyMap<string, TypeRating>) {
  const present = (code: string) => (ratings.get(code)?.rating ?? null) !== null;
  const status = coverageStatus(
    present('FACULTY_FEEDBACK'),
    present('FACULTY_OUT_OF_CLASSROOM'),
    present('FACULTY_IN_CLASSROOM'),
  );
  const coverageWeight = COVERAGE_WEIGHTS[status];
  const contributes = status === 'FULL' || status === 'PARTIAL' || status === 'FEEDBACK_ONLY';
  const contributions = COMPOSITE_WEIGHTS.map(({ code, weight }) => {
    const { rating, submissionCount } = ratings.get(code) ?? { rating: null, submissionCount: 0 };
    const effectiveWeight = rating === null || !contributes ? 0 : status === 'FULL' ? weight : weight / coverageWeight;
    return {
      questionnaireTypeCode: code,
      weight,
      effectiveWeight,
      rating,
      submissionCount,
      contribution: rating === null || !contributes ? null : round2(rating * effectiveWeight),
    };
  });
  let rating: number | null = null;
  if (status === 'FEEDBACK_ONLY') rating = round2(ratings.get('FACULTY_FEEDBACK')!.rating!);
  else if (contributes) rating = round2(contributions.reduce((sum, entry) => sum + (entry.contribution ?? 0), 0));
  return { coverageStatus: status, coverageWeight, composite: { rating }, contributions };
}

/** Cuts a quote to at most `max` characters at a word boundary, ending with an ellipsis when cut. */
export function truncateQuote(text: string, max = 280): string {
  const normalized = text.replace(/\s+/gu, ' ').trim();
  if (normalized.length <= max) return normalized;
  const head = normalized.slice(0, max - 1);
  const boundary = head.lastIndexOf(' ');
  const cut = boundary > max / 2 ? head.slice(0, boundary) : head;
  return `${cut.replace(/[\s,;:.-]+$/u, '')}…`;
}

/** A quote's words for comparing quotes: NFC, lower case, every run of other characters one space. */
function quoteWords(text: string): string {
  return ` ${text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim()} `;
}

/**
 * The sample quotes of one theme from its candidates, best first: up to `max`, leaving out a candidate whose
 * words are all in a quote already taken, or that holds all of one (a student who wrote the same sentence and
 * then another is one voice, not two of the theme's three quotes). Words are compared whole, so "late" is not
 * in "translate".
 */
export function distinctQuotes(candidates: readonly string[], max: number): string[] {
  const taken: Array<{ text: string; words: string }> = [];
  for (const text of candidates) {
    if (taken.length === max) break;
    const words = quoteWords(text);
    if (words.trim() === '') continue;
    if (taken.some((quote) => quote.words.includes(words) || words.includes(quote.words))) continue;
    taken.push({ text, words });
  }
  return taken.map((quote) => quote.text);
}

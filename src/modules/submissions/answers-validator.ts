import type { ErrorDetail } from '../../common/errors/domain-error.js';
import { hasVisibleCharacter } from '../../common/text/required-text.js';
import {
  leafSections,
  QUESTION_VALUE_RANGE,
  type Question,
  type QuestionnaireSchema,
} from '../questionnaires/questionnaire-schema.js';

export interface SubmittedAnswer {
  questionId: string;
  /** As sent: checked here to be an integer in the question's range. */
  value: unknown;
}

export interface AnswerRow {
  questionId: string;
  sectionId: string;
  dimensionCode: string;
  value: number;
}

export interface CheckedContent {
  details: ErrorDetail[];
  answers: AnswerRow[];
  /** The comment as kept: trimmed, null when absent or blank. */
  comment: string | null;
}

/**
 * A comment's length as maxLength counts it: characters (Unicode code points, as PostgreSQL's char_length counts
 * them), so an emoji or a letter outside the basic plane is one character, not the two UTF-16 units of `.length`.
 */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** The detail message (path `answers`) of a required question left unanswered; bulk ingestion names its column. */
export const requiredAnswerMessage = (questionId: string) => `question "${questionId}" is required`;

/**
 * Checks answers and comment against a version's schema (pure). Every problem is reported at once:
 * an unknown or repeated question (`answers.N.questionId`), a value that is not an integer in its
 * type's range (`answers.N.value`), an unanswered required question (`answers`), and a comment that
 * the schema's qualitativeFeedback does not allow, requires, or finds too long (`qualitativeComment`).
 */
export function checkSubmissionContent(
  schema: QuestionnaireSchema,
  submitted: readonly SubmittedAnswer[],
  rawComment: string | null | undefined,
): CheckedContent {
  const details: ErrorDetail[] = [];
  const questions = new Map<string, { question: Question; sectionId: string }>();
  for (const leaf of leafSections(schema))
    for (const question of leaf.questions) questions.set(question.id, { question, sectionId: leaf.id });

  const answers: AnswerRow[] = [];
  const answered = new Set<string>();
  submitted.forEach((answer, index) => {
    const entry = questions.get(answer.questionId);
    if (!entry) {
      details.push({ path: `answers.${index}.questionId`, message: `unknown question "${answer.questionId}"` });
      return;
    }
    // A second answer to a question is refused, and its value is checked all the same: one detail per violation.
    const repeated = answered.has(answer.questionId);
    if (repeated)
      details.push({
        path: `answers.${index}.questionId`,
        message: `question "${answer.questionId}" is answered twice`,
      });
    answered.add(answer.questionId);
    const { min, max } = QUESTION_VALUE_RANGE[entry.question.type];
    const value = answer.value;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      details.push({
        path: `answers.${index}.value`,
        message: `question "${answer.questionId}" (${entry.question.type}) takes an integer from ${min} to ${max}`,
      });
      return;
    }
    if (repeated) return;
    answers.push({
      questionId: answer.questionId,
      sectionId: entry.sectionId,
      dimensionCode: entry.question.dimensionCode,
      value,
    });
  });
  for (const { question } of questions.values())
    if (question.required && !answered.has(question.id))
      details.push({ path: 'answers', message: requiredAnswerMessage(question.id) });

  const feedback = schema.qualitativeFeedback;
  // A comment in which nothing shows (" ", "\u200b", zero width and other invisible characters) is no comment.
  const comment =
    rawComment !== null && rawComment !== undefined && hasVisibleCharacter(rawComment) ? rawComment.trim() : null;
  if (comment !== null && !feedback.enabled)
    details.push({ path: 'qualitativeComment', message: 'this questionnaire takes no comment' });
  else if (comment === null && feedback.required)
    details.push({ path: 'qualitativeComment', message: 'a comment is required' });
  else if (comment !== null && characterCount(comment) > feedback.maxLength)
    details.push({ path: 'qualitativeComment', message: `a comment has at most ${feedback.maxLength} characters` });

  return { details, answers, comment };
}

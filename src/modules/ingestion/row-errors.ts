import { DomainError } from '../../common/errors/domain-error.js';
import { requiredAnswerMessage } from '../submissions/answers-validator.js';

/**
 * A row of a file is submitted as a submission body (`facultyId`, `answers.0.value`, `qualitativeComment`), and
 * the submission's own checks name those fields. The person who reads a row's error knows the file, so at this
 * boundary every field name becomes the file's column (spec "Bulk ingestion": `faculty_username`,
 * `course_shortname`, a question id's column, `comment`).
 */

/** Submission fields and the column of the file that gives each. */
const COLUMN_OF_FIELD: Record<string, string> = {
  facultyId: 'faculty_username',
  courseId: 'course_shortname',
  semesterId: 'semester_id',
  qualitativeComment: 'comment',
};
const FIELD_NAMES = new RegExp(`\\b(${Object.keys(COLUMN_OF_FIELD).join('|')})\\b`, 'g');

export interface QuestionColumn {
  questionId: string;
  column: string;
}

/** Translates a submission's detail paths and messages into the columns of one row. */
export class RowColumns {
  /**
   * @param answered the row's answers in the order they were submitted (`answers.N` is the N-th)
   * @param questions every question of the version with its column
   */
  constructor(
    private readonly answered: readonly QuestionColumn[],
    private readonly questions: readonly QuestionColumn[],
  ) {}

  /** The column a detail is about: `answers.1.value` → `q3`, `facultyId` → `faculty_username`. */
  columnOf(path: string, message: string): string {
    const answer = /^answers\.(\d+)(?:\.|$)/.exec(path);
    if (answer) return this.answered[Number(answer[1])]?.column ?? path;
    if (path === 'answers') {
      const required = this.questions.find((question) => message === requiredAnswerMessage(question.questionId));
      if (required) return required.column;
    }
    return COLUMN_OF_FIELD[path] ?? path;
  }

  /** A message that names submission fields, with the columns instead. */
  text(message: string): string {
    return message.replace(FIELD_NAMES, (field) => COLUMN_OF_FIELD[field] ?? field);
  }
}

/** The error of one row: the message, then each detail as `column: message`. */
export function rowErrorText(error: unknown, columns?: RowColumns): string {
  if (!(error instanceof DomainError)) return 'internal error';
  const text = (message: string) => (columns ? columns.text(message) : message);
  const details = (error.details ?? []).map(
    (detail) => `${columns ? columns.columnOf(detail.path, detail.message) : detail.path}: ${text(detail.message)}`,
  );
  return details.length > 0 ? `${text(error.message)} (${details.join('; ')})` : text(error.message);
}

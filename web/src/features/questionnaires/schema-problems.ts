import type { FieldProblem } from '../../api/api-error';
import type { QuestionnaireSchema, SchemaSection } from './schema-types';

/**
 * The API names a schema problem by its JSON path (`schema.sections.0.sections.1.questions.2.id`) and, for shape
 * problems, in zod's words (`Too small: expected string to have >=1 characters`). The editor shows both in its own
 * terms: the place as the labels a person sees ("Section Clarity › Question 2 › Question id") and the message in
 * plain words. The API's answer itself stays as it is.
 */

/** The element ids the editor gives its fields: the path with dots as dashes. */
export const fieldId = (path: string) => path.replaceAll('.', '-');

const QUESTION_FIELDS: Record<string, string> = {
  id: 'Question id',
  text: 'Question text',
  type: 'Answer type',
  dimensionCode: 'Dimension',
  required: 'Answer required',
};
const SECTION_FIELDS: Record<string, string> = {
  id: 'Section id',
  title: 'Section title',
  description: 'Description',
  weight: 'Weight',
  sections: 'Sub-sections',
  questions: 'Questions',
};
const FEEDBACK_FIELDS: Record<string, string> = {
  enabled: 'Ask for a comment',
  required: 'Comment required',
  maxLength: 'Longest comment',
};
/** Inputs whose element id is not the path's (the comment box's checkboxes). */
const FEEDBACK_INPUTS: Record<string, string> = { enabled: 'feedback-enabled', required: 'feedback-required' };

export interface Place {
  /** What a person reads, e.g. `Section Clarity › Question 2 › Question id`. */
  label: string;
  /** The element the editor shows it at (an input, or the problem line of a section or question), if any. */
  targetId: string | undefined;
}

const isIndex = (token: string | undefined): token is string => token !== undefined && /^\d+$/.test(token);

function sectionName(section: SchemaSection | undefined, indexes: number[]): string {
  const title = section?.title.trim();
  return title ? `Section ${title}` : `Section ${indexes.map((index) => index + 1).join('.')}`;
}

/** Where a path points, in the editor's labels; the path itself when it is not one the editor knows. */
export function placeOf(schema: QuestionnaireSchema, path: string): Place {
  const unknown: Place = { label: path, targetId: undefined };
  const tokens = path.split('.');
  if (tokens[0] !== 'schema') return unknown;
  if (tokens.length === 1) return { label: 'The questionnaire', targetId: undefined };
  if (tokens[1] === 'qualitativeFeedback') {
    const field = tokens[2];
    if (field === undefined) return { label: 'Comment box', targetId: 'schema-qualitativeFeedback-error' };
    const label = FEEDBACK_FIELDS[field];
    if (!label || tokens.length > 3) return unknown;
    return { label: `Comment box › ${label}`, targetId: FEEDBACK_INPUTS[field] ?? fieldId(path) };
  }

  let sections: SchemaSection[] | undefined = schema.sections;
  let section: SchemaSection | undefined;
  const indexes: number[] = [];
  let at = 1;
  while (tokens[at] === 'sections' && isIndex(tokens[at + 1])) {
    const index = Number(tokens[at + 1]);
    section = sections?.[index];
    sections = section?.sections;
    indexes.push(index);
    at += 2;
  }
  if (indexes.length === 0) {
    // `schema.sections` itself: the list of sections (e.g. the weights' sum).
    return tokens.length === 2 && tokens[1] === 'sections'
      ? { label: 'Sections', targetId: 'schema-sections-error' }
      : unknown;
  }
  const sectionPath = tokens.slice(0, at).join('.');
  const name = sectionName(section, indexes);
  const rest = tokens.slice(at);
  if (rest.length === 0) return { label: name, targetId: `${fieldId(sectionPath)}-error` };
  if (rest[0] === 'questions' && isIndex(rest[1])) {
    const question = `${name} › Question ${Number(rest[1]) + 1}`;
    const questionPath = [sectionPath, 'questions', rest[1]].join('.');
    if (rest.length === 2) return { label: question, targetId: `${fieldId(questionPath)}-error` };
    const label = QUESTION_FIELDS[rest[2] ?? ''];
    if (!label || rest.length > 3) return unknown;
    return { label: `${question} › ${label}`, targetId: fieldId(path) };
  }
  const label = SECTION_FIELDS[rest[0] ?? ''];
  if (!label || rest.length > 1) return unknown;
  if (rest[0] === 'questions')
    return { label: `${name} › ${label}`, targetId: `${fieldId(sectionPath)}-questions-error` };
  if (rest[0] === 'sections' || rest[0] === 'description') return { label: `${name} › ${label}`, targetId: undefined };
  return { label: `${name} › ${label}`, targetId: fieldId(path) };
}

/** The place of what a path names, without its last field (`… › Question 1`, not `… › Question 1 › Question id`). */
function ownerOf(schema: QuestionnaireSchema, path: string): string {
  const tokens = path.split('.');
  const owner = isIndex(tokens.at(-1)) ? path : tokens.slice(0, -1).join('.');
  return placeOf(schema, owner).label;
}

const UNITS: Record<string, string> = { characters: 'characters', items: 'items', elements: 'items' };

/** zod's default wording, and the schema paths inside the API's own messages, in plain words. */
export function plainMessage(schema: QuestionnaireSchema, message: string): string {
  const duplicate = /^(?:question|section) id "(.*)" is already used at (schema(?:\.\w+)+)$/.exec(message);
  if (duplicate) return `the id ${duplicate[1]} is already used by ${ownerOf(schema, duplicate[2] ?? '')}`;
  const nonEmpty = /^Too small: expected string to have >=1 characters?$/.exec(message);
  if (nonEmpty) return 'must not be empty';
  const size = /^Too (small|big): expected \w+ to have (>=|<=|>|<)(\d+) (\w+)$/.exec(message);
  if (size) {
    const [, , bound = '', limit = '', unit = ''] = size;
    return `must have ${bound.startsWith('>') ? 'at least' : 'at most'} ${limit} ${UNITS[unit] ?? unit}`;
  }
  const range = /^Too (?:small|big): expected number to be (>=|<=|>|<)(-?[\d.]+)$/.exec(message);
  if (range) {
    const words = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' } as const;
    return `must be ${words[range[1] as keyof typeof words]} ${range[2]}`;
  }
  const input = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (input) {
    if (input[2] === 'undefined') return 'is missing';
    if (input[1] === 'int') return 'must be a whole number';
    if (input[1] === 'number') return 'must be a number';
    return `must be ${input[1] === 'boolean' ? 'yes or no' : `a ${input[1]}`}`;
  }
  if (/^Invalid option: expected one of /.test(message)) return 'must be one of the choices offered';
  return message;
}

/** A problem in the editor's words: where (its place) and what (its message). */
export interface ReadableProblem extends Place {
  message: string;
}

export function readableProblems(schema: QuestionnaireSchema, problems: FieldProblem[]): ReadableProblem[] {
  return problems.map((problem) => ({
    ...placeOf(schema, problem.path),
    message: plainMessage(schema, problem.message),
  }));
}

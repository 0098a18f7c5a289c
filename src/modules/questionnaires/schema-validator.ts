import { z } from 'zod';
import type { ErrorDetail } from '../../common/errors/domain-error.js';
import { zodIssuesToDetails } from '../../common/http/zod-details.js';
import { requiredText } from '../../common/text/required-text.js';
import {
  DEFAULT_QUALITATIVE_FEEDBACK,
  QUESTION_TYPES,
  type Question,
  type QuestionnaireSchema,
  type Section,
} from './questionnaire-schema.js';

/**
 * Checks a questionnaire schema (pure: the caller passes the dimension codes of the registry). One walk
 * reports every problem at once, each with the JSON path of the offending node, shape and rules alike:
 *
 * - a section holds sub-sections OR questions, never both, and never neither;
 * - a weight is set only on leaf sections, and every leaf section has one (0 < weight <= 100, at most
 *   two decimals); the leaf weights of the version sum to exactly 100;
 * - section ids are unique in the version; question ids are unique in the version ignoring case (bulk
 *   ingestion matches them against lower-cased column names) and are not one of the ingestion columns; a section
 *   and a question never share an id (ignoring case);
 * - a question's type is LIKERT_5 or YES_NO and its dimensionCode is in the registry;
 * - sections nest at most MAX_SECTION_DEPTH deep.
 */

export const MAX_SECTION_DEPTH = 8;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const ID_MESSAGE = 'must be 1-64 letters, digits, "_" or "-"';
/** Column names that bulk ingestion reads itself; a question id equal to one would be ambiguous. */
const RESERVED_QUESTION_IDS = new Set(['respondent_username', 'faculty_username', 'course_shortname', 'comment']);

const id = z.string().regex(ID_PATTERN, ID_MESSAGE);

const questionShape = z.strictObject({
  id,
  text: requiredText().max(1000),
  type: z.enum(QUESTION_TYPES),
  dimensionCode: z.string().min(1).max(64),
  required: z.boolean().default(true),
});

const sectionShape = z.strictObject({
  id,
  title: requiredText().max(300),
  description: z.string().max(2000).optional(),
  weight: z.number().positive().max(100).optional(),
  sections: z.array(z.unknown()).optional(),
  questions: z.array(z.unknown()).optional(),
});

const qualitativeFeedbackShape = z.strictObject({
  enabled: z.boolean(),
  required: z.boolean().default(false),
  maxLength: z.number().int().min(1).max(10_000).default(DEFAULT_QUALITATIVE_FEEDBACK.maxLength),
});

const sectionList = z.array(z.unknown()).min(1, 'a schema needs at least one section');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type SchemaValidation = { ok: true; schema: QuestionnaireSchema } | { ok: false; details: ErrorDetail[] };

/** Weights are compared in hundredths so that 33.33 + 33.33 + 33.34 is exactly 100. */
const toHundredths = (weight: number) => Math.round(weight * 100);

export function validateQuestionnaireSchema(
  input: unknown,
  knownDimensionCodes: ReadonlySet<string>,
  basePath = 'schema',
): SchemaValidation {
  const details: ErrorDetail[] = [];
  const report = (path: string, message: string) => details.push({ path, message });
  const parse = <T>(schema: z.ZodType<T>, value: unknown, path: string): T | undefined => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    details.push(...zodIssuesToDetails(result.error.issues, path));
    return undefined;
  };

  const sectionIds = new Map<string, string>();
  const questionIds = new Map<string, string>();
  // Ids are unique in a version (conventions §5), sections and questions together: a section and a question may not
  // share one either (compared ignoring case, as question ids are). Lower-cased id → path of the section's id.
  const sectionIdsIgnoringCase = new Map<string, string>();
  const leafWeights: number[] = [];
  let everyLeafWeighted = true;

  const walkQuestion = (value: unknown, path: string): Question | undefined => {
    const question = parse(questionShape, value, path);
    // The id and the dimension code are checked on what was sent, like a section's id: a bad type or an unknown
    // field in the same question does not hide a duplicate id or an unknown dimension.
    const raw = isRecord(value) ? value : {};
    const questionId = questionShape.shape.id.safeParse(raw.id);
    if (questionId.success) {
      const key = questionId.data.toLowerCase();
      const first = questionIds.get(key);
      const section = sectionIdsIgnoringCase.get(key);
      if (first !== undefined) report(`${path}.id`, `question id "${questionId.data}" is already used at ${first}`);
      else if (section !== undefined)
        report(`${path}.id`, `question id "${questionId.data}" is already used by the section at ${section}`);
      else questionIds.set(key, `${path}.id`);
      if (RESERVED_QUESTION_IDS.has(key))
        report(`${path}.id`, `"${questionId.data}" is reserved for an ingestion column`);
    }
    const dimensionCode = questionShape.shape.dimensionCode.safeParse(raw.dimensionCode);
    if (dimensionCode.success && !knownDimensionCodes.has(dimensionCode.data))
      report(`${path}.dimensionCode`, `unknown dimension code "${dimensionCode.data}"`);
    return question;
  };

  const walkSection = (value: unknown, path: string, depth: number): Section | undefined => {
    if (!isRecord(value)) {
      report(path, 'expected a section object');
      return undefined;
    }
    // The section's own fields are checked apart from its children, so a bad title does not hide
    // the problems further down.
    const fields = parse(sectionShape, value, path);
    const rawSections = Array.isArray(value.sections) ? value.sections : [];
    const rawQuestions = Array.isArray(value.questions) ? value.questions : [];
    const weight = typeof value.weight === 'number' ? value.weight : undefined;
    if (typeof value.id === 'string') {
      const first = sectionIds.get(value.id);
      const question = questionIds.get(value.id.toLowerCase());
      if (first !== undefined) report(`${path}.id`, `section id "${value.id}" is already used at ${first}`);
      else if (question !== undefined)
        report(`${path}.id`, `section id "${value.id}" is already used by the question at ${question}`);
      else {
        sectionIds.set(value.id, `${path}.id`);
        if (!sectionIdsIgnoringCase.has(value.id.toLowerCase()))
          sectionIdsIgnoringCase.set(value.id.toLowerCase(), `${path}.id`);
      }
    }

    const hasSections = rawSections.length > 0;
    const hasQuestions = rawQuestions.length > 0;
    if (hasSections && hasQuestions) report(path, 'a section contains sub-sections or questions, never both');
    else if (!hasSections && !hasQuestions) report(path, 'a section must contain sub-sections or questions');
    if (hasQuestions && !hasSections) {
      if (value.weight === undefined) {
        everyLeafWeighted = false;
        report(`${path}.weight`, 'a leaf section (one with questions) needs a weight');
      } else if (weight === undefined || !(weight > 0 && weight <= 100)) {
        everyLeafWeighted = false; // the shape check above reported it
      } else if (Math.abs(weight * 100 - toHundredths(weight)) > 1e-6 || toHundredths(weight) === 0) {
        // A weight under 0.005 (1e-320, say) is within the tolerance of 0 hundredths: more than two decimals as well.
        everyLeafWeighted = false;
        report(`${path}.weight`, 'a weight has at most two decimals');
      } else {
        leafWeights.push(weight);
      }
    } else if (value.weight !== undefined && hasSections) {
      report(`${path}.weight`, 'a weight may be set only on leaf sections (sections that contain questions)');
    }
    if (hasSections && depth >= MAX_SECTION_DEPTH) {
      report(`${path}.sections`, `sections nest at most ${MAX_SECTION_DEPTH} levels deep`);
      return undefined;
    }

    const children = rawSections.map((child, index) => walkSection(child, `${path}.sections.${index}`, depth + 1));
    const questions = rawQuestions.map((child, index) => walkQuestion(child, `${path}.questions.${index}`));
    if (!fields) return undefined;
    const result: Section = { id: fields.id, title: fields.title };
    if (fields.description !== undefined) result.description = fields.description;
    if (hasQuestions) {
      if (fields.weight !== undefined) result.weight = fields.weight;
      result.questions = questions.filter((question): question is Question => question !== undefined);
    } else {
      result.sections = children.filter((child): child is Section => child !== undefined);
    }
    return result;
  };

  if (!isRecord(input)) {
    report(basePath, 'expected a schema object with sections');
    return { ok: false, details };
  }
  const unknownKeys = Object.keys(input).filter((key) => key !== 'sections' && key !== 'qualitativeFeedback');
  if (unknownKeys.length > 0) report(basePath, `unknown field(s): ${unknownKeys.join(', ')}`);
  const rawSections = parse(sectionList, input.sections, `${basePath}.sections`) ?? [];
  const sections = rawSections.map((section, index) => walkSection(section, `${basePath}.sections.${index}`, 1));

  const feedback =
    input.qualitativeFeedback === undefined
      ? DEFAULT_QUALITATIVE_FEEDBACK
      : parse(qualitativeFeedbackShape, input.qualitativeFeedback, `${basePath}.qualitativeFeedback`);
  if (feedback?.required && !feedback.enabled)
    report(`${basePath}.qualitativeFeedback.required`, 'a comment cannot be required when comments are disabled');

  if (everyLeafWeighted && leafWeights.length > 0) {
    const total = leafWeights.reduce((sum, weight) => sum + toHundredths(weight), 0);
    if (total !== 10_000)
      report(
        `${basePath}.sections`,
        `the weights of the leaf sections sum to ${total / 100}; they must sum to exactly 100`,
      );
  }

  if (details.length > 0 || !feedback) return { ok: false, details };
  return {
    ok: true,
    schema: {
      sections: sections.filter((section): section is Section => section !== undefined),
      qualitativeFeedback: feedback,
    },
  };
}

import { z } from 'zod';
import { QUESTIONNAIRE_STATUSES, VERSION_STATUSES } from '../../db/schema.js';
import { pagingQuery } from '../../common/http/paging.js';
import { requiredText } from '../../common/text/required-text.js';
import { QUESTION_TYPES } from './questionnaire-schema.js';

/**
 * The documented shape of a questionnaire schema (OpenAPI only). Requests carry it as `schema` and are
 * checked by the schema validator, which reports shape and rule violations together with their paths.
 */
const questionDocument = z.object({
  id: z.string().describe('unique in the version (ignoring case); letters, digits, "_" or "-"'),
  text: z.string(),
  type: z.enum(QUESTION_TYPES).describe('LIKERT_5 answers 1..5, YES_NO answers 0 or 1'),
  dimensionCode: z.string().describe('a code of the dimension registry'),
  required: z.boolean().optional().describe('default true'),
});
const leafSectionDocument = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  weight: z.number().describe('leaf sections only; the leaf weights of a version sum to exactly 100'),
  questions: z.array(questionDocument),
});
const sectionDocument = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  sections: z
    .array(z.object({}).loose())
    .optional()
    .describe('sub-sections (recursive: each is a section with sections, or a leaf section with weight and questions)'),
  questions: z.array(questionDocument).optional().describe('never together with sections'),
  weight: z.number().optional(),
});
const schemaDocument = z
  .object({
    sections: z.array(z.union([sectionDocument, leafSectionDocument])),
    qualitativeFeedback: z
      .object({
        enabled: z.boolean(),
        required: z.boolean().optional().describe('default false'),
        maxLength: z.number().int().optional().describe('default 2000'),
      })
      .optional()
      .describe('default { enabled: true, required: false, maxLength: 2000 }'),
  })
  .describe('A recursive tree of sections; see docs/questionnaires.md for every rule.');

/** Validated by the schema validator in the service, so that every violation is reported at once. */
const schemaInput = z.unknown().meta({ ...z.toJSONSchema(schemaDocument, { target: 'openapi-3.0' }) });

export const uuidParams = z.object({ id: z.uuid() });
export const versionParams = z.object({ id: z.uuid(), versionId: z.uuid() });
export const versionIdParams = z.object({ versionId: z.uuid() });
export const typeCodeParams = z.object({ type: requiredText().max(64) });

export const questionnaireTypeItem = z.object({ id: z.uuid(), code: z.string(), name: z.string() });

export const typeVersionItem = z.object({
  id: z.uuid(),
  questionnaireId: z.uuid(),
  versionNumber: z.number().int(),
  status: z.enum(VERSION_STATUSES),
  isActive: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const dimensionItem = z.object({
  id: z.uuid(),
  code: z.string(),
  displayName: z.string(),
  createdAt: z.string(),
});
export const createDimensionBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"'),
  displayName: requiredText().max(200),
});

export const createQuestionnaireBody = z.strictObject({
  title: requiredText().max(300),
  typeCode: requiredText().max(64),
});

export const versionSummary = z.object({
  id: z.uuid(),
  versionNumber: z.number().int(),
  status: z.enum(VERSION_STATUSES),
  isActive: z.boolean(),
  publishedAt: z.string().nullable(),
  deprecatedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const questionnaireDetail = z.object({
  id: z.uuid(),
  title: z.string(),
  typeId: z.uuid(),
  typeCode: z.string(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  versions: z.array(versionSummary),
});

export const questionnaireListQuery = z.object({
  typeCode: requiredText().max(64).optional(),
  status: z.enum(QUESTIONNAIRE_STATUSES).optional(),
  ...pagingQuery.shape,
});

export const questionnaireListItem = questionnaireDetail.omit({ versions: true });

export const versionBody = z.strictObject({ schema: schemaInput });
export const fromTemplateBody = z.strictObject({ sourceVersionId: z.uuid() });

export const versionDetail = z.object({
  id: z.uuid(),
  questionnaireId: z.uuid(),
  questionnaireTitle: z.string(),
  typeCode: z.string(),
  versionNumber: z.number().int(),
  status: z.enum(VERSION_STATUSES),
  isActive: z.boolean(),
  schemaSnapshot: schemaDocument,
  publishedAt: z.string().nullable(),
  deprecatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const filterVersionsQuery = z.object({ typeId: z.uuid() });
export const filterVersionItem = z.object({
  id: z.uuid(),
  versionNumber: z.number().int(),
  status: z.enum(VERSION_STATUSES),
});

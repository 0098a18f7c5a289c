import { z } from 'zod';
import { PIPELINE_STATUSES, STAGE_KEYS } from '../../db/schema.js';

const scopeType = z.enum(['FACULTY', 'DEPARTMENT', 'CAMPUS']);

export const createPipelineBody = z.strictObject({
  semesterId: z.uuid(),
  scopeType: scopeType
    .optional()
    .describe(
      "filled automatically for a caller with exactly one assigned scope (SUPER_ADMIN: CAMPUS, the semester's campus); one given alone must agree with the fill",
    ),
  scopeId: z.uuid().optional().describe('the faculty member, department or campus of scopeType (same auto-fill)'),
  questionnaireVersionId: z.uuid().optional(),
  facultyId: z.uuid().optional().describe('deprecated (legacy multi-reference input): use scopeType/scopeId'),
  departmentId: z.uuid().optional().describe('deprecated (legacy multi-reference input)'),
  campusId: z.uuid().optional().describe('deprecated (legacy multi-reference input)'),
  programId: z.uuid().optional().describe('deprecated (legacy multi-reference input)'),
  courseId: z.uuid().optional().describe('deprecated (legacy multi-reference input)'),
  questionnaireTypeCode: z
    .enum(['FACULTY_FEEDBACK', 'FACULTY_IN_CLASSROOM', 'FACULTY_OUT_OF_CLASSROOM'])
    .optional()
    .describe('deprecated (legacy multi-reference input)'),
});

export const pipelineParams = z.object({ id: z.uuid() });

export const listPipelinesQuery = z.object({
  semesterId: z.uuid(),
  facultyId: z.uuid().optional(),
  departmentId: z.uuid().optional(),
  programId: z.uuid().optional(),
  campusId: z.uuid().optional(),
  courseId: z.uuid().optional(),
  questionnaireVersionId: z.uuid().optional(),
});

export const scopesQuery = z.object({ semesterId: z.uuid() });

export const creatableScopes = z.array(
  z.object({
    scopeType,
    scopeId: z.uuid(),
    label: z.string().describe('the scope in words: "Faculty member Maria Santos", "Department CCS: …"'),
  }),
);

const stageState = z.enum(['pending', 'processing', 'completed', 'failed', 'skipped']);

export const pipelineView = z.object({
  id: z.uuid(),
  status: z.enum(PIPELINE_STATUSES),
  trigger: z.enum(['USER', 'SCHEDULER']),
  scopeType,
  scopeId: z.uuid(),
  scope: z.object({
    semesterId: z.uuid(),
    semesterCode: z.string(),
    semesterLabel: z.string(),
    facultyId: z.uuid().nullable(),
    facultyName: z.string().nullable(),
    departmentId: z.uuid().nullable(),
    departmentCode: z.string().nullable(),
    departmentName: z.string().nullable(),
    programId: z.uuid().nullable(),
    programCode: z.string().nullable(),
    campusId: z.uuid().nullable(),
    campusCode: z.string().nullable(),
    courseId: z.uuid().nullable(),
    courseShortname: z.string().nullable(),
    questionnaireVersionId: z.uuid().nullable(),
    questionnaireVersionNumber: z.number().int().nullable(),
    questionnaireTypeCode: z.string().nullable(),
  }),
  coverage: z.object({
    totalEnrolled: z.number().int(),
    submissionCount: z.number().int(),
    commentCount: z.number().int(),
    responseRate: z.number().nullable().describe('FACULTY_FEEDBACK submissions per student enrollment in scope'),
  }),
  stages: z.object(
    Object.fromEntries(STAGE_KEYS.map((key) => [key, stageState])) as Record<
      (typeof STAGE_KEYS)[number],
      typeof stageState
    >,
  ),
  sentimentGate: z.object({ included: z.number().int().nullable(), excluded: z.number().int().nullable() }),
  warnings: z.array(z.string()),
  errorMessage: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdByName: z
    .string()
    .nullable()
    .describe(
      'the full name of the person who created it (a scheduled pipeline is attributed to the seeded super admin, as the spec says); null when not known',
    ),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  voiceBreakdown: z.record(z.string(), z.number().int()).describe('contributing submissions per questionnaire code'),
  nextScheduledRunAt: z.string().nullable(),
});

const evidenceSource = z.union([
  z.object({
    type: z.literal('topic'),
    topicId: z.string(),
    label: z.string(),
    commentCount: z.number().int(),
    sentimentBreakdown: z.object({ positive: z.number(), neutral: z.number(), negative: z.number() }),
    sampleQuotes: z.array(z.string()).optional().describe('removed when a faculty member reads their own pipeline'),
  }),
  z.object({ type: z.literal('dimension'), dimensionCode: z.string(), averageScore: z.number() }),
]);

export const recommendationsView = z.object({
  pipelineId: z.uuid(),
  runId: z.uuid().nullable(),
  status: z.enum(['PROCESSING', 'COMPLETED', 'FAILED']).nullable().describe('null before the run starts'),
  actions: z.array(
    z.object({
      id: z.uuid(),
      category: z.enum(['STRENGTH', 'IMPROVEMENT']),
      headline: z.string(),
      description: z.string(),
      actionPlan: z.string(),
      priority: z.enum(['HIGH', 'MEDIUM', 'LOW']),
      supportingEvidence: z.object({
        sources: z.array(evidenceSource),
        confidenceLevel: z.enum(['HIGH', 'MEDIUM', 'LOW']),
      }),
      facet: z.enum(['facultyFeedback', 'inClassroom', 'outOfClassroom', 'overall']),
    }),
  ),
});

import { z } from 'zod';
import { pagedResponse, pagingQuery } from '../../common/http/paging.js';

/** Questionnaire type codes are upper-case words joined by underscores (FACULTY_FEEDBACK, ...). */
const questionnaireTypeCode = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'a questionnaire type code such as FACULTY_FEEDBACK');

export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

export const facultyParams = z.object({ facultyId: z.uuid() });

// Undocumented query parameters are ignored, as on every route (README, Errors): a cache-buster must not be a 400.
export const semesterQuery = z.object({ semesterId: z.uuid() });

export const overviewQuery = z.object({ semesterId: z.uuid(), courseId: z.uuid().optional() });

export const reportQuery = z.object({
  semesterId: z.uuid(),
  questionnaireTypeCode,
  courseId: z.uuid().optional(),
});

export const commentsQuery = reportQuery.extend({
  ...pagingQuery.shape,
  sentiment: z.enum(SENTIMENT_LABELS).optional(),
  themeId: z.uuid().optional().describe('a topic id: only comments whose dominant theme assignment is this topic'),
});

export type ReportQuery = z.infer<typeof reportQuery>;
export type CommentsQuery = z.infer<typeof commentsQuery>;
export type OverviewQuery = z.infer<typeof overviewQuery>;

const ratingCounts = z
  .record(z.string(), z.number().int())
  .describe("raw answer value → count; '1'..'5' for LIKERT_5, '0'/'1' for YES_NO, every key present");

const reportHeader = {
  faculty: z.object({ id: z.uuid(), fullName: z.string() }),
  semester: z.object({ id: z.uuid(), code: z.string(), label: z.string() }),
  questionnaireType: z.object({ code: z.string(), name: z.string() }),
  courseId: z.uuid().nullable(),
};

export const reportView = z.object({
  ...reportHeader,
  version: z
    .object({ id: z.uuid(), versionNumber: z.number().int(), questionnaireTitle: z.string() })
    .nullable()
    .describe(
      'the version whose sections are shown: the latest published version that has submissions. An answer of ' +
        'another version counts toward one of its questions only when it is the same question: the same id, type ' +
        'and dimension code',
    ),
  versionsIncluded: z.number().int().describe('how many versions of the type have submissions in this report'),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      path: z.array(z.string()).describe('titles of the enclosing sections, outermost first'),
      weight: z.number(),
      responseCount: z
        .number()
        .int()
        .describe('submissions that answered at least one question of the section (the same question, any version)'),
      rating: z.number().nullable().describe('mean of the scaled answers, 0..100, round2'),
      questions: z.array(
        z.object({
          id: z.string(),
          text: z.string(),
          type: z.enum(['LIKERT_5', 'YES_NO']),
          dimensionCode: z.string(),
          responseCount: z.number().int().describe('answers to this question (the same question, any version)'),
          average: z.number().nullable().describe('mean raw value on the question type scale, round2'),
          ratingCounts,
        }),
      ),
    }),
  ),
  dimensions: z.array(
    z.object({
      code: z.string(),
      displayName: z.string(),
      average: z.number().describe('1..5 scale (YES_NO answers mapped 0 → 1, 1 → 5), weighted by answer count'),
      responseCount: z.number().int(),
      interpretation: z.enum(['Excellent', 'Very Good', 'Good', 'Fair', 'Poor']),
      yesNo: z
        .object({ yesCount: z.number().int(), responseCount: z.number().int() })
        .nullable()
        .describe("the dimension's YES_NO answers: how many were yes, of how many; null when it has none"),
    }),
  ),
  overall: z.object({
    rating: z.number().nullable().describe('round2 of the mean normalizedScore (0..100) of the submissions'),
    submissionCount: z.number().int(),
  }),
  enrolledCount: z
    .number()
    .int()
    .nullable()
    .describe(
      "student enrollments in the faculty member's courses of the semester (the course only, with courseId); " +
        'null for the types students do not answer (IN/OUT_OF_CLASSROOM)',
    ),
  responseRate: z
    .number()
    .nullable()
    .describe('overall.submissionCount ÷ enrolledCount, 0..1 (4 decimals); null when enrolledCount is null or 0'),
  lowResponse: z
    .boolean()
    .describe('true when responseRate is below 0.25 or there are fewer than 10 submissions: read with caution'),
});

export const commentView = z.object({
  submissionId: z.uuid(),
  courseId: z.uuid().nullable(),
  courseShortname: z.string().nullable(),
  createdAt: z.string().describe('the day the student answered (midnight UTC), for every reader'),
  text: z.string().nullable().describe('scrubbed of personal names; null when redacted'),
  redacted: z
    .boolean()
    .describe(
      'true when no student text is shown: a faculty member reading their own comments, or a comment that raised an alert read by someone who may not read alerts of its scope (conventions §11: a chairperson)',
    ),
  sentiment: z.enum(SENTIMENT_LABELS).nullable(),
  themeIds: z.array(z.uuid()),
});

export const commentsView = pagedResponse(commentView);

const contribution = z.object({
  questionnaireTypeCode: z.string(),
  weight: z.number(),
  effectiveWeight: z.number(),
  rating: z.number().nullable(),
  submissionCount: z.number().int(),
  contribution: z.number().nullable(),
});

export const COVERAGE_STATUSES = [
  'FULL',
  'PARTIAL',
  'PARTIAL_NO_FEEDBACK',
  'FEEDBACK_ONLY',
  'INSUFFICIENT',
  'NO_DATA',
] as const;

export const overviewView = z.object({
  faculty: reportHeader.faculty,
  semester: reportHeader.semester,
  courseId: z.uuid().nullable(),
  coverageStatus: z.enum(COVERAGE_STATUSES),
  coverageWeight: z.number(),
  composite: z.object({ rating: z.number().nullable() }),
  contributions: z.array(contribution).length(3).describe('always FEEDBACK, OUT_OF_CLASSROOM, IN_CLASSROOM'),
});

const split = z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() });

export const qualitativeSummaryView = z.object({
  ...reportHeader,
  redacted: z.boolean(),
  analysis: z
    .object({
      pipelineId: z.uuid(),
      scopeType: z.enum(['FACULTY', 'DEPARTMENT', 'CAMPUS']),
      analysedAt: z.string().describe("the pipeline's completedAt"),
    })
    .nullable()
    .describe(
      'the one completed pipeline the sentiment distribution and themes come from; null when no completed pipeline analysed these submissions',
    ),
  sentimentDistribution: split,
  themes: z.array(
    z.object({
      themeId: z.uuid(),
      label: z.string(),
      count: z.number().int(),
      sentimentSplit: split,
      sampleQuotes: z.array(z.string()).optional().describe('absent for a faculty member reading their own summary'),
    }),
  ),
});

export const questionnaireTypesView = z.object({
  faculty: reportHeader.faculty,
  semester: reportHeader.semester,
  items: z.array(z.object({ code: z.string(), name: z.string(), submissionCount: z.number().int() })),
});

export type ReportView = z.infer<typeof reportView>;
export type OverviewView = z.infer<typeof overviewView>;
export type QualitativeSummaryView = z.infer<typeof qualitativeSummaryView>;
export type CommentView = z.infer<typeof commentView>;

import { z } from 'zod';
import { decimalInteger } from '../../common/http/decimal-integer.js';
import { requiredText } from '../../common/text/required-text.js';

/** Spec, Limits: trimmed, non-empty, at most 20 characters. */
const programCode = requiredText({ message: 'programCode must not be empty' })
  .max(20, 'programCode takes at most 20 characters')
  .optional();

export const analyticsSemesterQuery = z.object({
  semesterId: z.uuid(),
  programCode,
});

/**
 * A numeric query parameter. `z.coerce.number()` alone reads a blank value (`?minR2=`) as 0, a figure nobody
 * sent; a blank value is refused as not a number instead.
 */
const queryNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : value), schema);

export const DEFAULT_TREND_MIN_SEMESTERS = 3;
export const DEFAULT_TREND_MIN_R2 = 0.5;

export const trendsQuery = z.object({
  semesterId: z
    .uuid()
    .optional()
    .describe("scope resolution only; omitted: the latest semester of the caller's campus"),
  minSemesters: decimalInteger(z.number().int().min(2).max(100).default(DEFAULT_TREND_MIN_SEMESTERS)).describe(
    'faculty with at least this many semesters of data (a regression needs 2)',
  ),
  minR2: queryNumber(z.coerce.number().min(0).max(1).default(DEFAULT_TREND_MIN_R2)).describe(
    'R² at or above which a slope counts as improving or declining; below it the trend is stable',
  ),
});

/** mv_faculty_trends' regressions, rounded for display (and judged as shown): slopes 4 decimals, R² 3. */
const trendFigures = {
  scoreSlope: z.number().nullable().describe('avg normalized score points per semester, 4 decimals'),
  scoreR2: z.number().nullable().describe('3 decimals'),
  sentimentSlope: z.number().nullable().describe('positive rate per semester, 4 decimals'),
  sentimentR2: z.number().nullable().describe('3 decimals'),
  scoreSemesterCount: z.number().int().describe('semesters the score regression was fit on (those with a score)'),
  sentimentSemesterCount: z
    .number()
    .int()
    .describe('semesters the sentiment regression was fit on (those with analysed comments)'),
};

const facultyIdentity = {
  facultyId: z.uuid(),
  facultyName: z.string(),
  departmentCode: z.string().nullable(),
};

const semesterStats = {
  departmentName: z.string().nullable(),
  programCode: z.string().nullable(),
  campusCode: z.string(),
  semesterCode: z.string(),
  academicYear: z.string(),
  submissionCount: z.number().int(),
  commentCount: z.number().int(),
  analyzedCount: z.number().int(),
  positiveCount: z.number().int(),
  neutralCount: z.number().int(),
  negativeCount: z.number().int(),
  distinctTopicCount: z.number().int(),
  avgNormalizedScore: z.number().nullable(),
  positiveRate: z.number().nullable(),
};

export const overviewView = z.object({
  semesterId: z.uuid(),
  programCode: z.string().nullable(),
  lastRefreshedAt: z.string().nullable(),
  summary: z.object({
    facultyCount: z.number().int(),
    submissionCount: z.number().int(),
    commentCount: z.number().int(),
    analyzedCount: z.number().int(),
    positiveCount: z.number().int(),
    neutralCount: z.number().int(),
    negativeCount: z.number().int(),
  }),
  faculty: z.array(
    z.object({
      ...facultyIdentity,
      ...semesterStats,
      percentileRank: z.number().nullable().describe('percent rank (0-100) of the score within the department'),
      scoreDelta: z.number().nullable().describe('versus the previous semester of the same campus'),
      sentimentDelta: z.number().nullable().describe('positive rate versus the previous semester of the same campus'),
    }),
  ),
});

export const ATTENTION_FLAGS = ['declining_trend', 'quant_qual_gap', 'low_coverage'] as const;

export const attentionView = z.object({
  semesterId: z.uuid(),
  programCode: z.string().nullable(),
  lastRefreshedAt: z.string().nullable(),
  faculty: z.array(
    z.object({
      ...facultyIdentity,
      ...semesterStats,
      coverageRate: z.number().nullable(),
      sentimentScore: z
        .number()
        .nullable()
        .describe(
          'positive / (positive + negative) of the analysed comments, 0..1 (4 decimals), null when none takes a side: what quant_qual_gap compares with avgNormalizedScore / 100',
        ),
      semesterCount: z.number().int().describe("semesters with submissions at this semester's campus"),
      ...trendFigures,
      flags: z.array(z.enum(ATTENTION_FLAGS)).min(1),
    }),
  ),
});

export const trendsView = z.object({
  semesterId: z.uuid().nullable(),
  minSemesters: z.number().int(),
  minR2: z.number(),
  lastRefreshedAt: z.string().nullable(),
  faculty: z.array(
    z.object({
      ...facultyIdentity,
      campusCode: z
        .string()
        .describe(
          "the campus whose semesters the trend runs over: a faculty member who teaches at two campuses has a trend at each, and a dean sees their campus's only",
        ),
      semesterCount: z.number().int().describe("semesters with submissions at the trend's campus"),
      latestSemesterId: z.uuid(),
      latestAvgNormalizedScore: z.number().nullable(),
      latestPositiveRate: z.number().nullable(),
      ...trendFigures,
      trendDirection: z.enum(['improving', 'declining', 'stable']),
    }),
  ),
});

export type OverviewView = z.infer<typeof overviewView>;
export type AttentionView = z.infer<typeof attentionView>;
export type TrendsView = z.infer<typeof trendsView>;

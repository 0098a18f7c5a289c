import { z } from 'zod';
import { requiredText } from '../../common/text/required-text.js';
import { submissionAnswers, submissionComment } from '../submissions/submissions.schemas.js';

/** Rows per commit (spec Limits); a larger body is refused whole with 400. */
export const MAX_COMMIT_ROWS = 200;
/** Rows per preview: more students than any course has, few enough for one answer. */
export const MAX_PREVIEW_ROWS = 1000;
/** Share of preview rows with a comment when the request does not say. */
export const DEFAULT_COMMENT_RATIO = 0.7;

const username = requiredText().max(100);
const courseShortname = requiredText().max(100);

const target = {
  versionId: z.uuid().describe('an ACTIVE FACULTY_FEEDBACK version (status also accepts other states)'),
  facultyUsername: username.describe('the faculty member evaluated; must teach the course'),
  courseShortname: courseShortname.describe('the course whose enrolled students answer'),
};

export const generatorStatusQuery = z.object(target);

export const generatorStatus = z.object({
  totalEnrolled: z.number().int().describe('students enrolled in the course'),
  alreadySubmitted: z
    .number()
    .int()
    .describe('of them, those who already submitted this version for this faculty member, course and semester'),
  availableStudents: z.number().int().describe('the rest: who a preview can generate rows for'),
});

const weight = z.number().min(0).max(100);

export const languageMix = z
  .strictObject({ en: weight.optional(), tl: weight.optional(), ceb: weight.optional(), taglish: weight.optional() })
  .refine((mix) => Object.values(mix).some((value) => value !== undefined && value > 0), {
    message: 'give at least one language a weight above 0',
  })
  .describe(
    'relative weights of the comment languages: en English, tl Filipino, ceb Cebuano, taglish code-switched; a language left out is not written (default en 35, taglish 30, tl 20, ceb 15)',
  );

export const previewBody = z.strictObject({
  ...target,
  count: z
    .number()
    .int()
    .min(1)
    .max(MAX_PREVIEW_ROWS)
    .describe('rows wanted; capped at availableStudents (fewer rows come back when fewer students can still answer)'),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional()
    .describe('the same seed (and the same available students) gives the same rows; absent: a random seed, returned'),
  commentRatio: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      `share of rows with a comment (default ${DEFAULT_COMMENT_RATIO}); ignored when the questionnaire requires or disables comments`,
    ),
  languages: languageMix.optional(),
  theme: requiredText()
    .max(200)
    .optional()
    .describe(
      'what the comments should be about ("online classes", "grading"); the model reads it as written, the local generator when it names an aspect of teaching',
    ),
});

const answer = z.object({ questionId: z.string(), value: z.number().int() });

export const generatedRow = z.object({
  studentUsername: z.string(),
  answers: z.array(answer),
  comment: z.string().nullable(),
});

export const previewResult = z.object({
  seed: z.number().int().describe('the seed the rows were made with: send it again to get the same rows'),
  commentSource: z
    .enum(['local', 'model', 'local-fallback'])
    .describe(
      'who wrote the comments: the local generator (no OPENAI_API_KEY), the model, or the local generator after the model failed',
    ),
  rows: z.array(generatedRow),
});

/** A row to store: what a preview returned, possibly edited. Answers are checked per row, as a submission's are. */
export const commitRow = z.strictObject({
  studentUsername: username,
  answers: submissionAnswers,
  comment: submissionComment,
});

export const commitBody = z.strictObject({
  ...target,
  rows: z
    .array(commitRow)
    .min(1)
    .max(MAX_COMMIT_ROWS)
    .describe(`at most ${MAX_COMMIT_ROWS} rows; more is refused whole (400)`),
});

export const commitResult = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      index: z.number().int().describe('position of the row in the request, from 0'),
      status: z.enum(['ok', 'error']),
      submissionId: z.uuid().optional(),
      error: z.string().optional(),
    }),
  ),
});

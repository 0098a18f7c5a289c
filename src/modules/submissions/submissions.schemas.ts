import { z } from 'zod';

/**
 * The answers of one submission. A value is checked against its question's type with the other answer rules,
 * so a wrong type and a broken rule (a missing required answer, say) are reported together, and a bad value
 * fails its own row of a bulk write, not the whole request.
 */
export const submissionAnswers = z
  .array(
    z.strictObject({
      questionId: z.string().min(1).max(64),
      value: z.unknown().meta({ type: 'integer', description: 'LIKERT_5 takes an integer 1..5, YES_NO 0 or 1' }),
    }),
  )
  .max(1000);

export const submissionComment = z.string().max(20_000).nullable().optional();

export const submissionBody = z.strictObject({
  versionId: z.uuid(),
  facultyId: z.uuid(),
  courseId: z
    .uuid()
    .nullable()
    .optional()
    .describe('required for FACULTY_FEEDBACK; may be absent for IN/OUT_OF_CLASSROOM'),
  semesterId: z
    .uuid()
    .optional()
    .describe("required when courseId is absent; when given with a course it must be the course's semester"),
  answers: submissionAnswers,
  qualitativeComment: submissionComment,
});

export const submissionResult = z.object({
  id: z.uuid(),
  versionId: z.uuid(),
  facultyId: z.uuid(),
  courseId: z.uuid().nullable(),
  semesterId: z.uuid(),
  normalizedScore: z.number().nullable(),
  cleanedComment: z.string().nullable(),
  qualitativeComment: z.string().nullable(),
  createdAt: z.string(),
});

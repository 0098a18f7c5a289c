import { z } from 'zod';

/** Someone enrolled in the course as `faculty`. */
const courseFaculty = z.object({ id: z.uuid(), username: z.string(), fullName: z.string() });

/**
 * One enrollment of the caller as the cache holds it: the course, its place in the institution and who teaches
 * it. Whether the caller has evaluated them is not cached (EnrollmentsService reads it on every request).
 */
const enrollmentListing = z.object({
  id: z.uuid(),
  role: z.enum(['student', 'faculty']),
  course: z.object({ id: z.uuid(), shortname: z.string(), fullname: z.string() }),
  /** Everyone enrolled in the course as `faculty`, by full name: what a student names in a submission. */
  faculty: z.array(courseFaculty),
  program: z.object({ id: z.uuid(), code: z.string() }),
  department: z.object({ id: z.uuid(), code: z.string() }),
  semester: z.object({ id: z.uuid(), code: z.string(), label: z.string() }),
  campus: z.object({ id: z.uuid(), code: z.string() }),
});

export type EnrollmentListing = z.infer<typeof enrollmentListing>;

/** One enrollment of the caller, with which of the course's faculty the caller has evaluated. */
export const enrollmentItem = enrollmentListing.extend({
  faculty: z.array(
    courseFaculty.extend({
      evaluated: z
        .boolean()
        .describe(
          'the caller has submitted a FACULTY_FEEDBACK evaluation of this faculty member for this course and ' +
            'semester (in any version of the questionnaire); submitting again to the same version answers 409',
        ),
      submissionId: z.uuid().nullable().describe("the caller's latest such submission, or null"),
    }),
  ),
  evaluated: z
    .boolean()
    .describe(
      'the caller has evaluated every faculty member of the course, so nothing is left to submit for it; false ' +
        'while one is not evaluated, and while the course has no faculty',
    ),
});

export type EnrollmentItem = z.infer<typeof enrollmentItem>;

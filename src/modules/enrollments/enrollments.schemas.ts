import { z } from 'zod';

/** One enrollment of the caller: the course, its place in the institution and who teaches it. */
export const enrollmentItem = z.object({
  id: z.uuid(),
  role: z.enum(['student', 'faculty']),
  course: z.object({ id: z.uuid(), shortname: z.string(), fullname: z.string() }),
  /** Everyone enrolled in the course as `faculty`, by full name: what a student names in a submission. */
  faculty: z.array(z.object({ id: z.uuid(), fullName: z.string() })),
  program: z.object({ id: z.uuid(), code: z.string() }),
  department: z.object({ id: z.uuid(), code: z.string() }),
  semester: z.object({ id: z.uuid(), code: z.string(), label: z.string() }),
  campus: z.object({ id: z.uuid(), code: z.string() }),
});

export type EnrollmentItem = z.infer<typeof enrollmentItem>;

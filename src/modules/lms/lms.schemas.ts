import { z } from 'zod';
import { decimalInteger } from '../../common/http/decimal-integer.js';
import { requiredText } from '../../common/text/required-text.js';

/** The most courses one bulk or CSV request may carry (spec: at most 500). */
export const MAX_COURSES_PER_REQUEST = 500;

/** A campus, department or program code: a category name in the learning system. */
const code = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: "letters, digits, '.', '_' and '-' only" });

/** ISO 8601: a date (`2025-08-01`) or a date-time with its offset. */
export const isoDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .meta({ description: 'ISO 8601 date or date-time', example: '2025-08-01' });

// ── Categories ────────────────────────────────────────────────────────────────────────────────────────────

export const categoriesRequest = z.strictObject({
  campuses: z.array(code).min(1).max(10),
  // Semester numbers and dates are checked by the service, so that a bad one answers 400 `Invalid semester …`
  // (the spec's message for a semester error in category provisioning) rather than a generic validation error.
  semesters: z
    .array(z.number().meta({ description: '1 or 2; another value → 400 Invalid semester …' }))
    .min(1)
    .max(2),
  startDate: z.string().meta({ description: 'ISO 8601 date or date-time; else 400 Invalid semester dates …' }),
  endDate: z.string().meta({ description: 'ISO 8601 date or date-time, after startDate' }),
  departments: z
    .array(z.strictObject({ code, programs: z.array(code).max(30).default([]) }))
    .max(30)
    .default([]),
});
export type CategoriesRequest = z.infer<typeof categoriesRequest>;

export const categoryNodeType = z.enum(['campus', 'semester', 'department', 'program']);

export const categoriesResult = z.object({
  semesterCodes: z.array(z.string()),
  nodes: z.array(
    z.object({
      type: categoryNodeType,
      name: z.string(),
      path: z.string().meta({ description: 'category names from the top, joined with " / "' }),
      status: z.enum(['created', 'skipped']).meta({
        description: 'preview: would be created, or exists already (skipped); execute: what was done',
      }),
      categoryId: z.number().int().nullable().meta({ description: 'null in a preview for a node to create' }),
    }),
  ),
  created: z.number().int(),
  skipped: z.number().int(),
});
export type CategoriesResult = z.infer<typeof categoriesResult>;

// ── Courses: JSON bulk and quick ──────────────────────────────────────────────────────────────────────────

const courseCode = requiredText().max(40);
const descriptiveTitle = requiredText().max(200);

const courseHeader = {
  semesterId: z.uuid(),
  departmentId: z.uuid(),
  programId: z.uuid(),
  startDate: isoDate,
  endDate: isoDate,
};

export const bulkCourseEntry = z.strictObject({ courseCode, descriptiveTitle });

const courseList = <T extends z.ZodType>(entry: T) =>
  z
    .array(entry)
    .min(1, { message: 'at least one course is required' })
    .max(MAX_COURSES_PER_REQUEST, { message: `at most ${MAX_COURSES_PER_REQUEST} courses per request` });

export const bulkPreviewRequest = z.strictObject({ ...courseHeader, courses: courseList(bulkCourseEntry) });
export type BulkPreviewRequest = z.infer<typeof bulkPreviewRequest>;

/**
 * What a preview answered beside a course, which a client may send back at execute: accepted and ignored (the
 * shortname, full name and category are derived again, the status is execute's own).
 */
const echoedPreviewFields = {
  shortname: z.string().optional().meta({ description: 'ignored: derived again' }),
  fullname: z.string().optional().meta({ description: 'ignored: derived again' }),
  categoryId: z
    .number()
    .optional()
    .meta({ description: 'ignored: the server derives the category from the program again' }),
  status: z.string().optional().meta({ description: 'ignored' }),
};

/** Execute takes the preview's rows back; only courseCode and descriptiveTitle are read, the rest is re-derived. */
export const bulkExecuteRequest = z.strictObject({
  ...courseHeader,
  courses: courseList(bulkCourseEntry.extend(echoedPreviewFields)),
});
export type BulkExecuteRequest = z.infer<typeof bulkExecuteRequest>;

export const plannedCourse = z.object({
  courseCode: z.string(),
  descriptiveTitle: z.string(),
  shortname: z.string(),
  fullname: z.string(),
  categoryId: z.number().int(),
  status: z.enum(['new', 'exists']).meta({
    description:
      "new: execute creates it; exists: already in the program's category, skipped. A course whose shortname a " +
      'course of another category holds is not listed here but in errors, with takenBy',
  }),
});

/** The course of another category that holds a planned shortname (Moodle checks shortnames site-wide). */
const takenBy = z
  .object({
    lmsCourseId: z.number().int(),
    shortname: z.string(),
    fullname: z.string(),
    categoryId: z.number().int(),
    category: z.string().meta({ description: 'category names from the top, joined with " / "' }),
  })
  .meta({
    description:
      'present when the row is refused because this course, in another category, already has its shortname ' +
      '(Moodle shortnames are unique site-wide); the row is not created',
  });

const courseError = z.object({
  index: z.number().int().meta({ description: 'the entry of the request’s courses' }),
  courseCode: z.string(),
  message: z.string(),
  takenBy: takenBy.optional(),
});

export const bulkPreviewResult = z.object({ courses: z.array(plannedCourse), errors: z.array(courseError) });

export const provisionedCourse = plannedCourse.extend({
  status: z.enum(['created', 'skipped']),
  lmsCourseId: z.number().int().nullable(),
});
export type ProvisionedCourse = z.infer<typeof provisionedCourse>;

export const bulkExecuteResult = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  batches: z.number().int().meta({ description: 'core_course_create_courses calls (50 courses each at most)' }),
  courses: z.array(provisionedCourse),
  errors: z.array(courseError),
});

/** A quick preview's answer may be sent back as it is (outside audit M: it was refused with 400). */
export const quickCourseRequest = z.strictObject({
  ...courseHeader,
  courseCode,
  descriptiveTitle,
  ...echoedPreviewFields,
});
export type QuickCourseRequest = z.infer<typeof quickCourseRequest>;

// ── Courses: legacy CSV ───────────────────────────────────────────────────────────────────────────────────

export const csvContext = z.strictObject({ campus: code, department: code, startDate: isoDate, endDate: isoDate });
export type CsvContext = z.infer<typeof csvContext>;

export const csvUploadDocument = csvContext.extend({
  file: z.string().meta({
    format: 'binary',
    description: 'a .csv file of at most 2 MB; columns program, courseCode, descriptiveTitle, semester (1 or 2)',
  }),
});

export const csvCourseRow = z.strictObject({
  program: code,
  courseCode,
  descriptiveTitle,
  semester: z.union([z.literal(1), z.literal(2)]),
});
export type CsvCourseRow = z.infer<typeof csvCourseRow>;

const csvPlannedRow = z.object({
  row: z.number().int().meta({ description: '1-based data row of the file (the header is row 0)' }),
  program: z.string(),
  courseCode: z.string(),
  descriptiveTitle: z.string(),
  semester: z.number().int(),
  semesterCode: z.string(),
  shortname: z.string(),
  fullname: z.string(),
  categoryId: z.number().int(),
});

const csvSkippedRow = z.object({ row: z.number().int(), shortname: z.string(), reason: z.string() });

const csvRowError = z.object({ row: z.number().int(), message: z.string(), takenBy: takenBy.optional() });

export const csvPreviewResult = z.object({
  valid: z.array(csvPlannedRow),
  skipped: z.array(csvSkippedRow),
  errors: z.array(csvRowError),
  shortnameNote: z.string(),
});
export type CsvPreviewResult = z.infer<typeof csvPreviewResult>;

/** What the preview answered beside a row, which a client may send back at execute: accepted and ignored. */
const echoedCsvPreviewFields = {
  row: z.number().optional().meta({ description: 'ignored: rows are numbered again' }),
  semesterCode: z.string().optional().meta({ description: 'ignored: derived again' }),
  ...echoedPreviewFields,
};

/** Execute takes the preview's valid rows back (the preview's own fields are ignored; shortnames computed again). */
export const csvExecuteRequest = csvContext.extend({
  rows: z
    .array(csvCourseRow.extend(echoedCsvPreviewFields))
    .min(1, { message: 'at least one row is required' })
    .max(MAX_COURSES_PER_REQUEST, { message: `at most ${MAX_COURSES_PER_REQUEST} courses per request` }),
});
export type CsvExecuteRequest = z.infer<typeof csvExecuteRequest>;

export const csvExecuteResult = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  batches: z.number().int(),
  courses: z.array(
    csvPlannedRow.extend({ status: z.enum(['created', 'skipped']), lmsCourseId: z.number().int().nullable() }),
  ),
  repeated: z.array(csvSkippedRow).meta({
    description:
      "rows counted in skipped because they repeat an earlier row's shortname (not created twice); courses lists the others",
  }),
  errors: z.array(csvRowError),
});

// ── Users ─────────────────────────────────────────────────────────────────────────────────────────────────

export const seedUsersRequest = z.strictObject({
  count: z.number().int().min(1).max(200),
  role: z.enum(['student', 'faculty']),
  campus: code,
  courseIds: z.array(z.number().int().min(1)).min(1).max(50),
});
export type SeedUsersRequest = z.infer<typeof seedUsersRequest>;

export const seedUsersResult = z.object({
  usersCreated: z.number().int(),
  usersFailed: z.number().int(),
  enrolmentsCreated: z.number().int(),
  warnings: z.array(z.string()),
  durationMs: z.number().int(),
});

// ── Tree ──────────────────────────────────────────────────────────────────────────────────────────────────

interface TreeNode {
  id: number;
  name: string;
  depth: number;
  coursecount: number;
  visible: boolean;
  children: TreeNode[];
}
const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    depth: z.number().int(),
    coursecount: z.number().int(),
    visible: z.boolean(),
    children: z.array(treeNode),
  }),
);

export const treeResult = z.object({
  tree: z.array(treeNode),
  fetchedAt: z.string(),
  totalCategories: z.number().int(),
});

export const categoryCoursesParams = z.object({
  categoryId: decimalInteger(z.number().int().min(1).max(2_147_483_647)),
});

export const categoryCoursesResult = z.object({
  categoryId: z.number().int(),
  courses: z.array(
    z.object({
      id: z.number().int(),
      shortname: z.string(),
      fullname: z.string(),
      enrolledusercount: z.number().int().optional(),
      visible: z.boolean(),
      startdate: z.string().nullable().meta({ description: 'ISO 8601; null when the course has none' }),
      enddate: z.string().nullable(),
    }),
  ),
});

// ── Sync ──────────────────────────────────────────────────────────────────────────────────────────────────

const syncCounts = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });
export type SyncCounts = z.infer<typeof syncCounts>;

export const syncResult = z.object({
  campuses: syncCounts,
  semesters: syncCounts,
  departments: syncCounts,
  programs: syncCounts,
  courses: syncCounts,
  users: syncCounts,
  enrollments: z.object({ created: z.number().int(), unchanged: z.number().int() }),
  warnings: z.array(z.string()),
  syncedAt: z.string(),
  durationMs: z.number().int(),
});
export type SyncResult = z.infer<typeof syncResult>;

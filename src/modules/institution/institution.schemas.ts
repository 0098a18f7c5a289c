import { z } from 'zod';
import { requiredText } from '../../common/text/required-text.js';

const code = requiredText().max(64);
const isoDate = z.iso.date();

/**
 * The import file of conventions §4. Only shapes are checked here; codes, roles, duplicates and
 * references are checked by the import validator so that every problem is reported at once.
 */
export const institutionImportBody = z.strictObject({
  campuses: z.array(z.strictObject({ code, name: requiredText().max(200) })).default([]),
  semesters: z
    .array(
      z.strictObject({
        campus: code,
        code,
        label: requiredText().max(200).optional(),
        academicYear: requiredText().max(20).optional(),
        startDate: isoDate.optional(),
        endDate: isoDate.optional(),
      }),
    )
    .default([]),
  departments: z
    .array(z.strictObject({ campus: code, semester: code, code, name: z.string().trim().max(200).optional() }))
    .default([]),
  programs: z
    .array(
      z.strictObject({
        campus: code,
        semester: code,
        department: code,
        code,
        name: z.string().trim().max(200).optional(),
      }),
    )
    .default([]),
  courses: z
    .array(
      z.strictObject({
        campus: code,
        semester: code,
        program: code,
        shortname: requiredText().max(255),
        fullname: requiredText().max(500),
      }),
    )
    .default([]),
  users: z
    .array(
      z.strictObject({
        // NFC: a name typed in decomposed form is stored, and matched, as the same account (usernames.ts).
        username: requiredText().normalize('NFC').max(100),
        fullName: requiredText().normalize('NFC').max(200),
        password: z.string().min(8).max(1024).optional(),
        roles: z.array(z.string()).default([]),
        assignments: z
          .array(
            z.strictObject({
              role: z.string(),
              campus: code,
              department: code.optional(),
              program: code.optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
  enrollments: z
    .array(
      z.strictObject({
        username: requiredText().normalize('NFC').max(100),
        course: requiredText().max(255),
        campus: code.optional(),
        semester: code.optional(),
        role: z.string(),
      }),
    )
    .default([]),
});

export type InstitutionImport = z.infer<typeof institutionImportBody>;

const counts = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });

export const institutionImportResult = z.object({
  campuses: counts,
  semesters: counts,
  departments: counts,
  programs: counts,
  courses: counts,
  users: counts,
  enrollments: counts,
});

export type ImportCounts = z.infer<typeof counts>;
export type InstitutionImportResult = z.infer<typeof institutionImportResult>;

export const campusItem = z.object({ id: z.uuid(), code: z.string(), name: z.string() });

export const semesterItem = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string(),
  academicYear: z.string(),
  campusId: z.uuid(),
  campusCode: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

export const filterSemesterItem = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string(),
  academicYear: z.string(),
  campusCode: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

export const filterDepartmentItem = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string().nullable(),
  semesterId: z.uuid(),
  semesterCode: z.string(),
  campusId: z.uuid(),
  campusCode: z.string(),
});

export const filterProgramItem = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string().nullable(),
  lmsCategoryId: z.number().int().nullable(),
  departmentId: z.uuid(),
});

export const filterFacultyItem = z.object({ id: z.uuid(), username: z.string(), fullName: z.string() });

export const filterCourseItem = z.object({
  id: z.uuid(),
  shortname: z.string(),
  fullname: z.string(),
  programCode: z.string(),
  semesterCode: z.string(),
  campusCode: z.string(),
});

const optionalUuid = z.uuid().optional();

export const departmentFilterQuery = z.object({ semesterId: optionalUuid, campusId: optionalUuid });
export const programFilterQuery = z.object({ departmentId: optionalUuid, semesterId: optionalUuid });
export const facultyFilterQuery = z.object({
  semesterId: optionalUuid,
  departmentId: optionalUuid,
  programId: optionalUuid,
  campusId: optionalUuid,
});
export const courseFilterQuery = z.object({
  facultyUsername: requiredText().max(100).optional(),
  semesterId: optionalUuid,
  programId: optionalUuid,
});
export const semesterListQuery = z.object({ campusId: optionalUuid });

export const institutionStatus = z.object({
  enrollmentsLastSyncedAt: z.string().nullable(),
  counts: z.record(z.string(), z.number().int()),
});

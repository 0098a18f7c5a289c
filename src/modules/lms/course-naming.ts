/**
 * How provisioned courses are named in the learning system, in one place for the JSON bulk, CSV and quick flows.
 *
 * shortname = `{COURSE}-{PROGRAM}-{CAMPUS}-{SEMESTER}`, e.g. `IT101-BSIT-MAIN-S12526`: Moodle shortnames are
 * unique across the whole site, and the same course code is taught in several programs, campuses and school
 * years, so each of those is part of the name. The semester code ends with the final school year (`…26`), so
 * a course offered again next year gets a new shortname. Codes are upper-cased and their spaces removed
 * (`it 101` → `IT101`).
 *
 * fullname = `{COURSE} - {descriptive title}`, e.g. `IT101 - Introduction to Computing`.
 */

/** What a course code may contain once normalised: letters, digits, `.`, `_` and `-`, at most 30 characters. */
export const COURSE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,29}$/;

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, '');
}

export interface CourseNameParts {
  courseCode: string;
  programCode: string;
  campusCode: string;
  semesterCode: string;
}

export function courseShortname(parts: CourseNameParts): string {
  return [parts.courseCode, parts.programCode, parts.campusCode, parts.semesterCode].map(normalizeCode).join('-');
}

export function courseFullname(courseCode: string, descriptiveTitle: string): string {
  return `${normalizeCode(courseCode)} - ${descriptiveTitle.trim().replace(/\s+/g, ' ')}`;
}

/** A problem with a course code, or undefined when it can name a course. */
export function courseCodeProblem(courseCode: string): string | undefined {
  return COURSE_CODE_PATTERN.test(normalizeCode(courseCode))
    ? undefined
    : `course code '${courseCode}' may hold only letters, digits, '.', '_' and '-' (at most 30)`;
}

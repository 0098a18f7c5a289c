import type { ErrorDetail } from '../../common/errors/domain-error.js';
import { ROLES, type Role } from '../../db/schema.js';
import type { InstitutionImport } from './institution.schemas.js';
import { parseSemesterCode } from './semester-code.js';
import { usernameKey } from '../../common/text/usernames.js';

/** Keys that identify rows across the file and the database. */
export const semesterKey = (campus: string, semester: string) => `${campus}/${semester}`;
export const departmentKey = (campus: string, semester: string, department: string) =>
  `${campus}/${semester}/${department}`;
export const programKey = (campus: string, semester: string, program: string) => `${campus}/${semester}/${program}`;

/** Where a stored course is. */
export interface StoredCourse {
  shortname: string;
  campus: string;
  semester: string;
}

/** What the database already holds, for the references the file makes. */
export interface KnownReferences {
  campuses: Set<string>;
  semesters: Set<string>;
  departments: Set<string>;
  /** programKey → number of departments in that semester holding the program code. */
  programs: Map<string, number>;
  users: Set<string>;
  /** lower-case shortname → the course's stored spelling and its campus and semester codes. */
  courses: Map<string, StoredCourse>;
}

const ENROLLMENT_ROLES = new Set(['student', 'faculty']);
const ASSIGNMENT_ROLES = new Set(['DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD']);

/** Reports every item whose key an earlier item already has; `display` shows an item as the file spells it. */
function duplicates<T>(
  items: T[],
  key: (item: T) => string,
  path: string,
  what: string,
  problems: ErrorDetail[],
  display: (item: T) => string = key,
): void {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const value = key(item);
    const first = seen.get(value);
    if (first === undefined) {
      seen.set(value, index);
      return;
    }
    const spelled = display(items[first] as T);
    const shown = display(item);
    problems.push({
      path: `${path}.${index}`,
      message:
        spelled === shown
          ? `duplicate ${what} '${shown}' (also at ${path}.${first})`
          : `duplicate ${what} '${shown}' (also at ${path}.${first} as '${spelled}'; compared ignoring case)`,
    });
  });
}

/**
 * Every problem of an import file, against itself and what the database holds. Nothing is written
 * unless this returns an empty list. References to rows that the file itself declares (even invalid
 * ones) are not reported again, so one mistake yields one problem.
 */
export function validateImport(file: InstitutionImport, known: KnownReferences): ErrorDetail[] {
  const problems: ErrorDetail[] = [];

  duplicates(file.campuses, (c) => c.code, 'campuses', 'campus code', problems);
  duplicates(file.semesters, (s) => semesterKey(s.campus, s.code), 'semesters', 'semester', problems);
  duplicates(
    file.departments,
    (d) => departmentKey(d.campus, d.semester, d.code),
    'departments',
    'department',
    problems,
  );
  duplicates(
    file.programs,
    (p) => `${p.campus}/${p.semester}/${p.department}/${p.code}`,
    'programs',
    'program',
    problems,
  );
  duplicates(
    file.courses,
    (c) => c.shortname.toLowerCase(),
    'courses',
    'course shortname',
    problems,
    (c) => c.shortname,
  );
  duplicates(
    file.users,
    (u) => usernameKey(u.username),
    'users',
    'username',
    problems,
    (u) => u.username,
  );
  duplicates(
    file.enrollments,
    (e) => `${usernameKey(e.username)}/${e.course.toLowerCase()}/${e.role}`,
    'enrollments',
    'enrollment',
    problems,
  );

  const campuses = new Set([...known.campuses, ...file.campuses.map((c) => c.code)]);
  const declaredSemesters = new Set(file.semesters.map((s) => semesterKey(s.campus, s.code)));
  const semesters = new Set([...known.semesters, ...declaredSemesters]);
  const departments = new Set([
    ...known.departments,
    ...file.departments.map((d) => departmentKey(d.campus, d.semester, d.code)),
  ]);
  const programs = new Map(known.programs);
  for (const program of file.programs) {
    const key = programKey(program.campus, program.semester, program.code);
    if (!known.programs.has(key)) programs.set(key, (programs.get(key) ?? 0) + 1);
  }
  const users = new Set([...known.users, ...file.users.map((u) => usernameKey(u.username))]);
  // Where each course is once the file is imported: a stored course stays where it is (a file that would move it
  // is refused below), so an enrollment is checked against the course's real place.
  const courses = new Map<string, { campus: string; semester: string }>(known.courses);
  for (const course of file.courses)
    if (!known.courses.has(course.shortname.toLowerCase()))
      courses.set(course.shortname.toLowerCase(), { campus: course.campus, semester: course.semester });

  /** Reports an unknown campus; true when the campus is known, so deeper references are worth checking. */
  const knownCampus = (path: string, campus: string): boolean => {
    if (campuses.has(campus)) return true;
    problems.push({ path, message: `unknown campus '${campus}'` });
    return false;
  };

  /**
   * The checks every reference to a semester gets, in any section: the code's form, then (when the campus is
   * given and known) that the semester exists at the campus. A semester the file declares is not checked
   * again: its own entry carries any problem. True when the semester is known, so deeper references are
   * worth checking; without a campus, true when the code is well formed.
   */
  const knownSemester = (path: string, campus: string | undefined, campusKnown: boolean, semester: string) => {
    if (campus !== undefined && declaredSemesters.has(semesterKey(campus, semester))) return campusKnown;
    const parsed = parseSemesterCode(semester);
    if (!parsed.ok) {
      problems.push({ path, message: parsed.reason });
      return false;
    }
    if (campus === undefined) return true;
    if (!campusKnown) return false;
    if (semesters.has(semesterKey(campus, semester))) return true;
    problems.push({ path, message: `unknown semester '${semester}' at campus '${campus}'` });
    return false;
  };

  file.semesters.forEach((semester, index) => {
    const path = `semesters.${index}`;
    knownCampus(`${path}.campus`, semester.campus);
    const parsed = parseSemesterCode(semester.code);
    if (!parsed.ok) problems.push({ path: `${path}.code`, message: parsed.reason });
    if (semester.startDate && semester.endDate && semester.endDate <= semester.startDate) {
      problems.push({ path: `${path}.endDate`, message: 'endDate must be after startDate' });
    }
    if ((semester.startDate === undefined) !== (semester.endDate === undefined)) {
      problems.push({ path: `${path}.startDate`, message: 'give both startDate and endDate, or neither' });
    }
  });

  file.departments.forEach((department, index) => {
    const path = `departments.${index}`;
    const campusKnown = knownCampus(`${path}.campus`, department.campus);
    knownSemester(`${path}.semester`, department.campus, campusKnown, department.semester);
  });

  file.programs.forEach((program, index) => {
    const path = `programs.${index}`;
    const campusKnown = knownCampus(`${path}.campus`, program.campus);
    if (!knownSemester(`${path}.semester`, program.campus, campusKnown, program.semester)) return;
    if (!departments.has(departmentKey(program.campus, program.semester, program.department))) {
      problems.push({
        path: `${path}.department`,
        message: `unknown department '${program.department}' in semester '${program.semester}' at campus '${program.campus}'`,
      });
    }
  });

  file.courses.forEach((course, index) => {
    const path = `courses.${index}`;
    const campusKnown = knownCampus(`${path}.campus`, course.campus);
    if (!knownSemester(`${path}.semester`, course.campus, campusKnown, course.semester)) return;
    // Matched ignoring case, like every shortname. Another program of the same semester is a correction and is
    // taken; another campus or semester would carry the course's enrollments and submissions across them.
    const stored = known.courses.get(course.shortname.toLowerCase());
    if (stored && (stored.campus !== course.campus || stored.semester !== course.semester)) {
      const spelled = stored.shortname === course.shortname ? '' : ` (stored as '${stored.shortname}')`;
      problems.push({
        path: `${path}.shortname`,
        message:
          `course '${course.shortname}'${spelled} already belongs to semester '${stored.semester}' at campus ` +
          `'${stored.campus}'; a course cannot move to another campus or semester`,
      });
      return;
    }
    const count = programs.get(programKey(course.campus, course.semester, course.program)) ?? 0;
    if (count === 0) {
      problems.push({
        path: `${path}.program`,
        message: `unknown program '${course.program}' in semester '${course.semester}' at campus '${course.campus}'`,
      });
    } else if (count > 1) {
      problems.push({
        path: `${path}.program`,
        message: `program code '${course.program}' is ambiguous in semester '${course.semester}' at campus '${course.campus}'`,
      });
    }
  });

  file.users.forEach((user, index) => {
    const path = `users.${index}`;
    user.roles.forEach((role, roleIndex) => {
      if (!(ROLES as readonly string[]).includes(role))
        problems.push({ path: `${path}.roles.${roleIndex}`, message: `unknown role '${role}'` });
    });
    user.assignments.forEach((assignment, assignmentIndex) => {
      const assignmentPath = `${path}.assignments.${assignmentIndex}`;
      if (!ASSIGNMENT_ROLES.has(assignment.role)) {
        problems.push({
          path: `${assignmentPath}.role`,
          message: `unknown assignment role '${assignment.role}' (DEAN, CHAIRPERSON or CAMPUS_HEAD)`,
        });
        return;
      }
      if (!user.roles.includes(assignment.role as Role)) {
        problems.push({ path: `${assignmentPath}.role`, message: `user does not have the role '${assignment.role}'` });
      }
      knownCampus(`${assignmentPath}.campus`, assignment.campus);
      if (assignment.role === 'DEAN' && (!assignment.department || assignment.program)) {
        problems.push({ path: assignmentPath, message: 'a DEAN assignment names a campus and a department' });
      }
      if (assignment.role === 'CHAIRPERSON' && (!assignment.program || assignment.department)) {
        problems.push({ path: assignmentPath, message: 'a CHAIRPERSON assignment names a campus and a program' });
      }
      if (assignment.role === 'CAMPUS_HEAD' && (assignment.department || assignment.program)) {
        problems.push({ path: assignmentPath, message: 'a CAMPUS_HEAD assignment names a campus only' });
      }
    });
  });

  file.enrollments.forEach((enrollment, index) => {
    const path = `enrollments.${index}`;
    if (!ENROLLMENT_ROLES.has(enrollment.role))
      problems.push({
        path: `${path}.role`,
        message: `unknown enrollment role '${enrollment.role}' (student or faculty)`,
      });
    if (!users.has(usernameKey(enrollment.username)))
      problems.push({ path: `${path}.username`, message: `unknown user '${enrollment.username}'` });
    // The optional campus and semester get the checks of every other section.
    const campusKnown = enrollment.campus === undefined || knownCampus(`${path}.campus`, enrollment.campus);
    const semesterKnown =
      enrollment.semester === undefined ||
      knownSemester(`${path}.semester`, enrollment.campus, campusKnown, enrollment.semester);
    const place = courses.get(enrollment.course.toLowerCase());
    if (place === undefined) {
      problems.push({ path: `${path}.course`, message: `unknown course '${enrollment.course}'` });
      return;
    }
    if (!campusKnown || !semesterKnown) return;
    const elsewhere =
      (enrollment.campus !== undefined && enrollment.campus !== place.campus) ||
      (enrollment.semester !== undefined && enrollment.semester !== place.semester);
    if (elsewhere) {
      const where = [
        enrollment.semester !== undefined ? `in semester '${enrollment.semester}'` : undefined,
        enrollment.campus !== undefined ? `at campus '${enrollment.campus}'` : undefined,
      ]
        .filter((part) => part !== undefined)
        .join(' ');
      problems.push({ path: `${path}.course`, message: `course '${enrollment.course}' is not ${where}` });
    }
  });

  return problems;
}

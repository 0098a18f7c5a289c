import type { MoodleState } from './moodle-state.js';

const STUDENT = 5;
const EDITING_TEACHER = 3;

/**
 * A small institution for development: campus MAIN → semester S12526 → departments CCS (programs BSIT, BSCS)
 * and CAS (programs BSPSYCH, ABCOMM), three courses named by the service's shortname rule, two teachers and
 * four students. Moodle's own "Category 1" stays at the top, as on a fresh site.
 */
export function seedDemoInstitution(state: MoodleState): void {
  const campus = state.addCategory({ name: 'MAIN' });
  const semester = state.addCategory({ name: 'S12526', parent: campus.id });
  const programs: Record<string, number> = {};
  for (const [department, codes] of [
    ['CCS', ['BSIT', 'BSCS']],
    ['CAS', ['BSPSYCH', 'ABCOMM']],
  ] as const) {
    const departmentCategory = state.addCategory({ name: department, parent: semester.id });
    for (const code of codes) programs[code] = state.addCategory({ name: code, parent: departmentCategory.id }).id;
  }
  const start = Math.floor(Date.UTC(2025, 7, 1) / 1000);
  const end = Math.floor(Date.UTC(2025, 11, 18) / 1000);
  const course = (code: string, program: string, title: string) =>
    state.addCourse({
      shortname: `${code}-${program}-MAIN-S12526`,
      fullname: `${code} - ${title}`,
      categoryid: programs[program] as number,
      startdate: start,
      enddate: end,
    });
  const it101 = course('IT101', 'BSIT', 'Introduction to Computing');
  const cs102 = course('CS102', 'BSCS', 'Computer Programming 1');
  const psy101 = course('PSY101', 'BSPSYCH', 'General Psychology');

  const santos = state.addUser({ username: 'fac.santos', firstname: 'Edgardo', lastname: 'Santos' });
  const reyes = state.addUser({ username: 'fac.reyes', firstname: 'Liza', lastname: 'Reyes' });
  const students = ['stu.garcia:Fe:Garcia', 'stu.lopez:Marco:Lopez', 'stu.cruz:Ana:Cruz', 'stu.tan:Leo:Tan'].map(
    (spec) => {
      const [username, firstname, lastname] = spec.split(':') as [string, string, string];
      return state.addUser({ username, firstname, lastname });
    },
  );

  state.enrol(santos.id, it101.id, EDITING_TEACHER);
  state.enrol(santos.id, cs102.id, EDITING_TEACHER);
  state.enrol(reyes.id, psy101.id, EDITING_TEACHER);
  for (const student of students.slice(0, 3)) state.enrol(student.id, it101.id, STUDENT);
  for (const student of students.slice(1)) state.enrol(student.id, cs102.id, STUDENT);
  state.enrol((students[3] as { id: number }).id, psy101.id, STUDENT);
}

/** The shape of a seeded large institution (see seedLargeInstitution). */
export interface LargeInstitution {
  campuses: number;
  semestersPerCampus: 1 | 2;
  departmentsPerSemester: number;
  programsPerDepartment: number;
  courses: number;
  /** Editing teachers; each course gets one, round robin. */
  teachers: number;
  /** Students; each is enrolled in `coursesPerStudent` courses. */
  students: number;
  coursesPerStudent: number;
}

/** 3 campuses × 2 semesters × 2 departments × 2 programs, 300 courses, 100 teachers and 4,900 students. */
export const LARGE_INSTITUTION: LargeInstitution = {
  campuses: 3,
  semestersPerCampus: 2,
  departmentsPerSemester: 2,
  programsPerDepartment: 2,
  courses: 300,
  teachers: 100,
  students: 4900,
  coursesPerStudent: 3,
};

/**
 * A large institution for scale tests: campuses CAMPUS1…, each with semesters S12526 and S22526, departments
 * DEPT1… and programs PROG1… under each semester; the courses spread round robin over all programs (shortnames
 * unique site-wide); every teacher and student enrolled (teacher t teaches courses t, t + teachers, …; student
 * s takes courses s·k … s·k + k − 1 modulo the course count). Deterministic, so two seeds are equal.
 */
export function seedLargeInstitution(state: MoodleState, shape: LargeInstitution = LARGE_INSTITUTION): void {
  const programs: Array<{ id: number; path: string }> = [];
  for (let c = 1; c <= shape.campuses; c += 1) {
    const campus = state.addCategory({ name: `CAMPUS${c}` });
    for (const term of [1, 2].slice(0, shape.semestersPerCampus)) {
      const code = `S${term}2526`;
      const semester = state.addCategory({ name: code, parent: campus.id });
      for (let d = 1; d <= shape.departmentsPerSemester; d += 1) {
        const department = state.addCategory({ name: `DEPT${d}`, parent: semester.id });
        for (let p = 1; p <= shape.programsPerDepartment; p += 1) {
          const program = state.addCategory({ name: `PROG${d}${p}`, parent: department.id });
          programs.push({ id: program.id, path: `PROG${d}${p}-CAMPUS${c}-${code}` });
        }
      }
    }
  }
  const courses = Array.from({ length: shape.courses }, (_, index) => {
    const program = programs[index % programs.length] as { id: number; path: string };
    return state.addCourse({
      shortname: `C${String(index + 1).padStart(4, '0')}-${program.path}`,
      fullname: `C${String(index + 1).padStart(4, '0')} - Course ${index + 1}`,
      categoryid: program.id,
    });
  });
  for (let t = 0; t < shape.teachers; t += 1) {
    const teacher = state.addUser({ username: `fac.${t + 1}`, firstname: 'Teacher', lastname: String(t + 1) });
    for (let index = t; index < courses.length; index += shape.teachers)
      state.enrol(teacher.id, (courses[index] as { id: number }).id, EDITING_TEACHER);
  }
  for (let s = 0; s < shape.students; s += 1) {
    const student = state.addUser({ username: `stu.${s + 1}`, firstname: 'Student', lastname: String(s + 1) });
    for (let k = 0; k < shape.coursesPerStudent; k += 1) {
      const course = courses[(s * shape.coursesPerStudent + k) % courses.length] as { id: number };
      state.enrol(student.id, course.id, STUDENT);
    }
  }
}

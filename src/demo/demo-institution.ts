import type { InstitutionImport } from '../modules/institution/institution.schemas.js';

/** Password of every demo account other than the super admin. Demo data only. */
export const DEMO_PASSWORD = 'demo-password';
/** The demo's super admin password when SUPER_ADMIN_PASSWORD is not set (src/demo.ts), printed by the banner. */
export const DEMO_SUPER_ADMIN_PASSWORD = 'admin-demo-password';

const FACULTY = [
  ['maria.santos', 'Maria Santos'],
  ['jose.delacruz', 'Jose Dela Cruz'],
  ['liza.bautista', 'Liza Bautista'],
  ['ramon.villanueva', 'Ramon Villanueva'],
] as const;

/** The main campus's semesters, oldest first: three, so /analytics/trends (minSemesters 3 by default) has rows. */
export const DEMO_MAIN_SEMESTERS = ['S12425', 'S22425', 'S12526'] as const;

/**
 * A small university: two campuses, three semesters at the main one and one at the other, two departments with
 * programs and courses, four faculty members, forty students, and one dean, chairperson and campus head.
 */
export function demoInstitution(): InstitutionImport {
  const semesters = DEMO_MAIN_SEMESTERS;
  const file: InstitutionImport = {
    campuses: [
      { code: 'MAIN', name: 'Main Campus' },
      { code: 'NORTH', name: 'North Campus' },
    ],
    semesters: [...semesters.map((code) => ({ campus: 'MAIN', code })), { campus: 'NORTH', code: 'S12526' }],
    departments: [],
    programs: [],
    courses: [],
    users: [
      {
        username: 'dean.ccs',
        fullName: 'Ana Reyes',
        password: DEMO_PASSWORD,
        roles: ['DEAN'],
        assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CCS' }],
      },
      {
        username: 'chair.bsit',
        fullName: 'Carlo Mendoza',
        password: DEMO_PASSWORD,
        roles: ['CHAIRPERSON'],
        assignments: [{ role: 'CHAIRPERSON', campus: 'MAIN', program: 'BSIT' }],
      },
      {
        username: 'head.main',
        fullName: 'Teresa Lim',
        password: DEMO_PASSWORD,
        roles: ['CAMPUS_HEAD'],
        assignments: [{ role: 'CAMPUS_HEAD', campus: 'MAIN' }],
      },
      {
        username: 'admin.ops',
        fullName: 'Operations Admin',
        password: DEMO_PASSWORD,
        roles: ['ADMIN'],
        assignments: [],
      },
      ...FACULTY.map(([username, fullName]) => ({
        username,
        fullName,
        password: DEMO_PASSWORD,
        roles: ['FACULTY'],
        assignments: [],
      })),
      ...Array.from({ length: 40 }, (_, index) => ({
        username: `student${String(index + 1).padStart(3, '0')}`,
        fullName: `Student ${index + 1}`,
        password: DEMO_PASSWORD,
        roles: ['STUDENT'],
        assignments: [],
      })),
    ],
    enrollments: [],
  };
  const layout = [
    ...semesters.map((semester) => ({ campus: 'MAIN', semester })),
    { campus: 'NORTH', semester: 'S12526' },
  ];
  for (const { campus, semester } of layout) {
    file.departments.push({ campus, semester, code: 'CCS', name: 'College of Computer Studies' });
    file.departments.push({ campus, semester, code: 'CAS', name: 'College of Arts and Sciences' });
    file.programs.push({ campus, semester, department: 'CCS', code: 'BSIT', name: 'BS Information Technology' });
    file.programs.push({ campus, semester, department: 'CCS', code: 'BSCS', name: 'BS Computer Science' });
    file.programs.push({ campus, semester, department: 'CAS', code: 'BAPSY', name: 'BA Psychology' });
    const suffix = campus === 'MAIN' ? semester : `${campus}-${semester}`;
    const courses = [
      { program: 'BSIT', shortname: `IT101-${suffix}`, fullname: 'Introduction to Computing' },
      { program: 'BSIT', shortname: `IT202-${suffix}`, fullname: 'Web Systems and Technologies' },
      { program: 'BSCS', shortname: `CS201-${suffix}`, fullname: 'Data Structures and Algorithms' },
      { program: 'BAPSY', shortname: `PSY101-${suffix}`, fullname: 'General Psychology' },
    ];
    courses.forEach((course, index) => {
      file.courses.push({ campus, semester, ...course });
      const faculty = FACULTY[index % FACULTY.length] as (typeof FACULTY)[number];
      file.enrollments.push({ username: faculty[0], course: course.shortname, campus, semester, role: 'faculty' });
      if (campus === 'MAIN') {
        for (let student = 1; student <= 40; student += 1) {
          if ((student + index) % 4 === 0) continue;
          file.enrollments.push({
            username: `student${String(student).padStart(3, '0')}`,
            course: course.shortname,
            campus,
            semester,
            role: 'student',
          });
        }
      }
    });
  }
  return file;
}

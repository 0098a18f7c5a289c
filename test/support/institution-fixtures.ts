/**
 * A two-campus institution for role and scope tests. Both campuses have a CCS department in the same
 * semester code, so a scope that leaked across campuses would show.
 */
export const PASSWORD = 'fixture-password-1';

export function twoCampusInstitution() {
  const semester = 'S12526';
  return {
    campuses: [
      { code: 'MAIN', name: 'Main Campus' },
      { code: 'NORTH', name: 'North Campus' },
    ],
    semesters: [
      { campus: 'MAIN', code: semester, label: '1st Semester 2025-2026' },
      { campus: 'NORTH', code: semester, label: '1st Semester 2025-2026' },
    ],
    departments: [
      { campus: 'MAIN', semester, code: 'CCS', name: 'Computer Studies' },
      { campus: 'MAIN', semester, code: 'CBA', name: 'Business Administration' },
      { campus: 'NORTH', semester, code: 'CCS', name: 'Computer Studies (North)' },
    ],
    programs: [
      { campus: 'MAIN', semester, department: 'CCS', code: 'BSIT', name: 'BS IT' },
      { campus: 'MAIN', semester, department: 'CBA', code: 'BSA', name: 'BS Accountancy' },
      { campus: 'NORTH', semester, department: 'CCS', code: 'BSIT', name: 'BS IT (North)' },
    ],
    courses: [
      { campus: 'MAIN', semester, program: 'BSIT', shortname: 'IT101-MAIN', fullname: 'Intro to Computing' },
      { campus: 'MAIN', semester, program: 'BSA', shortname: 'ACC101-MAIN', fullname: 'Accounting 1' },
      { campus: 'NORTH', semester, program: 'BSIT', shortname: 'IT101-NORTH', fullname: 'Intro to Computing' },
    ],
    users: [
      {
        username: 'dean.main',
        fullName: 'Ana Reyes',
        password: PASSWORD,
        roles: ['DEAN'],
        assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CCS' }],
      },
      {
        username: 'chair.main',
        fullName: 'Ben Cruz',
        password: PASSWORD,
        roles: ['CHAIRPERSON'],
        assignments: [{ role: 'CHAIRPERSON', campus: 'MAIN', program: 'BSIT' }],
      },
      {
        username: 'head.north',
        fullName: 'Carla Lim',
        password: PASSWORD,
        roles: ['CAMPUS_HEAD'],
        assignments: [{ role: 'CAMPUS_HEAD', campus: 'NORTH' }],
      },
      { username: 'admin.one', fullName: 'Dina Tan', password: PASSWORD, roles: ['ADMIN'] },
      { username: 'fac.one', fullName: 'Ed Santos', password: PASSWORD, roles: ['FACULTY'] },
      { username: 'stu.one', fullName: 'Fe Garcia', password: PASSWORD, roles: ['STUDENT'] },
    ],
    enrollments: [
      { username: 'fac.one', course: 'IT101-MAIN', campus: 'MAIN', semester, role: 'faculty' },
      { username: 'stu.one', course: 'IT101-MAIN', campus: 'MAIN', semester, role: 'student' },
    ],
  };
}

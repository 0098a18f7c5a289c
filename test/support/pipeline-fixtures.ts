import type { INestApplicationContext } from '@nestjs/common';
import { expect } from 'vitest';
import { SubmissionsService } from '../../src/modules/submissions/submissions.service.js';
import { activeVersion, createDimensions, simpleSchema } from './questionnaire-fixtures.js';
import { SUPER_ADMIN, type ApiClient, type TestDatabase } from './test-context.js';

/**
 * The institution of the pipeline access tests. Two campuses each have a CCS department (and a BSIT program)
 * in the same semester code S12526, so a scope that leaked across campuses would show:
 *
 *   MAIN  S12526 ─┬─ CCS ─┬─ BSIT: IT101-MAIN, IT102-MAIN (fac.one)
 *                 │       └─ BSCS: CS101-MAIN (fac.two)
 *                 └─ CBA ─── BSA:  ACC101-MAIN (fac.acc)
 *   NORTH S12526 ─── CCS ─── BSIT: IT101-NORTH (fac.north)
 *
 * Student enrollments: s001..s060 in IT101-MAIN and IT102-MAIN (120), s001..s040 in CS101-MAIN (40),
 * s001..s020 in ACC101-MAIN (20), n001..n010 in IT101-NORTH (10). stu.one (who logs in) is enrolled nowhere.
 */
export const SEMESTER = 'S12526';
export const STAFF_PASSWORD = 'pipeline-fixture-password';

/** Users who log in, with their roles and assignments. */
const STAFF = [
  { username: 'dean.main', fullName: 'Ana Reyes', roles: ['DEAN'], assignments: [['DEAN', 'MAIN', 'CCS']] },
  { username: 'dean.north', fullName: 'Noel Bautista', roles: ['DEAN'], assignments: [['DEAN', 'NORTH', 'CCS']] },
  {
    username: 'dean.two',
    fullName: 'Tess Aquino',
    roles: ['DEAN'],
    assignments: [
      ['DEAN', 'MAIN', 'CCS'],
      ['DEAN', 'MAIN', 'CBA'],
    ],
  },
  { username: 'dean.moved', fullName: 'Mario Villa', roles: ['DEAN'], assignments: [['DEAN', 'MAIN', 'CCS']] },
  {
    username: 'chair.bsit',
    fullName: 'Ben Cruz',
    roles: ['CHAIRPERSON'],
    assignments: [['CHAIRPERSON', 'MAIN', 'BSIT']],
  },
  {
    username: 'chair.bscs',
    fullName: 'Cora Diaz',
    roles: ['CHAIRPERSON'],
    assignments: [['CHAIRPERSON', 'MAIN', 'BSCS']],
  },
  { username: 'head.main', fullName: 'Carla Lim', roles: ['CAMPUS_HEAD'], assignments: [['CAMPUS_HEAD', 'MAIN']] },
  { username: 'head.north', fullName: 'Nina Ocampo', roles: ['CAMPUS_HEAD'], assignments: [['CAMPUS_HEAD', 'NORTH']] },
  { username: 'fac.one', fullName: 'Ed Santos', roles: ['FACULTY'], assignments: [] },
  { username: 'fac.two', fullName: 'Hugo Dela Cruz', roles: ['FACULTY'], assignments: [] },
  { username: 'fac.acc', fullName: 'Lea Mendoza', roles: ['FACULTY'], assignments: [] },
  { username: 'fac.north', fullName: 'Ivy Navarro', roles: ['FACULTY'], assignments: [] },
  { username: 'stu.one', fullName: 'Fe Garcia', roles: ['STUDENT'], assignments: [] },
  { username: 'admin.one', fullName: 'Dina Tan', roles: ['ADMIN'], assignments: [] },
] as const;

export type StaffName = (typeof STAFF)[number]['username'];

const student = (index: number) => `s${String(index).padStart(3, '0')}`;
const northStudent = (index: number) => `n${String(index).padStart(3, '0')}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, offset) => from + offset);

function assignment([role, campus, unit]: readonly string[]) {
  if (role === 'DEAN') return { role, campus: campus as string, department: unit };
  if (role === 'CHAIRPERSON') return { role, campus: campus as string, program: unit };
  return { role: role as string, campus: campus as string };
}

export function pipelineInstitution() {
  const semester = SEMESTER;
  const course = (campus: string, program: string, shortname: string, fullname: string) => ({
    campus,
    semester,
    program,
    shortname,
    fullname,
  });
  const enroll = (username: string, courseName: string, role: 'student' | 'faculty', campus = 'MAIN') => ({
    username,
    course: courseName,
    campus,
    semester,
    role,
  });
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
      { campus: 'MAIN', semester, department: 'CCS', code: 'BSCS', name: 'BS CS' },
      { campus: 'MAIN', semester, department: 'CBA', code: 'BSA', name: 'BS Accountancy' },
      { campus: 'NORTH', semester, department: 'CCS', code: 'BSIT', name: 'BS IT (North)' },
    ],
    courses: [
      course('MAIN', 'BSIT', 'IT101-MAIN', 'Intro to Computing'),
      course('MAIN', 'BSIT', 'IT102-MAIN', 'Programming 1'),
      course('MAIN', 'BSCS', 'CS101-MAIN', 'Discrete Structures'),
      course('MAIN', 'BSA', 'ACC101-MAIN', 'Accounting 1'),
      course('NORTH', 'BSIT', 'IT101-NORTH', 'Intro to Computing'),
    ],
    users: [
      ...STAFF.map((user) => ({
        username: user.username,
        fullName: user.fullName,
        password: STAFF_PASSWORD,
        roles: [...user.roles],
        assignments: user.assignments.map(assignment),
      })),
      ...range(1, 60).map((index) => ({ username: student(index), fullName: `Student ${index}`, roles: ['STUDENT'] })),
      ...range(1, 10).map((index) => ({
        username: northStudent(index),
        fullName: `North Student ${index}`,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: [
      enroll('fac.one', 'IT101-MAIN', 'faculty'),
      enroll('fac.one', 'IT102-MAIN', 'faculty'),
      enroll('fac.two', 'CS101-MAIN', 'faculty'),
      enroll('fac.acc', 'ACC101-MAIN', 'faculty'),
      enroll('fac.north', 'IT101-NORTH', 'faculty', 'NORTH'),
      ...range(1, 60).flatMap((index) => [
        enroll(student(index), 'IT101-MAIN', 'student'),
        enroll(student(index), 'IT102-MAIN', 'student'),
      ]),
      ...range(1, 40).map((index) => enroll(student(index), 'CS101-MAIN', 'student')),
      ...range(1, 20).map((index) => enroll(student(index), 'ACC101-MAIN', 'student')),
      ...range(1, 10).map((index) => enroll(northStudent(index), 'IT101-NORTH', 'student', 'NORTH')),
    ],
  };
}

/**
 * Comments that read like a class's: four themes (clear explanations, late and rushed classes, unfair and
 * slow grading, engaging activities), each long enough to pass the sentiment gate, none two alike.
 */
const THEMES = [
  [
    'explains every lesson clearly and uses good examples so the topics are easy to understand',
    'the explanations of loops and recursion were clear and the examples made everything easy to follow',
    'very clear when explaining difficult topics and always answers our questions with patience and good examples',
  ],
  [
    'class always starts late and the lessons are rushed so we cannot follow the pace of the discussion',
    'the teacher often arrives late and then rushes through the slides too fast for most of the class',
    'the pace is too fast and classes start late so many topics are rushed at the end of the period',
  ],
  [
    'grading of the quizzes feels unfair and the scores of our projects come back very late without feedback',
    'we wait weeks for the grades of our exams and the rubric for the projects is never explained to us',
    'the grades are posted very late and the grading of the laboratory exercises seems inconsistent and unfair',
  ],
  [
    'the group activities are fun and keep everyone engaged and interested during the whole session',
    'the hands on laboratory activities are engaging and make us want to attend every single class',
    'i enjoy the interactive games and group activities because they keep the whole class engaged',
  ],
];
const CLOSINGS = ['', ' this semester', ' in our section', ' most of the time', ' every week'];

export function feedbackComment(index: number): string {
  const theme = THEMES[index % THEMES.length] as string[];
  const body = theme[Math.floor(index / THEMES.length) % theme.length] as string;
  const closing = CLOSINGS[Math.floor(index / (THEMES.length * theme.length)) % CLOSINGS.length] as string;
  return `${body[0]?.toUpperCase()}${body.slice(1)}${closing}.`;
}

/** One batch of FACULTY_FEEDBACK submissions: students `from..to` about a faculty member in a course. */
export interface FeedbackPlan {
  faculty: string;
  course: string;
  students: string[];
  /** The first this-many submissions carry a comment. */
  comments: number;
}

/**
 * The submissions of the coverage tests:
 *   fac.one: 15 in IT101-MAIN + 15 in IT102-MAIN = 30 FACULTY_FEEDBACK, 10 with comments (120 enrolled: 25%).
 *   fac.two: 9 FACULTY_FEEDBACK in CS101-MAIN, all with comments, plus one FACULTY_IN_CLASSROOM by chair.bscs
 *            without a comment (40 enrolled: 9/40 = 22.5%, and 10 submissions).
 *   fac.north: 5 in IT101-NORTH with comments.
 */
export const COVERAGE_PLAN: FeedbackPlan[] = [
  { faculty: 'fac.one', course: 'IT101-MAIN', students: range(1, 15).map(student), comments: 10 },
  { faculty: 'fac.one', course: 'IT102-MAIN', students: range(16, 30).map(student), comments: 0 },
  { faculty: 'fac.two', course: 'CS101-MAIN', students: range(1, 9).map(student), comments: 9 },
  { faculty: 'fac.north', course: 'IT101-NORTH', students: range(1, 5).map(northStudent), comments: 5 },
];

/** A corpus for a full run: 60 commented FACULTY_FEEDBACK submissions about fac.one. */
export const CORPUS_PLAN: FeedbackPlan[] = [
  { faculty: 'fac.one', course: 'IT101-MAIN', students: range(1, 60).map(student), comments: 60 },
];

export interface PipelineFixture {
  semester: Record<'MAIN' | 'NORTH', string>;
  campus: Record<'MAIN' | 'NORTH', string>;
  /** `MAIN/CCS` → id. */
  department: Record<string, string>;
  /** `MAIN/BSIT` → id. */
  program: Record<string, string>;
  /** shortname → id. */
  course: Record<string, string>;
  /** username → id. */
  user: Record<string, string>;
  /** Access tokens: `admin` (the test super admin) and every staff username. */
  token: Record<StaffName | 'admin', string>;
  versions: { feedback: string; inClassroom: string };
}

/**
 * Imports the institution, logs everyone in, publishes a FACULTY_FEEDBACK and a FACULTY_IN_CLASSROOM version
 * and writes the planned submissions through the SubmissionsService (the path POST /submissions takes).
 */
export async function seedPipelineFixture(
  context: { client: ApiClient; database: TestDatabase; app: INestApplicationContext },
  plan: FeedbackPlan[] = [],
  options: { inClassroomByChair?: boolean } = {},
): Promise<PipelineFixture> {
  const { client, database, app } = context;
  const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const imported = await client.post('/api/v1/admin/institution/import', pipelineInstitution(), admin);
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);

  const fixture: PipelineFixture = {
    semester: {} as PipelineFixture['semester'],
    campus: {} as PipelineFixture['campus'],
    department: {},
    program: {},
    course: {},
    user: {},
    token: { admin } as PipelineFixture['token'],
    versions: { feedback: '', inClassroom: '' },
  };
  for (const row of await database.db
    .selectFrom('semesters as s')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['s.id', 'c.code', 'c.id as campusId'])
    .execute()) {
    fixture.semester[row.code as 'MAIN' | 'NORTH'] = row.id;
    fixture.campus[row.code as 'MAIN' | 'NORTH'] = row.campusId;
  }
  for (const row of await database.db
    .selectFrom('departments as d')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['d.id', 'd.code', 'c.code as campus'])
    .execute())
    fixture.department[`${row.campus}/${row.code}`] = row.id;
  for (const row of await database.db
    .selectFrom('programs as p')
    .innerJoin('departments as d', 'd.id', 'p.department_id')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select(['p.id', 'p.code', 'c.code as campus'])
    .execute())
    fixture.program[`${row.campus}/${row.code}`] = row.id;
  for (const row of await database.db.selectFrom('courses').select(['id', 'shortname']).execute())
    fixture.course[row.shortname] = row.id;
  for (const row of await database.db.selectFrom('users').select(['id', 'username']).execute())
    fixture.user[row.username] = row.id;
  await Promise.all(
    STAFF.map(async (user) => {
      fixture.token[user.username] = await client.login(user.username, STAFF_PASSWORD);
    }),
  );

  await createDimensions(client, admin);
  fixture.versions.feedback = (await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema())).versionId;
  fixture.versions.inClassroom = (await activeVersion(client, admin, 'FACULTY_IN_CLASSROOM', simpleSchema())).versionId;

  const submissions = app.get(SubmissionsService);
  let written = 0;
  for (const batch of plan) {
    for (const [index, username] of batch.students.entries()) {
      await submissions.submit(
        { id: fixture.user[username] as string, roles: ['STUDENT'] },
        {
          versionId: fixture.versions.feedback,
          facultyId: fixture.user[batch.faculty] as string,
          courseId: fixture.course[batch.course] as string,
          answers: [
            { questionId: 'q1', value: 1 + (written % 5) },
            { questionId: 'q2', value: 1 + ((written + 2) % 5) },
            { questionId: 'q3', value: written % 2 },
          ],
          qualitativeComment: index < batch.comments ? feedbackComment(written) : null,
        },
      );
      written += 1;
    }
  }
  if (options.inClassroomByChair)
    await submissions.submit(
      { id: fixture.user['chair.bscs'] as string, roles: ['CHAIRPERSON'] },
      {
        versionId: fixture.versions.inClassroom,
        facultyId: fixture.user['fac.two'] as string,
        courseId: fixture.course['CS101-MAIN'] as string,
        answers: [{ questionId: 'q1', value: 4 }],
      },
    );
  return fixture;
}

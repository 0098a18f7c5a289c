import {
  aspectOfQuestion,
  generateRow,
  randomFrom,
  seedFrom,
  type FacultyProfile,
  type GeneratorQuestion,
  type Honorific,
  type TeachingAspect,
} from '../engine/generator/index.js';
import type { InstitutionImport } from '../modules/institution/institution.schemas.js';
import { leafSections, type QuestionnaireSchema } from '../modules/questionnaires/questionnaire-schema.js';

/**
 * Demo evaluations: the dimension registry, one questionnaire per type with its schema, and the rows the
 * demo ingests. Each faculty member has a profile (what students praise and what they criticise) from which
 * the engine's synthetic-evaluation generator writes the answers and comments, so the comments read like a
 * real class and later analysis has something to find. All of it is deterministic.
 */
export const DEMO_DIMENSIONS = [
  { code: 'CLARITY', displayName: 'Clarity of instruction' },
  { code: 'ENGAGEMENT', displayName: 'Student engagement' },
  { code: 'FAIRNESS', displayName: 'Fairness of assessment' },
  { code: 'PUNCTUALITY', displayName: 'Punctuality and attendance' },
  { code: 'MASTERY', displayName: 'Subject mastery' },
  { code: 'PROFESSIONALISM', displayName: 'Professionalism' },
];

const likert = (id: string, text: string, dimensionCode: string) => ({
  id,
  text,
  type: 'LIKERT_5',
  dimensionCode,
  required: true,
});

export const DEMO_QUESTIONNAIRES = [
  {
    typeCode: 'FACULTY_FEEDBACK',
    title: 'Student Feedback on Teaching',
    schema: {
      sections: [
        {
          id: 'instruction',
          title: 'Instruction',
          sections: [
            {
              id: 'clarity',
              title: 'Clarity',
              weight: 30,
              questions: [
                likert('q1', 'Explains the lessons clearly', 'CLARITY'),
                likert('q2', 'Answers questions in a way I understand', 'CLARITY'),
              ],
            },
            {
              id: 'engagement',
              title: 'Engagement',
              weight: 20,
              questions: [likert('q3', 'Keeps the class engaged and interested', 'ENGAGEMENT')],
            },
            {
              id: 'mastery',
              title: 'Mastery',
              weight: 15,
              questions: [likert('q4', 'Shows mastery of the subject', 'MASTERY')],
            },
          ],
        },
        {
          id: 'management',
          title: 'Class management',
          sections: [
            {
              id: 'fairness',
              title: 'Fairness',
              weight: 20,
              questions: [likert('q5', 'Grades fairly and explains how work is graded', 'FAIRNESS')],
            },
            {
              id: 'punctuality',
              title: 'Punctuality',
              weight: 15,
              questions: [
                likert('q6', 'Starts and ends class on time', 'PUNCTUALITY'),
                {
                  id: 'q7',
                  text: 'Was present in most meetings',
                  type: 'YES_NO',
                  dimensionCode: 'PUNCTUALITY',
                  required: true,
                },
              ],
            },
          ],
        },
      ],
      qualitativeFeedback: { enabled: true, required: false, maxLength: 2000 },
    },
  },
  {
    typeCode: 'FACULTY_IN_CLASSROOM',
    title: 'Classroom Observation',
    schema: {
      sections: [
        {
          id: 'delivery',
          title: 'Delivery',
          weight: 60,
          questions: [
            likert('o1', 'Lesson objectives are stated and met', 'CLARITY'),
            likert('o2', 'Uses activities that involve the students', 'ENGAGEMENT'),
          ],
        },
        {
          id: 'conduct',
          title: 'Conduct',
          weight: 40,
          questions: [likert('o3', 'Manages time and the class well', 'PROFESSIONALISM')],
        },
      ],
      qualitativeFeedback: { enabled: true, required: false, maxLength: 2000 },
    },
  },
  {
    typeCode: 'FACULTY_OUT_OF_CLASSROOM',
    title: 'Out-of-Classroom Performance',
    schema: {
      sections: [
        {
          id: 'duties',
          title: 'Duties',
          weight: 100,
          questions: [
            likert('d1', 'Submits grades and reports on time', 'PROFESSIONALISM'),
            likert('d2', 'Is available for consultation', 'ENGAGEMENT'),
          ],
        },
      ],
      qualitativeFeedback: { enabled: true, required: false, maxLength: 2000 },
    },
  },
];

/**
 * How students see each demo faculty member: the aspects they praise and criticise (engine aspect names) and
 * the typical answer. The engine's generator writes the answers and comments from these.
 */
const FACULTY_PROFILES: Record<
  string,
  { praised: TeachingAspect[]; criticised: TeachingAspect[]; base: number; honorific: Honorific }
> = {
  'maria.santos': {
    praised: ['clarity', 'availability', 'engagement'],
    criticised: ['pacing'],
    base: 4.5,
    honorific: 'maam',
  },
  'jose.delacruz': {
    praised: ['mastery'],
    criticised: ['punctuality', 'engagement', 'clarity'],
    base: 2.8,
    honorific: 'sir',
  },
  'liza.bautista': {
    praised: ['availability', 'grading'],
    criticised: ['pacing', 'clarity'],
    base: 3.6,
    honorific: 'maam',
  },
  'ramon.villanueva': { praised: ['engagement', 'clarity'], criticised: ['grading'], base: 4.0, honorific: 'sir' },
};

/** Comments a real export holds next to the real ones: the cleaner must keep them out of the analysis. */
const JUNK = ['n/a', 'none', 'asdfgh', '.', 'ok po'];
const JUNK_SHARE = 0.08;
/** Of the other rows, the share with a comment (about 77% of all rows, as before the generator). */
const COMMENT_SHARE = 0.84;
/** Answers follow the profile: a criticised aspect's dimension is rated lower, a praised one higher. */
const CRITICISED_OFFSET = -0.6;
const PRAISED_OFFSET = 0.3;

/** The questions of the FACULTY_FEEDBACK questionnaire above, as the generator takes them. */
const FEEDBACK_QUESTIONS: GeneratorQuestion[] = leafSections(
  (DEMO_QUESTIONNAIRES[0] as (typeof DEMO_QUESTIONNAIRES)[number]).schema as QuestionnaireSchema,
).flatMap((leaf) => leaf.questions);

/**
 * How a faculty member's level moves from their base over the main campus's semesters, so /analytics/trends has
 * directions to show: jose.delacruz, who struggled, improves each semester; liza.bautista slipped after her first
 * demo semester; the others hold steady.
 */
const LEVEL_SHIFTS: Record<string, Partial<Record<string, number>>> = {
  'jose.delacruz': { S12425: -0.4, S12526: 0.4 },
  'liza.bautista': { S12425: 0.6 },
};

function engineProfile(faculty: string, semester: string): FacultyProfile {
  const profile = FACULTY_PROFILES[faculty] as (typeof FACULTY_PROFILES)[string];
  const level = profile.base + (LEVEL_SHIFTS[faculty]?.[semester] ?? 0);
  const dimensionOffsets: Record<string, number> = {};
  for (const { code } of DEMO_DIMENSIONS) {
    const aspect = aspectOfQuestion({ dimensionCode: code });
    if (aspect && profile.criticised.includes(aspect)) dimensionOffsets[code] = CRITICISED_OFFSET;
    else if (aspect && profile.praised.includes(aspect)) dimensionOffsets[code] = PRAISED_OFFSET;
  }
  return {
    level,
    dimensionOffsets,
    strengths: profile.praised,
    weaknesses: profile.criticised,
    honorific: profile.honorific,
  };
}

export interface DemoFeedbackRow {
  respondent_username: string;
  faculty_username: string;
  course_shortname: string;
  answers: Record<string, number>;
  comment: string;
}

/**
 * What the demo leaves unanswered in the current semester, so a newcomer can submit through the API (README,
 * "Try it"): these students' feedback in S12526, and every student's feedback for PSY101-S12526.
 */
export const DEMO_OPEN_FEEDBACK = {
  semester: 'S12526',
  students: ['student036', 'student037', 'student038', 'student039', 'student040'],
  course: 'PSY101-S12526',
} as const;

function leftOpen(semester: string, student: string, course: string): boolean {
  return (
    semester === DEMO_OPEN_FEEDBACK.semester &&
    ((DEMO_OPEN_FEEDBACK.students as readonly string[]).includes(student) || course === DEMO_OPEN_FEEDBACK.course)
  );
}

/**
 * One FACULTY_FEEDBACK row per student enrollment at the main campus in the given semester (except those left
 * open), written by the engine's generator from the faculty member's profile: answers around the profile's
 * level, and comments in the four languages whose tone follows the answers and whose aspects are the ones
 * the profile praises or criticises. A few comments are junk on purpose. Deterministic for a seed.
 */
export function demoFeedbackRows(institution: InstitutionImport, semester: string, seed = 2526): DemoFeedbackRow[] {
  const teacherOf = new Map(
    institution.enrollments
      .filter(
        (enrollment) =>
          enrollment.role === 'faculty' && enrollment.campus === 'MAIN' && enrollment.semester === semester,
      )
      .map((enrollment) => [enrollment.course, enrollment.username]),
  );
  // The course's names tell the generator whether it has lab work to comment on (PSY101 has none).
  const fullnameOf = new Map(institution.courses.map((course) => [course.shortname, course.fullname]));
  const rows: DemoFeedbackRow[] = [];
  for (const enrollment of institution.enrollments) {
    if (enrollment.role !== 'student' || enrollment.campus !== 'MAIN' || enrollment.semester !== semester) continue;
    const faculty = teacherOf.get(enrollment.course);
    if (!faculty || !FACULTY_PROFILES[faculty] || leftOpen(semester, enrollment.username, enrollment.course)) continue;
    // A student evaluates each course separately: the course is part of the row's seed.
    const row = generateRow({
      questions: FEEDBACK_QUESTIONS,
      profile: engineProfile(faculty, semester),
      facultyUsername: faculty,
      studentUsername: enrollment.username,
      seed: seedFrom(seed, enrollment.course),
      comments: { ratio: COMMENT_SHARE, enabled: true, required: false, maxLength: 2000 },
      course: { shortname: enrollment.course, fullname: fullnameOf.get(enrollment.course) ?? '' },
    });
    const junk = randomFrom('demo-junk', seed, enrollment.course, enrollment.username);
    const comment =
      junk() < JUNK_SHARE ? (JUNK[Math.floor(junk() * JUNK.length)] as string) : (row.comment?.text ?? '');
    rows.push({
      respondent_username: enrollment.username,
      faculty_username: faculty,
      course_shortname: enrollment.course,
      answers: Object.fromEntries(row.answers.map((answer) => [answer.questionId, answer.value])),
      comment,
    });
  }
  return rows;
}

/** The rows as the CSV an administrator would upload (question columns named by question id). */
export function demoFeedbackCsv(rows: DemoFeedbackRow[]): Buffer {
  const questionIds = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'];
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const lines = [['respondent_username', 'faculty_username', 'course_shortname', ...questionIds, 'comment'].join(',')];
  for (const row of rows)
    lines.push(
      [
        row.respondent_username,
        row.faculty_username,
        row.course_shortname,
        ...questionIds.map((id) => String(row.answers[id] ?? '')),
        quote(row.comment),
      ].join(','),
    );
  return Buffer.from(lines.join('\n'));
}

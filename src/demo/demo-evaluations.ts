import { createRandom } from '../engine/topics/random.js';
import type { InstitutionImport } from '../modules/institution/institution.schemas.js';

/**
 * Demo evaluations: the dimension registry, one questionnaire per type with its schema, and the rows the
 * demo ingests. Each faculty member has a profile (what students praise and what they criticise), so the
 * comments read like a real class and later analysis has something to find. All of it is deterministic.
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

type Polarity = 'positive' | 'negative' | 'neutral';

/** Comments by aspect and polarity, in English, Filipino, Cebuano and code-switched Taglish. */
const COMMENT_BANK: Record<string, Record<Polarity, string[]>> = {
  clarity: {
    positive: [
      'She explains every topic very clearly and gives examples we can relate to.',
      'Napakalinaw po magpaliwanag ni maam, madali kong naintindihan ang mga lessons.',
      'Klaro kaayo siya mopasabot, dali ra masabtan ang leksyon.',
      'Sobrang galing mag-explain ni sir, gets agad namin kahit mahirap ang topic.',
    ],
    negative: [
      'The explanations are confusing and he skips steps when solving problems.',
      'Hindi ko po maintindihan ang mga paliwanag niya, masyadong magulo.',
      'Dili kaayo klaro iyang pagpasabot, lisod masabtan ang lesson.',
      'Medyo mahirap sundan yung discussion, di ko gets most of the time.',
    ],
    neutral: ['The lessons follow the syllabus and the slides are posted after class.'],
  },
  pace: {
    positive: ['The pacing is just right, we never felt rushed.'],
    negative: [
      'Sana po mas mabagal ang discussion, medyo mabilis po kasi para sa amin.',
      'Too fast during lectures, we can barely take notes.',
      'Paspas kaayo siya magdiscuss, dili na mi makasabay.',
    ],
    neutral: ['We cover about one chapter every week.'],
  },
  punctuality: {
    positive: ['Always on time and never misses a class, very professional.'],
    negative: [
      'Madalas pong late si sir at minsan hindi pumapasok nang walang abiso.',
      'He is often late and classes start twenty minutes after the schedule.',
      'Kanunay siya ulahi sa klase, usahay dili pa gyud musulod.',
    ],
    neutral: ['Classes are held on Mondays and Wednesdays in the afternoon.'],
  },
  grading: {
    positive: ['Grading is fair and the rubrics are given before every project.'],
    negative: [
      'The quizzes do not match what was taught and the grading feels unfair.',
      'Hindi patas ang grading, walang rubric at late ibalik ang mga exams.',
    ],
    neutral: ['There are two long exams and a final project.'],
  },
  approachability: {
    positive: [
      'Ang bait po ni maam at approachable, hindi kami natatakot magtanong.',
      'Very approachable and patient when we ask questions after class.',
      'Buotan kaayo si maam ug dali ra duolon kung naa miy pangutana.',
    ],
    negative: ['He gets angry when we ask questions so most of us just stay quiet.'],
    neutral: ['Consultation hours are posted on the faculty board.'],
  },
  engagement: {
    positive: [
      'The activities are fun and make the class lively, never boring.',
      'Nakakaengganyo po ang mga activities, hindi nakakaantok ang klase.',
    ],
    negative: [
      'The class is boring because he just reads the slides for two hours.',
      'Nakakaantok po ang klase, puro basa lang ng powerpoint.',
      'Boring kaayo ang klase, basa ra sa slides.',
    ],
    neutral: ['Most activities are done in groups of four.'],
  },
  mastery: {
    positive: ['He really knows the subject and shares real industry experience.'],
    negative: ['She seems unsure of the topic and cannot answer follow-up questions.'],
    neutral: ['The course uses the department textbook.'],
  },
};

/** What students of each demo faculty member tend to say: aspects praised and aspects criticised. */
const FACULTY_PROFILES: Record<string, { praised: string[]; criticised: string[]; base: number }> = {
  'maria.santos': { praised: ['clarity', 'approachability', 'engagement'], criticised: ['pace'], base: 4.5 },
  'jose.delacruz': { praised: ['mastery'], criticised: ['punctuality', 'engagement', 'clarity'], base: 2.8 },
  'liza.bautista': { praised: ['approachability', 'grading'], criticised: ['pace', 'clarity'], base: 3.6 },
  'ramon.villanueva': { praised: ['engagement', 'clarity'], criticised: ['grading'], base: 4.0 },
};

const JUNK = ['n/a', 'none', 'asdfgh', '.', 'ok po'];

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

export interface DemoFeedbackRow {
  respondent_username: string;
  faculty_username: string;
  course_shortname: string;
  answers: Record<string, number>;
  comment: string;
}

/** One FACULTY_FEEDBACK row per student enrollment at the main campus in the given semester. */
export function demoFeedbackRows(institution: InstitutionImport, semester: string, seed = 2526): DemoFeedbackRow[] {
  const next = createRandom(seed);
  const teacherOf = new Map(
    institution.enrollments
      .filter(
        (enrollment) =>
          enrollment.role === 'faculty' && enrollment.campus === 'MAIN' && enrollment.semester === semester,
      )
      .map((enrollment) => [enrollment.course, enrollment.username]),
  );
  const rows: DemoFeedbackRow[] = [];
  for (const enrollment of institution.enrollments) {
    if (enrollment.role !== 'student' || enrollment.campus !== 'MAIN' || enrollment.semester !== semester) continue;
    const faculty = teacherOf.get(enrollment.course);
    const profile = faculty ? FACULTY_PROFILES[faculty] : undefined;
    if (!faculty || !profile) continue;
    // The later semester of a struggling teacher improves a little, so trends have a direction.
    const base = profile.base + (semester === 'S12526' && profile.base < 3 ? 0.4 : 0);
    const answer = () => Math.min(5, Math.max(1, Math.round(base + (next() - 0.5) * 2)));
    const answers: Record<string, number> = {
      q1: answer(),
      q2: answer(),
      q3: answer(),
      q4: answer(),
      q5: answer(),
      q6: answer(),
    };
    answers.q7 = next() < (profile.criticised.includes('punctuality') ? 0.6 : 0.95) ? 1 : 0;
    const roll = next();
    let comment = '';
    if (roll < 0.08) comment = pick(JUNK, next);
    else if (roll < 0.85) {
      const polarity: Polarity = next() < 0.6 ? 'positive' : next() < 0.8 ? 'negative' : 'neutral';
      const aspects =
        polarity === 'negative'
          ? profile.criticised
          : polarity === 'positive'
            ? profile.praised
            : Object.keys(COMMENT_BANK);
      const bank = COMMENT_BANK[pick(aspects, next)] as Record<Polarity, string[]>;
      comment = pick(bank[polarity], next);
    }
    rows.push({
      respondent_username: enrollment.username,
      faculty_username: faculty,
      course_shortname: enrollment.course,
      answers,
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

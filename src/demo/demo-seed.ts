import type { INestApplicationContext } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../common/core/tokens.js';
import type { DatabaseClient } from '../common/database/database.js';
import { coursesWithHierarchy } from '../modules/institution/course-hierarchy.js';
import { InstitutionImportService } from '../modules/institution/institution-import.service.js';
import { IngestionService } from '../modules/ingestion/ingestion.service.js';
import { QuestionnairesService } from '../modules/questionnaires/questionnaires.service.js';
import { SubmissionsService } from '../modules/submissions/submissions.service.js';
import { DEMO_DIMENSIONS, DEMO_QUESTIONNAIRES, demoFeedbackCsv, demoFeedbackRows } from './demo-evaluations.js';
import { DEMO_MAIN_SEMESTERS, demoInstitution } from './demo-institution.js';

export interface DemoSummary {
  /** Counts of the institution import: created / updated / unchanged per kind. */
  imported: unknown;
  questionnaires: number;
  submissions: number;
  ingestedRows: number;
  failedRows: number;
}

/**
 * The generator's seed of each main-campus semester's feedback. The first demo had only the later two, with these
 * seeds: keeping them keeps those rows (and the demo analysis the README shows) as they were.
 */
const FEEDBACK_SEEDS: Record<(typeof DEMO_MAIN_SEMESTERS)[number], number> = {
  S12425: 2424,
  S22425: 2425,
  S12526: 2526,
};

/** The semesters the dean and the chairperson observed (the dean took office in 2025). */
const OBSERVED_SEMESTERS = ['S22425', 'S12526'];

/**
 * Puts the demo's evaluations in through the same services the API uses: the dimension registry, one
 * published questionnaire per type, student feedback for each main-campus semester as an ingested CSV,
 * and classroom / out-of-classroom evaluations by the dean and the chairperson. Idempotent: the questionnaires
 * and observations are made once per database, and each semester's feedback is ingested while that semester has
 * none, so a demo database made before a semester joined the demo gets its feedback on the next start.
 */
export async function seedDemo(app: INestApplicationContext): Promise<DemoSummary> {
  const imported = await app.get(InstitutionImportService).import(demoInstitution(), null);
  return { imported, ...(await demoEvaluations(app)) };
}

async function demoEvaluations(app: INestApplicationContext): Promise<Omit<DemoSummary, 'imported'>> {
  const db = app.get<DatabaseClient>(DATABASE);
  const count = async (table: 'questionnaires' | 'submissions') =>
    (
      await db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const questionnaires = app.get(QuestionnairesService);
  const fresh = (await count('questionnaires')) === 0;
  const versionOf = new Map<string, string>();
  if (fresh) {
    const known = new Set((await questionnaires.dimensions()).map((dimension) => dimension.code));
    for (const dimension of DEMO_DIMENSIONS)
      if (!known.has(dimension.code)) await questionnaires.createDimension(dimension.code, dimension.displayName);
    for (const definition of DEMO_QUESTIONNAIRES) {
      const questionnaire = await questionnaires.createQuestionnaire(definition.title, definition.typeCode);
      const draft = await questionnaires.createVersion(questionnaire.id, definition.schema);
      await questionnaires.publish(questionnaire.id, draft.id);
      versionOf.set(definition.typeCode, draft.id);
    }
  } else {
    const active = (await questionnaires.typeVersions('FACULTY_FEEDBACK')).find(
      (version) => version.status === 'ACTIVE',
    );
    if (active) versionOf.set('FACULTY_FEEDBACK', active.id);
  }

  const institution = demoInstitution();
  const ingestion = app.get(IngestionService);
  let ingestedRows = 0;
  let failedRows = 0;
  const feedbackVersion = versionOf.get('FACULTY_FEEDBACK');
  for (const semester of feedbackVersion ? DEMO_MAIN_SEMESTERS : []) {
    if (await hasStudentFeedback(db, semester)) continue;
    const rows = demoFeedbackRows(institution, semester, FEEDBACK_SEEDS[semester]);
    // One row that names a student who does not exist, to show a per-row refusal next to the stored rows.
    rows.push({ ...(rows[0] as (typeof rows)[number]), respondent_username: 'student999' });
    const result = await ingestion.ingest(null, feedbackVersion as string, demoFeedbackCsv(rows));
    ingestedRows += result.succeeded;
    failedRows += result.failed;
  }
  if (fresh) await observations(app, versionOf);
  return {
    questionnaires: await count('questionnaires'),
    submissions: await count('submissions'),
    ingestedRows,
    failedRows,
  };
}

/** Whether the main campus's semester holds student feedback already. */
async function hasStudentFeedback(db: DatabaseClient, semester: string): Promise<boolean> {
  const row = await db
    .selectFrom('submissions as sub')
    .innerJoin('semesters as s', 's.id', 'sub.semester_id')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select('sub.id')
    .where('c.code', '=', 'MAIN')
    .where('s.code', '=', semester)
    .where('sub.questionnaire_type_code', '=', 'FACULTY_FEEDBACK')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Classroom and out-of-classroom evaluations of the main campus's courses in the observed semesters. */
async function observations(app: INestApplicationContext, versionOf: Map<string, string>): Promise<void> {
  const db = app.get<DatabaseClient>(DATABASE);
  // The dean observes every CCS course at the main campus; the chairperson rates BSIT faculty out of class.
  const submissions = app.get(SubmissionsService);
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'username']).execute()).map((user) => [user.username, user.id]),
  );
  const roleOf = { 'dean.ccs': 'DEAN', 'chair.bsit': 'CHAIRPERSON' } as const;
  const courses = await coursesWithHierarchy(db)
    .innerJoin('enrollments as e', (join) => join.onRef('e.course_id', '=', 'co.id').on('e.role', '=', 'faculty'))
    .select(['co.id as courseId', 'p.code as programCode', 'd.code as departmentCode', 'e.user_id as facultyId'])
    .where('c.code', '=', 'MAIN')
    .where('s.code', 'in', OBSERVED_SEMESTERS)
    .orderBy('co.shortname')
    .execute();
  const comments = [
    'The lesson was well prepared and the students participated actively in the group activity.',
    'Good command of the subject, but the discussion ran over time and the last activity was rushed.',
    'Magaling ang paghahanda ng aralin, aktibo ang mga estudyante sa talakayan.',
  ];
  let index = 0;
  for (const course of courses) {
    const evaluations: Array<[keyof typeof roleOf, string, string[]]> = [];
    if (course.departmentCode === 'CCS') evaluations.push(['dean.ccs', 'FACULTY_IN_CLASSROOM', ['o1', 'o2', 'o3']]);
    if (course.programCode === 'BSIT') evaluations.push(['chair.bsit', 'FACULTY_OUT_OF_CLASSROOM', ['d1', 'd2']]);
    for (const [username, typeCode, questionIds] of evaluations) {
      index += 1;
      await submissions.submit(
        { id: users.get(username) as string, roles: [roleOf[username]] },
        {
          versionId: versionOf.get(typeCode) as string,
          facultyId: course.facultyId,
          courseId: course.courseId,
          answers: questionIds.map((questionId, q) => ({ questionId, value: 3 + ((index + q) % 3) })),
          qualitativeComment: comments[index % comments.length] as string,
        },
      );
    }
  }
}

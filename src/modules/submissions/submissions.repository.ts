import { Inject, Injectable } from '@nestjs/common';
import { CompiledQuery, sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import {
  runInTransaction,
  runPrepared,
  type DatabaseClient,
  type Executor,
  type Trx,
} from '../../common/database/database.js';
import type { NewSubmission, Role, VersionStatus } from '../../db/schema.js';
import type { QuestionnaireSchema } from '../questionnaires/questionnaire-schema.js';
import type { NewAlertColumns } from '../alerts/alerts.repository.js';
import type { AnswerRow } from './answers-validator.js';
import { coursesWithHierarchy } from '../institution/course-hierarchy.js';
import { usernameKey } from '../../common/text/usernames.js';

export interface UserReference {
  id: string;
  username: string;
  fullName: string;
  roles: Role[];
}

export interface SemesterContext {
  id: string;
  code: string;
  label: string;
  academicYear: string;
  campusId: string;
  campusCode: string;
  campusName: string;
}

/** A course with everything above it: program, department, semester and campus. */
export interface CourseContext {
  id: string;
  shortname: string;
  fullname: string;
  programId: string;
  programCode: string;
  programName: string | null;
  departmentId: string;
  departmentCode: string;
  departmentName: string | null;
  semester: SemesterContext;
}

export interface SubmissionVersion {
  id: string;
  questionnaireId: string;
  typeCode: string;
  versionNumber: number;
  status: VersionStatus;
  schema: QuestionnaireSchema;
}

/** A course submission whose respondent, version and content were checked; `insertChecked` checks the rest. */
export interface CheckedCourseSubmission {
  version: SubmissionVersion;
  respondentId: string;
  facultyId: string;
  courseId: string;
  /** When given, it must be the course's semester. */
  semesterId: string | null;
  qualitativeComment: string | null;
  cleanedComment: string | null;
  normalizedScore: number | null;
  answers: AnswerRow[];
  /** The alert its comment raises, stored with it. */
  alert: NewAlertColumns | undefined;
}

/**
 * A student's course submission in one statement, with no transaction around it (a statement is atomic): the
 * version share-locked and ACTIVE, the course (in the given semester, if any) with its hierarchy for the
 * snapshots, the faculty member, both enrolments (respondent as student, faculty member as faculty), the
 * submission, its answers and its alert. When a check fails nothing is written and no row comes back; a repeat
 * fails on submissions_once as the transactional path does. The text is fixed (prepared once per connection).
 */
const INSERT_CHECKED_COURSE_SUBMISSION = `
WITH version AS (
  SELECT v.id FROM questionnaire_versions v WHERE v.id = $1::uuid AND v.status = 'ACTIVE' FOR SHARE
),
course AS (
  SELECT co.id, co.shortname, co.fullname,
         p.id AS program_id, p.code AS program_code, p.name AS program_name,
         d.id AS department_id, d.code AS department_code, d.name AS department_name,
         s.id AS semester_id, s.code AS semester_code, s.label AS semester_label, s.academic_year,
         c.id AS campus_id, c.code AS campus_code, c.name AS campus_name
  FROM courses co
  JOIN programs p ON p.id = co.program_id
  JOIN departments d ON d.id = p.department_id
  JOIN semesters s ON s.id = d.semester_id
  JOIN campuses c ON c.id = s.campus_id
  WHERE co.id = $4::uuid AND ($5::uuid IS NULL OR s.id = $5::uuid)
),
faculty AS (
  SELECT u.id, u.username, u.full_name FROM users u WHERE u.id = $3::uuid
),
inserted AS (
  INSERT INTO submissions (
    version_id, questionnaire_id, questionnaire_type_code, respondent_id, faculty_id, course_id, semester_id,
    campus_id, department_id, program_id, qualitative_comment, cleaned_comment, normalized_score,
    campus_code_snapshot, campus_name_snapshot, department_code_snapshot, department_name_snapshot,
    program_code_snapshot, program_name_snapshot, course_shortname_snapshot, course_fullname_snapshot,
    faculty_username_snapshot, faculty_name_snapshot, semester_code_snapshot, semester_label_snapshot,
    academic_year_snapshot
  )
  SELECT version.id, $6::uuid, $7::text, $2::uuid, faculty.id, course.id, course.semester_id,
         course.campus_id, course.department_id, course.program_id, $8::text, $9::text, $10::numeric,
         course.campus_code, course.campus_name, course.department_code, course.department_name,
         course.program_code, course.program_name, course.shortname, course.fullname,
         faculty.username, faculty.full_name, course.semester_code, course.semester_label,
         course.academic_year
  FROM version, course, faculty
  WHERE EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = course.id AND e.user_id = $2::uuid AND e.role = 'student')
    AND EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = course.id AND e.user_id = faculty.id AND e.role = 'faculty')
  RETURNING id, semester_id, created_at
),
answers AS (
  INSERT INTO submission_answers (submission_id, question_id, section_id, dimension_code, value)
  SELECT inserted.id, a.question_id, a.section_id, a.dimension_code, a.value
  FROM inserted
  CROSS JOIN jsonb_to_recordset($11::jsonb) AS a(question_id text, section_id text, dimension_code text, value numeric)
),
alert AS (
  INSERT INTO alerts (submission_id, category, score, flags, engine_version, history)
  SELECT inserted.id, $12::text, $13::double precision, $14::jsonb, $15::text, $16::jsonb
  FROM inserted
  WHERE $12::text IS NOT NULL
  RETURNING id
)
SELECT inserted.id, inserted.semester_id AS "semesterId", inserted.created_at AS "createdAt",
       (SELECT alert.id FROM alert) AS "alertId"
FROM inserted`;

/** The only code that reads and writes submissions, and the reference reads a submission needs. */
@Injectable()
export class SubmissionsRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return runInTransaction(this.db, work);
  }

  /**
   * The version, share-locked for the rest of the transaction: a concurrent publish or deprecate waits
   * until this submission commits, so no submission lands on a version that stopped being ACTIVE.
   */
  async lockVersion(trx: Trx, id: string): Promise<SubmissionVersion | undefined> {
    const query = this.versionQuery(trx, id).forShare('v');
    const [row] = await runPrepared(trx, 'submission_version', query.compile());
    return row ? { ...row, schema: row.schema as QuestionnaireSchema } : undefined;
  }

  /**
   * The version without a lock, for a reader that checks its status again where it writes (insertChecked).
   * A version's type, questionnaire, number and schema never change once it left DRAFT.
   */
  async versionById(id: string): Promise<SubmissionVersion | undefined> {
    const query = this.versionQuery(this.db, id);
    const [row] = await runPrepared(this.db, 'submission_version_unlocked', query.compile());
    return row ? { ...row, schema: row.schema as QuestionnaireSchema } : undefined;
  }

  private versionQuery(executor: Executor, id: string) {
    return executor
      .selectFrom('questionnaire_versions as v')
      .innerJoin('questionnaires as q', 'q.id', 'v.questionnaire_id')
      .innerJoin('questionnaire_types as t', 't.id', 'q.type_id')
      .select([
        'v.id',
        'v.questionnaire_id as questionnaireId',
        't.code as typeCode',
        'v.version_number as versionNumber',
        'v.status',
        'v.schema_snapshot as schema',
      ])
      .where('v.id', '=', id);
  }

  /**
   * Writes a checked course submission in one statement, through the pool (see INSERT_CHECKED_COURSE_SUBMISSION):
   * the new row, or undefined when the version is no longer ACTIVE, a reference is unknown, the semester is not
   * the course's, or an enrolment is missing (the caller finds out which the transactional way).
   */
  async insertChecked(
    submission: CheckedCourseSubmission,
  ): Promise<{ id: string; semesterId: string; createdAt: Date; alertId: string | null } | undefined> {
    const { version, alert } = submission;
    const answers = JSON.stringify(
      submission.answers.map((answer) => ({
        question_id: answer.questionId,
        section_id: answer.sectionId,
        dimension_code: answer.dimensionCode,
        value: answer.value,
      })),
    );
    const query = CompiledQuery.raw(INSERT_CHECKED_COURSE_SUBMISSION, [
      version.id,
      submission.respondentId,
      submission.facultyId,
      submission.courseId,
      submission.semesterId,
      version.questionnaireId,
      version.typeCode,
      submission.qualitativeComment,
      submission.cleanedComment,
      submission.normalizedScore,
      answers,
      alert?.category ?? null,
      alert?.score ?? null,
      alert?.flags ?? null,
      alert?.engine_version ?? null,
      alert?.history ?? null,
    ]) as CompiledQuery<{ id: string; semesterId: string; createdAt: Date; alertId: string | null }>;
    const [row] = await runPrepared(this.db, 'submission_insert_checked', query);
    return row;
  }

  private userQuery(executor: Executor) {
    return executor
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        'u.full_name as fullName',
        sql<
          Role[]
        >`coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), '{}')`.as(
          'roles',
        ),
      ]);
  }

  async userById(id: string, executor: Executor = this.db): Promise<UserReference | undefined> {
    const [row] = await runPrepared(executor, 'user_by_id', this.userQuery(executor).where('u.id', '=', id).compile());
    return row;
  }

  userByUsername(username: string, executor: Executor = this.db): Promise<UserReference | undefined> {
    return this.userQuery(executor)
      .where(sql<string>`lower(u.username)`, '=', usernameKey(username))
      .executeTakeFirst();
  }

  private courseQuery(executor: Executor) {
    return coursesWithHierarchy(executor).select([
      'co.id',
      'co.shortname',
      'co.fullname',
      'p.id as programId',
      'p.code as programCode',
      'p.name as programName',
      'd.id as departmentId',
      'd.code as departmentCode',
      'd.name as departmentName',
      's.id as semesterId',
      's.code as semesterCode',
      's.label as semesterLabel',
      's.academic_year as academicYear',
      'c.id as campusId',
      'c.code as campusCode',
      'c.name as campusName',
    ]);
  }

  private static toCourse(row: {
    id: string;
    shortname: string;
    fullname: string;
    programId: string;
    programCode: string;
    programName: string | null;
    departmentId: string;
    departmentCode: string;
    departmentName: string | null;
    semesterId: string;
    semesterCode: string;
    semesterLabel: string;
    academicYear: string;
    campusId: string;
    campusCode: string;
    campusName: string;
  }): CourseContext {
    return {
      id: row.id,
      shortname: row.shortname,
      fullname: row.fullname,
      programId: row.programId,
      programCode: row.programCode,
      programName: row.programName,
      departmentId: row.departmentId,
      departmentCode: row.departmentCode,
      departmentName: row.departmentName,
      semester: {
        id: row.semesterId,
        code: row.semesterCode,
        label: row.semesterLabel,
        academicYear: row.academicYear,
        campusId: row.campusId,
        campusCode: row.campusCode,
        campusName: row.campusName,
      },
    };
  }

  async courseById(id: string, executor: Executor = this.db): Promise<CourseContext | undefined> {
    const query = this.courseQuery(executor).where('co.id', '=', id);
    const [row] = await runPrepared(executor, 'course_by_id', query.compile());
    return row ? SubmissionsRepository.toCourse(row) : undefined;
  }

  /** Shortnames are unique ignoring case (index on lower(shortname)), and are matched that way. */
  async courseByShortname(shortname: string, executor: Executor = this.db): Promise<CourseContext | undefined> {
    const row = await this.courseQuery(executor)
      .where(sql<string>`lower(co.shortname)`, '=', shortname.toLowerCase())
      .executeTakeFirst();
    return row ? SubmissionsRepository.toCourse(row) : undefined;
  }

  semesterById(id: string, executor: Executor = this.db): Promise<SemesterContext | undefined> {
    return executor
      .selectFrom('semesters as s')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select([
        's.id',
        's.code',
        's.label',
        's.academic_year as academicYear',
        'c.id as campusId',
        'c.code as campusCode',
        'c.name as campusName',
      ])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  /** The enrollment roles ('student', 'faculty') each of the given users holds in the course. */
  async enrollmentRoles(executor: Executor, courseId: string, userIds: string[]) {
    const query = executor
      .selectFrom('enrollments')
      .select(['user_id as userId', 'role'])
      .where('course_id', '=', courseId)
      // One array parameter, not one per id: the text stays the same, so the statement is prepared once.
      .where(sql<boolean>`user_id = any(${userIds}::uuid[])`);
    return runPrepared(executor, 'enrollment_roles', query.compile());
  }

  /** The courses a user teaches (enrollment role faculty) in one semester. */
  async taughtCourses(executor: Executor, facultyId: string, semesterId: string): Promise<CourseContext[]> {
    const rows = await this.courseQuery(executor)
      .innerJoin('enrollments as e', 'e.course_id', 'co.id')
      .where('e.user_id', '=', facultyId)
      .where('e.role', '=', 'faculty')
      .where('s.id', '=', semesterId)
      .orderBy('co.shortname')
      .execute();
    return rows.map((row) => SubmissionsRepository.toCourse(row));
  }

  /** The submission and its answers in one statement (one round trip: this is the busiest write of the API). */
  async insert(trx: Trx, submission: NewSubmission, answers: AnswerRow[]): Promise<{ id: string; createdAt: Date }> {
    const inserted = trx.insertInto('submissions').values(submission).returning(['id', 'created_at']);
    const rows = JSON.stringify(
      answers.map((answer) => ({
        question_id: answer.questionId,
        section_id: answer.sectionId,
        dimension_code: answer.dimensionCode,
        value: answer.value,
      })),
    );
    const statement = sql<{ id: string; createdAt: Date }>`
      WITH inserted AS (${inserted}),
      answers AS (
        INSERT INTO submission_answers (submission_id, question_id, section_id, dimension_code, value)
        SELECT inserted.id, a.question_id, a.section_id, a.dimension_code, a.value
        FROM inserted
        CROSS JOIN jsonb_to_recordset(${rows}::jsonb) AS a(question_id text, section_id text, dimension_code text, value numeric)
      )
      SELECT id, created_at AS "createdAt" FROM inserted`;
    const [row] = await runPrepared(trx, 'submission_insert', statement.compile(trx));
    if (!row) throw new Error('the submission insert returned no row');
    return row;
  }
}

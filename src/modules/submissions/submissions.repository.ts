import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
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
import type { AnswerRow } from './answers-validator.js';
import { coursesWithHierarchy } from '../institution/course-hierarchy.js';

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
    const query = trx
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
      .where('v.id', '=', id)
      .forShare('v');
    const [row] = await runPrepared(trx, 'submission_version', query.compile());
    return row ? { ...row, schema: row.schema as QuestionnaireSchema } : undefined;
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
      .where(sql<string>`lower(u.username)`, '=', username.toLowerCase())
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

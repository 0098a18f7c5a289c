import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../../common/database/database.js';
import { getLogger } from '../../common/logging/logger.js';
import { AuditService, outcomeOfItems } from '../audit/audit.service.js';
import { chunks, mapBounded } from './batches.js';
import { CategoryIndex } from './category-tree.js';
import { asLmsOperation, lmsFailure } from './lms-operation.js';
import { LmsRepository } from './lms.repository.js';
import { MoodleClient } from './moodle-client.js';
import type { MoodleCourse } from './moodle-types.js';
import { ProvisioningLock } from './provisioning-lock.js';
import { unixSeconds, type DateRange } from './semester-dates.js';

/**
 * How many `core_course_get_courses_by_field` calls by shortname run at once. Moodle answers one shortname per
 * call, so a batch of 500 new courses is 500 calls: a few at a time keeps the site from seeing a burst.
 */
export const SHORTNAME_LOOKUP_CONCURRENCY = 4;

/** A course the server planned: its names and category are derived, never taken from the client. */
export interface PlannedCourse {
  shortname: string;
  fullname: string;
  categoryId: number;
}

export type Provisioned<Row> = Row & { status: 'created' | 'skipped'; lmsCourseId: number | null };

/** The course of another category that already holds a planned shortname (Moodle's shortnames are site-wide). */
export interface TakenBy {
  lmsCourseId: number;
  shortname: string;
  fullname: string;
  categoryId: number;
  /** The category's names from the top (`MAIN / S12526 / CAS / ABCOMM`), or `category {id}` when not in the tree. */
  category: string;
}

/** What the learning system holds of the planned shortnames (keys in lower case). */
export interface ShortnameCheck {
  /** In the row's own category: left as it is (skipped). */
  existing: Map<string, { id: number; fullname: string }>;
  /** In another category: Moodle refuses to create the row (`shortnametaken`), so it is reported, not created. */
  taken: Map<string, TakenBy>;
}

/** The row error of a planned course whose shortname a course of another category holds. */
export function takenMessage(shortname: string, takenBy: TakenBy): string {
  return (
    `shortname ${shortname} is already used by course ${takenBy.lmsCourseId} (${takenBy.fullname}) in category ` +
    `${takenBy.category} (id ${takenBy.categoryId}); Moodle shortnames are unique site-wide, so this course is ` +
    'not created: rename or move that course in the learning system first'
  );
}

export interface CourseCreation<Row extends PlannedCourse> {
  /** Audit action and target, and the label of the operation in error messages. */
  action: string;
  target: string;
  operation: string;
  actorId: string | null;
  metadata: Record<string, unknown>;
  rows: Row[];
  range: DateRange;
  /** The local program a created course belongs to, inside the transaction that records the courses. */
  localProgramId: (trx: Trx, row: Row) => Promise<string>;
}

export interface CourseCreationOutcome<Row extends PlannedCourse> {
  courses: Array<Provisioned<Row>>;
  /** Rows not created because a course of another category holds their shortname. */
  taken: Array<{ row: Row; takenBy: TakenBy }>;
  created: number;
  skipped: number;
  batches: number;
}

/**
 * Creates planned courses in the learning system, the part the JSON bulk, CSV and quick flows share. Under the
 * provisioning lock (a second execute gets 409 rather than interleaving its batches): check the planned shortnames
 * again (those in their own category are skipped; those a course of another category holds are left out and
 * reported, since Moodle would refuse the whole create call), create the rest in `core_course_create_courses` calls
 * of LMS_PROVISION_BATCH_SIZE, then record every course that exists now in the local database with its id, and the
 * audit record, in one transaction. No transaction is open during a learning-system call.
 *
 * If a batch fails, the batches before it are kept: they are recorded locally and in the audit record (outcome
 * failure), and the error names how many courses were created; running the same execute again skips them. A
 * shortname taken between the check and the create call (a race) still fails its batch that way.
 */
@Injectable()
export class CourseCreator {
  constructor(
    @Inject(MoodleClient) private readonly client: MoodleClient,
    @Inject(LmsRepository) private readonly repository: LmsRepository,
    @Inject(ProvisioningLock) private readonly lock: ProvisioningLock,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /**
   * Where the planned shortnames live now. Each category's courses first (one call per category); then, for every
   * shortname not among them, Moodle's site-wide lookup by shortname (one call per shortname, a few at a time),
   * since Moodle checks shortnames across the whole site. The tree is read (or `index` used) only to name the
   * category of a taken shortname. The lookup by shortname is exact; a course whose shortname differs only in
   * case is not found by it, and a Moodle that compares shortnames ignoring case refuses the create call as in a race.
   */
  async checkShortnames(rows: readonly PlannedCourse[], index?: CategoryIndex): Promise<ShortnameCheck> {
    const found = new Map<string, MoodleCourse>();
    for (const categoryId of new Set(rows.map((row) => row.categoryId)))
      for (const course of await this.client.coursesByField('category', String(categoryId)))
        found.set(course.shortname.toLowerCase(), course);
    const unknown = [...new Set(rows.map((row) => row.shortname))].filter(
      (shortname) => !found.has(shortname.toLowerCase()),
    );
    const answers = await mapBounded(unknown, SHORTNAME_LOOKUP_CONCURRENCY, (shortname) =>
      this.client.coursesByField('shortname', shortname),
    );
    for (const course of answers.flat()) found.set(course.shortname.toLowerCase(), course);

    const existing: ShortnameCheck['existing'] = new Map();
    const elsewhere: Array<[string, MoodleCourse]> = [];
    for (const row of rows) {
      const lower = row.shortname.toLowerCase();
      const course = found.get(lower);
      if (course === undefined) continue;
      if (course.categoryid === row.categoryId) existing.set(lower, { id: course.id, fullname: course.fullname });
      else elsewhere.push([lower, course]);
    }
    const taken: ShortnameCheck['taken'] = new Map();
    if (elsewhere.length > 0) {
      const tree = index ?? new CategoryIndex(await this.client.categories());
      for (const [lower, course] of elsewhere)
        taken.set(lower, {
          lmsCourseId: course.id,
          shortname: course.shortname,
          fullname: course.fullname,
          categoryId: course.categoryid,
          category: tree.path(course.categoryid) ?? `category ${course.categoryid}`,
        });
    }
    return { existing, taken };
  }

  async create<Row extends PlannedCourse>(creation: CourseCreation<Row>): Promise<CourseCreationOutcome<Row>> {
    const { operation, rows, range } = creation;
    let progress = { created: 0, planned: 0, taken: 0 };
    try {
      return await this.lock.run('provisioning', () =>
        asLmsOperation(operation, async () => {
          const { existing, taken } = await this.checkShortnames(rows);
          const missing = rows.filter(
            (row) => !existing.has(row.shortname.toLowerCase()) && !taken.has(row.shortname.toLowerCase()),
          );
          progress = { created: 0, planned: missing.length, taken: taken.size };
          const createdIds = new Map<string, number>();
          let batches = 0;
          let failure: unknown;
          for (const batch of chunks(missing)) {
            try {
              batches += 1;
              const answer = await this.client.createCourses(
                batch.map((row) => ({
                  fullname: row.fullname,
                  shortname: row.shortname,
                  categoryid: row.categoryId,
                  startdate: unixSeconds(range.start),
                  enddate: unixSeconds(range.end),
                  visible: 1,
                })),
              );
              for (const course of answer) createdIds.set(course.shortname.toLowerCase(), course.id);
              progress.created = createdIds.size;
            } catch (error) {
              failure = error;
              break;
            }
          }
          const courses = rows.flatMap((row): Array<Provisioned<Row>> => {
            const lower = row.shortname.toLowerCase();
            // A skipped course is left as the learning system holds it: its full name is Moodle's, in the answer and
            // in the local row, not the title this request sent (outside audit M: the local row took the new title and
            // disagreed with Moodle until the next sync).
            const skipped = existing.get(lower);
            if (skipped !== undefined)
              return [{ ...row, fullname: skipped.fullname, status: 'skipped', lmsCourseId: skipped.id }];
            const createdId = createdIds.get(lower);
            return createdId === undefined ? [] : [{ ...row, status: 'created', lmsCourseId: createdId }];
          });
          const refused = rows.flatMap((row) => {
            const takenBy = taken.get(row.shortname.toLowerCase());
            return takenBy === undefined ? [] : [{ row, takenBy }];
          });
          const summary = {
            created: courses.filter((course) => course.status === 'created').length,
            skipped: courses.filter((course) => course.status === 'skipped').length,
            batches,
          };
          await this.repository.institutionTransaction(async (trx) => {
            for (const course of courses)
              await this.repository.upsertCourse(
                trx,
                await creation.localProgramId(trx, course),
                course.shortname,
                course.fullname,
                course.lmsCourseId as number,
              );
            if (failure === undefined)
              await this.audit.record(
                {
                  action: creation.action,
                  actorId: creation.actorId,
                  target: creation.target,
                  // A row whose shortname another category holds is not done: partial when others were.
                  outcome:
                    refused.length === 0
                      ? 'success'
                      : outcomeOfItems(summary.created + summary.skipped, refused.length),
                  metadata: { ...creation.metadata, ...summary, taken: refused.length, requested: rows.length },
                },
                trx,
              );
          });
          if (failure !== undefined)
            throw lmsFailure(
              `${operation} (stopped after ${progress.created} of ${progress.planned} new courses were created)`,
              failure,
            );
          return { courses, taken: refused, ...summary };
        }),
      );
    } catch (error) {
      await this.audit
        .record({
          action: creation.action,
          actorId: creation.actorId,
          target: creation.target,
          outcome: 'failure',
          metadata: {
            ...creation.metadata,
            requested: rows.length,
            createdBeforeFailure: progress.created,
            taken: progress.taken,
            error: error instanceof Error ? error.message : String(error),
          },
        })
        .catch((auditError: unknown) => getLogger('lms').error({ err: auditError }, 'audit of a failed provisioning'));
      throw error;
    }
  }
}

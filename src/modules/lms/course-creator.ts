import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../../common/database/database.js';
import { getLogger } from '../../common/logging/logger.js';
import { AuditService } from '../audit/audit.service.js';
import { chunks } from './batches.js';
import { asLmsOperation, lmsFailure } from './lms-operation.js';
import { LmsRepository } from './lms.repository.js';
import { MoodleClient } from './moodle-client.js';
import { ProvisioningLock } from './provisioning-lock.js';
import { unixSeconds, type DateRange } from './semester-dates.js';

/** A course the server planned: its names and category are derived, never taken from the client. */
export interface PlannedCourse {
  shortname: string;
  fullname: string;
  categoryId: number;
}

export type Provisioned<Row> = Row & { status: 'created' | 'skipped'; lmsCourseId: number | null };

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

/**
 * Creates planned courses in the learning system, the part the JSON bulk, CSV and quick flows share. Under the
 * provisioning lock (a second execute gets 409 rather than interleaving its batches): re-read which shortnames
 * each category already holds (those are skipped), create the rest in `core_course_create_courses` calls of
 * LMS_PROVISION_BATCH_SIZE, then record every course that exists now in the local database with its id, and the
 * audit record, in one transaction. No transaction is open during a learning-system call.
 *
 * If a batch fails, the batches before it are kept: they are recorded locally and in the audit record (outcome
 * failure), and the error names how many courses were created; running the same execute again skips them.
 */
@Injectable()
export class CourseCreator {
  constructor(
    @Inject(MoodleClient) private readonly client: MoodleClient,
    @Inject(LmsRepository) private readonly repository: LmsRepository,
    @Inject(ProvisioningLock) private readonly lock: ProvisioningLock,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** The shortnames (lower case) each category holds now, with their course ids and full names as Moodle has them. */
  async existingCourses(categoryIds: Iterable<number>): Promise<Map<string, { id: number; fullname: string }>> {
    const existing = new Map<string, { id: number; fullname: string }>();
    for (const categoryId of new Set(categoryIds)) {
      for (const course of await this.client.coursesByField('category', String(categoryId)))
        existing.set(course.shortname.toLowerCase(), { id: course.id, fullname: course.fullname });
    }
    return existing;
  }

  async create<Row extends PlannedCourse>(
    creation: CourseCreation<Row>,
  ): Promise<{ courses: Array<Provisioned<Row>>; created: number; skipped: number; batches: number }> {
    const { operation, rows, range } = creation;
    let progress = { created: 0, planned: 0 };
    try {
      return await this.lock.run('provisioning', () =>
        asLmsOperation(operation, async () => {
          const existing = await this.existingCourses(rows.map((row) => row.categoryId));
          const missing = rows.filter((row) => !existing.has(row.shortname.toLowerCase()));
          progress = { created: 0, planned: missing.length };
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
                  metadata: { ...creation.metadata, ...summary, requested: rows.length },
                },
                trx,
              );
          });
          if (failure !== undefined)
            throw lmsFailure(
              `${operation} (stopped after ${progress.created} of ${progress.planned} new courses were created)`,
              failure,
            );
          return { courses, ...summary };
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
            error: error instanceof Error ? error.message : String(error),
          },
        })
        .catch((auditError: unknown) => getLogger('lms').error({ err: auditError }, 'audit of a failed provisioning'));
      throw error;
    }
  }
}

import { randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SETTINGS } from '../../common/core/tokens.js';
import { getLogger } from '../../common/logging/logger.js';
import type { LearningSystemSettings } from '../../config/settings.js';
import { AuditService, outcomeOfItems } from '../audit/audit.service.js';
import { chunks } from './batches.js';
import { asLmsOperation, lmsFailure, madeCount } from './lms-operation.js';
import type { SeedUsersRequest } from './lms.schemas.js';
import { MoodleClient } from './moodle-client.js';
import { MoodleWebServiceError } from './moodle-errors.js';
import type { MoodleCreatedUser, MoodleNewUser } from './moodle-types.js';

const FIRST_NAMES = [
  'Andrea',
  'Bea',
  'Carlo',
  'Dante',
  'Elena',
  'Francis',
  'Gabriel',
  'Hannah',
  'Isa',
  'Jose',
  'Karla',
  'Luis',
  'Mika',
  'Nico',
  'Paolo',
  'Rina',
];
const LAST_NAMES = [
  'Aquino',
  'Bautista',
  'Castillo',
  'Dela Cruz',
  'Estrada',
  'Fernandez',
  'Garcia',
  'Lopez',
  'Mendoza',
  'Navarro',
  'Ocampo',
  'Reyes',
  'Santos',
  'Torres',
  'Villanueva',
];

const OPERATION = 'user seeding';

/** What a run cut off part way had made: `40 users were created and 0 enrolments were made`. */
function madeSoFar(progress: { usersCreated: number; enrolmentsCreated: number }): string {
  const users = madeCount(progress.usersCreated, 'user', 'users');
  return `${users} created and ${madeCount(progress.enrolmentsCreated, 'enrolment', 'enrolments')} made`;
}

const pick = (names: readonly string[]) => names[randomInt(names.length)] as string;

/**
 * A password Moodle's default policy accepts (8+ characters, a digit, lower and upper case, a symbol). It exists
 * only in the create call's form body: it is never stored, logged, audited or answered.
 */
function generatedPassword(): string {
  return `${randomBytes(18).toString('base64url')}aA7!`;
}

/**
 * Generates fake users for development and staging: creates them in the learning system in calls of
 * LMS_PROVISION_BATCH_SIZE and enrols each in the given courses with the role of LMS_ROLE_ID_STUDENT or
 * LMS_ROLE_ID_EDITING_TEACHER. A batch Moodle refuses is counted as failed and reported in `warnings` (the audit
 * record's outcome is then `partial`, or `failure` when nothing was made); a course id the learning system does not
 * know is left out with a warning. The users reach the local database with the next enrollment sync.
 *
 * A run cut off part way (the learning system unreachable, or answering an HTTP error) fails with 502/503 and its
 * error names the users and enrolments made before the failure; the audit record (outcome failure) has them as
 * `createdBeforeFailure` and `enrolledBeforeFailure`, with the usernames made. They stay in the learning system:
 * running the request again makes `count` new users (random names), it does not finish the failed run.
 */
/** What one run has made so far, as each call to the learning system answers. */
interface SeedingRun {
  progress: { usersCreated: number; usersFailed: number; enrolmentsCreated: number; warnings: string[] };
  /** Enrolments the learning system refused (a course it does not know is a warning about the request instead). */
  enrolmentsRefused: number;
  /** The users this run made in the learning system. */
  created: MoodleCreatedUser[];
}

@Injectable()
export class UserSeedingService {
  constructor(
    @Inject(MoodleClient) private readonly client: MoodleClient,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(SETTINGS) private readonly settings: Partial<LearningSystemSettings>,
  ) {}

  async seed(request: SeedUsersRequest, actorId: string | null) {
    const started = performance.now();
    const roleId =
      request.role === 'student'
        ? (this.settings.LMS_ROLE_ID_STUDENT ?? 5)
        : (this.settings.LMS_ROLE_ID_EDITING_TEACHER ?? 3);
    const courseIds = [...new Set(request.courseIds)];
    const run: SeedingRun = {
      progress: { usersCreated: 0, usersFailed: 0, enrolmentsCreated: 0, warnings: [] },
      enrolmentsRefused: 0,
      created: [],
    };
    const { progress } = run;
    const metadata = { count: request.count, role: request.role, roleId, campus: request.campus, courseIds };
    try {
      await asLmsOperation(OPERATION, async () => {
        try {
          const courses = await this.knownCourses(courseIds, run);
          await this.createUsers(request, run);
          await this.enrol(courses, roleId, run);
        } catch (error) {
          // Cut off part way (the connection dropped, the site answered an HTTP error): what earlier calls made stays
          // in the learning system, so the error says how much, as the category and course flows' errors do.
          if (progress.usersCreated === 0) throw error;
          throw lmsFailure(`${OPERATION} (stopped after ${madeSoFar(progress)})`, error);
        }
      });
    } catch (error) {
      await this.audit
        .record({
          action: 'lms.provision.users',
          actorId,
          target: `lms-campus:${request.campus}`,
          outcome: 'failure',
          metadata: {
            ...metadata,
            ...progress,
            createdBeforeFailure: progress.usersCreated,
            enrolledBeforeFailure: progress.enrolmentsCreated,
            // Running the request again makes new users rather than finishing these: their names let an
            // administrator find them in the learning system (to enrol or delete them).
            createdUsernames: run.created.map((user) => user.username),
            error: error instanceof Error ? error.message : String(error),
          },
        })
        .catch((auditError: unknown) => getLogger('lms').error({ err: auditError }, 'audit of a failed seeding'));
      throw error;
    }
    const result = { ...progress, durationMs: Math.round(performance.now() - started) };
    await this.audit.record({
      action: 'lms.provision.users',
      actorId,
      target: `lms-campus:${request.campus}`,
      // Each user and each enrolment is one item: all made is a success, some a partial outcome, none a failure.
      outcome: outcomeOfItems(
        progress.usersCreated + progress.enrolmentsCreated,
        progress.usersFailed + run.enrolmentsRefused,
      ),
      metadata: { ...metadata, ...result },
    });
    return result;
  }

  /** The requested courses the learning system knows; each other one is a warning about the request. */
  private async knownCourses(courseIds: readonly number[], run: SeedingRun): Promise<number[]> {
    const known = new Set((await this.client.coursesByField('ids', courseIds.join(','))).map((course) => course.id));
    for (const id of courseIds.filter((id) => !known.has(id)))
      run.progress.warnings.push(`course ${id} does not exist in the learning system; nobody was enrolled in it`);
    return courseIds.filter((id) => known.has(id));
  }

  /** Creates `count` users in calls of LMS_PROVISION_BATCH_SIZE; a call Moodle refuses is counted and warned about. */
  private async createUsers(request: SeedUsersRequest, run: SeedingRun): Promise<void> {
    const users = Array.from({ length: request.count }, () => this.fakeUser(request));
    for (const [batchIndex, batch] of chunks(users).entries()) {
      try {
        await this.renameTaken(batch, request);
        run.created.push(...(await this.client.createUsers(batch)));
        run.progress.usersCreated = run.created.length;
      } catch (error) {
        if (!(error instanceof MoodleWebServiceError)) throw error;
        run.progress.usersFailed += batch.length;
        run.progress.warnings.push(
          `user batch ${batchIndex + 1} (${batch.length} users) was refused: ${error.message}`,
        );
      }
    }
  }

  /** Enrols every user made in each course; an enrolment call Moodle refuses is counted and warned about. */
  private async enrol(courses: readonly number[], roleId: number, run: SeedingRun): Promise<void> {
    for (const courseId of courses) {
      for (const batch of chunks(run.created)) {
        try {
          await this.client.enrol(batch.map((user) => ({ roleid: roleId, userid: user.id, courseid: courseId })));
          run.progress.enrolmentsCreated += batch.length;
        } catch (error) {
          if (!(error instanceof MoodleWebServiceError)) throw error;
          run.enrolmentsRefused += batch.length;
          run.progress.warnings.push(
            `enrolment of ${batch.length} users in course ${courseId} failed: ${error.message}`,
          );
        }
      }
    }
  }

  /**
   * Moodle refuses a whole create call for one taken username: look the batch's names up first and draw new
   * ones for any that exist (random names make this rare, so one round is enough).
   */
  private async renameTaken(batch: MoodleNewUser[], request: SeedUsersRequest): Promise<void> {
    const taken = new Set(
      (
        await this.client.usersByField(
          'username',
          batch.map((user) => user.username),
        )
      ).map((user) => user.username),
    );
    for (const [position, user] of batch.entries())
      if (taken.has(user.username)) batch[position] = { ...this.fakeUser(request), password: user.password };
  }

  /** Usernames are lower case (Moodle requires it) and random, so runs never collide; mail goes nowhere. */
  private fakeUser(request: SeedUsersRequest): MoodleNewUser {
    const username = `${request.campus.toLowerCase()}.${request.role}.${randomBytes(5).toString('hex')}`;
    return {
      username,
      password: generatedPassword(),
      firstname: pick(FIRST_NAMES),
      lastname: pick(LAST_NAMES),
      email: `${username}@example.com`,
      auth: 'manual',
    };
  }
}

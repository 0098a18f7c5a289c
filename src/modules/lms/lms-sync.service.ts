import { Inject, Injectable } from '@nestjs/common';
import { CacheNamespace, CacheService } from '../../common/cache/cache.service.js';
import { SETTINGS } from '../../common/core/tokens.js';
import { getLogger } from '../../common/logging/logger.js';
import type { LearningSystemSettings } from '../../config/settings.js';
import type { EnrollmentRole, Role } from '../../db/schema.js';
import { AuditService } from '../audit/audit.service.js';
import { ENROLLMENTS_SYNCED_AT_KEY } from '../institution/institution-import.service.js';
import { parseSemesterCode } from '../institution/semester-code.js';
import { mapBounded } from './batches.js';
import { CategoryIndex } from './category-tree.js';
import { asLmsOperation } from './lms-operation.js';
import { emptyCounts, setSystemConfig, type UpsertOutcome } from '../../common/database/upsert.js';
import { LmsRepository } from './lms.repository.js';
import type { SyncResult } from './lms.schemas.js';
import { MoodleClient } from './moodle-client.js';
import { MoodleWebServiceError } from './moodle-errors.js';
import type { MoodleCategory, MoodleCourse, MoodleEnrolledUser } from './moodle-types.js';
import { ProvisioningLock } from './provisioning-lock.js';

/** How many `core_enrol_get_enrolled_users` calls run at once. */
const PARTICIPANT_CONCURRENCY = 4;
const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

interface ProgramNode {
  category: MoodleCategory;
  code: string;
}
interface DepartmentNode extends ProgramNode {
  programs: ProgramNode[];
}
interface SemesterNode extends ProgramNode {
  departments: DepartmentNode[];
}
interface CampusNode extends ProgramNode {
  semesters: SemesterNode[];
}

/**
 * The enrollment sync: reads the learning system's category tree (depth 1 campus, 2 semester, 3 department,
 * 4 program; names are the codes), the courses of the program categories and their students and editing teachers,
 * and writes them locally: the hierarchy with each `lms_category_id`, the courses with `lms_course_id`, the users
 * with `lms_user_id` (and the STUDENT or FACULTY role), and the enrollments. Enrollments are only added, as with
 * an import. All learning-system calls come first; the writes, the sync time (`enrollments_last_synced_at`, the
 * key the institution import writes) and the audit record `lms.sync` then share one transaction, and after it
 * commits the `enrollments-me` cache namespace is cleared. One sync runs at a time (409 for a second).
 *
 * A depth-1 category counts as a campus only when a child is named like a semester code, so Moodle's own
 * top-level categories ("Miscellaneous") are left alone; a category whose name cannot be a code is skipped with a
 * warning, and so is its subtree.
 */
@Injectable()
export class LmsSyncService {
  constructor(
    @Inject(MoodleClient) private readonly client: MoodleClient,
    @Inject(LmsRepository) private readonly repository: LmsRepository,
    @Inject(ProvisioningLock) private readonly lock: ProvisioningLock,
    @Inject(CacheService) private readonly cache: CacheService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(SETTINGS) private readonly settings: Partial<LearningSystemSettings>,
  ) {}

  async sync(actorId: string | null): Promise<SyncResult> {
    try {
      const result = await this.lock.run('sync', () => asLmsOperation('enrollment sync', () => this.run(actorId)));
      await this.cache.invalidateNamespace(CacheNamespace.ENROLLMENTS_ME);
      getLogger('lms').info(
        {
          courses: result.courses,
          users: result.users,
          enrollments: result.enrollments,
          durationMs: result.durationMs,
        },
        'learning-system sync committed',
      );
      return result;
    } catch (error) {
      await this.audit
        .record({
          action: 'lms.sync',
          actorId,
          target: 'lms',
          outcome: 'failure',
          metadata: { error: error instanceof Error ? error.message : String(error) },
        })
        .catch((auditError: unknown) => getLogger('lms').error({ err: auditError }, 'audit of a failed sync'));
      throw error;
    }
  }

  private async run(actorId: string | null): Promise<SyncResult> {
    const started = performance.now();
    const warnings: string[] = [];
    const index = new CategoryIndex(await this.client.categories());
    const campuses = this.hierarchy(index, warnings);
    const programOf = new Map<number, ProgramNode>();
    for (const campus of campuses)
      for (const semester of campus.semesters)
        for (const department of semester.departments)
          for (const program of department.programs) programOf.set(program.category.id, program);

    const courses = programOf.size === 0 ? [] : await this.client.coursesByField('');
    const synced = courses.filter((course) => programOf.has(course.categoryid));
    const participants = await mapBounded(synced, PARTICIPANT_CONCURRENCY, (course) =>
      this.participants(course, warnings),
    );

    const syncedAt = new Date().toISOString();
    const result = await this.repository.institutionTransaction(async (trx) => {
      const counts = {
        campuses: emptyCounts(),
        semesters: emptyCounts(),
        departments: emptyCounts(),
        programs: emptyCounts(),
        courses: emptyCounts(),
        users: emptyCounts(),
      };
      const count = (kind: keyof typeof counts, outcome: UpsertOutcome) => (counts[kind][outcome] += 1);
      const localProgram = new Map<number, string>();
      for (const campus of campuses) {
        const campusRow = await this.repository.upsertCampus(trx, campus.code, campus.category.id);
        count('campuses', campusRow.outcome);
        for (const semester of campus.semesters) {
          const semesterRow = await this.repository.upsertSemester(
            trx,
            campusRow.id,
            semester.code,
            semester.category.id,
          );
          count('semesters', semesterRow.outcome);
          for (const department of semester.departments) {
            const departmentRow = await this.repository.upsertDepartment(
              trx,
              semesterRow.id,
              department.code,
              department.category.id,
            );
            count('departments', departmentRow.outcome);
            for (const program of department.programs) {
              const programRow = await this.repository.upsertProgram(
                trx,
                departmentRow.id,
                program.code,
                program.category.id,
              );
              count('programs', programRow.outcome);
              localProgram.set(program.category.id, programRow.id);
            }
          }
        }
      }

      const localUser = new Map<number, string>();
      const grants: Array<{ userId: string; role: Role }> = [];
      const enrollments: Array<{ userId: string; courseId: string; role: EnrollmentRole }> = [];
      for (const [position, course] of synced.entries()) {
        const courseRow = await this.repository.upsertCourse(
          trx,
          localProgram.get(course.categoryid) as string,
          course.shortname,
          course.fullname,
          course.id,
        );
        count('courses', courseRow.outcome);
        for (const participant of participants[position] ?? []) {
          let userId = localUser.get(participant.user.id);
          if (!userId) {
            const userRow = await this.repository.upsertUser(
              trx,
              participant.user.username,
              fullName(participant.user),
              participant.user.id,
            );
            count('users', userRow.outcome);
            userId = userRow.id;
            localUser.set(participant.user.id, userId);
          }
          grants.push({ userId, role: participant.role === 'student' ? 'STUDENT' : 'FACULTY' });
          enrollments.push({ userId, courseId: courseRow.id, role: participant.role });
        }
      }
      await this.repository.addRoles(trx, grants);
      const created = await this.repository.addEnrollments(trx, enrollments);
      await setSystemConfig(trx, ENROLLMENTS_SYNCED_AT_KEY, syncedAt);
      const result: SyncResult = {
        ...counts,
        enrollments: { created, unchanged: enrollments.length - created },
        warnings,
        syncedAt,
        durationMs: Math.round(performance.now() - started),
      };
      await this.audit.record(
        {
          action: 'lms.sync',
          actorId,
          target: 'lms',
          metadata: { ...result, warnings: warnings.length },
        },
        trx,
      );
      return result;
    });
    return result;
  }

  /** The categories that form the institution hierarchy, by the rules in the class comment. */
  private hierarchy(index: CategoryIndex, warnings: string[]): CampusNode[] {
    const named = (category: MoodleCategory, kind: string): string | undefined => {
      const code = category.name.trim();
      if (CODE.test(code)) return code;
      warnings.push(`category ${category.id} '${category.name}' is not a ${kind} code; skipped with its subcategories`);
      return undefined;
    };
    const campuses: CampusNode[] = [];
    for (const top of index.children(0)) {
      const semesterCategories = index.children(top.id).filter((child) => parseSemesterCode(child.name.trim()).ok);
      if (semesterCategories.length === 0) continue;
      const campusCode = named(top, 'campus');
      if (!campusCode) continue;
      campuses.push({
        category: top,
        code: campusCode,
        semesters: semesterCategories.map((semester) => ({
          category: semester,
          code: semester.name.trim(),
          departments: index.children(semester.id).flatMap((department) => {
            const departmentCode = named(department, 'department');
            if (!departmentCode) return [];
            return [
              {
                category: department,
                code: departmentCode,
                programs: index.children(department.id).flatMap((program) => {
                  const programCode = named(program, 'program');
                  return programCode ? [{ category: program, code: programCode }] : [];
                }),
              },
            ];
          }),
        })),
      });
    }
    return campuses;
  }

  /** A course's students and editing teachers; a course Moodle cannot list is skipped with a warning. */
  private async participants(
    course: MoodleCourse,
    warnings: string[],
  ): Promise<Array<{ user: MoodleEnrolledUser; role: EnrollmentRole }>> {
    let users: MoodleEnrolledUser[];
    try {
      users = await this.client.enrolledUsers(course.id);
    } catch (error) {
      const fatal =
        !(error instanceof MoodleWebServiceError) ||
        error.exception === 'webservice_access_exception' ||
        error.errorcode === 'invalidtoken';
      if (fatal) throw error;
      warnings.push(`participants of course ${course.shortname} could not be read: ${error.message}`);
      return [];
    }
    const studentRole = this.settings.LMS_ROLE_ID_STUDENT ?? 5;
    const teacherRole = this.settings.LMS_ROLE_ID_EDITING_TEACHER ?? 3;
    return users.flatMap((user) => {
      const roles = user.roles ?? [];
      const result: Array<{ user: MoodleEnrolledUser; role: EnrollmentRole }> = [];
      if (roles.some((role) => role.roleid === studentRole || role.shortname === 'student'))
        result.push({ user, role: 'student' });
      if (roles.some((role) => role.roleid === teacherRole || role.shortname === 'editingteacher'))
        result.push({ user, role: 'faculty' });
      return result;
    });
  }
}

function fullName(user: MoodleEnrolledUser): string {
  const joined = [user.firstname, user.lastname].filter(Boolean).join(' ').trim();
  return user.fullname?.trim() || joined || user.username;
}

import { Inject, Injectable } from '@nestjs/common';
import { CacheNamespace, CacheService } from '../../common/cache/cache.service.js';
import { DomainError, invalid } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import type { EnrollmentRole, Role, ScopedRole } from '../../db/schema.js';
import { AuditService } from '../audit/audit.service.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { validateImport } from './import-validator.js';
import { count, emptyCounts, setSystemConfig } from '../../common/database/upsert.js';
import { InstitutionImportRepository } from './institution-import.repository.js';
import type { InstitutionImport, InstitutionImportResult } from './institution.schemas.js';
import { parseSemesterCode } from './semester-code.js';

/** The system_config key holding the time of the last enrollment sync (import or learning-system sync). */
export const ENROLLMENTS_SYNCED_AT_KEY = 'enrollments_last_synced_at';

/**
 * Imports an institution file in one transaction: validate everything against the file and the
 * database, then upsert by natural key. Any problem → 400 listing all of them, nothing imported.
 * Users listed in the file get exactly the roles and assignments the file gives them (so an import
 * can reassign a dean); enrollments are only ever added. The audit record `institution.import` is written
 * in the import's transaction; a refused file is recorded too, with outcome `failure` and its problem count. Only a
 * file that lists enrollments records the enrollment sync time (`ENROLLMENTS_SYNCED_AT_KEY`).
 */
@Injectable()
export class InstitutionImportService {
  constructor(
    @Inject(InstitutionImportRepository) private readonly repository: InstitutionImportRepository,
    @Inject(CacheService) private readonly cache: CacheService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async import(file: InstitutionImport, actorId: string | null): Promise<InstitutionImportResult> {
    const result = await this.importInTransaction(file, actorId).catch(async (error: unknown) => {
      if (error instanceof DomainError && error.kind === 'invalid')
        await this.audit
          .record({
            action: 'institution.import',
            actorId,
            target: 'institution',
            outcome: 'failure',
            metadata: { problems: error.details?.length ?? 0 },
          })
          .catch((auditError: unknown) =>
            getLogger('institution').error({ err: auditError }, 'audit of a refused import failed'),
          );
      throw error;
    });
    await this.cache.invalidateNamespace(CacheNamespace.ENROLLMENTS_ME);
    getLogger('institution').info({ result }, 'institution import committed');
    return result;
  }

  private importInTransaction(file: InstitutionImport, actorId: string | null): Promise<InstitutionImportResult> {
    // One import at a time (institutionTransaction): the file is checked against what is stored (a course may not
    // move to another campus or semester), and a concurrent import must not change that between the check and the
    // writes.
    return this.repository.institutionTransaction(async (trx) => {
      const problems = validateImport(file, await this.repository.knownReferences(trx, file));
      if (problems.length > 0)
        throw invalid(`the import file has ${problems.length} problem(s); nothing was imported`, problems);

      const counts: InstitutionImportResult = {
        campuses: emptyCounts(),
        semesters: emptyCounts(),
        departments: emptyCounts(),
        programs: emptyCounts(),
        courses: emptyCounts(),
        users: emptyCounts(),
        enrollments: emptyCounts(),
      };

      for (const campus of file.campuses)
        count(counts.campuses, (await this.repository.upsertCampus(trx, campus.code, campus.name)).outcome);

      for (const semester of file.semesters) {
        const parsed = parseSemesterCode(semester.code);
        if (!parsed.ok) throw new Error('validated semester code did not parse');
        const campusId = await this.repository.campusId(trx, semester.campus);
        const { outcome } = await this.repository.upsertSemester(trx, campusId, semester.code, {
          label: semester.label ?? parsed.value.label,
          academic_year: semester.academicYear ?? parsed.value.academicYear,
          start_date: semester.startDate ?? parsed.value.startDate,
          end_date: semester.endDate ?? parsed.value.endDate,
        });
        count(counts.semesters, outcome);
      }

      for (const department of file.departments) {
        const semesterId = await this.repository.semesterId(trx, department.campus, department.semester);
        count(
          counts.departments,
          (await this.repository.upsertDepartment(trx, semesterId, department.code, department.name)).outcome,
        );
      }

      for (const program of file.programs) {
        const semesterId = await this.repository.semesterId(trx, program.campus, program.semester);
        const departmentId = await this.repository.departmentId(trx, semesterId, program.department);
        count(
          counts.programs,
          (await this.repository.upsertProgram(trx, departmentId, program.code, program.name)).outcome,
        );
      }

      for (const course of file.courses) {
        const semesterId = await this.repository.semesterId(trx, course.campus, course.semester);
        const programId = await this.repository.programId(trx, semesterId, course.program);
        count(
          counts.courses,
          (await this.repository.upsertCourse(trx, course.shortname, programId, course.fullname)).outcome,
        );
      }

      for (const user of file.users) {
        const existing = await this.repository.findUser(trx, user.username);
        let userId: string;
        let changed = false;
        if (!existing) {
          userId = await this.repository.createUser(
            trx,
            user.username,
            user.fullName,
            user.password ? await hashPassword(user.password) : null,
          );
        } else {
          userId = existing.id;
          const fields: { full_name?: string; password_hash?: string } = {};
          if (existing.full_name !== user.fullName) fields.full_name = user.fullName;
          // Re-hashing an unchanged password would give a new hash: keep the stored one when it still matches.
          if (
            user.password &&
            !(existing.password_hash && (await verifyPassword(existing.password_hash, user.password)))
          ) {
            fields.password_hash = await hashPassword(user.password);
          }
          if (Object.keys(fields).length > 0) {
            await this.repository.updateUser(trx, userId, fields);
            changed = true;
          }
        }
        const rolesChanged = await this.repository.replaceRoles(trx, userId, [...new Set(user.roles)] as Role[]);
        const assignmentsChanged = await this.repository.replaceAssignments(
          trx,
          userId,
          user.assignments.map((a) => ({
            role: a.role as ScopedRole,
            campus: a.campus,
            department: a.department ?? null,
            program: a.program ?? null,
          })),
        );
        count(
          counts.users,
          !existing ? 'created' : changed || rolesChanged || assignmentsChanged ? 'updated' : 'unchanged',
        );
      }

      for (const enrollment of file.enrollments) {
        const userId = await this.repository.userId(trx, enrollment.username);
        const courseId = await this.repository.courseId(trx, enrollment.course);
        count(
          counts.enrollments,
          await this.repository.insertEnrollment(trx, userId, courseId, enrollment.role as EnrollmentRole),
        );
      }

      // The staleness warning asks whether enrollments were read from their source lately: a file that lists none
      // (`{}`, or campuses and users alone) added nothing to them, so it leaves the recorded time where it was.
      if (file.enrollments.length > 0) await setSystemConfig(trx, ENROLLMENTS_SYNCED_AT_KEY, new Date().toISOString());
      await this.audit.record({ action: 'institution.import', actorId, target: 'institution', metadata: counts }, trx);
      return counts;
    });
  }
}

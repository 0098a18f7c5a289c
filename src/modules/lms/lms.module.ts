import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { CategoryProvisioningService } from './category-provisioning.service.js';
import { CourseCreator } from './course-creator.js';
import { CourseProvisioningService } from './course-provisioning.service.js';
import { CsvCourseProvisioningService } from './csv-course-provisioning.service.js';
import { LmsSyncService } from './lms-sync.service.js';
import { LmsTreeService } from './lms-tree.service.js';
import { LmsRepository } from './lms.repository.js';
import { MoodleClient } from './moodle-client.js';
import { ProvisioningLock } from './provisioning-lock.js';
import { UserSeedingService } from './user-seeding.service.js';

/**
 * The learning system (Moodle): provisioning, the live tree and the enrollment sync. Like the other feature
 * modules it holds no controller (the API registers LmsProvisionController and LmsSyncController) and no queue
 * consumer (the job workers add LmsJobsModule).
 */
@Module({
  imports: [AuditModule],
  providers: [
    MoodleClient,
    LmsRepository,
    ProvisioningLock,
    CourseCreator,
    CategoryProvisioningService,
    CourseProvisioningService,
    CsvCourseProvisioningService,
    UserSeedingService,
    LmsTreeService,
    LmsSyncService,
  ],
  exports: [
    MoodleClient,
    CategoryProvisioningService,
    CourseProvisioningService,
    CsvCourseProvisioningService,
    UserSeedingService,
    LmsTreeService,
    LmsSyncService,
  ],
})
export class LmsModule {}

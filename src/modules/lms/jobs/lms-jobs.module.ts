import { Module } from '@nestjs/common';
import { LmsModule } from '../lms.module.js';
import { LmsSyncJob } from './lms-sync.job.js';

/** The learning-system jobs of the job-worker process: the scheduled enrollment sync and its consumer. */
@Module({ imports: [LmsModule], providers: [LmsSyncJob], exports: [LmsSyncJob] })
export class LmsJobsModule {}

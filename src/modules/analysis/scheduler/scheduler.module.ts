import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis.module.js';
import { SchedulerRepository } from './scheduler.repository.js';
import { TieredPipelineScheduler } from './tiered-pipeline-scheduler.js';

/**
 * The tier runs of the scheduler, for the job-worker process (which adds the crons, TierSchedule) and for
 * `npm run cli -- schedule run <tier>` (which runs one tier now).
 */
@Module({
  imports: [AnalysisModule],
  providers: [SchedulerRepository, TieredPipelineScheduler],
  exports: [TieredPipelineScheduler],
})
export class SchedulerModule {}

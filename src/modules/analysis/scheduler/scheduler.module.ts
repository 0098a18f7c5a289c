import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis.module.js';
import { ScheduledPipelinesWatch } from './scheduled-pipelines-watch.js';
import { SchedulerRepository } from './scheduler.repository.js';
import { TieredPipelineScheduler } from './tiered-pipeline-scheduler.js';

/**
 * The tier runs of the scheduler, for the job-worker process (which adds the crons, TierSchedule) and for
 * `npm run cli -- schedule run <tier>` (which runs one tier now and follows the pipelines it started).
 */
@Module({
  imports: [AnalysisModule],
  providers: [SchedulerRepository, TieredPipelineScheduler, ScheduledPipelinesWatch],
  exports: [TieredPipelineScheduler, ScheduledPipelinesWatch],
})
export class SchedulerModule {}

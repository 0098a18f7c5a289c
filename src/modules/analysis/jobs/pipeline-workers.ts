import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { SETTINGS } from '../../../common/core/tokens.js';
import { toQueueFailure } from '../../../common/queue/job-errors.js';
import { QueueConnections } from '../../../common/queue/queue-connections.js';
import { PipelineOrchestrator } from '../pipeline-orchestrator.js';
import { PipelineReconciler } from '../pipeline-reconciler.js';
import {
  ANALYTICS_REFRESH_QUEUE,
  PIPELINE_QUEUE,
  PipelineJob,
  type PipelineJobName,
  type StageJobData,
} from '../pipeline-stages.js';
import { AnalyticsRefreshJob } from './analytics-refresh.job.js';

const JOB_NAMES = new Set<string>(Object.values(PipelineJob));

/**
 * The job-worker side of the pipeline: consumers of the stage and analytics-refresh queues, and the
 * reconciler. Registered only in the job-worker process; the API only produces jobs.
 */
@Injectable()
export class PipelineWorkers implements OnApplicationBootstrap {
  constructor(
    @Inject(QueueConnections) private readonly queues: QueueConnections,
    @Inject(PipelineOrchestrator) private readonly orchestrator: PipelineOrchestrator,
    @Inject(PipelineReconciler) private readonly reconciler: PipelineReconciler,
    @Inject(AnalyticsRefreshJob) private readonly analyticsRefresh: AnalyticsRefreshJob,
    @Inject(SETTINGS) private readonly settings: { PIPELINE_JOB_CONCURRENCY: number; JOB_LOCK_DURATION_MS: number },
  ) {}

  onApplicationBootstrap(): void {
    this.queues.worker<StageJobData, void>(
      PIPELINE_QUEUE,
      async (job: Job<StageJobData>) => {
        if (!JOB_NAMES.has(job.name)) throw new UnrecoverableError(`no handler for pipeline job '${job.name}'`);
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        try {
          await this.orchestrator.run(job.name as PipelineJobName, job.data, lastAttempt);
        } catch (error) {
          throw toQueueFailure(error);
        }
      },
      {
        concurrency: this.settings.PIPELINE_JOB_CONCURRENCY,
        lockDuration: this.settings.JOB_LOCK_DURATION_MS,
        // A job whose worker died is found by the stalled-job check once its lock has expired. BullMQ checks
        // every 30 s by default whatever the lock; checking once per lock duration keeps JOB_LOCK_DURATION_MS's
        // promise (a dead worker's stage runs again after about that long, at most twice that).
        stalledInterval: this.settings.JOB_LOCK_DURATION_MS,
      },
    );
    this.queues.worker<{ pipelineId: string }, void>(ANALYTICS_REFRESH_QUEUE, async (job) => {
      try {
        await this.analyticsRefresh.run(job.data.pipelineId);
      } catch (error) {
        throw toQueueFailure(error);
      }
    });
    this.reconciler.start();
  }
}

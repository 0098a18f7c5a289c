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
    @Inject(SETTINGS) private readonly settings: { PIPELINE_JOB_CONCURRENCY: number },
  ) {}

  onApplicationBootstrap(): void {
    this.queues.worker<StageJobData, void>(
      PIPELINE_QUEUE,
      async (job: Job<StageJobData>) => {
        if (!JOB_NAMES.has(job.name)) throw new UnrecoverableError(`no handler for pipeline job '${job.name}'`);
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        try {
          // attemptsStarted counts every start of the job (this one, and one before each failed or stalled try).
          const queueTry = Math.max(job.attemptsStarted, job.attemptsMade + 1);
          await this.orchestrator.run(job.name as PipelineJobName, job.data, lastAttempt, queueTry);
        } catch (error) {
          throw toQueueFailure(error);
        }
      },
      // Lock, renewal and stalled checks (a dead process's stage runs again within seconds) are the queue
      // layer's: see QueueConnections.
      { concurrency: this.settings.PIPELINE_JOB_CONCURRENCY },
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

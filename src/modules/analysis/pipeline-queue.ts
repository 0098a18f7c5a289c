import { Inject, Injectable } from '@nestjs/common';
import { QueueConnections } from '../../common/queue/queue-connections.js';
import { getLogger } from '../../common/logging/logger.js';
import {
  ANALYTICS_REFRESH_QUEUE,
  PIPELINE_QUEUE,
  STAGES,
  stageJobId,
  type PipelineJobName,
  type StageJobData,
} from './pipeline-stages.js';

/** Attempts of one stage job before the pipeline fails, with exponential backoff from 2 s. */
export const STAGE_JOB_ATTEMPTS = 3;
const STAGE_BACKOFF_MS = 2_000;

/**
 * Producer of the pipeline's jobs. Adding is idempotent (the job id names pipeline, stage and attempt), and a
 * failed add is not fatal: PostgreSQL records what should run, and the reconciler adds what Redis lacks.
 */
@Injectable()
export class PipelineQueue {
  constructor(@Inject(QueueConnections) private readonly queues: QueueConnections) {}

  async enqueueStage(job: PipelineJobName, data: StageJobData): Promise<boolean> {
    try {
      await this.queues.queue(PIPELINE_QUEUE).add(job, data, {
        jobId: stageJobId(data.pipelineId, job, data.attempt),
        attempts: STAGE_JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: STAGE_BACKOFF_MS },
        removeOnComplete: { age: 24 * 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      return true;
    } catch (error) {
      getLogger('pipeline').warn(
        { pipelineId: data.pipelineId, job, err: error },
        'could not enqueue the stage job; the reconciler will',
      );
      return false;
    }
  }

  /** Whether the stage job exists in the queue in any state. */
  async hasStageJob(job: PipelineJobName, data: StageJobData): Promise<boolean> {
    const existing = await this.queues.queue(PIPELINE_QUEUE).getJob(stageJobId(data.pipelineId, job, data.attempt));
    return existing !== undefined && existing !== null;
  }

  /** Removes the pipeline's waiting or delayed stage jobs of this attempt (an active job cannot be removed). */
  async removeStageJobs(pipelineId: string, attempt: number): Promise<void> {
    const queue = this.queues.queue(PIPELINE_QUEUE);
    await Promise.all(
      STAGES.map(async (stage) => {
        try {
          await queue.remove(stageJobId(pipelineId, stage.job, attempt));
        } catch (error) {
          getLogger('pipeline').debug({ pipelineId, job: stage.job, err: error }, 'stage job not removed');
        }
      }),
    );
  }

  /** Spec, Events: job id '{pipelineId}--analytics-refresh' (deduplicates), 3 attempts, exponential backoff. */
  async enqueueAnalyticsRefresh(pipelineId: string): Promise<void> {
    try {
      await this.queues.queue(ANALYTICS_REFRESH_QUEUE).add(
        'refresh',
        { pipelineId },
        {
          jobId: `${pipelineId}--analytics-refresh`,
          attempts: 3,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: { age: 24 * 3600, count: 1000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
    } catch (error) {
      // Best effort (spec): the pipeline stays COMPLETED; the next completion refreshes the views.
      getLogger('pipeline').warn({ pipelineId, err: error }, 'could not enqueue the analytics refresh');
    }
  }
}

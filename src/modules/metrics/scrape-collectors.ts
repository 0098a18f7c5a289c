import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { JobState } from 'bullmq';
import { getLogger } from '../../common/logging/logger.js';
import { setScrapeCollector, type ScrapedValues } from '../../common/metrics/metrics.js';
import { QueueConnections } from '../../common/queue/queue-connections.js';
import { PIPELINE_STATUSES } from '../../db/schema.js';
import { ANALYTICS_REFRESH_QUEUE, PIPELINE_QUEUE } from '../analysis/pipeline-stages.js';
import { PipelinesRepository } from '../analysis/pipelines.repository.js';
import { LMS_SYNC_QUEUE } from '../lms/jobs/lms-sync.job.js';

/** Every queue of the service. */
export const METERED_QUEUES = [PIPELINE_QUEUE, ANALYTICS_REFRESH_QUEUE, LMS_SYNC_QUEUE] as const;

const JOB_STATES: JobState[] = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'failed',
  'completed',
];

/**
 * The values a scrape reads where they live: jobs per queue and state from BullMQ, pipelines per status with one
 * SQL (PipelinesRepository.countsByStatus). A source that cannot answer (Redis or PostgreSQL down) leaves its
 * series out of that scrape, logged, rather than failing the whole scrape.
 */
@Injectable()
export class ScrapeCollectors implements OnModuleInit, OnApplicationShutdown {
  private readonly removals: Array<() => void> = [];

  constructor(
    @Inject(QueueConnections) private readonly queues: QueueConnections,
    @Inject(PipelinesRepository) private readonly pipelines: PipelinesRepository,
  ) {}

  onModuleInit(): void {
    this.removals.push(
      setScrapeCollector('queueJobs', () => this.queueJobs()),
      setScrapeCollector('pipelines', () => this.pipelineStatuses()),
    );
  }

  onApplicationShutdown(): void {
    for (const remove of this.removals.splice(0)) remove();
  }

  private async queueJobs(): Promise<ScrapedValues> {
    const values: ScrapedValues = [];
    await Promise.all(
      METERED_QUEUES.map(async (queue) => {
        try {
          const counts = await this.queues.queue(queue).getJobCounts(...JOB_STATES);
          for (const state of JOB_STATES) values.push({ labels: { queue, state }, value: counts[state] ?? 0 });
        } catch (error) {
          getLogger('metrics').warn({ queue, err: error }, 'queue depth not collected');
        }
      }),
    );
    return values;
  }

  private async pipelineStatuses(): Promise<ScrapedValues> {
    try {
      const counts = new Map((await this.pipelines.countsByStatus()).map((row) => [row.status, Number(row.n)]));
      return PIPELINE_STATUSES.map((status) => ({ labels: { status }, value: counts.get(status) ?? 0 }));
    } catch (error) {
      getLogger('metrics').warn({ err: error }, 'pipeline counts not collected');
      return [];
    }
  }
}

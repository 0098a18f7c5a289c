import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Cron } from 'croner';
import { SETTINGS } from '../../../common/core/tokens.js';
import { getLogger } from '../../../common/logging/logger.js';
import { withRetryPolicy } from '../../../common/queue/job-errors.js';
import { QueueConnections } from '../../../common/queue/queue-connections.js';
import { LmsSyncService } from '../lms-sync.service.js';
import { MoodleClient } from '../moodle-client.js';

export const LMS_SYNC_QUEUE = 'lms-sync';
export const DEFAULT_LMS_SYNC_CRON = '0 */6 * * *';

export interface LmsSyncJobData {
  /** The schedule slot that enqueued the job (ISO 8601). */
  slot: string;
}

interface SchedulerSettings {
  SCHEDULER_ENABLED?: boolean;
  LMS_SYNC_CRON?: string;
}

/** One job id per schedule slot: every worker that fires for the slot adds the same id, and BullMQ keeps one. */
export function syncJobId(slot: Date): string {
  return `lms-sync-${slot.getTime()}`;
}

/**
 * The scheduled enrollment sync of the job-worker process. A croner schedule (LMS_SYNC_CRON, only with
 * SCHEDULER_ENABLED and LMS_URL set) enqueues a job per slot; the consumer runs the sync, with failures mapped by
 * the queue retry policy (learning system unreachable or unavailable → retried with backoff; a refusal such as a
 * sync already running → failed at once). Several worker replicas may all schedule: their jobs for one slot
 * collapse into one, and the sync lock keeps two syncs from overlapping anyway.
 */
@Injectable()
export class LmsSyncJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private schedule: Cron | undefined;

  constructor(
    @Inject(QueueConnections) private readonly queues: QueueConnections,
    @Inject(LmsSyncService) private readonly syncService: LmsSyncService,
    @Inject(MoodleClient) private readonly client: MoodleClient,
    @Inject(SETTINGS) private readonly settings: SchedulerSettings,
  ) {}

  onApplicationBootstrap(): void {
    const logger = getLogger('lms');
    if (!this.client.configured) {
      logger.info('learning-system sync not scheduled: LMS_URL is not set');
      return;
    }
    this.queues.worker<LmsSyncJobData, unknown>(
      LMS_SYNC_QUEUE,
      withRetryPolicy(async (job) => {
        const result = await this.syncService.sync(null);
        logger.info({ jobId: job.id, slot: job.data.slot, durationMs: result.durationMs }, 'scheduled sync done');
        return { syncedAt: result.syncedAt, courses: result.courses, enrollments: result.enrollments };
      }),
      { concurrency: 1 },
    );
    if (!this.settings.SCHEDULER_ENABLED) return;
    const pattern = this.settings.LMS_SYNC_CRON ?? DEFAULT_LMS_SYNC_CRON;
    try {
      this.schedule = new Cron(pattern, { name: LMS_SYNC_QUEUE, protect: true }, (self) =>
        this.enqueue(self.previousRuns(1, new Date(Date.now() + 1_000))[0] ?? new Date()).catch((error: unknown) =>
          logger.error({ err: error }, 'the scheduled sync could not be enqueued'),
        ),
      );
    } catch (error) {
      throw new Error(
        `LMS_SYNC_CRON: '${pattern}' is not a cron expression (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
    logger.info({ cron: pattern, nextRunAt: this.schedule.nextRun()?.toISOString() }, 'learning-system sync scheduled');
  }

  /** Adds the job of one schedule slot (a second add for the same slot is ignored by BullMQ). */
  async enqueue(slot: Date): Promise<void> {
    await this.queues.queue(LMS_SYNC_QUEUE).add('sync', { slot: slot.toISOString() } satisfies LmsSyncJobData, {
      jobId: syncJobId(slot),
      attempts: 3,
      backoff: { type: 'exponential', delay: 30_000 },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  onApplicationShutdown(): void {
    this.schedule?.stop();
  }
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SETTINGS } from '../../common/core/tokens.js';
import { getLogger } from '../../common/logging/logger.js';
import { QueueConnections } from '../../common/queue/queue-connections.js';
import type { PipelineStatus, StageStates } from '../../db/schema.js';
import { PipelineQueue } from './pipeline-queue.js';
import {
  currentJob,
  endStages,
  PIPELINE_QUEUE,
  PipelineJob,
  stageJobId,
  stageOf,
  type PipelineJobName,
} from './pipeline-stages.js';
import { PipelinesRepository } from './pipelines.repository.js';
import { ResultsRepository } from './results.repository.js';

/** Releases the lock only when it is still ours. KEYS: lock. ARGV: token. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface ReconcileReport {
  checked: number;
  enqueued: number;
  failed: number;
}

/**
 * PostgreSQL is the truth; Redis may lose jobs (a flush, a restart without persistence). At start-up and on a
 * timer, one worker process at a time (a Redis lock) looks at every pipeline that is running and makes sure the
 * job of its current stage exists: a missing job is added again (same id, so harmless if another process just
 * did); a job that BullMQ finished without the stage moving on gets the next attempt; a job that failed for
 * good without the pipeline being marked fails the pipeline. A job whose worker died mid-stage is BullMQ's to
 * recover (its lock expires and the stalled-job check runs it again).
 */
@Injectable()
export class PipelineReconciler implements OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @Inject(PipelinesRepository) private readonly pipelines: PipelinesRepository,
    @Inject(ResultsRepository) private readonly results: ResultsRepository,
    @Inject(PipelineQueue) private readonly queue: PipelineQueue,
    @Inject(QueueConnections) private readonly queues: QueueConnections,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: { CACHE_KEY_PREFIX: string; RECONCILE_INTERVAL_MS: number },
  ) {}

  start(): void {
    const tick = () => {
      this.running ??= this.reconcile()
        .catch((error: unknown) => getLogger('reconciler').error({ err: error }, 'reconcile pass failed'))
        .finally(() => (this.running = undefined));
    };
    tick();
    this.timer = setInterval(tick, this.settings.RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; `null` when another process holds the lock. */
  async reconcile(): Promise<ReconcileReport | null> {
    const lock = `${this.settings.CACHE_KEY_PREFIX}pipeline-reconciler:lock`;
    const token = randomUUID();
    const acquired = await this.redis.set(
      lock,
      token,
      'PX',
      Math.max(this.settings.RECONCILE_INTERVAL_MS, 10_000),
      'NX',
    );
    if (acquired !== 'OK') return null;
    try {
      return await this.pass();
    } finally {
      await this.redis.eval(RELEASE, 1, lock, token).catch(() => undefined);
    }
  }

  private async pass(): Promise<ReconcileReport> {
    const logger = getLogger('reconciler');
    const report: ReconcileReport = { checked: 0, enqueued: 0, failed: 0 };
    const queue = this.queues.queue(PIPELINE_QUEUE);
    for (const pipeline of await this.pipelines.running()) {
      const stages = pipeline.stages as StageStates;
      const job = currentJob(pipeline.status, stages);
      if (!job) continue;
      report.checked += 1;
      const data = {
        pipelineId: pipeline.id,
        attempt: pipeline.stageAttempt,
        ...(await this.runIdFor(job, pipeline.id)),
      };
      const existing = await queue.getJob(stageJobId(pipeline.id, job, pipeline.stageAttempt));
      const state = existing ? await existing.getState() : 'missing';
      if (state === 'missing' || state === 'unknown') {
        if (await this.queue.enqueueStage(job, data)) report.enqueued += 1;
        logger.warn({ pipelineId: pipeline.id, job, attempt: data.attempt }, 'stage job was missing; enqueued again');
      } else if (state === 'completed') {
        // The job ran but its stage did not move on (its result was dropped): run the next attempt.
        const attempt = await this.nextAttempt(pipeline.id, job, pipeline.stageAttempt);
        if (attempt !== null && (await this.queue.enqueueStage(job, { ...data, attempt }))) report.enqueued += 1;
      } else if (state === 'failed') {
        await this.pipelines.transaction(async (trx) => {
          const locked = await this.pipelines.lock(trx, pipeline.id);
          if (!isAt(locked, job, pipeline.stageAttempt)) return;
          const { stageKey } = stageOf(job);
          await this.pipelines.update(trx, pipeline.id, {
            status: 'FAILED',
            stages: endStages(locked.stages, stageKey),
            errorMessage: `${stageKey}: ${existing?.failedReason ?? 'the stage job failed'} (retries exhausted)`,
          });
        });
        report.failed += 1;
      }
    }
    if (report.enqueued > 0 || report.failed > 0) logger.info(report, 'reconcile pass');
    return report;
  }

  private async runIdFor(job: string, pipelineId: string): Promise<{ runId?: string }> {
    if (job !== PipelineJob.RECOMMENDATIONS) return {};
    const run = await this.results.latestRecommendationRun(pipelineId);
    return run ? { runId: run.id } : {};
  }

  /**
   * The stage's next attempt, only while the pipeline is still at `job` and `attempt`: the pass read the pipeline
   * before looking at the job, and a job that completed in between may have moved the pipeline on to the next
   * stage, whose attempt number restarts at 1 (bumping that one would strand the next stage's fresh job).
   */
  private async nextAttempt(pipelineId: string, job: PipelineJobName, attempt: number): Promise<number | null> {
    return this.pipelines.transaction(async (trx) => {
      const locked = await this.pipelines.lock(trx, pipelineId);
      if (!isAt(locked, job, attempt)) return null;
      await this.pipelines.update(trx, pipelineId, { stageAttempt: attempt + 1, stageStartedAt: new Date() });
      return attempt + 1;
    });
  }
}

/** Whether the locked pipeline still waits for `job` at `attempt` (what the pass saw before it looked at the job). */
function isAt<Locked extends { status: PipelineStatus; stages: StageStates; stageAttempt: number }>(
  locked: Locked | undefined,
  job: PipelineJobName,
  attempt: number,
): locked is Locked {
  return locked !== undefined && currentJob(locked.status, locked.stages) === job && locked.stageAttempt === attempt;
}

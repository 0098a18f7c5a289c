import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { CoreSettings } from '../../config/settings.js';
import { SETTINGS } from '../core/tokens.js';
import { getLogger } from '../logging/logger.js';

/** What the consumers read of the job-worker settings (absent in processes that only produce jobs). */
interface ConsumerSettings {
  JOB_LOCK_DURATION_MS?: number;
  JOB_STALLED_CHECK_INTERVAL_MS?: number;
  SHUTDOWN_GRACE_MS?: number;
}

interface Consumer {
  worker: Worker;
  /** The jobs its processor is running now, with the lock token each holds. */
  running: Map<string, { job: Job; token: string | undefined }>;
}

/**
 * BullMQ's Redis connections, apart from the cache's client. Producers (`queue`) share one connection that
 * fails fast when Redis is away (`enableOfflineQueue: false`: an HTTP request must not hang on a queue add;
 * PostgreSQL holds the state and the reconciler re-enqueues). Each consumer (`worker`) gets a connection of
 * its own with `maxRetriesPerRequest: null`, which BullMQ requires for its blocking commands. Keys live under
 * `{CACHE_KEY_PREFIX}bull`, so deployments and test runs sharing one Redis stay apart.
 *
 * Crash recovery (README, "Deployment"): a consumer renews the lock of each running job every quarter of
 * JOB_LOCK_DURATION_MS; once a lock has expired, the stalled-job check (every JOB_STALLED_CHECK_INTERVAL_MS, by
 * whichever worker process comes first) puts the job back to wait after its second look. A process that dies is
 * so replaced within the lock duration plus about one check interval. Shutdown: see `beforeApplicationShutdown`.
 */
@Injectable()
export class QueueConnections implements BeforeApplicationShutdown, OnApplicationShutdown {
  private producer: Redis | undefined;
  private readonly queues = new Map<string, Queue>();
  private readonly consumers: Consumer[] = [];

  constructor(@Inject(SETTINGS) private readonly settings: CoreSettings & ConsumerSettings) {}

  get prefix(): string {
    return `${this.settings.CACHE_KEY_PREFIX}bull`;
  }

  /** The producer side of a queue, created once per process. */
  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      this.producer ??= this.connection({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      queue = new Queue(name, { connection: this.producer, prefix: this.prefix });
      queue.on('error', (error) => getLogger('queue').warn({ queue: name, err: error }, 'queue connection error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** A consumer of a queue on a connection of its own; drained and closed with the process. */
  worker<Data, Result>(
    name: string,
    processor: Processor<Data, Result>,
    options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
  ): Worker<Data, Result> {
    const running: Consumer['running'] = new Map();
    const lockDuration = this.settings.JOB_LOCK_DURATION_MS ?? 30_000;
    const worker = new Worker<Data, Result>(
      name,
      async (job, token) => {
        const key = job.id ?? '';
        running.set(key, { job: job as Job, token });
        try {
          return await processor(job, token);
        } finally {
          running.delete(key);
        }
      },
      {
        lockDuration,
        // Renewing every quarter of the lock lets a live process miss two renewals (a long garbage collection, a
        // Redis failover of a few seconds) before its job counts as stalled; one renewal call covers all its jobs.
        lockRenewTime: Math.max(1, Math.floor(lockDuration / 4)),
        // BullMQ checks every 30 s whatever the lock; the check is one small script for the whole deployment.
        stalledInterval: this.settings.JOB_STALLED_CHECK_INTERVAL_MS ?? 30_000,
        // A job recovered twice (one false stall from a short lock, one real crash) still runs; a third stall
        // means the job itself kills its process, and it fails (the reconciler then fails the pipeline).
        maxStalledCount: 2,
        ...options,
        connection: this.connection({ maxRetriesPerRequest: null }),
        prefix: this.prefix,
      },
    );
    worker.on('error', (error) => getLogger('queue').warn({ queue: name, err: error }, 'worker connection error'));
    this.consumers.push({ worker: worker as Worker, running });
    return worker;
  }

  private connection(options: { enableOfflineQueue?: boolean; maxRetriesPerRequest: number | null }): Redis {
    const redis = new Redis(this.settings.CACHE_URL, options);
    redis.on('error', () => undefined);
    return redis;
  }

  /**
   * Graceful stop, before anything else closes (the database in particular): the consumers take no new job, the
   * running ones get SHUTDOWN_GRACE_MS to finish, and any still running then goes back to wait at once (its lock
   * released), so another worker process takes it now rather than after the lock expires. The handler left
   * running here may still finish; the stage's guarded commit keeps one result whichever commits first.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.consumers.length === 0) return;
    const logger = getLogger('queue');
    const closed = Promise.allSettled(this.consumers.map(({ worker }) => worker.close())).then(() => true);
    const graceMs = this.settings.SHUTDOWN_GRACE_MS ?? 10_000;
    const grace = new AbortController();
    const finished = await Promise.race([closed, delay(graceMs, false, { signal: grace.signal }).catch(() => true)]);
    grace.abort();
    if (finished) return;
    const handedOver: string[] = [];
    for (const { worker, running } of this.consumers)
      for (const [id, { job, token }] of running) {
        try {
          await job.moveToWait(token);
          handedOver.push(`${worker.name}:${id}`);
        } catch (error) {
          // The lock is gone already (expired, or the job just finished): the stalled check or nobody needs it.
          logger.warn({ queue: worker.name, jobId: id, err: error }, 'running job not handed over');
        }
      }
    logger.warn({ graceMs, jobs: handedOver }, 'shutdown grace expired: running jobs handed back to the queue');
  }

  /** The producers; consumers still running a handed-over job are left to the process's exit. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    await this.producer?.quit().catch(() => undefined);
  }
}

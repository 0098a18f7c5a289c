import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { CoreSettings } from '../../config/settings.js';
import { SETTINGS } from '../core/tokens.js';
import { getLogger } from '../logging/logger.js';

/**
 * BullMQ's Redis connections, apart from the cache's client. Producers (`queue`) share one connection that
 * fails fast when Redis is away (`enableOfflineQueue: false`: an HTTP request must not hang on a queue add;
 * PostgreSQL holds the state and the reconciler re-enqueues). Each consumer (`worker`) gets a connection of
 * its own with `maxRetriesPerRequest: null`, which BullMQ requires for its blocking commands. Keys live under
 * `{CACHE_KEY_PREFIX}bull`, so deployments and test runs sharing one Redis stay apart.
 */
@Injectable()
export class QueueConnections implements OnApplicationShutdown {
  private producer: Redis | undefined;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  constructor(@Inject(SETTINGS) private readonly settings: CoreSettings) {}

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

  /** A consumer of a queue on a connection of its own; closed with the process. */
  worker<Data, Result>(
    name: string,
    processor: Processor<Data, Result>,
    options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
  ): Worker<Data, Result> {
    const worker = new Worker<Data, Result>(name, processor, {
      ...options,
      connection: this.connection({ maxRetriesPerRequest: null }),
      prefix: this.prefix,
    });
    worker.on('error', (error) => getLogger('queue').warn({ queue: name, err: error }, 'worker connection error'));
    this.workers.push(worker as Worker);
    return worker;
  }

  private connection(options: { enableOfflineQueue?: boolean; maxRetriesPerRequest: number | null }): Redis {
    const redis = new Redis(this.settings.CACHE_URL, options);
    redis.on('error', () => undefined);
    return redis;
  }

  /** Workers first (each finishes its active job), then the producers. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.workers.map((worker) => worker.close()));
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    await this.producer?.quit().catch(() => undefined);
  }
}

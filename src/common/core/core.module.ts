import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { CoreSettings } from '../../config/settings.js';
import { createDatabase, poolOptions, type DatabaseClient } from '../database/database.js';
import { DATABASE, REDIS, SETTINGS } from './tokens.js';

class ResourceCloser implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: DatabaseClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.db.destroy(), this.redis.quit()]);
  }
}

/**
 * Every command of the shared client (cache reads and writes, the login throttle) fails after this long, queued
 * or sent: whoever asked then falls back (the cache to PostgreSQL, the throttle to memory). Without it, while
 * Redis was down a cached read waited 25-30 s in the offline queue before answering from PostgreSQL. Redis
 * answers these in well under a millisecond.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * The process-wide resources every composition shares: its settings, the database pool and the Redis client
 * of the cache (the queues open connections of their own, see QueueModule). `settings` is the process's own
 * settings object; the core reads only the database and cache groups of it.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(settings: CoreSettings): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: SETTINGS, useValue: settings },
        { provide: DATABASE, useFactory: () => createDatabase(settings.DATABASE_URL, poolOptions(settings)) },
        {
          provide: REDIS,
          useFactory: () => {
            const redis = new Redis(settings.CACHE_URL, {
              maxRetriesPerRequest: 2,
              enableOfflineQueue: true,
              commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
            });
            // Connection errors surface on the commands that fail (and in /health); the event alone is noise.
            redis.on('error', () => undefined);
            return redis;
          },
        },
        ResourceCloser,
      ],
      exports: [SETTINGS, DATABASE, REDIS],
    };
  }
}

import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Settings } from '../../config/settings.js';
import { createDatabase, type DatabaseClient } from '../database/database.js';
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

/** Settings, the database and Redis, shared by every module of one process. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: SETTINGS, useValue: settings },
        { provide: DATABASE, useFactory: () => createDatabase(settings.DATABASE_URL, settings.DATABASE_POOL_SIZE) },
        {
          provide: REDIS,
          useFactory: () => {
            const redis = new Redis(settings.CACHE_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
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

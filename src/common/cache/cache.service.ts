import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Settings } from '../../config/settings.js';
import { REDIS, SETTINGS } from '../core/tokens.js';
import { getLogger } from '../logging/logger.js';

/** Namespaces of the spec's cache table; keys are `{CACHE_KEY_PREFIX}{namespace}:{rest}`. */
export const CacheNamespace = {
  ENROLLMENTS_ME: 'enrollments-me',
  QUESTIONNAIRE_TYPES: 'q-types',
  QUESTIONNAIRE_VERSIONS: 'q-versions',
} as const;
export type CacheNamespace = (typeof CacheNamespace)[keyof typeof CacheNamespace];

/**
 * Writes a loaded value only if the namespace was not invalidated while it loaded (the generation
 * is unchanged), and tracks the key in the namespace's set so invalidation can delete it.
 * KEYS: generation, tracking set, value key. ARGV: generation seen, value, ttl seconds.
 */
const WRITE_IF_CURRENT = `
local generation = redis.call('GET', KEYS[1]) or '0'
if generation ~= ARGV[1] then return 0 end
local ttl = tonumber(ARGV[3])
redis.call('SET', KEYS[3], ARGV[2], 'EX', ttl)
redis.call('SADD', KEYS[2], KEYS[3])
if redis.call('TTL', KEYS[2]) < ttl then redis.call('EXPIRE', KEYS[2], ttl) end
return 1`;

/**
 * Bumps the generation (so a load in flight anywhere cannot write a stale value afterwards) and
 * deletes every tracked key. KEYS: generation, tracking set. Returns the number of keys deleted.
 */
const INVALIDATE = `
redis.call('INCR', KEYS[1])
local keys = redis.call('SMEMBERS', KEYS[2])
local deleted = 0
for i = 1, #keys, 500 do
  deleted = deleted + redis.call('DEL', unpack(keys, i, math.min(i + 499, #keys)))
end
redis.call('DEL', KEYS[2])
return deleted`;

/**
 * Read-through cache shared by every API process through Redis. Invalidation state lives in Redis
 * (a generation counter and a key set per namespace), so a change made through one process is seen
 * by the others on their next read, and survives restarts. Concurrent misses for one key in one
 * process share a single load. Redis trouble never fails a request: reads fall back to the loader.
 */
@Injectable()
export class CacheService {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  key(namespace: CacheNamespace, ...parts: Array<string | number>): string {
    return `${this.settings.CACHE_KEY_PREFIX}${[namespace, ...parts].join(':')}`;
  }

  private generationKey(namespace: CacheNamespace): string {
    return `${this.settings.CACHE_KEY_PREFIX}cache-meta:${namespace}:generation`;
  }

  private trackingKey(namespace: CacheNamespace): string {
    return `${this.settings.CACHE_KEY_PREFIX}cache-meta:${namespace}:keys`;
  }

  async getOrLoad<T>(
    namespace: CacheNamespace,
    parts: Array<string | number>,
    ttlSeconds: number | undefined,
    loader: () => Promise<T>,
  ): Promise<T> {
    const key = this.key(namespace, ...parts);
    const logger = getLogger('cache');
    let generation: string;
    try {
      const results = await this.redis.pipeline().get(key).get(this.generationKey(namespace)).exec();
      const cached = results?.[0]?.[1];
      generation = (results?.[1]?.[1] as string | null) ?? '0';
      if (typeof cached === 'string') {
        logger.debug({ key, event: 'hit' }, 'cache hit');
        return JSON.parse(cached) as T;
      }
    } catch (error) {
      logger.warn({ key, err: error }, 'cache unavailable; loading directly');
      return loader();
    }
    logger.debug({ key, event: 'miss' }, 'cache miss');

    const flightKey = `${key}@${generation}`;
    const pending = this.inFlight.get(flightKey) as Promise<T> | undefined;
    if (pending) return pending;
    const load = (async () => {
      const value = await loader();
      try {
        await this.redis.eval(
          WRITE_IF_CURRENT,
          3,
          this.generationKey(namespace),
          this.trackingKey(namespace),
          key,
          generation,
          JSON.stringify(value),
          String(ttlSeconds ?? this.settings.CACHE_TTL),
        );
      } catch (error) {
        logger.warn({ key, err: error }, 'cache write failed');
      }
      return value;
    })();
    this.inFlight.set(flightKey, load);
    try {
      return await load;
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  /** Deletes every tracked key of the namespace, in every process's view. Call after the write commits. */
  async invalidateNamespace(namespace: CacheNamespace): Promise<number> {
    const logger = getLogger('cache');
    try {
      const deleted = Number(
        await this.redis.eval(INVALIDATE, 2, this.generationKey(namespace), this.trackingKey(namespace)),
      );
      logger.info({ namespace, event: 'invalidated', count: deleted }, 'cache namespace invalidated');
      return deleted;
    } catch (error) {
      // The write already committed; the stale entries expire by their TTL.
      logger.error({ namespace, err: error }, 'cache invalidation failed');
      return 0;
    }
  }
}

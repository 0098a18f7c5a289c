import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Settings } from '../../config/settings.js';
import { REDIS, SETTINGS } from '../core/tokens.js';
import { getLogger, isLogged } from '../logging/logger.js';

/** Namespaces of the spec's cache table; keys are `{CACHE_KEY_PREFIX}{namespace}:{rest}`. */
export const CacheNamespace = {
  ENROLLMENTS_ME: 'enrollments-me',
  QUESTIONNAIRE_TYPES: 'q-types',
  QUESTIONNAIRE_VERSIONS: 'q-versions',
} as const;
export type CacheNamespace = (typeof CacheNamespace)[keyof typeof CacheNamespace];

/**
 * Namespaces also kept in this process's memory, in front of Redis: the questionnaire lists every respondent
 * reads, changed by a handful of administrator actions. Enrollments stay in Redis only: they are per student
 * and are invalidated from other processes (the sync job), whose next read a client may expect at once.
 */
const IN_MEMORY_NAMESPACES: ReadonlySet<CacheNamespace> = new Set([
  CacheNamespace.QUESTIONNAIRE_TYPES,
  CacheNamespace.QUESTIONNAIRE_VERSIONS,
]);
/** An in-memory entry is used at most this long after it was read from Redis, even without a message. */
const IN_MEMORY_FRESH_MS = 900;
const IN_MEMORY_ENTRIES = 1_000;

interface MemoryEntry {
  namespace: CacheNamespace;
  /** The JSON value as a Redis hit would give it, frozen: every reader shares it. */
  value: unknown;
  /** The same as JSON text, as Redis holds it (getOrLoadJson). */
  json: string;
  epoch: number;
  freshUntil: number;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

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
 * Bumps the generation (so a load in flight anywhere cannot write a stale value afterwards), deletes every
 * tracked key and tells every process's memory. KEYS: generation, tracking set. ARGV: channel, namespace.
 * Returns the number of keys deleted.
 */
const INVALIDATE = `
redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], ARGV[2])
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
 *
 * The IN_MEMORY_NAMESPACES are also kept in this process's memory, on the same terms as the principals
 * (conventions §3): an invalidation publishes the namespace and every process subscribed drops its entries;
 * while the subscription is not known to be up, nothing is served from memory and the entries are dropped;
 * and no entry is used longer than IN_MEMORY_FRESH_MS after it was read, in case a message is lost.
 */
@Injectable()
export class CacheService implements OnApplicationShutdown {
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly memory = new LRUCache<string, MemoryEntry>({ max: IN_MEMORY_ENTRIES });
  /** Bumped by every invalidation seen; an entry read before its namespace's last bump is not kept. */
  private epoch = 0;
  private readonly invalidatedAt = new Map<CacheNamespace, number>();
  private subscriber: Redis | undefined;
  private subscribed = false;
  /**
   * Namespaces whose invalidation did not reach Redis (it was down or cut off when the write committed). Redis may
   * still hold their entries, or get them back with its data when it restarts: until the invalidation is carried out,
   * this process reads them from the loader and writes nothing, and it carries the invalidation out as soon as Redis
   * answers again (its client's `ready`, or the next read of the namespace). Outside audit N found the old entries
   * served again for their whole TTL (an hour for the questionnaire lists) once Redis was back.
   */
  private readonly pendingInvalidations = new Set<CacheNamespace>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    redis.on('ready', () => void this.retryInvalidations());
  }

  /** Carries out the invalidations that did not reach Redis (all, or `only`); true when none is left of those. */
  private async retryInvalidations(only?: CacheNamespace): Promise<boolean> {
    for (const namespace of only ? [only] : [...this.pendingInvalidations]) {
      if (!this.pendingInvalidations.has(namespace)) continue;
      if ((await this.invalidateNamespace(namespace)) === undefined) return false;
    }
    return true;
  }

  private get channel(): string {
    return `${this.settings.CACHE_KEY_PREFIX}cache-meta:invalidated`;
  }

  /** Subscribes to invalidations on first use, so processes that never read a kept namespace do not. */
  private subscribe(): void {
    if (this.subscriber) return;
    const subscriber = this.redis.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      connectionName: `${this.settings.CACHE_KEY_PREFIX.replace(/[^\w:.-]/g, '_')}cache-invalidations`,
    });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, namespace: string) => {
      if (channel === this.channel) this.forget(namespace as CacheNamespace);
    });
    const down = () => {
      this.subscribed = false;
      this.forgetAll();
    };
    subscriber.on('close', down);
    subscriber.on('end', down);
    // Up only once Redis confirms the subscription (again, after a reconnect): a message published before
    // then was not seen, so whatever memory holds is dropped at that moment.
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => {
          if (subscriber.status !== 'ready' || this.subscriber !== subscriber) return;
          this.forgetAll();
          this.subscribed = true;
        },
        () => undefined,
      );
    });
  }

  private forget(namespace: CacheNamespace): void {
    this.epoch += 1;
    this.invalidatedAt.set(namespace, this.epoch);
    for (const [key, entry] of this.memory.entries()) if (entry.namespace === namespace) this.memory.delete(key);
  }

  private forgetAll(): void {
    for (const namespace of IN_MEMORY_NAMESPACES) this.forget(namespace);
  }

  private remember(key: string, namespace: CacheNamespace, json: string, epoch: number, readAt: number): unknown {
    const value = deepFreeze(JSON.parse(json) as unknown);
    if (this.subscribed && (this.invalidatedAt.get(namespace) ?? -1) <= epoch)
      this.memory.set(key, { namespace, value, json, epoch, freshUntil: readAt + IN_MEMORY_FRESH_MS });
    return value;
  }

  async onApplicationShutdown(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.subscribed = false;
    subscriber?.disconnect();
  }

  key(namespace: CacheNamespace, ...parts: Array<string | number>): string {
    return `${this.settings.CACHE_KEY_PREFIX}${[namespace, ...parts].join(':')}`;
  }

  private generationKey(namespace: CacheNamespace): string {
    return `${this.settings.CACHE_KEY_PREFIX}cache-meta:${namespace}:generation`;
  }

  private trackingKey(namespace: CacheNamespace): string {
    return `${this.settings.CACHE_KEY_PREFIX}cache-meta:${namespace}:keys`;
  }

  /** A fresh in-memory entry of a kept namespace's key (subscribing to invalidations on first use), if any. */
  private fromMemory(key: string): MemoryEntry | undefined {
    this.subscribe();
    const entry = this.subscribed ? this.memory.get(key) : undefined;
    if (!entry || performance.now() >= entry.freshUntil) return undefined;
    if (isLogged('debug')) getLogger('cache').debug({ key, event: 'hit', from: 'memory' }, 'cache hit');
    return entry;
  }

  /**
   * getOrLoad's value as JSON text, for a route that answers it as it is (see jsonText): from a kept namespace's
   * memory, the text read from Redis, so a hit costs no serialization.
   */
  async getOrLoadJson(
    namespace: CacheNamespace,
    parts: Array<string | number>,
    ttlSeconds: number | undefined,
    loader: () => Promise<unknown>,
  ): Promise<string> {
    const inMemory = IN_MEMORY_NAMESPACES.has(namespace);
    const key = this.key(namespace, ...parts);
    const entry = inMemory ? this.fromMemory(key) : undefined;
    if (entry) return entry.json;
    const value = await this.getOrLoad(namespace, parts, ttlSeconds, loader);
    // What getOrLoad just kept in memory is this value, as the text it was parsed from (or written as).
    const kept = inMemory ? this.memory.peek(key) : undefined;
    return kept !== undefined && kept.value === value ? kept.json : JSON.stringify(value);
  }

  async getOrLoad<T>(
    namespace: CacheNamespace,
    parts: Array<string | number>,
    ttlSeconds: number | undefined,
    loader: () => Promise<T>,
  ): Promise<T> {
    const key = this.key(namespace, ...parts);
    const inMemory = IN_MEMORY_NAMESPACES.has(namespace);
    const entry = inMemory ? this.fromMemory(key) : undefined;
    if (entry) return entry.value as T;
    if (this.pendingInvalidations.has(namespace) && !(await this.retryInvalidations(namespace))) return loader();
    const epoch = this.epoch;
    const readAt = performance.now();
    let generation: string;
    try {
      const results = await this.redis.pipeline().get(key).get(this.generationKey(namespace)).exec();
      const cached = results?.[0]?.[1];
      generation = (results?.[1]?.[1] as string | null) ?? '0';
      if (typeof cached === 'string') {
        if (isLogged('debug')) getLogger('cache').debug({ key, event: 'hit' }, 'cache hit');
        return (inMemory ? this.remember(key, namespace, cached, epoch, readAt) : JSON.parse(cached)) as T;
      }
    } catch (error) {
      getLogger('cache').warn({ key, err: error }, 'cache unavailable; loading directly');
      return loader();
    }
    const logger = getLogger('cache');
    logger.debug({ key, event: 'miss' }, 'cache miss');

    const flightKey = `${key}@${generation}`;
    const pending = this.inFlight.get(flightKey) as Promise<T> | undefined;
    if (pending) return pending;
    const load = (async () => {
      const value = await loader();
      try {
        const json = JSON.stringify(value);
        const written = await this.redis.eval(
          WRITE_IF_CURRENT,
          3,
          this.generationKey(namespace),
          this.trackingKey(namespace),
          key,
          generation,
          json,
          String(ttlSeconds ?? this.settings.CACHE_TTL),
        );
        if (inMemory && Number(written) === 1) this.remember(key, namespace, json, epoch, readAt);
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

  /**
   * Deletes every tracked key of the namespace, in every process's view. Call after the write commits. Answers the
   * number of keys deleted, or undefined when Redis could not be reached: the invalidation is then kept and carried
   * out when Redis answers again (pendingInvalidations).
   */
  async invalidateNamespace(namespace: CacheNamespace): Promise<number | undefined> {
    const logger = getLogger('cache');
    // Before and after: a read of this process that overlaps the invalidation keeps nothing in memory.
    this.forget(namespace);
    try {
      const deleted = Number(
        await this.redis.eval(
          INVALIDATE,
          2,
          this.generationKey(namespace),
          this.trackingKey(namespace),
          this.channel,
          namespace,
        ),
      );
      this.forget(namespace);
      const retried = this.pendingInvalidations.delete(namespace);
      logger.info(
        { namespace, event: 'invalidated', count: deleted, ...(retried ? { retried: true } : {}) },
        'cache namespace invalidated',
      );
      return deleted;
    } catch (error) {
      // The write already committed: the invalidation is carried out when Redis answers again.
      this.pendingInvalidations.add(namespace);
      logger.error({ namespace, err: error }, 'cache invalidation failed; kept until Redis answers');
      return undefined;
    }
  }
}

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { CacheNamespace, CacheService } from '../../src/common/cache/cache.service.js';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../src/common/core/core.module.js';
import type { Settings } from '../../src/config/settings.js';
import { OwnRedis } from '../support/redis-server.js';

/**
 * Outside audit N: a write that commits while Redis cannot be reached could not invalidate its namespace, and a
 * Redis that came back with its data (AOF) served the old entries again for their whole TTL.
 */
const redis = await OwnRedis.start({ persist: true });
const client = new Redis(redis.url, {
  maxRetriesPerRequest: 2,
  enableOfflineQueue: true,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
});
client.on('error', () => undefined);
afterAll(async () => {
  client.disconnect();
  await redis.remove();
});
const settings = { CACHE_KEY_PREFIX: 'cache-outage:', CACHE_TTL: 60 } as Settings;
const cache = new CacheService(client, settings);

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an invalidation that cannot reach Redis', () => {
  it('is carried out when Redis is back, so the entries it kept are not served again', async () => {
    const read = (value: string) =>
      cache.getOrLoad(CacheNamespace.QUESTIONNAIRE_VERSIONS, ['FACULTY_FEEDBACK'], 3600, async () => value);
    expect(await read('draft')).toBe('draft');
    expect(await read('not loaded: a hit')).toBe('draft');
    const key = cache.key(CacheNamespace.QUESTIONNAIRE_VERSIONS, 'FACULTY_FEEDBACK');

    await redis.stop();
    // The publish commits; its invalidation cannot reach Redis.
    await cache.invalidateNamespace(CacheNamespace.QUESTIONNAIRE_VERSIONS);
    // Meanwhile reads come from the database.
    expect(await read('active')).toBe('active');

    // Redis comes back with its data: the old entry is there again ...
    await redis.restart();
    const probe = new Redis(redis.url);
    try {
      expect(await probe.ttl(key)).not.toBe(-2);
      // ... until the client reconnects and the kept invalidation is carried out.
      await waitUntil(() => client.status === 'ready', 'the client to reconnect');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await read('active')).toBe('active');
      expect(await read('not loaded: a hit')).toBe('active');
      expect(await probe.get(`${settings.CACHE_KEY_PREFIX}cache-meta:q-versions:generation`)).toBe('2');
    } finally {
      probe.disconnect();
    }
  }, 60_000);

  it('is carried out by the next read of the namespace when the reconnect did not do it', async () => {
    const read = (value: string) =>
      cache.getOrLoad(CacheNamespace.ENROLLMENTS_ME, ['u1', 1, 20], 1800, async () => value);
    expect(await read('four courses')).toBe('four courses');
    await redis.stop();
    await cache.invalidateNamespace(CacheNamespace.ENROLLMENTS_ME);
    await redis.restart();
    // The next read (whether or not the reconnect came first) never answers the entry from before the import.
    expect(await read('five courses')).toBe('five courses');
    expect(await read('not loaded: a hit')).toBe('five courses');
  }, 60_000);
});

import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Settings } from '../../config/settings.js';
import { REDIS, SETTINGS } from '../../common/core/tokens.js';

/**
 * Counts failed logins per username and per client address in Redis, so every API process shares
 * the count. After LOGIN_MAX_FAILURES failures within LOGIN_FAILURE_WINDOW seconds the username is
 * locked for the rest of the window; an address gets four times the allowance (a lab shares one).
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  private keys(username: string, address: string): [string, string] {
    const prefix = `${this.settings.CACHE_KEY_PREFIX}login-failures:`;
    return [`${prefix}user:${username.toLowerCase()}`, `${prefix}ip:${address}`];
  }

  /** Seconds until the caller may try again, or 0 when not locked. */
  async lockedFor(username: string, address: string): Promise<number> {
    const [userKey, addressKey] = this.keys(username, address);
    const results = await this.redis.pipeline().get(userKey).ttl(userKey).get(addressKey).ttl(addressKey).exec();
    const value = (index: number) => Number(results?.[index]?.[1] ?? 0);
    const max = this.settings.LOGIN_MAX_FAILURES;
    if (value(0) >= max) return Math.max(1, value(1));
    if (value(2) >= max * 4) return Math.max(1, value(3));
    return 0;
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const window = this.settings.LOGIN_FAILURE_WINDOW;
    const pipeline = this.redis.pipeline();
    for (const key of this.keys(username, address)) pipeline.incr(key).expire(key, window, 'NX');
    await pipeline.exec();
  }

  async clear(username: string): Promise<void> {
    await this.redis.del(this.keys(username, '')[0]);
  }
}

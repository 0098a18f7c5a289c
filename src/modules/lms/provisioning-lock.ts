import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SETTINGS } from '../../common/core/tokens.js';
import { conflict, unavailable } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import type { CoreSettings } from '../../config/settings.js';

/** How long a lock outlives a holder that died without releasing it. A live holder renews it every third. */
const LOCK_TTL_MS = 60_000;

/** Deletes the lock only when it still holds our token (a lock that expired and was taken by another stays). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
/** Extends the lock only while it still holds our token. */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

export type LockName = 'provisioning' | 'sync';

const BUSY_MESSAGE: Record<LockName, string> = {
  provisioning: 'another learning-system provisioning is running; try again when it has finished',
  sync: 'a learning-system sync is already running; try again when it has finished',
};

/**
 * A cluster-wide mutex in Redis (`SET key token NX PX`), shared by every API and worker process: while one
 * provisioning execute runs, a second one is refused with 409 instead of interleaving its create calls with the
 * first's. It holds no database connection while the holder waits for the learning system. The holder renews
 * it while it works; a holder that dies leaves it to expire after LOCK_TTL_MS.
 */
@Injectable()
export class ProvisioningLock {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: CoreSettings,
  ) {}

  private key(name: LockName): string {
    return `${this.settings.CACHE_KEY_PREFIX}lms:lock:${name}`;
  }

  async run<T>(name: LockName, work: () => Promise<T>): Promise<T> {
    const key = this.key(name);
    const token = randomUUID();
    let acquired: string | null;
    try {
      acquired = await this.redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX');
    } catch (error) {
      throw unavailable('the provisioning lock cannot be taken: Redis is unavailable', error);
    }
    if (acquired !== 'OK') throw conflict(BUSY_MESSAGE[name]);
    const renewal = setInterval(() => {
      this.redis.eval(RENEW, 1, key, token, LOCK_TTL_MS).catch(() => undefined);
    }, LOCK_TTL_MS / 3);
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.redis
        .eval(RELEASE, 1, key, token)
        .catch((error: unknown) =>
          getLogger('lms').warn({ err: error, lock: name }, 'lock release failed; it expires'),
        );
    }
  }
}

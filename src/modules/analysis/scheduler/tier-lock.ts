import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { getLogger } from '../../../common/logging/logger.js';

/** Deletes the lock only while it is still ours. KEYS: lock. ARGV: token. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
/** Extends the lock only while it is still ours. KEYS: lock. ARGV: token, ttl (ms). */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * A Redis lock held by one run of a tier across every worker process: SET NX with a random token and a TTL, renewed
 * every third of the TTL while the run lasts, released with a compare-and-delete so a run never frees a lock that
 * expired and was taken by another. If the holder dies, the lock expires after the TTL. No PostgreSQL connection
 * is held while it is, so the run's own queries never wait behind it.
 */
export class TierLock {
  private renewal: NodeJS.Timeout | undefined;
  private lost = false;

  private constructor(
    private readonly redis: Redis,
    readonly key: string,
    private readonly token: string,
    private readonly ttlMs: number,
  ) {}

  /** The lock, or null when another run holds it. */
  static async acquire(redis: Redis, key: string, ttlMs: number): Promise<TierLock | null> {
    const token = randomUUID();
    if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
    const lock = new TierLock(redis, key, token, ttlMs);
    lock.renewal = setInterval(() => void lock.renew(), Math.max(Math.floor(ttlMs / 3), 1));
    lock.renewal.unref();
    return lock;
  }

  /** False once a renewal found the lock gone or someone else's (the run should stop). */
  get held(): boolean {
    return !this.lost;
  }

  private async renew(): Promise<void> {
    try {
      if ((await this.redis.eval(RENEW, 1, this.key, this.token, String(this.ttlMs))) === 0) {
        this.lost = true;
        clearInterval(this.renewal);
      }
    } catch (error) {
      // Redis away for a moment: the lock keeps its TTL; the next renewal tries again.
      getLogger('scheduler').warn({ lock: this.key, err: error }, 'could not renew the tier lock');
    }
  }

  async release(): Promise<void> {
    clearInterval(this.renewal);
    await this.redis.eval(RELEASE, 1, this.key, this.token).catch(() => undefined);
  }
}

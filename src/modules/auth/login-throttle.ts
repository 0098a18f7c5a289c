import { isIPv4, isIPv6 } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Settings } from '../../config/settings.js';
import { REDIS, SETTINGS } from '../../common/core/tokens.js';
import { rateLimited, unavailable } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';

export const TOO_MANY_ATTEMPTS = 'too many failed login attempts; try again later';

/** An address may make this many times LOGIN_MAX_FAILURES checks per window: a lab shares one NAT address. */
export const ADDRESS_FACTOR = 4;
/** All addresses together may make this many times LOGIN_MAX_FAILURES checks of one username... */
export const USERNAME_FACTOR = 10;
/** ...per this many seconds: short, so a distributed attack cannot lock an account out for long. */
export const USERNAME_WINDOW_SECONDS = 60;

function expandIPv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The source a login attempt is counted against. IPv4 addresses count as themselves (an IPv4-mapped
 * IPv6 address as its IPv4 address); IPv6 addresses count by their /64, since one host commonly holds
 * a whole /64 and could otherwise rotate through addresses for fresh allowances.
 */
export function throttleSource(address: string): string {
  const bare = address.split('%')[0] ?? address;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = expandIPv6(bare);
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** An admitted login attempt: call `succeeded()` when the password was right; a failure keeps its count. */
export interface LoginAdmission {
  succeeded(): Promise<void>;
}

interface Step {
  limiter: RateLimiterRedis;
  key: string;
}

/**
 * Counts password checks BEFORE they happen, atomically in Redis (rate-limiter-flexible's
 * RateLimiterRedis: one INCRBY script per counter), so every API process shares the counts and
 * concurrent attempts cannot slip past a check-then-record gap. Counters, in order:
 *
 * 1. username + source: LOGIN_MAX_FAILURES per LOGIN_FAILURE_WINDOW seconds (fixed window from the
 *    first counted check); a successful login resets it.
 * 2. source: ADDRESS_FACTOR × LOGIN_MAX_FAILURES per window; a successful login gives its point back.
 * 3. username from anywhere: USERNAME_FACTOR × LOGIN_MAX_FAILURES per USERNAME_WINDOW_SECONDS; a
 *    successful login gives its point back. Large and short: it slows a distributed guess at one
 *    account, and locks that account out for at most a minute.
 *
 * An attempt refused by a counter gives back the points it took from the counters before it, so each
 * counter counts exactly the checks that reached the password verifier (minus the successes).
 * While Redis cannot be reached each process counts in its own memory (the limiters' insurance), so
 * logins keep working and stay limited, per process.
 */
@Injectable()
export class LoginThrottle {
  private readonly byUsernameAndSource: RateLimiterRedis;
  private readonly bySource: RateLimiterRedis;
  private readonly byUsername: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(SETTINGS) settings: Settings) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: false,
        // Not ready (reconnecting) → straight to the in-memory insurance instead of queueing.
        rejectIfRedisNotReady: true,
        keyPrefix: `${settings.CACHE_KEY_PREFIX}login-throttle:${name}`,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
      });
    const max = settings.LOGIN_MAX_FAILURES;
    const window = settings.LOGIN_FAILURE_WINDOW;
    this.byUsernameAndSource = limiter('username-source', max, window);
    this.bySource = limiter('source', max * ADDRESS_FACTOR, window);
    this.byUsername = limiter('username', max * USERNAME_FACTOR, USERNAME_WINDOW_SECONDS);
  }

  /**
   * Takes one point from each counter before the password is checked. Throws rate-limited (429 with
   * Retry-After) when any counter is spent.
   */
  async admit(username: string, address: string): Promise<LoginAdmission> {
    const name = username.toLowerCase();
    const source = throttleSource(address);
    const usernameAndSource: Step = { limiter: this.byUsernameAndSource, key: `${source}|${name}` };
    const fromSource: Step = { limiter: this.bySource, key: source };
    const forUsername: Step = { limiter: this.byUsername, key: name };
    const steps = [usernameAndSource, fromSource, forUsername];
    const taken: Step[] = [];
    for (const step of steps) {
      try {
        await step.limiter.consume(step.key);
        taken.push(step);
      } catch (error) {
        await Promise.allSettled(taken.map((earlier) => earlier.limiter.reward(earlier.key)));
        if (error instanceof RateLimiterRes) {
          const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
          getLogger('auth').info({ username, source, counter: step.limiter.keyPrefix, retryAfter }, 'login throttled');
          throw rateLimited(TOO_MANY_ATTEMPTS, retryAfter);
        }
        throw unavailable('login throttle unavailable', error);
      }
    }
    return {
      // A success is not a failure: reset the username + address count, give the other two their point back.
      succeeded: async () => {
        await Promise.allSettled([
          usernameAndSource.limiter.delete(usernameAndSource.key),
          fromSource.limiter.reward(fromSource.key),
          forUsername.limiter.reward(forUsername.key),
        ]);
      },
    };
  }
}

import { randomUUID } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Settings } from '../../config/settings.js';
import { REDIS, SETTINGS } from '../../common/core/tokens.js';
import { rateLimited } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import {
  type CheckOutcome,
  type CounterAnswer,
  type CounterKey,
  type CounterSpec,
  type LoginThrottleStore,
  MemoryLoginThrottleStore,
  RedisLoginThrottleStore,
} from './login-throttle-store.js';
import { usernameKey } from '../../common/text/usernames.js';

export const TOO_MANY_ATTEMPTS = 'too many failed login attempts; try again later';
/** When only checks running now fill a counter (a burst of logins at once, right passwords too): none failed. */
export const TOO_MANY_AT_ONCE = 'too many login attempts at once; try again in a moment';

/**
 * An address may fail at least this many times LOGIN_MAX_FAILURES checks per window, across usernames, and as
 * many as LOGIN_ADDRESS_CONCURRENCY when that is more: a lab of that size behind one NAT address, each student
 * mistyping once at the same moment, does not lock the whole lab out for the window.
 */
export const ADDRESS_FACTOR = 4;
/** All addresses together may fail this many times LOGIN_MAX_FAILURES checks of one username... */
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

/**
 * An admitted password check. Report its outcome exactly once: `succeeded()` (the password was right),
 * `failed()` (it was wrong: the only outcome that counts), or `abandoned()` (no verdict, e.g. the database
 * failed). None of them throws.
 */
export interface LoginAdmission {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  abandoned(): Promise<void>;
}

/**
 * Throttles password checks by their failures, atomically in Redis so every API process shares the counts.
 * Three counters, each admitting a check while its failures are under the failure limit and its failures
 * plus the checks still running are under the check limit (see login-throttle-store.ts):
 *
 * 1. username + source: LOGIN_MAX_FAILURES failures per LOGIN_FAILURE_WINDOW seconds (a fixed window from
 *    the first failure), checks limited alike, so however many guesses arrive at once at most
 *    LOGIN_MAX_FAILURES reach the verifier; a successful login clears it.
 * 2. source: LOGIN_ADDRESS_CONCURRENCY (at least ADDRESS_FACTOR × LOGIN_MAX_FAILURES) failures per window,
 *    and as many failed-or-running checks: a computer lab behind one NAT address signs in at once, while a
 *    guessing run across usernames gets at most that many checks a window. A successful login takes the failures
 *    its username made from that address (counter 1's, before it clears) off this counter: a lab's typing
 *    errors, each followed by its student getting in, never add up to a lock of the whole lab, while a
 *    guess at other usernames is never taken back (getting in as one account forgives only that account's
 *    own mistakes, at most LOGIN_MAX_FAILURES a window).
 * 3. username from anywhere: USERNAME_FACTOR × LOGIN_MAX_FAILURES failures per USERNAME_WINDOW_SECONDS:
 *    large and short, it slows a distributed guess at one account and locks it for at most a minute.
 *
 * Counting failures, not attempts, is what keeps a lab in: a successful login never takes allowance, and
 * a refused attempt records nothing, so refusals cannot prolong or fill a lock. The running checks are
 * the admission's reservation, so a burst cannot pass a check-then-record gap either.
 * While Redis cannot be reached each process applies the same rule in its own memory.
 */
@Injectable()
export class LoginThrottle {
  private readonly shared: RedisLoginThrottleStore;
  private readonly local = new MemoryLoginThrottleStore();
  private readonly byUsernameAndSource: CounterSpec;
  private readonly bySource: CounterSpec;
  private readonly byUsername: CounterSpec;

  constructor(@Inject(REDIS) redis: Redis, @Inject(SETTINGS) settings: Settings) {
    this.shared = new RedisLoginThrottleStore(redis, `${settings.CACHE_KEY_PREFIX}login-throttle:`);
    const max = settings.LOGIN_MAX_FAILURES;
    const windowMs = settings.LOGIN_FAILURE_WINDOW * 1000;
    this.byUsernameAndSource = {
      name: 'username-source',
      failureLimit: max,
      checkLimit: max,
      windowMs,
      resetOnSuccess: true,
    };
    const addressLimit = Math.max(max * ADDRESS_FACTOR, settings.LOGIN_ADDRESS_CONCURRENCY);
    this.bySource = {
      name: 'source',
      failureLimit: addressLimit,
      checkLimit: addressLimit,
      windowMs,
      resetOnSuccess: false,
      creditOnSuccess: true,
    };
    this.byUsername = {
      name: 'username',
      failureLimit: max * USERNAME_FACTOR,
      checkLimit: max * USERNAME_FACTOR,
      windowMs: USERNAME_WINDOW_SECONDS * 1000,
      resetOnSuccess: false,
    };
  }

  /** Admits one password check, or throws rate-limited (429 with Retry-After) when a counter refuses it. */
  async admit(username: string, address: string): Promise<LoginAdmission> {
    const name = usernameKey(username);
    const source = throttleSource(address);
    const counters: CounterKey[] = [
      { counter: this.byUsernameAndSource, key: `${source}|${name}` },
      { counter: this.bySource, key: source },
      { counter: this.byUsername, key: name },
    ];
    const token = randomUUID();
    let store: LoginThrottleStore = this.shared.ready ? this.shared : this.local;
    let answers: CounterAnswer[];
    try {
      answers = await store.admit(counters, token);
    } catch (error) {
      getLogger('auth').warn({ err: error }, 'login throttle: Redis failed; counting in memory');
      store = this.local;
      answers = await store.admit(counters, token);
    }
    const refusing = answers.filter((answer) => answer.waitMs > 0);
    if (refusing.length > 0) {
      const retryAfter = Math.max(1, Math.ceil(Math.max(...refusing.map((answer) => answer.waitMs)) / 1000));
      const refusedBy = counters
        .filter((_, index) => (answers[index]?.waitMs ?? 0) > 0)
        .map(({ counter }) => counter.name);
      // Not the username: what was typed there may be a password (outside audit AA). The source and counters say enough.
      getLogger('auth').info({ source, refusedBy, retryAfter }, 'login throttled');
      // Refused only for the checks running now (six logins of one account at once, the right password in each):
      // nothing failed, and the message must not say it did.
      throw rateLimited(refusing.every((answer) => answer.busy) ? TOO_MANY_AT_ONCE : TOO_MANY_ATTEMPTS, retryAfter);
    }
    const settle = (outcome: CheckOutcome) => this.settle(store, counters, token, outcome);
    return {
      succeeded: () => settle('success'),
      failed: () => settle('failure'),
      abandoned: () => settle('abandoned'),
    };
  }

  private async settle(store: LoginThrottleStore, counters: CounterKey[], token: string, outcome: CheckOutcome) {
    try {
      await store.settle(counters, token, outcome);
    } catch (error) {
      // The running entry in Redis expires by itself; the failure must still count somewhere.
      getLogger('auth').warn({ err: error, outcome }, 'login throttle: Redis failed; recording in memory');
      await this.local.settle(counters, token, outcome);
    }
  }
}

import type { Redis } from 'ioredis';

/**
 * One login counter. It admits a password check while its failures in the window are under
 * `failureLimit` and its failures plus the checks still running are under `checkLimit`. Only a failed
 * check is recorded; a refused attempt records nothing and a successful check only ends its running entry.
 */
export interface CounterSpec {
  name: string;
  failureLimit: number;
  /** Bounds failed-plus-running checks, so a burst cannot push more checks through than this. */
  checkLimit: number;
  /** A fixed window from the first failure counted in it. */
  windowMs: number;
  /** A successful login clears this counter's failures. */
  resetOnSuccess: boolean;
  /**
   * A successful login takes back from this counter the failures the `resetOnSuccess` counters of the same
   * check held (the user's own mistakes before getting in), so typing errors of people who then sign in do
   * not add up against a shared address. Never below 0.
   */
  creditOnSuccess?: boolean;
}

export interface CounterKey {
  counter: CounterSpec;
  key: string;
}

export type CheckOutcome = 'success' | 'failure' | 'abandoned';

/**
 * How long a running check holds its place when its process never reports the outcome (it crashed): far
 * longer than an argon2 check under load, short enough that a crash does not block an address for long.
 */
export const CHECK_HOLD_MS = 30_000;

/** Retry-After for a counter that is full of running checks, not of failures: those end within a second. */
export const BUSY_RETRY_MS = 1_000;

/**
 * One counter's answer to an admission: `waitMs` 0 when it admits, else the milliseconds after which it may;
 * `busy` when it refuses for the checks running now (BUSY_RETRY_MS), not for failures.
 */
export interface CounterAnswer {
  waitMs: number;
  busy: boolean;
}

/** The Lua script's answer per counter (ADMIT): 0, the failures' wait, or the busy wait negated. */
function counterAnswer(wait: number): CounterAnswer {
  return wait < 0 ? { waitMs: -wait, busy: true } : { waitMs: wait, busy: false };
}

export interface LoginThrottleStore {
  /**
   * Admits the check on every counter or on none, atomically. Answers per counter; when any refuses (a `waitMs`
   * over 0) nothing was recorded.
   */
  admit(counters: CounterKey[], token: string): Promise<CounterAnswer[]>;
  /**
   * Ends the check `token`: records a failure; on success clears the `resetOnSuccess` counters and takes the
   * failures they held off the `creditOnSuccess` counters.
   */
  settle(counters: CounterKey[], token: string, outcome: CheckOutcome): Promise<void>;
}

// KEYS: per counter, its failures key then its running-checks key (a sorted set: token → deadline).
// ARGV: token, hold ms, busy ms, then per counter its failure limit and check limit. Answers per counter 0 (admitted),
// the failures' wait in ms, or the busy wait negated (full of running checks).
const ADMIT = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local counters = #KEYS / 2
local waits = {}
local refused = false
for i = 1, counters do
  local failuresKey, runningKey = KEYS[2 * i - 1], KEYS[2 * i]
  local failureLimit, checkLimit = tonumber(ARGV[2 + 2 * i]), tonumber(ARGV[3 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', runningKey, '-inf', now)
  local failures = tonumber(redis.call('GET', failuresKey) or '0')
  local running = redis.call('ZCARD', runningKey)
  local wait = 0
  if failures >= failureLimit then
    wait = math.max(1, redis.call('PTTL', failuresKey))
  elseif failures + running >= checkLimit then
    wait = -tonumber(ARGV[3])
  end
  waits[i] = wait
  if wait ~= 0 then refused = true end
end
if not refused then
  local deadline = now + tonumber(ARGV[2])
  for i = 1, counters do
    redis.call('ZADD', KEYS[2 * i], deadline, ARGV[1])
    redis.call('PEXPIRE', KEYS[2 * i], ARGV[2])
  end
end
return waits
`;

// KEYS: as ADMIT. ARGV: token, outcome, then per counter its window ms and what a success does to it ('reset',
// 'credit' or 'keep').
const SETTLE = `
local credit = 0
for i = 1, #KEYS / 2 do
  local failuresKey, runningKey = KEYS[2 * i - 1], KEYS[2 * i]
  redis.call('ZREM', runningKey, ARGV[1])
  if ARGV[2] == 'failure' then
    redis.call('INCR', failuresKey)
    if redis.call('PTTL', failuresKey) < 0 then redis.call('PEXPIRE', failuresKey, ARGV[1 + 2 * i]) end
  elseif ARGV[2] == 'success' and ARGV[2 + 2 * i] == 'reset' then
    credit = credit + tonumber(redis.call('GET', failuresKey) or '0')
    redis.call('DEL', failuresKey)
  end
end
if ARGV[2] == 'success' and credit > 0 then
  for i = 1, #KEYS / 2 do
    local failuresKey = KEYS[2 * i - 1]
    local failures = tonumber(redis.call('GET', failuresKey) or '0')
    if ARGV[2 + 2 * i] == 'credit' and failures > 0 then
      if redis.call('DECRBY', failuresKey, math.min(credit, failures)) <= 0 then redis.call('DEL', failuresKey) end
    end
  end
end
return 0
`;

/** What a successful check does to a counter (SETTLE's argument). */
function onSuccess(counter: CounterSpec): 'reset' | 'credit' | 'keep' {
  if (counter.resetOnSuccess) return 'reset';
  return counter.creditOnSuccess ? 'credit' : 'keep';
}

/** Shared by every API process: both steps are single Lua scripts, so concurrent checks cannot interleave. */
export class RedisLoginThrottleStore implements LoginThrottleStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  async admit(counters: CounterKey[], token: string): Promise<CounterAnswer[]> {
    const limits = counters.flatMap(({ counter }) => [counter.failureLimit, counter.checkLimit]);
    const waits = (await this.redis.eval(
      ADMIT,
      counters.length * 2,
      ...this.keys(counters),
      token,
      CHECK_HOLD_MS,
      BUSY_RETRY_MS,
      ...limits,
    )) as number[];
    return waits.map((wait) => counterAnswer(Number(wait)));
  }

  async settle(counters: CounterKey[], token: string, outcome: CheckOutcome): Promise<void> {
    const windows = counters.flatMap(({ counter }) => [counter.windowMs, onSuccess(counter)]);
    await this.redis.eval(SETTLE, counters.length * 2, ...this.keys(counters), token, outcome, ...windows);
  }

  private keys(counters: CounterKey[]): string[] {
    return counters.flatMap(({ counter, key }) => [
      `${this.keyPrefix}${counter.name}:failures:${key}`,
      `${this.keyPrefix}${counter.name}:running:${key}`,
    ]);
  }
}

interface MemoryEntry {
  failures: number;
  /** When the failures are forgotten; meaningless while `failures` is 0. */
  resetAt: number;
  /** Running checks: token → deadline. */
  running: Map<string, number>;
}

/** How often the memory store drops entries that hold nothing any more, so an outage cannot grow it without end. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The same rule in one process's memory: the insurance while Redis cannot be reached, so logins keep
 * working and stay limited (per process). Synchronous, so each step is atomic within the process.
 */
export class MemoryLoginThrottleStore implements LoginThrottleStore {
  private readonly entries = new Map<string, MemoryEntry>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  admit(counters: CounterKey[], token: string): Promise<CounterAnswer[]> {
    const now = this.now();
    this.sweep(now);
    const entries = counters.map((counterKey) => this.entry(counterKey, now));
    const waits = counters.map(({ counter }, index) => {
      const entry = entries[index] as MemoryEntry;
      if (entry.failures >= counter.failureLimit) return { waitMs: Math.max(1, entry.resetAt - now), busy: false };
      if (entry.failures + entry.running.size >= counter.checkLimit) return { waitMs: BUSY_RETRY_MS, busy: true };
      return { waitMs: 0, busy: false };
    });
    if (waits.every((wait) => wait.waitMs === 0)) {
      for (const entry of entries) entry.running.set(token, now + CHECK_HOLD_MS);
    }
    return Promise.resolve(waits);
  }

  settle(counters: CounterKey[], token: string, outcome: CheckOutcome): Promise<void> {
    const now = this.now();
    let credit = 0;
    const entries = counters.map((counterKey) => this.entry(counterKey, now));
    counters.forEach((counterKey, index) => {
      const entry = entries[index] as MemoryEntry;
      entry.running.delete(token);
      if (outcome === 'failure') {
        if (entry.failures === 0) entry.resetAt = now + counterKey.counter.windowMs;
        entry.failures += 1;
      } else if (outcome === 'success' && counterKey.counter.resetOnSuccess) {
        credit += entry.failures;
        entry.failures = 0;
      }
    });
    if (outcome === 'success' && credit > 0) {
      counters.forEach(({ counter }, index) => {
        const entry = entries[index] as MemoryEntry;
        if (onSuccess(counter) === 'credit') entry.failures = Math.max(0, entry.failures - credit);
      });
    }
    return Promise.resolve();
  }

  /** The entry with its expired failures and running checks dropped. */
  private entry({ counter, key }: CounterKey, now: number): MemoryEntry {
    const id = `${counter.name}|${key}`;
    let entry = this.entries.get(id);
    if (!entry) {
      entry = { failures: 0, resetAt: 0, running: new Map() };
      this.entries.set(id, entry);
    }
    MemoryLoginThrottleStore.expire(entry, now);
    return entry;
  }

  private static expire(entry: MemoryEntry, now: number): void {
    if (entry.failures > 0 && entry.resetAt <= now) entry.failures = 0;
    for (const [token, deadline] of entry.running) if (deadline <= now) entry.running.delete(token);
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [id, entry] of this.entries) {
      MemoryLoginThrottleStore.expire(entry, now);
      if (entry.failures === 0 && entry.running.size === 0) this.entries.delete(id);
    }
  }
}

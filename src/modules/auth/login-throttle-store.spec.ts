import { describe, expect, it } from 'vitest';
import {
  BUSY_RETRY_MS,
  CHECK_HOLD_MS,
  type CounterKey,
  type CounterSpec,
  MemoryLoginThrottleStore,
} from './login-throttle-store.js';

const WINDOW_MS = 900_000;

function counter(failureLimit: number, checkLimit: number, resetOnSuccess = false): CounterKey {
  const spec: CounterSpec = { name: 'source', failureLimit, checkLimit, windowMs: WINDOW_MS, resetOnSuccess };
  return { counter: spec, key: '203.0.113.7' };
}

function storeAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, store: new MemoryLoginThrottleStore(() => clock.now) };
}

/** Each counter's wait: 0 when it admits, else the milliseconds after which it may. */
async function admitWaits(store: MemoryLoginThrottleStore, counters: CounterKey[], token: string) {
  return (await store.admit(counters, token)).map((answer) => answer.waitMs);
}

async function admitMany(store: MemoryLoginThrottleStore, counters: CounterKey[], count: number, prefix: string) {
  const waits: number[][] = [];
  for (let index = 0; index < count; index += 1) waits.push(await admitWaits(store, counters, `${prefix}${index}`));
  return waits;
}

describe('MemoryLoginThrottleStore', () => {
  it('admits up to the check limit at once, refuses the rest for a second, and records none of the refusals', async () => {
    const { store } = storeAt();
    const lab = [counter(20, 60)];
    const waits = await admitMany(store, lab, 70, 'student-');
    expect(waits.filter(([wait]) => wait === 0)).toHaveLength(60);
    expect(waits.slice(60)).toEqual(Array.from({ length: 10 }, () => [BUSY_RETRY_MS]));
    for (let index = 0; index < 60; index += 1) await store.settle(lab, `student-${index}`, 'success');
    // Successes and refusals took nothing: the next sixty are admitted as the first were.
    const again = await admitMany(store, lab, 60, 'again-');
    expect(again.every(([wait]) => wait === 0)).toBe(true);
  });

  it('locks for the window from the first failure once the failures reach the limit, then forgets them', async () => {
    const { clock, store } = storeAt();
    const one = [counter(3, 3)];
    for (let index = 0; index < 3; index += 1) {
      expect(await admitWaits(store, one, `guess-${index}`)).toEqual([0]);
      await store.settle(one, `guess-${index}`, 'failure');
      clock.now += 1_000;
    }
    expect(await admitWaits(store, one, 'locked')).toEqual([WINDOW_MS - 3_000]);
    clock.now += WINDOW_MS - 3_000;
    expect(await admitWaits(store, one, 'later')).toEqual([0]);
  });

  it('counts failures plus running checks against the check limit, failures alone against the failure limit', async () => {
    const { store } = storeAt();
    const address = [counter(2, 5)];
    expect(await admitWaits(store, address, 'wrong-1')).toEqual([0]);
    await store.settle(address, 'wrong-1', 'failure');
    expect((await admitMany(store, address, 5, 'burst-')).map(([wait]) => wait)).toEqual([0, 0, 0, 0, BUSY_RETRY_MS]);
    for (let index = 0; index < 4; index += 1) await store.settle(address, `burst-${index}`, 'failure');
    expect((await admitWaits(store, address, 'after'))[0]).toBeGreaterThan(BUSY_RETRY_MS);
  });

  it('tells a refusal for checks running now (busy) from one for failures', async () => {
    const { store } = storeAt();
    const one = [counter(1, 2)];
    expect(await store.admit(one, 'first')).toEqual([{ waitMs: 0, busy: false }]);
    expect(await store.admit(one, 'second')).toEqual([{ waitMs: 0, busy: false }]);
    // Two checks running, none failed: the third is refused for a second, as busy.
    expect(await store.admit(one, 'third')).toEqual([{ waitMs: BUSY_RETRY_MS, busy: true }]);
    await store.settle(one, 'first', 'failure');
    await store.settle(one, 'second', 'success');
    // A failure reached the failure limit: refused for the window, not as busy.
    expect(await store.admit(one, 'fourth')).toEqual([{ waitMs: WINDOW_MS, busy: false }]);
  });

  it('admits on every counter or on none', async () => {
    const { store } = storeAt();
    const open = counter(5, 5);
    const full = { counter: { ...counter(1, 1).counter, name: 'username' }, key: 'victim' };
    expect(await admitWaits(store, [full], 'holder')).toEqual([0]);
    expect(await admitWaits(store, [open, full], 'refused')).toEqual([0, BUSY_RETRY_MS]);
    // The refused attempt holds no place on the counter that would have admitted it.
    expect(await admitMany(store, [open], 5, 'fits-')).toEqual(Array.from({ length: 5 }, () => [0]));
  });

  it("takes a succeeding user's own failures off a credit-on-success counter, and nobody else's", async () => {
    const { store } = storeAt();
    const address = { counter: { ...counter(4, 60).counter, creditOnSuccess: true }, key: '203.0.113.7' };
    const pair = (username: string) => ({ counter: { ...counter(5, 5, true).counter, name: 'pair' }, key: username });
    // Three students mistype twice each and then get in: six failures, all taken back.
    for (const student of ['ana', 'ben', 'cy']) {
      for (const attempt of [1, 2]) {
        expect(await admitWaits(store, [pair(student), address], `${student}-${attempt}`)).toEqual([0, 0]);
        await store.settle([pair(student), address], `${student}-${attempt}`, 'failure');
      }
      expect(await admitWaits(store, [pair(student), address], `${student}-in`)).toEqual([0, 0]);
      await store.settle([pair(student), address], `${student}-in`, 'success');
    }
    // Guesses at other usernames stay counted: four of them fill the counter, and a success takes none back.
    for (const guess of ['x1', 'x2', 'x3', 'x4']) {
      expect(await admitWaits(store, [pair(guess), address], guess)).toEqual([0, 0]);
      await store.settle([pair(guess), address], guess, 'failure');
    }
    expect((await admitWaits(store, [pair('dee'), address], 'dee'))[1]).toBeGreaterThan(BUSY_RETRY_MS);
  });

  it('clears a reset-on-success counter on success, and a check never settled frees its place after the hold', async () => {
    const { clock, store } = storeAt();
    const pair = [counter(2, 2, true)];
    await admitWaits(store, pair, 'wrong');
    await store.settle(pair, 'wrong', 'failure');
    await admitWaits(store, pair, 'right');
    await store.settle(pair, 'right', 'success');
    expect(await admitMany(store, pair, 3, 'crashed-')).toEqual([[0], [0], [BUSY_RETRY_MS]]);
    clock.now += CHECK_HOLD_MS;
    expect(await admitWaits(store, pair, 'after-crash')).toEqual([0]);
  });
});

import { describe, expect, it } from 'vitest';
import { CALLS_IN_FLIGHT, CallSlots, CallsBeside, callInBatchesStoringBehind } from './batch-calls.js';

/** A call or a write the test settles itself. */
interface Pending<T> {
  label: string;
  signal?: AbortSignal;
  resolve(value: T): void;
  reject(error: Error): void;
}

function recorder() {
  const events: string[] = [];
  const calls: Array<Pending<number[]>> = [];
  const writes: Array<Pending<void>> = [];
  let callsInFlight = 0;
  let writesInFlight = 0;
  const peaks = { calls: 0, writes: 0 };
  const call = (batch: readonly number[], signal: AbortSignal) =>
    new Promise<number[]>((resolve, reject) => {
      const label = `call ${batch.join(',')}`;
      events.push(label);
      callsInFlight += 1;
      peaks.calls = Math.max(peaks.calls, callsInFlight);
      let settled = false;
      const settle = () => {
        settled = true;
        callsInFlight -= 1;
      };
      signal.addEventListener('abort', () => {
        // An abort reaches only a call still in flight (fetch ignores it once the answer is read).
        if (settled) return;
        events.push(`aborted ${label}`);
        settle();
        reject(signal.reason as Error);
      });
      calls.push({
        label,
        signal,
        resolve: (value) => {
          settle();
          resolve(value);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
    });
  const store = (answer: number[]) =>
    new Promise<void>((resolve, reject) => {
      const label = `store ${answer.join(',')}`;
      events.push(label);
      writesInFlight += 1;
      peaks.writes = Math.max(peaks.writes, writesInFlight);
      writes.push({
        label,
        resolve: () => {
          writesInFlight -= 1;
          events.push(`stored ${answer.join(',')}`);
          resolve();
        },
        reject: (error) => {
          writesInFlight -= 1;
          reject(error);
        },
      });
    });
  return { events, calls, writes, peaks, call, store };
}

/** Lets every settled promise run its continuations. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('callInBatchesStoringBehind', () => {
  it('keeps CALLS_IN_FLIGHT calls going, stores the answers in order and one write at a time', async () => {
    const r = recorder();
    const done = callInBatchesStoringBehind([1, 2, 3, 4, 5], 2, r.call, r.store);
    await settle();
    expect(r.events).toEqual(['call 1,2', 'call 3,4']);
    // The second batch answers first: the third is called at once (two calls in flight again), and nothing is
    // stored before the first batch's answer.
    r.calls[1]?.resolve([3, 4]);
    await settle();
    expect(r.events).toEqual(['call 1,2', 'call 3,4', 'call 5']);
    r.calls[0]?.resolve([1, 2]);
    await settle();
    expect(r.events).toEqual(['call 1,2', 'call 3,4', 'call 5', 'store 1,2']);
    // The second answer waits for the first write.
    await settle();
    expect(r.events.filter((event) => event.startsWith('store'))).toEqual(['store 1,2']);
    r.writes[0]?.resolve();
    await settle();
    expect(r.events.slice(-2)).toEqual(['stored 1,2', 'store 3,4']);
    r.calls[2]?.resolve([5]);
    r.writes[1]?.resolve();
    await settle();
    r.writes[2]?.resolve();
    await done;
    expect(r.events.filter((event) => event.startsWith('stored'))).toEqual(['stored 1,2', 'stored 3,4', 'stored 5']);
    expect(r.peaks).toEqual({ calls: CALLS_IN_FLIGHT, writes: 1 });
  });

  it('a failed call aborts the call still in flight, stores nothing after it and rejects once all have settled', async () => {
    const r = recorder();
    let failed: unknown;
    const done = callInBatchesStoringBehind([1, 2, 3, 4, 5, 6], 2, r.call, r.store).catch((error: unknown) => {
      failed = error;
    });
    await settle();
    r.calls[0]?.resolve([1, 2]);
    await settle();
    r.writes[0]?.resolve();
    r.calls[1]?.reject(new Error('worker failed'));
    await settle();
    await done;
    expect((failed as Error).message).toBe('worker failed');
    expect(r.events).toEqual(['call 1,2', 'call 3,4', 'call 5,6', 'store 1,2', 'stored 1,2', 'aborted call 5,6']);
    expect(r.calls[2]?.signal?.aborted).toBe(true);
  });

  it('a failed write fails the loop; the calls in flight are aborted', async () => {
    const r = recorder();
    let failed: unknown;
    const done = callInBatchesStoringBehind([1, 2, 3], 1, r.call, r.store).catch((error: unknown) => {
      failed = error;
    });
    await settle();
    r.calls[0]?.resolve([1]);
    await settle();
    r.writes[0]?.reject(new Error('write failed'));
    r.calls[1]?.resolve([2]);
    await settle();
    await done;
    expect((failed as Error).message).toBe('write failed');
    expect(r.events).toEqual(['call 1', 'call 2', 'call 3', 'store 1', 'aborted call 3']);
  });

  it('calls at most CALLS_IN_FLIGHT + 1 batches ahead of the write being made', async () => {
    const r = recorder();
    const done = callInBatchesStoringBehind([1, 2, 3, 4, 5, 6, 7], 1, r.call, r.store);
    await settle();
    r.calls[0]?.resolve([1]);
    await settle();
    // The first write is slow: answers come, but no more than CALLS_IN_FLIGHT + 1 batches are called past it.
    r.calls[1]?.resolve([2]);
    r.calls[2]?.resolve([3]);
    await settle();
    r.calls[3]?.resolve([4]);
    await settle();
    expect(r.events).toEqual(['call 1', 'call 2', 'call 3', 'store 1', 'call 4']);
    expect(r.calls).toHaveLength(1 + CALLS_IN_FLIGHT + 1);
    r.writes[0]?.resolve();
    await settle();
    expect(r.events.slice(-3)).toEqual(['stored 1', 'call 5', 'store 2']);
    // The rest answered and written as they come.
    let calls = 4;
    let writes = 1;
    while (writes < 7) {
      for (; calls < r.calls.length; calls += 1) r.calls[calls]?.resolve([calls + 1]);
      for (; writes < r.writes.length; writes += 1) r.writes[writes]?.resolve();
      await settle();
    }
    await done;
    expect(r.events.filter((event) => event.startsWith('stored'))).toHaveLength(7);
    expect(r.peaks).toEqual({ calls: CALLS_IN_FLIGHT, writes: 1 });
  });

  it('calls nothing for no items', async () => {
    const r = recorder();
    await callInBatchesStoringBehind([], 2, r.call, r.store);
    expect(r.events).toEqual([]);
  });
});

describe('CallsBeside', () => {
  it("shares the stage's slots: the two never have more than CALLS_IN_FLIGHT calls in flight together", async () => {
    const stage = recorder();
    const beside = recorder();
    const slots = new CallSlots();
    const errors: unknown[] = [];
    let together = 0;
    let peak = 0;
    const counted =
      (call: typeof stage.call) =>
      (batch: readonly number[], signal: AbortSignal): Promise<number[]> => {
        together += 1;
        peak = Math.max(peak, together);
        const pending = call(batch, signal);
        const end = () => {
          together -= 1;
        };
        pending.then(end, end);
        return pending;
      };
    const extra = new CallsBeside(slots, 2, counted(beside.call), beside.store, (error) => errors.push(error));
    const done = callInBatchesStoringBehind([1, 2, 3, 4, 5, 6], 2, counted(stage.call), stage.store, slots);
    await settle();
    extra.add([10, 11, 12]);
    await settle();
    // Both slots are the stage's: the items wait.
    expect(stage.events).toEqual(['call 1,2', 'call 3,4']);
    expect(beside.events).toEqual([]);
    stage.calls[0]?.resolve([1, 2]);
    await settle();
    // The slot that came back goes to whoever waited first: the stage, for its third batch.
    expect(stage.events).toEqual(['call 1,2', 'call 3,4', 'call 5,6', 'store 1,2']);
    expect(beside.events).toEqual([]);
    stage.writes[0]?.resolve();
    stage.calls[1]?.resolve([3, 4]);
    await settle();
    // The next one goes to the calls beside (the stage has nothing left to call).
    expect(beside.events).toEqual(['call 10,11']);
    stage.writes[1]?.resolve();
    stage.calls[2]?.resolve([5, 6]);
    await settle();
    expect(beside.events).toEqual(['call 10,11', 'call 12']);
    beside.calls[0]?.resolve([10, 11]);
    await settle();
    expect(beside.events.slice(-1)).toEqual(['store 10,11']);
    beside.writes[0]?.resolve();
    stage.writes[2]?.resolve();
    await done;
    // The stage is done; finish waits for what was added.
    let finished = false;
    const finishing = extra.finish().then(() => {
      finished = true;
    });
    await settle();
    expect(finished).toBe(false);
    beside.calls[1]?.resolve([12]);
    await settle();
    expect(finished).toBe(false);
    beside.writes[1]?.resolve();
    await finishing;
    expect(finished).toBe(true);
    expect(beside.events.filter((event) => event.startsWith('stored'))).toEqual(['stored 10,11', 'stored 12']);
    expect(peak).toBe(CALLS_IN_FLIGHT);
    expect(errors).toEqual([]);
  });

  it('a failed call stops it (reported once, the rest dropped) and leaves the stage going', async () => {
    const beside = recorder();
    const slots = new CallSlots();
    const errors: unknown[] = [];
    const extra = new CallsBeside(slots, 1, beside.call, beside.store, (error) => errors.push(error));
    extra.add([1, 2, 3]);
    await settle();
    expect(beside.events).toEqual(['call 1', 'call 2']);
    beside.calls[0]?.reject(new Error('worker answered 500'));
    await settle();
    // The other call is left to the worker (aborting it would not stop the worker, and would free its slot while
    // the worker still works on it); nothing more is called, and its answer is not stored.
    expect(beside.events).toEqual(['call 1', 'call 2']);
    expect([slots.take(), slots.take()]).toEqual([true, false]);
    slots.give();
    extra.add([4]);
    let finished = false;
    const finishing = extra.finish().then(() => {
      finished = true;
    });
    await settle();
    expect(finished).toBe(false);
    beside.calls[1]?.resolve([2]);
    await finishing;
    expect(beside.events).toEqual(['call 1', 'call 2']);
    expect((errors as Error[]).map((error) => error.message)).toEqual(['worker answered 500']);
    expect([slots.take(), slots.take(), slots.take()]).toEqual([true, true, false]);
  });

  it('a failed write stops it; stop aborts the calls in flight and waits for them', async () => {
    const beside = recorder();
    const errors: unknown[] = [];
    const extra = new CallsBeside(new CallSlots(), 1, beside.call, beside.store, (error) => errors.push(error));
    extra.add([1, 2]);
    await settle();
    beside.calls[0]?.resolve([1]);
    await settle();
    beside.writes[0]?.reject(new Error('write failed'));
    await settle();
    expect(beside.events).toEqual(['call 1', 'call 2', 'store 1']);
    beside.calls[1]?.resolve([2]);
    await extra.finish();
    // The answer that came after the failure is dropped.
    expect(beside.events).toEqual(['call 1', 'call 2', 'store 1']);
    expect((errors as Error[]).map((error) => error.message)).toEqual(['write failed']);

    const other = recorder();
    const stopped = new CallsBeside(new CallSlots(), 1, other.call, other.store, () => undefined);
    stopped.add([7, 8, 9]);
    await settle();
    await stopped.stop();
    expect(other.events).toEqual(['call 7', 'call 8', 'aborted call 7', 'aborted call 8']);
  });

  it('a failed call beside the stage does not let the stage past CALLS_IN_FLIGHT calls at the worker', async () => {
    // A call stays at the worker until the worker answers it, aborted or not (the analysis worker runs a job whose
    // client has gone: job-runner.ts). Counted here from the call to the worker's answer.
    const slots = new CallSlots();
    let atWorker = 0;
    let peak = 0;
    const answers: Array<() => void> = [];
    const call = (batch: readonly number[], signal: AbortSignal, fail = false) =>
      new Promise<number[]>((resolve, reject) => {
        atWorker += 1;
        peak = Math.max(peak, atWorker);
        let answered = false;
        signal.addEventListener('abort', () => reject(signal.reason as Error));
        answers.push(() => {
          if (answered) return;
          answered = true;
          atWorker -= 1;
          if (fail) reject(new Error('worker answered 500'));
          else resolve([...batch]);
        });
      });
    let besideCalls = 0;
    const extra = new CallsBeside(
      slots,
      1,
      (batch: readonly number[], signal: AbortSignal) => call(batch, signal, (besideCalls += 1) === 1),
      async () => undefined,
      () => undefined,
    );
    extra.add([10, 11]);
    await settle();
    // Both slots are the calls beside: the first fails, the second is still at the worker.
    const done = callInBatchesStoringBehind([1, 2, 3, 4], 1, call, async () => undefined, slots);
    answers[0]?.();
    await settle();
    // Let the stage run to its end, answering what the worker holds in order.
    for (let index = 1; index < 20; index += 1) {
      answers[index]?.();
      await settle();
    }
    await done;
    await extra.finish();
    expect(peak).toBeLessThanOrEqual(CALLS_IN_FLIGHT);
  });
});

/**
 * Worker calls of a stage in flight at once: the worker has the next batch in hand when it answers one, so it does
 * not wait while the service reads and stores an answer and sends the next batch.
 * The analysis worker queues four jobs a thread before it answers 503, so two calls from each of a job worker's
 * PIPELINE_JOB_CONCURRENCY (2) stage jobs fit a one-thread worker.
 */
export const CALLS_IN_FLIGHT = 2;

/**
 * The worker calls one stage job may have in flight, shared by the stage's own loop (callInBatchesStoringBehind) and
 * the calls made beside it (CallsBeside): together they stay within what the worker queues for the job.
 */
export class CallSlots {
  #free: number;
  readonly #listeners = new Set<() => void>();

  constructor(count: number = CALLS_IN_FLIGHT) {
    this.#free = count;
  }

  /** Takes a slot when one is free. */
  take(): boolean {
    if (this.#free === 0) return false;
    this.#free -= 1;
    return true;
  }

  /** Gives a slot back and tells those waiting (each listener once; one that finds it taken waits again). */
  give(): void {
    this.#free += 1;
    const listeners = [...this.#listeners];
    this.#listeners.clear();
    for (const listener of listeners) listener();
  }

  /** Calls `listener` once, at the next `give` (once however often it is registered before then). */
  whenFree(listener: () => void): void {
    this.#listeners.add(listener);
  }
}

interface Deferred<A> {
  promise: Promise<A>;
  resolve(value: A): void;
  reject(error: unknown): void;
}

function deferred<A>(): Deferred<A> {
  let resolve!: (value: A) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<A>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Observed at once (a rejection while an earlier answer is read or stored is not unhandled); awaited in order.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * Calls `call` on each batch of `items`, as many at a time as `slots` allows (CALLS_IN_FLIGHT of the job's own by
 * default), and hands the answers, in the order of the batches, to `store`, whose write runs while the next batches
 * are called (one write in flight): the loop takes the longer of the two, not their sum, and the worker is never idle
 * waiting for the next batch. A call that ends starts the next batch at once, whichever it was: answers need not come
 * in the order the batches were sent (the worker may take a later request first), and waiting for the earliest left
 * the worker idle. At most CALLS_IN_FLIGHT + 1 batches are called ahead of the write being made, so answers waiting
 * to be stored stay few. A failed call or write fails the loop (a write at the latest after the last call); no
 * batch is started after a failed call, the calls still in flight are aborted and awaited, and no write runs
 * unobserved behind the error.
 */
export async function callInBatchesStoringBehind<T, A>(
  items: readonly T[],
  size: number,
  call: (batch: readonly T[], signal: AbortSignal) => Promise<A>,
  store: (answer: A) => Promise<void>,
  slots: CallSlots = new CallSlots(),
): Promise<void> {
  const batches: T[][] = [];
  for (let offset = 0; offset < items.length; offset += size) batches.push(items.slice(offset, offset + size));
  const abort = new AbortController();
  const answers = batches.map(() => deferred<A>());
  const calls: Array<Promise<unknown>> = [];
  let failed = false;
  // Batches whose write has started: the answers of answers[writing..] wait in memory or are still to come.
  let writing = 0;
  const launchWhatFits = () => {
    while (
      !abort.signal.aborted &&
      !failed &&
      calls.length < batches.length &&
      calls.length - writing <= CALLS_IN_FLIGHT
    ) {
      if (!slots.take()) {
        // Every slot is in use (by this loop or by calls beside it): go on when one comes back.
        slots.whenFree(launchWhatFits);
        return;
      }
      const answer = answers[calls.length] as Deferred<A>;
      calls.push(
        call(batches[calls.length] as T[], abort.signal).then(
          (value) => {
            slots.give();
            answer.resolve(value);
            launchWhatFits();
          },
          (error: unknown) => {
            failed = true;
            slots.give();
            answer.reject(error);
          },
        ),
      );
    }
  };
  let storing: Promise<void> = Promise.resolve();
  try {
    launchWhatFits();
    for (let index = 0; index < batches.length; index += 1) {
      // Batches are started in order and none after a failed call, so this one was or will be started, or an
      // earlier one failed (and the loop stopped there).
      const answer = await (answers[index] as Deferred<A>).promise;
      await storing;
      writing = index + 1;
      launchWhatFits();
      storing = store(answer);
      // Observed at once (a rejection while the next call runs is not unhandled); awaited below.
      storing.catch(() => undefined);
    }
    await storing;
  } finally {
    abort.abort(new Error('an earlier batch of the stage failed'));
    await Promise.allSettled([...calls, storing]);
  }
}

/**
 * Calls made beside a stage's own loop, in the slots it leaves free (CallSlots): items come in while the stage runs
 * (`add`), are called in batches of `size` as slots come free, and each answer is stored, one write at a time, while
 * the next batches are called. Best effort: the first failed call or write stops it (`onError` hears of it, the
 * items not yet called are dropped, the calls in flight run to their answer, which is dropped), and whoever needs
 * the work done checks what was stored. `finish` waits for
 * everything added to be called and stored or dropped; `stop` aborts the calls in flight, drops the rest and waits.
 * Neither rejects.
 */
export class CallsBeside<T, A> {
  readonly #queue: T[] = [];
  readonly #abort = new AbortController();
  readonly #inFlight = new Set<Promise<void>>();
  #storing: Promise<void> = Promise.resolve();
  #stopped = false;
  readonly #pumpWhenFree = () => this.#pump();

  constructor(
    private readonly slots: CallSlots,
    private readonly size: number,
    private readonly call: (batch: readonly T[], signal: AbortSignal) => Promise<A>,
    private readonly store: (answer: A) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(items: readonly T[]): void {
    if (this.#stopped || items.length === 0) return;
    this.#queue.push(...items);
    this.#pump();
  }

  async finish(): Promise<void> {
    this.#pump();
    // Each call that ends starts the next batch before this sees it end, so an empty set means nothing is left.
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
    await this.#storing;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#queue.length = 0;
    this.#abort.abort(new Error('the stage the calls were made beside has ended'));
    await this.finish();
  }

  #fail(error: unknown): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#queue.length = 0;
    // The calls still in flight are not aborted: the worker would go on with them (it does not see the connection
    // close), while their slots went back to the stage at once, and the job would have more than CALLS_IN_FLIGHT
    // calls at the worker. They end as the worker answers (their slots back then); their answers are dropped.
    this.onError(error);
  }

  #pump(): void {
    while (!this.#stopped && this.#queue.length > 0) {
      if (!this.slots.take()) {
        this.slots.whenFree(this.#pumpWhenFree);
        return;
      }
      const batch = this.#queue.splice(0, this.size);
      const pending: Promise<void> = this.call(batch, this.#abort.signal).then(
        (answer) => {
          this.slots.give();
          if (!this.#stopped)
            this.#storing = this.#storing
              .then(() => (this.#stopped ? undefined : this.store(answer)))
              .catch((error: unknown) => this.#fail(error));
          this.#inFlight.delete(pending);
          this.#pump();
        },
        (error: unknown) => {
          // Stopped before the slot goes back, so that nothing more is called in it.
          this.#fail(error);
          this.#inFlight.delete(pending);
          this.slots.give();
        },
      );
      this.#inFlight.add(pending);
    }
  }
}

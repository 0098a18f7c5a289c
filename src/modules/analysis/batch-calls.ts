/**
 * Worker calls of a stage in flight at once: the worker has the next batch in hand when it answers one, so it does
 * not wait while the service reads and stores an answer and sends the next batch.
 * The analysis worker queues four jobs a thread before it answers 503, so two calls from each of a job worker's
 * PIPELINE_JOB_CONCURRENCY (2) stage jobs fit a one-thread worker.
 */
export const CALLS_IN_FLIGHT = 2;

/**
 * Calls `call` on each batch of `items`, CALLS_IN_FLIGHT at a time, and hands the answers, in the order of the
 * batches, to `store`, whose write runs while the next batches are called (one write in flight): the loop takes
 * the longer of the two, not their sum, and the worker is never idle waiting for the next batch. A call that ends
 * starts the next batch at once, whichever it was: answers need not come in the order the batches were sent (the
 * worker may take a later request first), and waiting for the earliest left the worker idle. At most
 * CALLS_IN_FLIGHT + 1 batches are called ahead of the write being made, so answers waiting to be stored stay
 * few. A failed call or write fails the loop (a write at the latest after the last call); the calls still in
 * flight are then aborted and awaited, and no write runs unobserved behind the error.
 */
export async function callInBatchesStoringBehind<T, A>(
  items: readonly T[],
  size: number,
  call: (batch: readonly T[], signal: AbortSignal) => Promise<A>,
  store: (answer: A) => Promise<void>,
): Promise<void> {
  const batches: T[][] = [];
  for (let offset = 0; offset < items.length; offset += size) batches.push(items.slice(offset, offset + size));
  const abort = new AbortController();
  const calls: Array<Promise<A>> = [];
  let inFlight = 0;
  // Batches whose write has started: the answers of calls[writing..] wait in memory or are still to come.
  let writing = 0;
  const launchWhatFits = () => {
    while (
      !abort.signal.aborted &&
      calls.length < batches.length &&
      inFlight < CALLS_IN_FLIGHT &&
      calls.length - writing <= CALLS_IN_FLIGHT
    ) {
      const pending = call(batches[calls.length] as T[], abort.signal);
      inFlight += 1;
      calls.push(pending);
      // Observed at once (a rejection while an earlier answer is read or stored is not unhandled); awaited below.
      pending.then(
        () => {
          inFlight -= 1;
          launchWhatFits();
        },
        () => {
          inFlight -= 1;
        },
      );
    }
  };
  let storing: Promise<void> = Promise.resolve();
  try {
    launchWhatFits();
    for (let index = 0; index < batches.length; index += 1) {
      // Launched: every earlier call has ended, so one of CALLS_IN_FLIGHT places was free for it.
      const answer = await (calls[index] as Promise<A>);
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

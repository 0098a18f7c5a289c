/**
 * Runs `work` over the items of `source` with at most `concurrency` items in flight. Items are pulled from
 * the source only when a slot frees up, so a streamed file is read at the pace it is processed (backpressure)
 * and no more than `concurrency` records are held at once. `work` must not throw for one item: it answers
 * that item's result, so one failure never stops the others.
 */
export async function forEachBounded<T>(
  source: AsyncIterable<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = source[Symbol.asyncIterator]();
  let failure: unknown;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (!failed) {
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (error) {
        // The source itself broke (an unreadable file): stop every lane and report it once.
        if (!failed) {
          failed = true;
          failure = error;
        }
        return;
      }
      if (next.done) return;
      await work(next.value);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (failed) {
    await iterator.return?.();
    throw failure;
  }
}

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/**
 * Maps items in chunks, yielding to the event loop between chunks so that a large synchronous batch (tens of
 * thousands of comments) does not stall health checks and other requests of the same process.
 */
export async function mapInChunks<T, R>(items: readonly T[], chunkSize: number, map: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += chunkSize) {
    if (start > 0) await yieldToEventLoop();
    for (const item of items.slice(start, start + chunkSize)) results.push(map(item));
  }
  return results;
}

export function splitIntoChunks<T>(items: readonly T[], chunkSize: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += chunkSize) chunks.push(items.slice(start, start + chunkSize));
  return chunks;
}

/**
 * Runs `task` over every chunk with at most `concurrency` in flight and returns the results in chunk order.
 * The first failure rejects the whole run and no further chunk is started.
 */
export async function runConcurrently<T, R>(
  chunks: readonly T[],
  concurrency: number,
  task: (chunk: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(chunks.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < chunks.length) {
      const index = next++;
      try {
        results[index] = await task(chunks[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, chunks.length)) }, worker));
  return results;
}

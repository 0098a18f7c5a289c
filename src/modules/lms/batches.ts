/** Create calls to the learning system carry at most this many items (spec: MOODLE_PROVISION_BATCH_SIZE, renamed). */
export const LMS_PROVISION_BATCH_SIZE = 50;

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size = LMS_PROVISION_BATCH_SIZE): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * `work` over `items`, `concurrency` at a time, results in the order of `items`. After a failure no lane starts
 * another item (the operation has failed; the learning system is not asked any further); the first error is thrown.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < items.length && !failed) {
      const position = next;
      next += 1;
      try {
        results[position] = await work(items[position] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}

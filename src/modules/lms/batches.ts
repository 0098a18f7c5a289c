/** Create calls to the learning system carry at most this many items (spec: MOODLE_PROVISION_BATCH_SIZE, renamed). */
export const LMS_PROVISION_BATCH_SIZE = 50;

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size = LMS_PROVISION_BATCH_SIZE): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Seeded pseudo-random numbers (mulberry32): every random choice of the topic model comes from here. */
export type RandomSource = () => number;

export function createRandom(seed: number): RandomSource {
  let state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct indices below `total`, in increasing order (all of them when count >= total). */
export function sampleIndices(total: number, count: number, random: RandomSource): Int32Array {
  if (count >= total) return Int32Array.from({ length: total }, (_, index) => index);
  const order = Int32Array.from({ length: total }, (_, index) => index);
  for (let index = 0; index < count; index += 1) {
    const pick = index + Math.floor(random() * (total - index));
    const swap = order[index] as number;
    order[index] = order[pick] as number;
    order[pick] = swap;
  }
  return order.subarray(0, count).sort();
}

import { createRandom, type RandomSource } from '../topics/random.js';

/**
 * The generator's only source of chance: a seeded PRNG (mulberry32, shared with the topic model) and seeds
 * derived from names, so the same seed and the same names always give the same rows.
 */
export type { RandomSource };

/** A 32-bit seed from any mix of names and numbers (FNV-1a over their text, separated by a unit separator). */
export function seedFrom(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    for (const character of `${String(part)}\u001f`) {
      hash ^= character.codePointAt(0) as number;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return hash >>> 0;
}

export function randomFrom(...parts: ReadonlyArray<string | number>): RandomSource {
  return createRandom(seedFrom(...parts));
}

export function pick<T>(items: readonly T[], random: RandomSource): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)] as T;
}

export function chance(probability: number, random: RandomSource): boolean {
  return random() < probability;
}

/** A key drawn with probability proportional to its weight (weights need not sum to 1; all 0 picks the first). */
export function weightedPick<T>(entries: ReadonlyArray<readonly [T, number]>, random: RandomSource): T {
  const total = entries.reduce((sum, [, weight]) => sum + Math.max(0, weight), 0);
  let threshold = random() * total;
  for (const [value, weight] of entries) {
    threshold -= Math.max(0, weight);
    if (threshold < 0) return value;
  }
  return (entries[0] as readonly [T, number])[0];
}

/** A standard normal draw (Box-Muller). */
export function normal(random: RandomSource): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** `count` items of `items` in a seeded random order (all of them when count >= length). */
export function sample<T>(items: readonly T[], count: number, random: RandomSource): T[] {
  const order = [...items];
  const wanted = Math.min(count, order.length);
  for (let index = 0; index < wanted; index += 1) {
    const other = index + Math.floor(random() * (order.length - index));
    [order[index], order[other]] = [order[other] as T, order[index] as T];
  }
  return order.slice(0, wanted);
}

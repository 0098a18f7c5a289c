import { describe, expect, it } from 'vitest';
import { fromEmbeddingBytes, toEmbeddingBytes } from './results.repository.js';

describe('embedding bytes', () => {
  const vector = [0.12345670163631439, -0.0009765625, 0, 1, -3.4e-30, 0.1, 2 / 3, -1e-7];

  it('reads back the numbers that store the same float32 bytes', () => {
    const bytes = toEmbeddingBytes(vector);
    const read = fromEmbeddingBytes(bytes);
    expect(toEmbeddingBytes(read).equals(bytes)).toBe(true);
    expect(read.map((value) => Math.fround(value))).toEqual(vector.map((value) => Math.fround(value)));
  });

  it('writes each number in the fewest digits that identify its float32', () => {
    const read = fromEmbeddingBytes(toEmbeddingBytes(vector));
    expect(read.slice(0, 4)).toEqual([0.1234567, -0.0009765625, 0, 1]);
    expect(JSON.stringify(read).length).toBeLessThan(
      JSON.stringify(Array.from(new Float32Array(vector))).length * 0.75,
    );
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadAhead } from './read-ahead.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('ReadAhead', () => {
  it('hands a read to one taker of its key and version; a second take reads for itself', async () => {
    const ahead = new ReadAhead<string>(60_000, 4);
    const read = vi.fn(async () => 'comments');
    const first = ahead.start('pipeline', 'run-1', read);
    // Started again for the same version (a retried stage): the read held is kept, not repeated, and returned.
    const again = ahead.start('pipeline', 'run-1', read);
    expect(read).toHaveBeenCalledTimes(1);
    expect(again).toBe(first);
    await expect(first).resolves.toBe('comments');
    await expect(ahead.take('pipeline', 'run-1')).resolves.toBe('comments');
    expect(ahead.take('pipeline', 'run-1')).toBeUndefined();
    expect(ahead.size).toBe(0);
  });

  it('a read of another version is not handed out, and is dropped', () => {
    const ahead = new ReadAhead<string>(60_000, 4);
    ahead.start('pipeline', 'run-1', async () => 'old run');
    expect(ahead.take('pipeline', 'run-2')).toBeUndefined();
    expect(ahead.take('pipeline', 'run-1')).toBeUndefined();
    ahead.start('pipeline', 'run-1', async () => 'old run');
    ahead.start('pipeline', 'run-2', async () => 'new run');
    return expect(ahead.take('pipeline', 'run-2')).resolves.toBe('new run');
  });

  it('a failed read is not held', async () => {
    const ahead = new ReadAhead<string>(60_000, 4);
    ahead.start('pipeline', 'run-1', async () => {
      throw new Error('database gone');
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ahead.size).toBe(0);
    expect(ahead.take('pipeline', 'run-1')).toBeUndefined();
  });

  it('a read nobody takes is dropped after its time, and the oldest for a new one beyond the limit', () => {
    vi.useFakeTimers();
    const ahead = new ReadAhead<string>(1_000, 2);
    ahead.start('a', 'v', async () => 'a');
    ahead.start('b', 'v', async () => 'b');
    ahead.start('c', 'v', async () => 'c');
    expect(ahead.size).toBe(2);
    expect(ahead.take('a', 'v')).toBeUndefined();
    vi.advanceTimersByTime(1_001);
    expect(ahead.size).toBe(0);
    expect(ahead.take('b', 'v')).toBeUndefined();
    expect(ahead.take('c', 'v')).toBeUndefined();
  });
});

import { EMBEDDING_KEY_BYTES } from '../contracts/float32-frame.js';

/**
 * The vectors this worker sent in float32-frame embeddings answers, by key (the first 128 bits of the SHA-256 of
 * the vector's float32 bytes: a content address, so a key names exactly one vector whatever instance or request
 * made it). A topics frame may name its vectors by key instead of carrying them (docs/analysis-worker.md, "Float32
 * frames"): those this worker holds are used, and a request naming one it does not hold is answered 409.
 *
 * Bounded twice: by bytes (the least recently used go first) and by age (a vector older than the TTL is gone).
 * One Map, in order of last use: insertion and every hit move a key to the end, so the front is the oldest.
 */
export interface EmbeddingCacheOptions {
  /** Bytes of vectors held at most; 0 holds none. */
  maxBytes: number;
  ttlMs: number;
  /** For tests; defaults to Date.now. */
  now?: () => number;
}

/**
 * Rows of one `put`, copied together into one buffer of their own (at most SLAB_ROWS rows, and no more bytes than
 * the cache holds). A row per buffer cost the event loop an allocation per vector and the collector ~50,000 buffers
 * at 50,000 comments (0.3-0.4 s of the worker's main thread, while its engine thread embedded the next batch).
 *
 * The buffer is shared memory, written once and never changed afterwards: `resolve` hands an engine thread views
 * of the slabs rather than a copy of the vectors (copying 46,000 vectors into a fresh 70 MB buffer cost the event
 * loop 0.3-0.4 s at 50,000 comments, most of it the kernel's page faults). An evicted slab lives on while a thread
 * still reads it.
 */
interface Slab {
  vectors: Float32Array<SharedArrayBuffer>;
  dimensions: number;
  /** Rows of the slab still held: the slab's bytes count until the last one goes. */
  live: number;
}

interface Entry {
  slab: Slab;
  row: number;
  expiresAt: number;
}

/** Rows a slab holds at most: a batch of the embeddings stage (1,000 rows) makes a few. */
const SLAB_ROWS = 256;

export type Resolved =
  /** `runs`: views of the held vectors, each a run of whole rows; end to end, the rows the keys named, in order. */
  | { ok: true; runs: Array<Float32Array<SharedArrayBuffer>>; dimensions: number }
  | { ok: false; reason: 'missing'; missing: number }
  | { ok: false; reason: 'dimensions' };

export class EmbeddingCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: EmbeddingCacheOptions) {
    this.#maxBytes = options.maxBytes;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes of the slabs that hold at least one vector: the memory the cache keeps. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Holds `vectors` (rows of `dimensions`) under `keys` (16 bytes a row, in the same order). The rows are copied
   * out of the answer's buffer into slabs of the cache's own, so what is held keeps only those bytes alive.
   */
  put(keys: Uint8Array, vectors: Float32Array, dimensions: number): void {
    if (this.#maxBytes <= 0 || dimensions <= 0) return;
    const rows = Math.min(keys.byteLength / EMBEDDING_KEY_BYTES, vectors.length / dimensions);
    const rowBytes = dimensions * Float32Array.BYTES_PER_ELEMENT;
    if (rowBytes > this.#maxBytes) return;
    const slabRows = Math.max(1, Math.min(SLAB_ROWS, Math.floor(this.#maxBytes / rowBytes)));
    const keyText = keyReader(keys);
    const expiresAt = this.#now() + this.#ttlMs;
    for (let first = 0; first < rows; first += slabRows) {
      const count = Math.min(slabRows, rows - first);
      const slab: Slab = {
        vectors: new Float32Array(new SharedArrayBuffer(count * rowBytes)),
        dimensions,
        live: 0,
      };
      slab.vectors.set(vectors.subarray(first * dimensions, (first + count) * dimensions));
      this.#bytes += slab.vectors.byteLength;
      for (let row = 0; row < count; row += 1) {
        const key = keyText(first + row);
        const known = this.#entries.get(key);
        if (known) this.#entries.delete(key);
        this.#entries.set(key, { slab, row, expiresAt });
        slab.live += 1;
        // Counted after the new row, so a vector sent twice in one slab never empties the slab being filled.
        if (known) this.#release(known);
      }
    }
    this.#evict();
  }

  /**
   * The vectors named by `keys`, row after row, as views of the slabs that hold them (shared with an engine thread,
   * not copied); or how many are not held. Every key found is marked used (and its TTL starts again), so a request
   * that misses keeps what it found for its retry; the Map stays in order of expiry. Rows that follow each other in
   * a slab (a topics request names the vectors in the order they were embedded, mostly) are one view.
   */
  resolve(keys: Uint8Array): Resolved {
    const rows = Math.floor(keys.byteLength / EMBEDDING_KEY_BYTES);
    const keyText = keyReader(keys);
    const now = this.#now();
    const found: Entry[] = [];
    let missing = 0;
    for (let row = 0; row < rows; row += 1) {
      const key = keyText(row);
      const entry = this.#entries.get(key);
      if (!entry || entry.expiresAt <= now) {
        missing += 1;
        continue;
      }
      this.#entries.delete(key);
      entry.expiresAt = now + this.#ttlMs;
      this.#entries.set(key, entry);
      found.push(entry);
    }
    if (missing > 0) return { ok: false, reason: 'missing', missing };
    const dimensions = found[0]?.slab.dimensions ?? 0;
    if (found.some((entry) => entry.slab.dimensions !== dimensions)) return { ok: false, reason: 'dimensions' };
    const runs: Array<Float32Array<SharedArrayBuffer>> = [];
    let index = 0;
    while (index < found.length) {
      const first = found[index] as Entry;
      let end = index + 1;
      while (end < found.length && found[end]?.slab === first.slab && found[end]?.row === first.row + (end - index))
        end += 1;
      runs.push(first.slab.vectors.subarray(first.row * dimensions, (first.row + end - index) * dimensions));
      index = end;
    }
    return { ok: true, runs, dimensions };
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** A row is no longer held: its slab's bytes go with its last row. */
  #release(entry: Entry): void {
    entry.slab.live -= 1;
    if (entry.slab.live === 0) this.#bytes -= entry.slab.vectors.byteLength;
  }

  /** Drops expired vectors at the front, then the least recently used while over the byte bound. */
  #evict(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes && entry.expiresAt > now) break;
      this.#entries.delete(key);
      this.#release(entry);
    }
  }
}

/**
 * The Map key of each 16-byte key of `keys` (its bytes as a latin1 string: no Buffer object made for each key).
 */
function keyReader(keys: Uint8Array): (row: number) => string {
  const bytes = Buffer.from(keys.buffer, keys.byteOffset, keys.byteLength);
  return (row) => bytes.toString('latin1', row * EMBEDDING_KEY_BYTES, (row + 1) * EMBEDDING_KEY_BYTES);
}

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

interface Entry {
  vector: Float32Array;
  expiresAt: number;
}

export type Resolved =
  | { ok: true; vectors: Float32Array<ArrayBuffer>; dimensions: number }
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

  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Holds `vectors` (rows of `dimensions`) under `keys` (16 bytes a row, in the same order). Each row is copied
   * out of the answer's buffer, so a held vector keeps only its own bytes alive.
   */
  put(keys: Uint8Array, vectors: Float32Array, dimensions: number): void {
    if (this.#maxBytes <= 0 || dimensions <= 0) return;
    const rows = Math.min(keys.byteLength / EMBEDDING_KEY_BYTES, vectors.length / dimensions);
    const rowBytes = dimensions * Float32Array.BYTES_PER_ELEMENT;
    if (rowBytes > this.#maxBytes) return;
    const expiresAt = this.#now() + this.#ttlMs;
    for (let row = 0; row < rows; row += 1) {
      const key = keyText(keys, row);
      const known = this.#entries.get(key);
      if (known) {
        this.#entries.delete(key);
        this.#bytes -= known.vector.byteLength;
      }
      const vector = vectors.slice(row * dimensions, (row + 1) * dimensions);
      this.#entries.set(key, { vector, expiresAt });
      this.#bytes += vector.byteLength;
    }
    this.#evict();
  }

  /**
   * The vectors named by `keys`, row after row, in one buffer (to be moved to an engine thread); or how many
   * are not held. Every key found is marked used (and its TTL starts again), so a request that misses keeps what
   * it found for its retry; the Map stays in order of expiry.
   */
  resolve(keys: Uint8Array): Resolved {
    const rows = Math.floor(keys.byteLength / EMBEDDING_KEY_BYTES);
    const now = this.#now();
    const found: Float32Array[] = [];
    let missing = 0;
    for (let row = 0; row < rows; row += 1) {
      const key = keyText(keys, row);
      const entry = this.#entries.get(key);
      if (!entry || entry.expiresAt <= now) {
        missing += 1;
        continue;
      }
      this.#entries.delete(key);
      entry.expiresAt = now + this.#ttlMs;
      this.#entries.set(key, entry);
      found.push(entry.vector);
    }
    if (missing > 0) return { ok: false, reason: 'missing', missing };
    const dimensions = found[0]?.length ?? 0;
    if (found.some((vector) => vector.length !== dimensions)) return { ok: false, reason: 'dimensions' };
    const vectors = new Float32Array(rows * dimensions);
    found.forEach((vector, row) => vectors.set(vector, row * dimensions));
    return { ok: true, vectors, dimensions };
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Drops expired vectors at the front, then the least recently used while over the byte bound. */
  #evict(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes && entry.expiresAt > now) break;
      this.#entries.delete(key);
      this.#bytes -= entry.vector.byteLength;
    }
  }
}

function keyText(keys: Uint8Array, row: number): string {
  return Buffer.from(keys.buffer, keys.byteOffset + row * EMBEDDING_KEY_BYTES, EMBEDDING_KEY_BYTES).toString('base64');
}

import { hash } from 'node:crypto';

/**
 * The float32 frame: a compact transport for embeddings beside the JSON contracts of conventions §8, negotiated
 * by media type (docs/analysis-worker.md, "Float32 frames"). A worker that speaks only JSON never sees one: the
 * client asks for frames with `Accept` (embeddings) and sends them only to a worker whose `/health` lists the
 * media type in `accepts` (topics).
 *
 * Layout, little-endian throughout:
 * - 4 bytes: the byte length H of the head;
 * - H bytes: the head, UTF-8 JSON (the envelope without the vectors), padded with spaces so that the tail starts
 *   at a multiple of 4;
 * - the tail: float32 values (row after row, `dimensions` a row), or 16-byte embedding keys (`embeddingKey`).
 *
 * Embeddings answer (`Accept: FRAME_MEDIA_TYPE`): the head is the JSON answer with `results: [{ submissionId }]`,
 * the tail the vectors in the order of `results`. A failed answer stays JSON.
 *
 * Topics request (`Content-Type: FRAME_MEDIA_TYPE`): the head is the JSON request with `items: [{ submissionId,
 * text }]` and `embeddings: { dimensions }`; the tail holds the vectors. With `Content-Type: REFERENCE_FRAME_TYPE`
 * (`…; embeddings=reference`) the tail holds instead the key of each vector, as an embeddings frame answer made
 * it: the worker answers 409 when it does not hold one of them (restarted, evicted, another instance), and the
 * client sends the vectors.
 *
 * The heads' schemas are in worker-contracts.ts. Imported by the engine threads too: node built-ins only.
 */

export const FRAME_MEDIA_TYPE = 'application/vnd.feedback-analysis.float32-frame';

/** Bytes of an embedding key: the first 128 bits of the SHA-256 of the vector's float32 bytes. */
export const EMBEDDING_KEY_BYTES = 16;

const LENGTH_BYTES = 4;
const FLOAT_BYTES = 4;
const SPACE = 0x20;

/** Frames carry little-endian floats as they are in memory: offered only where memory is little-endian. */
export const FRAMES_SUPPORTED = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A frame of `head` (serialised as JSON, or given as JSON text) and the tail's bytes. */
export function encodeFrame(head: unknown, tail: Uint8Array | readonly Uint8Array[]): Buffer<ArrayBuffer> {
  const headBytes = encoder.encode(typeof head === 'string' ? head : JSON.stringify(head));
  const padded = Math.ceil((LENGTH_BYTES + headBytes.length) / FLOAT_BYTES) * FLOAT_BYTES - LENGTH_BYTES;
  const parts = tail instanceof Uint8Array ? [tail] : tail;
  const tailLength = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const frame = Buffer.allocUnsafeSlow(LENGTH_BYTES + padded + tailLength);
  frame.writeUInt32LE(padded, 0);
  frame.set(headBytes, LENGTH_BYTES);
  frame.fill(SPACE, LENGTH_BYTES + headBytes.length, LENGTH_BYTES + padded);
  let offset = LENGTH_BYTES + padded;
  for (const part of parts) {
    frame.set(part, offset);
    offset += part.byteLength;
  }
  return frame;
}

export type SplitFrame = { ok: true; head: Uint8Array; tail: Uint8Array } | { ok: false; error: string };

/** The head's bytes and the tail of a frame, without parsing the head. */
export function splitFrame(frame: Uint8Array): SplitFrame {
  if (frame.byteLength < LENGTH_BYTES) return { ok: false, error: 'the frame is shorter than its length prefix' };
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const headLength = view.getUint32(0, true);
  if (LENGTH_BYTES + headLength > frame.byteLength)
    return { ok: false, error: `the frame's head length ${headLength} exceeds the frame (${frame.byteLength} bytes)` };
  return {
    ok: true,
    head: frame.subarray(LENGTH_BYTES, LENGTH_BYTES + headLength),
    tail: frame.subarray(LENGTH_BYTES + headLength),
  };
}

/** The head as JSON; not ok when it is not UTF-8 JSON. */
export function readFrameHead(head: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(decoder.decode(head)) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The tail as `rows` float32 rows of `dimensions`, without a copy when the tail is aligned (it is, in a frame
 * that starts at the start of its buffer); undefined when the tail's length is not that.
 */
export function float32Rows(tail: Uint8Array, rows: number, dimensions: number): Float32Array | undefined {
  if (tail.byteLength !== rows * dimensions * FLOAT_BYTES) return undefined;
  if (tail.byteOffset % FLOAT_BYTES === 0) return new Float32Array(tail.buffer, tail.byteOffset, rows * dimensions);
  return new Float32Array(tail.slice().buffer);
}

/** The bytes of a float32 vector (a view, no copy). */
export function float32Bytes(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** The key of a vector: the first 16 bytes of the SHA-256 of its float32 bytes (a content address). */
export function embeddingKey(bytes: Uint8Array): Buffer {
  return hash('sha256', bytes, 'buffer').subarray(0, EMBEDDING_KEY_BYTES);
}

/** Keys of `rows` rows of `dimensions` floats, one after the other (16 bytes each). */
export function embeddingKeys(vectors: Float32Array, dimensions: number): Uint8Array {
  const rows = dimensions === 0 ? 0 : vectors.length / dimensions;
  const keys = new Uint8Array(rows * EMBEDDING_KEY_BYTES);
  const bytes = float32Bytes(vectors);
  const rowBytes = dimensions * FLOAT_BYTES;
  for (let row = 0; row < rows; row += 1) {
    keys.set(embeddingKey(bytes.subarray(row * rowBytes, (row + 1) * rowBytes)), row * EMBEDDING_KEY_BYTES);
  }
  return keys;
}

/**
 * Stored float32 bytes as JSON numbers (the JSON contract's `embedding`), each the shortest decimal that rounds
 * to the same float32 (`0.1234567`, not the float32's exact double `0.12345670163631439`): storing it again
 * gives the same bytes, and the JSON is about a quarter smaller.
 */
export function shortestFloat32Numbers(bytes: Uint8Array): number[] {
  const stored =
    bytes.byteOffset % FLOAT_BYTES === 0
      ? new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / FLOAT_BYTES))
      : new Float32Array(bytes.slice().buffer, 0, Math.floor(bytes.byteLength / FLOAT_BYTES));
  const values = new Array<number>(stored.length);
  for (let index = 0; index < stored.length; index += 1) values[index] = shortestFloat32(stored[index] as number);
  return values;
}

/** Nine significant digits always identify a float32; most need fewer. */
function shortestFloat32(value: number): number {
  if (value === 0) return 0;
  for (let digits = 6; digits < 9; digits += 1) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return Number(value.toPrecision(9));
}

/** Whether an `Accept` header asks for frames (listed with a quality above 0). */
export function acceptsFrames(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== FRAME_MEDIA_TYPE) return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** Whether a Content-Type is the frame's. */
export function isFrameType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === FRAME_MEDIA_TYPE;
}

/** The Content-Type of a topics frame whose tail holds keys rather than vectors. */
export const REFERENCE_FRAME_TYPE = `${FRAME_MEDIA_TYPE}; embeddings=reference`;

/** Whether a frame's Content-Type says its tail holds keys (`; embeddings=reference`). */
export function isReferenceFrame(contentType: string | undefined): boolean {
  if (!isFrameType(contentType)) return false;
  return (contentType ?? '')
    .split(';')
    .slice(1)
    .some((parameter) => parameter.replaceAll(' ', '').toLowerCase() === 'embeddings=reference');
}

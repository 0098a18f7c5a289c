/**
 * A reader of fastText's binary model format (`.bin`, and `.ftz` as `fasttext quantize` writes it) and its
 * supervised prediction, in TypeScript, so the engine runs the learned sentiment model without instantiating
 * fastText's WebAssembly build per process and without crossing into it per comment.
 *
 * It reproduces what fastText (0.9.x, file format version 12) does for `predict`: the line is cut into
 * tokens at ASCII white space and ends at the first newline with the end-of-sentence token `</s>`; a known
 * word contributes its own input row and the rows of its character n-grams, an unknown word only its
 * n-grams (of `<word>`, minn..maxn UTF-8 characters, hashed with fastText's FNV-1a over signed bytes, modulo
 * the bucket count, after the word rows); consecutive words contribute word n-gram rows (hash chained with
 * 116049371 in 64 bits); a quantized model keeps only the n-gram rows its pruning index lists. The hidden
 * vector is the average of those rows (single precision, as fastText computes it), the output layer a
 * softmax over the labels, or for a one-vs-all model (`-loss ova`, the comment screen's) a sigmoid per label
 * read from fastText's sigmoid table.
 * Hierarchical softmax and negative sampling models are refused with an error naming the loss.
 */

const FILE_FORMAT_MAGIC = 793712314;
const SUPPORTED_VERSIONS = new Set([11, 12]);
const END_OF_SENTENCE = '</s>';
const LABEL_PREFIX = '__label__';
/** fastText's prediction reports exp(log(p + 1e-5)): the constant keeps log() finite. */
const LOG_EPSILON = 1e-5;
const WORD_NGRAM_MULTIPLIER = 116049371;
/** Centroids per sub-quantizer in fastText's product quantizer (one byte per code). */
const CENTROIDS_PER_SUBQUANTIZER = 256;
/** Unknown words whose rows are remembered (cleared when full: student comments repeat their typos). */
const UNKNOWN_WORD_CACHE_SIZE = 20_000;

const MODEL_NAMES: Record<number, string> = { 1: 'cbow', 2: 'skipgram', 3: 'supervised' };
const LOSS_NAMES: Record<number, string> = {
  1: 'hierarchical softmax',
  2: 'negative sampling',
  3: 'softmax',
  4: 'one-vs-all',
};
const SUPERVISED = 3;
const SOFTMAX = 3;
const ONE_VS_ALL = 4;

export class FastTextModelError extends Error {
  override readonly name = 'FastTextModelError';
}

/** The training settings stored in the model that prediction depends on. */
export interface FastTextArguments {
  dimension: number;
  wordNgrams: number;
  loss: string;
  model: string;
  bucket: number;
  minn: number;
  maxn: number;
}

export interface FastTextPrediction {
  /** The label as trained, with its `__label__` prefix. */
  label: string;
  /** As fastText reports it: the label's probability plus 1e-5. */
  probability: number;
}

export interface FastTextModel {
  readonly arguments: Readonly<FastTextArguments>;
  /** Labels in the model's order (the order of `probabilities`), with their `__label__` prefix. */
  readonly labels: readonly string[];
  readonly quantized: boolean;
  /**
   * The labels' probabilities for one line of text (softmax; one sigmoid per label for a one-vs-all model),
   * in `labels` order (into `into` when given).
   * Empty input (no token the model knows, no n-gram it kept) gives all zeros, where fastText predicts nothing.
   */
  readonly probabilities: (text: string, into?: Float64Array) => Float64Array;
  /** fastText's `predict(text, k, threshold)`: the k most probable labels at or above the threshold, best first. */
  readonly predict: (text: string, k?: number, threshold?: number) => FastTextPrediction[];
}

/** Little-endian reads over the model's bytes, failing with the field's name past the end. */
class ByteReader {
  private offset = 0;
  private readonly bytes: Uint8Array;
  private readonly view: DataView;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(count: number, field: string): void {
    if (this.offset + count > this.bytes.byteLength)
      throw new FastTextModelError(`the fastText model ends inside ${field} (at byte ${this.offset})`);
  }

  int32(field: string): number {
    this.need(4, field);
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }

  int64(field: string): number {
    this.need(8, field);
    const value = this.view.getBigInt64(this.offset, true);
    this.offset += 8;
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
      throw new FastTextModelError(`the fastText model's ${field} is out of range (${value})`);
    return Number(value);
  }

  float64(field: string): number {
    this.need(8, field);
    const value = this.view.getFloat64(this.offset, true);
    this.offset += 8;
    return value;
  }

  uint8(field: string): number {
    this.need(1, field);
    const value = this.bytes[this.offset] ?? 0;
    this.offset += 1;
    return value;
  }

  /** A NUL-terminated byte string (fastText's dictionary entries). */
  cString(field: string): Uint8Array {
    const end = this.bytes.indexOf(0, this.offset);
    if (end < 0) throw new FastTextModelError(`the fastText model ends inside ${field} (at byte ${this.offset})`);
    const text = this.bytes.subarray(this.offset, end);
    this.offset = end + 1;
    return text;
  }

  bytesOf(count: number, field: string): Uint8Array {
    this.need(count, field);
    const slice = this.bytes.slice(this.offset, this.offset + count);
    this.offset += count;
    return slice;
  }

  float32Array(count: number, field: string): Float32Array {
    this.need(count * 4, field);
    const values = new Float32Array(count);
    for (let index = 0; index < count; index += 1) values[index] = this.view.getFloat32(this.offset + index * 4, true);
    this.offset += count * 4;
    return values;
  }

  get remaining(): number {
    return this.bytes.byteLength - this.offset;
  }
}

function readArguments(reader: ByteReader, version: number): FastTextArguments {
  const dimension = reader.int32('args.dim');
  reader.int32('args.ws');
  reader.int32('args.epoch');
  reader.int32('args.minCount');
  reader.int32('args.neg');
  const wordNgrams = reader.int32('args.wordNgrams');
  const loss = reader.int32('args.loss');
  const model = reader.int32('args.model');
  const bucket = reader.int32('args.bucket');
  const minn = reader.int32('args.minn');
  let maxn = reader.int32('args.maxn');
  reader.int32('args.lrUpdateRate');
  reader.float64('args.t');
  if (model !== SUPERVISED)
    throw new FastTextModelError(
      `the fastText model is a ${MODEL_NAMES[model] ?? `model ${model}`} model, not supervised`,
    );
  if (loss !== SOFTMAX && loss !== ONE_VS_ALL)
    throw new FastTextModelError(
      `the fastText model was trained with ${LOSS_NAMES[loss] ?? `loss ${loss}`}; only softmax models are read, and one-vs-all ones`,
    );
  // fastText's own rule: supervised models of format 11 did not use character n-grams.
  if (version === 11) maxn = 0;
  if (dimension <= 0 || bucket < 0 || wordNgrams < 1)
    throw new FastTextModelError(`the fastText model's arguments are invalid (dim ${dimension}, bucket ${bucket})`);
  return {
    dimension,
    wordNgrams,
    loss: loss === SOFTMAX ? 'softmax' : 'one-vs-all',
    model: 'supervised',
    bucket,
    minn,
    maxn,
  };
}

/**
 * A matrix as fastText stores it, dense or product-quantized, read row by row: `addRow` adds a row to a
 * vector the way fastText adds it (for a quantized row, each value is the row's norm times its centroid,
 * rounded to single precision). Quantized rows stay quantized (codes are an eighth of the floats' size).
 */
interface Matrix {
  rows: number;
  columns: number;
  addRow: (row: number, into: Float64Array) => void;
}

function readDenseMatrix(reader: ByteReader, name: string): Matrix {
  const rows = reader.int64(`${name} rows`);
  const columns = reader.int64(`${name} columns`);
  const values = reader.float32Array(rows * columns, `${name} values`);
  return {
    rows,
    columns,
    addRow(row, into) {
      for (let column = 0, from = row * columns; column < columns; column += 1, from += 1)
        into[column] = (into[column] as number) + (values[from] as number);
    },
  };
}

interface ProductQuantizer {
  dimension: number;
  subquantizers: number;
  subdimension: number;
  lastSubdimension: number;
  centroids: Float32Array;
}

function readProductQuantizer(reader: ByteReader, name: string): ProductQuantizer {
  const dimension = reader.int32(`${name} dim`);
  const subquantizers = reader.int32(`${name} nsubq`);
  const subdimension = reader.int32(`${name} dsub`);
  const lastSubdimension = reader.int32(`${name} lastdsub`);
  if (
    dimension <= 0 ||
    subquantizers <= 0 ||
    subdimension <= 0 ||
    lastSubdimension <= 0 ||
    (subquantizers - 1) * subdimension + lastSubdimension !== dimension
  )
    throw new FastTextModelError(`the fastText model's ${name} is inconsistent`);
  const centroids = reader.float32Array(dimension * CENTROIDS_PER_SUBQUANTIZER, `${name} centroids`);
  return { dimension, subquantizers, subdimension, lastSubdimension, centroids };
}

function readQuantizedMatrix(reader: ByteReader, name: string): Matrix {
  const hasNorms = reader.uint8(`${name} qnorm`) !== 0;
  const rows = reader.int64(`${name} rows`);
  const columns = reader.int64(`${name} columns`);
  const codeSize = reader.int32(`${name} codesize`);
  const codes = reader.bytesOf(codeSize, `${name} codes`);
  const quantizer = readProductQuantizer(reader, `${name} quantizer`);
  if (quantizer.dimension !== columns || codeSize !== rows * quantizer.subquantizers)
    throw new FastTextModelError(`the fastText model's ${name} codes do not match its shape`);
  let norms = new Float32Array(0);
  if (hasNorms) {
    const normCodes = reader.bytesOf(rows, `${name} norm codes`);
    const normQuantizer = readProductQuantizer(reader, `${name} norm quantizer`);
    if (normQuantizer.dimension !== 1)
      throw new FastTextModelError(`the fastText model's ${name} norms are not scalars`);
    norms = Float32Array.from(normCodes, (code) => normQuantizer.centroids[code] ?? 0);
  }
  const { subquantizers, subdimension, lastSubdimension, centroids } = quantizer;
  const last = subquantizers - 1;
  // fastText's layout: sub-quantizer m's 256 centroids of dsub values, the last sub-quantizer's of lastdsub.
  const lastBase = last * CENTROIDS_PER_SUBQUANTIZER * subdimension;
  return {
    rows,
    columns,
    addRow(row, into) {
      const norm = hasNorms ? (norms[row] as number) : 1;
      const codeBase = row * subquantizers;
      for (let part = 0; part < last; part += 1) {
        const from = (part * CENTROIDS_PER_SUBQUANTIZER + (codes[codeBase + part] as number)) * subdimension;
        const to = part * subdimension;
        for (let offset = 0; offset < subdimension; offset += 1)
          into[to + offset] = (into[to + offset] as number) + Math.fround(norm * (centroids[from + offset] as number));
      }
      const from = lastBase + (codes[codeBase + last] as number) * lastSubdimension;
      const to = last * subdimension;
      for (let offset = 0; offset < lastSubdimension; offset += 1)
        into[to + offset] = (into[to + offset] as number) + Math.fround(norm * (centroids[from + offset] as number));
    },
  };
}

/** fastText's FNV-1a over UTF-8 bytes, each byte taken as a signed char (the quirk its models depend on). */
function hashBytes(hash: number, byte: number): number {
  return Math.imul(hash ^ (byte >= 0x80 ? byte | 0xffffff00 : byte), 16777619) >>> 0;
}

const FNV_OFFSET = 2166136261;

/** The UTF-8 bytes of a string (lone surrogates as U+FFFD, as TextEncoder writes them). */
function utf8(text: string, into: number[]): number[] {
  into.length = 0;
  for (let index = 0; index < text.length; index += 1) {
    let code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        index += 1;
      } else code = 0xfffd;
    } else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) into.push(code);
    else if (code < 0x800) into.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) into.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else
      into.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return into;
}

function hashOf(bytes: ArrayLike<number>): number {
  let hash = FNV_OFFSET;
  for (let index = 0; index < bytes.length; index += 1) hash = hashBytes(hash, bytes[index] ?? 0);
  return hash;
}

/** (high * 2^32 + low) mod divisor, for unsigned 32-bit halves and a divisor below 2^26. */
function modulo64(high: number, low: number, divisor: number): number {
  return ((((high % divisor) * (4294967296 % divisor)) % divisor) + (low % divisor)) % divisor;
}

/** The low 64 bits of (high * 2^32 + low) * multiplier, multiplier below 2^27, as unsigned 32-bit halves. */
function multiply64(high: number, low: number, multiplier: number, out: [number, number]): void {
  const lowProduct = (low & 0xffff) * multiplier; // < 2^43, exact
  const highProduct = (low >>> 16) * multiplier; // < 2^43, exact
  const sum = lowProduct + (highProduct % 65536) * 65536; // < 2^44, exact
  const carry = Math.floor(sum / 4294967296) + Math.floor(highProduct / 65536);
  out[0] = (Math.imul(high, multiplier) + carry) >>> 0;
  out[1] = sum >>> 0;
}

/** Adds a 32-bit value taken as signed (sign-extended to 64 bits, as fastText does) to a 64-bit value. */
function addSigned64(high: number, low: number, value: number, out: [number, number]): void {
  const lowSum = low + (value >>> 0);
  const carry = lowSum >= 4294967296 ? 1 : 0;
  out[0] = (high + carry + ((value | 0) < 0 ? 0xffffffff : 0)) >>> 0;
  out[1] = lowSum >>> 0;
}

/**
 * One word's part of the hidden vector: the sum of its input rows (its own row, then its character n-grams'),
 * how many rows that is, and its hash, which word n-grams chain: a word n-gram's hash starts as the first
 * word's hash (widened with its sign) times 116049371, kept here as 64-bit halves.
 */
interface WordPart {
  sum: Float64Array;
  rows: number;
  hash: number;
  chainedHigh: number;
  chainedLow: number;
}

function wordPart(sum: Float64Array, rows: number, hash: number): WordPart {
  const product: [number, number] = [0, 0];
  multiply64((hash | 0) < 0 ? 0xffffffff : 0, hash >>> 0, WORD_NGRAM_MULTIPLIER, product);
  return { sum, rows, hash, chainedHigh: product[0], chainedLow: product[1] };
}

const SIGMOID_TABLE_SIZE = 512;
const MAX_SIGMOID = 8;
/** fastText's sigmoid table: 513 single-precision values over [-8, 8]. */
const SIGMOID_TABLE = Float32Array.from(
  { length: SIGMOID_TABLE_SIZE + 1 },
  (_, index) => 1 / (1 + Math.exp(-(Math.fround((index * 2 * MAX_SIGMOID) / SIGMOID_TABLE_SIZE) - MAX_SIGMOID))),
);

/**
 * The sigmoid as fastText's one-vs-all prediction computes it: looked up in its table (steps of 1/32),
 * not the exact function, which differs from it by up to 0.008.
 */
function tabulatedSigmoid(value: number): number {
  const x = Math.fround(value);
  if (x < -MAX_SIGMOID) return 0;
  if (x > MAX_SIGMOID) return 1;
  const index = Math.trunc(
    Math.fround(Math.fround(Math.fround((x + MAX_SIGMOID) * SIGMOID_TABLE_SIZE) / MAX_SIGMOID) / 2),
  );
  return SIGMOID_TABLE[index] as number;
}

/** fastText's token separators: space, \t \n \v \f \r (0x09-0x0d) and NUL. */
function isSeparator(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0;
}

/** Reads a fastText model from its bytes. Throws FastTextModelError on anything it cannot read exactly. */
export function readFastTextModel(bytes: Uint8Array): FastTextModel {
  const reader = new ByteReader(bytes);
  const magic = reader.int32('magic');
  if (magic !== FILE_FORMAT_MAGIC) throw new FastTextModelError('not a fastText model (wrong magic number)');
  const version = reader.int32('version');
  if (!SUPPORTED_VERSIONS.has(version))
    throw new FastTextModelError(`fastText model format version ${version} is not supported (11 or 12)`);
  const args = readArguments(reader, version);

  const size = reader.int32('dictionary size');
  const wordCount = reader.int32('dictionary nwords');
  const labelCount = reader.int32('dictionary nlabels');
  reader.int64('dictionary ntokens');
  const pruneIndexSize = reader.int64('dictionary pruneidx_size');
  if (size !== wordCount + labelCount || wordCount < 0 || labelCount <= 0)
    throw new FastTextModelError(`the fastText model's dictionary is inconsistent (${size} entries)`);
  const decoder = new TextDecoder('utf-8');
  const words: Uint8Array[] = [];
  const labels: string[] = [];
  for (let index = 0; index < size; index += 1) {
    const entry = reader.cString(`dictionary entry ${index}`);
    reader.int64(`dictionary entry ${index} count`);
    const type = reader.uint8(`dictionary entry ${index} type`);
    if (type === 0 && index < wordCount) words.push(entry);
    else if (type === 1 && index >= wordCount) labels.push(decoder.decode(entry));
    else throw new FastTextModelError(`the fastText model's dictionary entry ${index} is out of order`);
  }
  // -1: not pruned (every bucket has a row); otherwise only the buckets listed have one, at the position given.
  const pruned = new Map<number, number>();
  let largestPosition = -1;
  for (let index = 0; index < pruneIndexSize; index += 1) {
    const bucket = reader.int32('pruneidx key');
    const position = reader.int32('pruneidx value');
    if (bucket < 0 || bucket >= args.bucket || position < 0)
      throw new FastTextModelError('the fastText pruning index is out of range');
    pruned.set(bucket, position);
    largestPosition = Math.max(largestPosition, position);
  }

  const quantizedInput = reader.uint8('quant_input') !== 0;
  if (!quantizedInput && pruneIndexSize >= 0)
    throw new FastTextModelError('the fastText model is pruned but not quantized (an outdated file)');
  const input = quantizedInput ? readQuantizedMatrix(reader, 'input matrix') : readDenseMatrix(reader, 'input matrix');
  const quantizedOutput = reader.uint8('qout') !== 0;
  const output =
    quantizedInput && quantizedOutput
      ? readQuantizedMatrix(reader, 'output matrix')
      : readDenseMatrix(reader, 'output matrix');
  if (reader.remaining !== 0) throw new FastTextModelError(`the fastText model has ${reader.remaining} unread bytes`);
  const dimension = args.dimension;
  if (input.columns !== dimension || output.columns !== dimension || output.rows !== labelCount)
    throw new FastTextModelError("the fastText model's matrices do not match its dimension and labels");
  const ngramRows = pruneIndexSize >= 0 ? largestPosition + 1 : args.bucket;
  if (input.rows < wordCount + ngramRows)
    throw new FastTextModelError("the fastText model's input matrix has fewer rows than its dictionary needs");

  /** fastText's pushHash: the input row of n-gram bucket `bucket`, or -1 when pruning dropped it. */
  const ngramRow = (bucket: number): number => {
    if (pruneIndexSize < 0) return wordCount + bucket;
    const position = pruned.get(bucket);
    return position === undefined ? -1 : wordCount + position;
  };
  // Buckets read per comment (every word n-gram, every n-gram of an unknown word): a flat table is faster.
  const flatPruning = pruneIndexSize >= 0 && args.bucket <= 1 << 24 ? new Int32Array(args.bucket).fill(-1) : undefined;
  if (flatPruning) for (const [bucket, position] of pruned) flatPruning[bucket] = wordCount + position;
  const rowOfBucket = (bucket: number): number => (flatPruning ? (flatPruning[bucket] as number) : ngramRow(bucket));

  /** Adds the rows of the character n-grams of `<word>` (given as UTF-8 bytes) to `part`. */
  const addCharacterNgrams = (word: ArrayLike<number>, part: WordPart): void => {
    if (args.maxn <= 0) return;
    const bytesOfWord = [0x3c, ...Array.from(word), 0x3e];
    const length = bytesOfWord.length;
    for (let start = 0; start < length; start += 1) {
      if (((bytesOfWord[start] as number) & 0xc0) === 0x80) continue;
      let hash = FNV_OFFSET;
      let end = start;
      for (let characters = 1; end < length && characters <= args.maxn; characters += 1) {
        hash = hashBytes(hash, bytesOfWord[end] as number);
        end += 1;
        while (end < length && ((bytesOfWord[end] as number) & 0xc0) === 0x80) {
          hash = hashBytes(hash, bytesOfWord[end] as number);
          end += 1;
        }
        if (characters >= args.minn && !(characters === 1 && (start === 0 || end === length))) {
          const row = rowOfBucket(hash % args.bucket);
          if (row >= 0) {
            input.addRow(row, part.sum);
            part.rows += 1;
          }
        }
      }
    }
  };

  // A word's rows are summed once, at load for the dictionary and on first sight for an unknown word, so a
  // comment costs one vector per word instead of one per n-gram (a float64 sum: it differs from fastText's
  // single-precision running sum only in the last bits, far below the 1e-4 the tests hold it to).
  const known = new Map<string, WordPart>();
  const wordSums = new Float64Array(wordCount * dimension);
  words.forEach((word, id) => {
    const part = wordPart(wordSums.subarray(id * dimension, (id + 1) * dimension), 1, hashOf(word));
    input.addRow(id, part.sum);
    const text = decoder.decode(word);
    if (text !== END_OF_SENTENCE) addCharacterNgrams(word, part);
    known.set(text, part);
  });

  const scratchBytes: number[] = [];
  let unknown = new Map<string, WordPart>();
  const unknownWord = (token: string): WordPart => {
    let part = unknown.get(token);
    if (part === undefined) {
      const bytesOfToken = utf8(token, scratchBytes);
      part = wordPart(new Float64Array(dimension), 0, hashOf(bytesOfToken));
      // fastText gives the end-of-sentence token no n-grams even when it is not in the dictionary.
      if (token !== END_OF_SENTENCE) addCharacterNgrams(bytesOfToken, part);
      if (unknown.size >= UNKNOWN_WORD_CACHE_SIZE) unknown = new Map();
      unknown.set(token, part);
    }
    return part;
  };

  const outputWeights = new Float64Array(labelCount * dimension);
  for (let label = 0; label < labelCount; label += 1)
    output.addRow(label, outputWeights.subarray(label * dimension, (label + 1) * dimension));

  const hidden = new Float64Array(dimension);
  const product: [number, number] = [0, 0];
  const bucketCount = args.bucket;
  const wideBuckets = bucketCount >= 1 << 26;
  const bucketCountBig = BigInt(bucketCount);
  /** The bucket of a word n-gram from its 64-bit hash. */
  const wordNgramBucket = (high: number, low: number): number =>
    wideBuckets ? Number(((BigInt(high) << 32n) | BigInt(low)) % bucketCountBig) : modulo64(high, low, bucketCount);

  // The line being read: its words, the rows summed so far, whether it has ended.
  const lineParts: WordPart[] = [];
  let lineRows = 0;
  let lineEnded = false;

  const takeToken = (token: string): void => {
    const entry = known.get(token);
    // A label (known or not) is not part of the text.
    if (entry === undefined && token.startsWith(LABEL_PREFIX)) return;
    const part = entry ?? unknownWord(token);
    const sum = part.sum;
    for (let column = 0; column < dimension; column += 1)
      hidden[column] = (hidden[column] as number) + (sum[column] as number);
    lineRows += part.rows;
    lineParts.push(part);
    // fastText stops reading a line at the end-of-sentence token, even one written in the text.
    if (token === END_OF_SENTENCE) lineEnded = true;
  };

  /** Computes the hidden vector of a line (the average of its rows); returns how many rows there were. */
  const computeHidden = (text: string): number => {
    hidden.fill(0);
    lineParts.length = 0;
    lineRows = 0;
    lineEnded = false;
    let tokenStart = -1;
    // The wasm binding and the command line read `text + "\n"`: a line ends at its first newline, with </s>.
    for (let index = 0; index <= text.length && !lineEnded; index += 1) {
      const code = index < text.length ? text.charCodeAt(index) : 0x0a;
      if (isSeparator(code)) {
        if (tokenStart >= 0) {
          takeToken(text.slice(tokenStart, index));
          tokenStart = -1;
        }
        if (code === 0x0a && !lineEnded) takeToken(END_OF_SENTENCE);
      } else if (tokenStart < 0) tokenStart = index;
    }
    const words = lineParts.length;
    for (let first = 0; first < words; first += 1) {
      const start = lineParts[first] as WordPart;
      let high = start.chainedHigh;
      let low = start.chainedLow;
      for (let next = first + 1; next < words && next < first + args.wordNgrams; next += 1) {
        if (next > first + 1) {
          multiply64(high, low, WORD_NGRAM_MULTIPLIER, product);
          high = product[0];
          low = product[1];
        }
        addSigned64(high, low, (lineParts[next] as WordPart).hash, product);
        high = product[0];
        low = product[1];
        const row = rowOfBucket(wordNgramBucket(high, low));
        if (row >= 0) {
          input.addRow(row, hidden);
          lineRows += 1;
        }
      }
    }
    if (lineRows > 0)
      for (let column = 0; column < dimension; column += 1) hidden[column] = (hidden[column] as number) / lineRows;
    return lineRows;
  };

  /** fastText's softmax output layer over the hidden vector. */
  const softmax = (into: Float64Array): Float64Array => {
    let maximum = -Infinity;
    for (let label = 0; label < labelCount; label += 1) {
      let sum = 0;
      for (let column = 0, from = label * dimension; column < dimension; column += 1, from += 1)
        sum += (outputWeights[from] as number) * (hidden[column] as number);
      into[label] = sum;
      if (sum > maximum) maximum = sum;
    }
    let total = 0;
    for (let label = 0; label < labelCount; label += 1) {
      const value = Math.exp((into[label] as number) - maximum);
      into[label] = value;
      total += value;
    }
    for (let label = 0; label < labelCount; label += 1) into[label] = (into[label] as number) / total;
    return into;
  };

  /** fastText's one-vs-all output layer: each label's own sigmoid, read from fastText's sigmoid table. */
  const sigmoids = (into: Float64Array): Float64Array => {
    for (let label = 0; label < labelCount; label += 1) {
      let sum = 0;
      for (let column = 0, from = label * dimension; column < dimension; column += 1, from += 1)
        sum += (outputWeights[from] as number) * (hidden[column] as number);
      into[label] = tabulatedSigmoid(sum);
    }
    return into;
  };
  const outputLayer = args.loss === 'one-vs-all' ? sigmoids : softmax;

  const probabilities = (text: string, into: Float64Array = new Float64Array(labelCount)): Float64Array => {
    if (computeHidden(text) > 0) return outputLayer(into);
    into.fill(0);
    return into;
  };

  const predict = (text: string, k = -1, threshold = 0): FastTextPrediction[] => {
    if (k === 0 || k < -1) throw new RangeError(`k must be -1 (all labels) or positive (got ${k})`);
    if (computeHidden(text) === 0) return [];
    const ranked: FastTextPrediction[] = [];
    outputLayer(new Float64Array(labelCount)).forEach((probability, label) => {
      if (probability >= threshold) ranked.push({ label: labels[label] ?? '', probability: probability + LOG_EPSILON });
    });
    ranked.sort((left, right) => right.probability - left.probability);
    return k < 0 ? ranked : ranked.slice(0, k);
  };

  return Object.freeze({
    arguments: Object.freeze({ ...args }),
    labels: Object.freeze([...labels]),
    quantized: quantizedInput,
    probabilities,
    predict,
  });
}

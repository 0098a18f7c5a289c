/**
 * Local sentence embeddings for teaching comments, computed from the text alone (the embedding job runs
 * per submission, so no corpus statistics). Two blocks, L2-normalised together:
 *  - aspect block (one dimension per teaching aspect of ASPECTS): what the comment is about, from the
 *    trilingual aspect lexicon, so "magaling magturo", "bad at explaining" and "klaro kaayo mo-explain"
 *    share the clarity dimension; it carries ASPECT_SHARE of the squared norm when the comment names an
 *    aspect clearly;
 *  - hashed block: signed feature hashing of word unigrams, bigrams and character 4-grams, which keeps
 *    comments about things outside the lexicon apart and near their own kind. Rating words ("good",
 *    "magaling", "nindot") and words every comment uses ("teacher", "sir") are damped so polarity does not
 *    decide where a comment lands.
 */

import { isStopword, tokenize } from '../text/index.js';
import { DOMAIN_GENERIC_WORDS, EVALUATIVE_WORDS } from './aspect-lexicon.js';
import { aspectScores } from './aspect-matcher.js';

export const EMBEDDING_DIMENSIONS = 384;
export const EMBEDDING_MODEL = 'local-aspect-hash-4';

/** Dimensions reserved for aspects (ASPECTS.length of them are in use; the rest keep room to grow). */
const ASPECT_BLOCK = 32;
const HASH_BLOCK = EMBEDDING_DIMENSIONS - ASPECT_BLOCK;
/**
 * Share of the squared norm given to the aspect block once a comment's aspect evidence reaches 1 (one
 * strong word); weaker evidence gets a share growing with its square root.
 */
const ASPECT_SHARE = 0.8;

const CONTENT_WEIGHT = 1;
const DAMPED_WEIGHT = 0.25;
const STOPWORD_WEIGHT = 0.15;
const BIGRAM_WEIGHT = 0.5;
/** Total (L2) weight of a token's character 4-grams: typo and affix tolerance without dominating. */
const CHARACTER_GRAM_WEIGHT = 0.5;

interface TokenFeatures {
  /** Weight of the token in bigrams (0 for stop-words: no bigram is formed with them). */
  bigramWeight: number;
  indices: Int32Array;
  values: Float32Array;
}

/** FNV-1a, 32 bits. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function addHashed(vector: Float64Array, feature: string, weight: number): void {
  const hash = hashString(feature);
  const index = ASPECT_BLOCK + (hash % HASH_BLOCK);
  vector[index] = (vector[index] ?? 0) + ((hash & 0x80000000) === 0 ? weight : -weight);
}

function computeTokenFeatures(token: string): TokenFeatures {
  const features = new Map<number, number>();
  const add = (feature: string, weight: number): void => {
    const hash = hashString(feature);
    const index = ASPECT_BLOCK + (hash % HASH_BLOCK);
    features.set(index, (features.get(index) ?? 0) + ((hash & 0x80000000) === 0 ? weight : -weight));
  };
  const stop = isStopword(token) || /^\p{N}+$/u.test(token);
  const damped = EVALUATIVE_WORDS.has(token) || DOMAIN_GENERIC_WORDS.has(token);
  const weight = stop ? STOPWORD_WEIGHT : damped ? DAMPED_WEIGHT : CONTENT_WEIGHT;
  add(`w:${token}`, weight);
  if (!stop && !damped && token.length >= 4) {
    const padded = `<${token}>`;
    const gramCount = padded.length - 3;
    const gramWeight = CHARACTER_GRAM_WEIGHT / Math.sqrt(gramCount);
    for (let start = 0; start < gramCount; start += 1) add(`c:${padded.slice(start, start + 4)}`, gramWeight);
  }
  return {
    bigramWeight: stop ? 0 : weight,
    indices: Int32Array.from(features.keys()),
    values: Float32Array.from(features.values()),
  };
}

const MEMO_LIMIT = 200_000;
const tokenMemo = new Map<string, TokenFeatures>();

function tokenFeatures(token: string): TokenFeatures {
  const cached = tokenMemo.get(token);
  if (cached !== undefined) return cached;
  const features = computeTokenFeatures(token);
  if (tokenMemo.size >= MEMO_LIMIT) tokenMemo.clear();
  tokenMemo.set(token, features);
  return features;
}

function hashedBlock(tokens: readonly string[]): Float64Array {
  const vector = new Float64Array(EMBEDDING_DIMENSIONS);
  let previous: { token: string; features: TokenFeatures } | undefined;
  for (const token of tokens) {
    const features = tokenFeatures(token);
    for (let index = 0; index < features.indices.length; index += 1) {
      const position = features.indices[index] as number;
      vector[position] = (vector[position] ?? 0) + (features.values[index] as number);
    }
    if (previous !== undefined && previous.features.bigramWeight > 0 && features.bigramWeight > 0) {
      const weight = BIGRAM_WEIGHT * Math.min(previous.features.bigramWeight, features.bigramWeight);
      addHashed(vector, `b:${previous.token}_${token}`, weight);
    }
    previous = { token, features };
  }
  return vector;
}

function norm(vector: Float64Array, from: number, to: number): number {
  let sum = 0;
  for (let index = from; index < to; index += 1) sum += (vector[index] as number) ** 2;
  return Math.sqrt(sum);
}

function combine(hashed: Float64Array, aspects: Float64Array | undefined): number[] {
  let aspectShare = 0;
  if (aspects !== undefined) {
    let evidence = 0;
    for (let aspect = 0; aspect < aspects.length; aspect += 1) {
      const score = aspects[aspect] as number;
      evidence += score;
      hashed[aspect] = score;
    }
    aspectShare = ASPECT_SHARE * Math.min(1, Math.sqrt(evidence));
  }
  const hashedNorm = norm(hashed, ASPECT_BLOCK, EMBEDDING_DIMENSIONS);
  if (hashedNorm === 0 && aspectShare === 0) {
    // Nothing but punctuation or emojis: a fixed direction of its own, still of unit length.
    addHashed(hashed, '<empty>', 1);
    return combine(hashed, undefined);
  }
  if (hashedNorm === 0) aspectShare = 1;
  const aspectNorm = norm(hashed, 0, ASPECT_BLOCK);
  const aspectScale = aspectShare > 0 ? Math.sqrt(aspectShare) / aspectNorm : 0;
  const hashedScale = hashedNorm > 0 ? Math.sqrt(1 - aspectShare) / hashedNorm : 0;
  const output = new Array<number>(EMBEDDING_DIMENSIONS);
  for (let index = 0; index < EMBEDDING_DIMENSIONS; index += 1) {
    output[index] = (hashed[index] as number) * (index < ASPECT_BLOCK ? aspectScale : hashedScale);
  }
  return output;
}

/** Unit-length vector of EMBEDDING_DIMENSIONS numbers for one comment. */
export function embedText(text: string): number[] {
  const tokens = tokenize(text);
  return combine(hashedBlock(tokens), aspectScores(tokens));
}

/**
 * The same hashed features without the aspect lexicon: the bag-of-words baseline the topic-quality bench
 * measures the aspect block against.
 */
export function embedTextWithoutAspects(text: string): number[] {
  return combine(hashedBlock(tokenize(text)), undefined);
}

/**
 * A BERTopic-like topic model on precomputed embeddings, pure and deterministic for a seed:
 *  1. reduce: truncated SVD to REDUCED_DIMENSIONS, fitted on a seeded sample; vectors L2-normalised;
 *  2. cluster by density: HDBSCAN on a seeded sample of at most CLUSTER_SAMPLE documents (exact
 *     duplicates clustered once, weighted), retried with a smaller minimum size when it finds nothing
 *     (unless the caller set minTopicSize); nothing found at all gives one topic;
 *  3. merge near-duplicate topics (centroid cosine ≥ MERGE_SIMILARITY), then the smallest into its most
 *     similar until at most maxTopics remain;
 *  4. assign every document to its nearest topic centroid (two refinement rounds); a document stays an
 *     outlier (topicIndex -1) only when its similarity to every centroid is below the outlier threshold,
 *     which is lowered as far as needed for at most OUTLIER_TARGET outliers (never below
 *     MINIMUM_SIMILARITY): BERTopic's "reduce outliers" with the embeddings strategy;
 *  5. keywords by class-based TF-IDF, never a word the corpus writes as a proper noun (proper-nouns.ts);
 *     soft membership by a softmax over centroid similarities;
 *  6. metrics: NPMI coherence, topic diversity, outlier ratio, silhouette.
 */

import type {
  TopicAssignmentResult,
  TopicDocument,
  TopicModelParams,
  TopicModelResult,
  TopicSummary,
} from '../contracts.js';
import { TopicModelInputError } from './errors.js';
import { densityClusters } from './hdbscan.js';
import { documentTerms, topicKeywords } from './keywords.js';
import { npmiCoherence, silhouette, topicDiversity } from './metrics.js';
import { createRandom, sampleIndices } from './random.js';
import { topicProperNouns } from './proper-nouns.js';
import { fitProjection, projectInto } from './reduce.js';

export { TopicModelInputError } from './errors.js';
export { topicProperNouns } from './proper-nouns.js';

export const DEFAULT_SEED = 42;
const REDUCED_DIMENSIONS = 24;
/** Documents the SVD is fitted on, and documents HDBSCAN clusters (it is quadratic). */
const FIT_SAMPLE = 4000;
const CLUSTER_SAMPLE = 2500;
/** HDBSCAN's min_samples: half the minimum cluster size, at most this (density estimate, not a size). */
const MAXIMUM_MIN_SAMPLES = 10;
const MERGE_SIMILARITY = 0.7;
const BASE_OUTLIER_SIMILARITY = 0.5;
const MINIMUM_SIMILARITY = 0.05;
const OUTLIER_TARGET = 0.1;
const REFINEMENT_ROUNDS = 2;
/** Softmax temperature of soft membership over cosine similarities. */
const MEMBERSHIP_TEMPERATURE = 0.1;
const PROBABILITY_CUTOFF = 0.01;
const RAW_LABEL_KEYWORDS = 3;

/** Smallest topic: about 1.25% of the corpus, at least 3 documents. */
function defaultMinTopicSize(documentCount: number): number {
  return Math.max(3, Math.round(documentCount / 80));
}

/** Topic cap when none is given: grows with the square root of the corpus (30 → 5, 100 → 10), at most 50. */
function defaultMaxTopics(documentCount: number): number {
  return Math.min(50, Math.max(1, Math.round(Math.sqrt(documentCount))));
}

function emptyResult(): TopicModelResult {
  return {
    topics: [],
    assignments: [],
    outlierCount: 0,
    metrics: { npmiCoherence: 0, topicDiversity: 0, outlierRatio: 0, silhouette: 0 },
  };
}

function positiveInteger(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) throw new TopicModelInputError(`${name} must be a positive integer`);
  return value;
}

function validate(documents: readonly TopicDocument[]): number {
  const dimensions = documents[0]?.embedding.length ?? 0;
  if (dimensions === 0) throw new TopicModelInputError('embeddings must not be empty');
  documents.forEach((document, index) => {
    const { embedding } = document;
    if (!(Array.isArray(embedding) || embedding instanceof Float32Array) || embedding.length !== dimensions) {
      throw new TopicModelInputError(
        `embedding of document ${index} (${document.id}) has ${String(document.embedding?.length)} dimensions, expected ${dimensions}`,
      );
    }
    for (const value of document.embedding) {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new TopicModelInputError(`embedding of document ${index} (${document.id}) holds a non-finite value`);
      }
    }
  });
  return dimensions;
}

function dot(vectors: Float32Array, offset: number, centroid: Float64Array): number {
  let sum = 0;
  for (let column = 0; column < centroid.length; column += 1) {
    sum += (vectors[offset + column] as number) * (centroid[column] as number);
  }
  return sum;
}

function normalise(vector: Float64Array): Float64Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let index = 0; index < vector.length; index += 1) vector[index] = (vector[index] as number) / norm;
  return vector;
}

interface Centroid {
  vector: Float64Array;
  weight: number;
}

function similarity(a: Centroid, b: Centroid): number {
  let sum = 0;
  for (let index = 0; index < a.vector.length; index += 1)
    sum += (a.vector[index] as number) * (b.vector[index] as number);
  return sum;
}

function mergeInto(target: Centroid, source: Centroid): void {
  for (let index = 0; index < target.vector.length; index += 1) {
    target.vector[index] =
      (target.vector[index] as number) * target.weight + (source.vector[index] as number) * source.weight;
  }
  normalise(target.vector);
  target.weight += source.weight;
}

/** Merges near-duplicate centroids, then the smallest into its most similar until `maxTopics` remain. */
function mergeCentroids(input: Centroid[], maxTopics: number): Centroid[] {
  const centroids = [...input];
  for (;;) {
    let best = -Infinity;
    let pair: [number, number] = [-1, -1];
    for (let a = 0; a < centroids.length; a += 1) {
      for (let b = a + 1; b < centroids.length; b += 1) {
        const value = similarity(centroids[a] as Centroid, centroids[b] as Centroid);
        if (value > best) {
          best = value;
          pair = [a, b];
        }
      }
    }
    if (best < MERGE_SIMILARITY) break;
    mergeInto(centroids[pair[0]] as Centroid, centroids[pair[1]] as Centroid);
    centroids.splice(pair[1], 1);
  }
  while (centroids.length > maxTopics) {
    let smallest = 0;
    centroids.forEach((centroid, index) => {
      if (centroid.weight < (centroids[smallest] as Centroid).weight) smallest = index;
    });
    const source = centroids[smallest] as Centroid;
    let target = -1;
    let best = -Infinity;
    centroids.forEach((centroid, index) => {
      if (index === smallest) return;
      const value = similarity(source, centroid);
      if (value > best) {
        best = value;
        target = index;
      }
    });
    mergeInto(centroids[target] as Centroid, source);
    centroids.splice(smallest, 1);
  }
  return centroids;
}

interface Reduced {
  vectors: Float32Array;
  dimensions: number;
}

function reduce(documents: readonly TopicDocument[], dimensions: number, random: () => number): Reduced {
  const components = Math.max(1, Math.min(REDUCED_DIMENSIONS, dimensions, documents.length));
  const fitRows = Array.from(
    sampleIndices(documents.length, FIT_SAMPLE, random),
    (index) => (documents[index] as TopicDocument).embedding,
  );
  const projection = fitProjection(fitRows, dimensions, components, random);
  const vectors = new Float32Array(documents.length * components);
  documents.forEach((document, index) => projectInto(projection, document.embedding, vectors, index * components));
  return { vectors, dimensions: components };
}

/** HDBSCAN on a sample; centroids of the clusters it finds (none when it finds none). */
function clusterSample(
  reduced: Reduced,
  minTopicSize: number,
  retrySmaller: boolean,
  random: () => number,
): Centroid[] {
  const { vectors, dimensions } = reduced;
  const documentCount = vectors.length / dimensions;
  const sample = sampleIndices(documentCount, CLUSTER_SAMPLE, random);
  const uniqueOf = new Map<string, number>();
  const uniqueDocuments: number[] = [];
  const weights: number[] = [];
  for (const document of sample) {
    const key = vectors.subarray(document * dimensions, (document + 1) * dimensions).join(',');
    const existing = uniqueOf.get(key);
    if (existing !== undefined) {
      weights[existing] = (weights[existing] as number) + 1;
      continue;
    }
    uniqueOf.set(key, uniqueDocuments.length);
    uniqueDocuments.push(document);
    weights.push(1);
  }
  const points = new Float32Array(uniqueDocuments.length * dimensions);
  uniqueDocuments.forEach((document, index) =>
    points.set(vectors.subarray(document * dimensions, (document + 1) * dimensions), index * dimensions),
  );
  let minClusterSize = Math.max(2, Math.round((minTopicSize * sample.length) / documentCount));
  for (;;) {
    const { labels, clusterCount } = densityClusters({
      points,
      dimensions,
      weights: Int32Array.from(weights),
      minClusterSize,
      minSamples: Math.min(minClusterSize, MAXIMUM_MIN_SAMPLES, Math.max(2, Math.round(minClusterSize / 2))),
    });
    if (clusterCount > 0 || minClusterSize <= 2 || !retrySmaller) {
      const centroids: Centroid[] = Array.from({ length: clusterCount }, () => ({
        vector: new Float64Array(dimensions),
        weight: 0,
      }));
      labels.forEach((label, index) => {
        if (label < 0) return;
        const centroid = centroids[label] as Centroid;
        const weight = weights[index] as number;
        const offset = index * dimensions;
        for (let column = 0; column < dimensions; column += 1) {
          centroid.vector[column] = (centroid.vector[column] as number) + weight * (points[offset + column] as number);
        }
        centroid.weight += weight;
      });
      return centroids.map((centroid) => ({ vector: normalise(centroid.vector), weight: centroid.weight }));
    }
    minClusterSize = Math.max(2, Math.floor(minClusterSize / 2));
  }
}

interface Assignment {
  topicOf: Int32Array;
  bestSimilarity: Float64Array;
}

function nearestCentroids(reduced: Reduced, centroids: readonly Centroid[]): Assignment {
  const documentCount = reduced.vectors.length / reduced.dimensions;
  const topicOf = new Int32Array(documentCount);
  const bestSimilarity = new Float64Array(documentCount);
  for (let document = 0; document < documentCount; document += 1) {
    let best = -Infinity;
    let bestTopic = -1;
    centroids.forEach((centroid, topic) => {
      const value = dot(reduced.vectors, document * reduced.dimensions, centroid.vector);
      if (value > best) {
        best = value;
        bestTopic = topic;
      }
    });
    topicOf[document] = bestTopic;
    bestSimilarity[document] = best;
  }
  return { topicOf, bestSimilarity };
}

/** The similarity below which a document stays an outlier. */
function outlierThreshold(bestSimilarity: Float64Array): number {
  const sorted = Float64Array.from(bestSimilarity).sort();
  const quantile = sorted[Math.floor(OUTLIER_TARGET * sorted.length)] ?? 0;
  return Math.max(MINIMUM_SIMILARITY, Math.min(BASE_OUTLIER_SIMILARITY, quantile));
}

function centroidsOf(reduced: Reduced, assignment: Assignment, topicCount: number, threshold: number): Centroid[] {
  const centroids: Centroid[] = Array.from({ length: topicCount }, () => ({
    vector: new Float64Array(reduced.dimensions),
    weight: 0,
  }));
  assignment.topicOf.forEach((topic, document) => {
    if (topic < 0 || (assignment.bestSimilarity[document] as number) < threshold) return;
    const centroid = centroids[topic] as Centroid;
    const offset = document * reduced.dimensions;
    for (let column = 0; column < reduced.dimensions; column += 1) {
      centroid.vector[column] = (centroid.vector[column] as number) + (reduced.vectors[offset + column] as number);
    }
    centroid.weight += 1;
  });
  return centroids
    .filter((centroid) => centroid.weight > 0)
    .map((centroid) => ({ ...centroid, vector: normalise(centroid.vector) }));
}

/** Final assignment with outliers marked -1; topics renumbered largest first, empty ones dropped. */
function finalAssignment(
  reduced: Reduced,
  centroids: readonly Centroid[],
): { centroids: Centroid[]; topicOf: Int32Array; bestSimilarity: Float64Array } {
  const { topicOf, bestSimilarity } = nearestCentroids(reduced, centroids);
  const threshold = outlierThreshold(bestSimilarity);
  const counts = new Array<number>(centroids.length).fill(0);
  topicOf.forEach((topic, document) => {
    if ((bestSimilarity[document] as number) < threshold) topicOf[document] = -1;
    else counts[topic] = (counts[topic] as number) + 1;
  });
  const order = counts
    .map((count, topic) => ({ count, topic }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.topic - b.topic);
  const renumber = new Int32Array(centroids.length).fill(-1);
  order.forEach((entry, index) => {
    renumber[entry.topic] = index;
  });
  topicOf.forEach((topic, document) => {
    if (topic >= 0) topicOf[document] = renumber[topic] as number;
  });
  return {
    centroids: order.map((entry) => ({ ...(centroids[entry.topic] as Centroid), weight: entry.count })),
    topicOf,
    bestSimilarity,
  };
}

/** Nearest-centroid refinement, folding topics that end up tiny into their neighbours. */
function assignDocuments(
  reduced: Reduced,
  initial: Centroid[],
  minTopicSize: number,
): { centroids: Centroid[]; topicOf: Int32Array; bestSimilarity: Float64Array } {
  let centroids = initial;
  for (let round = 0; round < REFINEMENT_ROUNDS; round += 1) {
    const assignment = nearestCentroids(reduced, centroids);
    centroids = centroidsOf(reduced, assignment, centroids.length, outlierThreshold(assignment.bestSimilarity));
  }
  // Topics that shrank to a handful of documents are folded into their nearest neighbour.
  const smallest = Math.max(1, Math.ceil(minTopicSize / 2));
  for (;;) {
    const assignment = nearestCentroids(reduced, centroids);
    const threshold = outlierThreshold(assignment.bestSimilarity);
    const sized = centroidsOf(reduced, assignment, centroids.length, threshold);
    const tiny = sized.findIndex((centroid) => centroid.weight < smallest);
    if (tiny < 0 || sized.length <= 1) return finalAssignment(reduced, sized);
    centroids = sized.filter((_, index) => index !== tiny);
  }
}

function membership(
  reduced: Reduced,
  document: number,
  topic: number,
  centroids: readonly Centroid[],
): Array<{ topicIndex: number; probability: number }> {
  const offset = document * reduced.dimensions;
  const similarities = centroids.map((centroid) => dot(reduced.vectors, offset, centroid.vector));
  const best = similarities[topic] as number;
  // The assigned (nearest) topic stays strictly the most probable even when another ties with it.
  const scores = similarities.map((value, index) =>
    index === topic ? 1 : Math.exp((Math.min(value, best - 1e-6) - best) / MEMBERSHIP_TEMPERATURE),
  );
  const total = scores.reduce((sum, score) => sum + score, 0);
  return scores
    .map((score, topicIndex) => ({ topicIndex, probability: Math.round((score / total) * 1e6) / 1e6 }))
    .filter((entry) => entry.probability > PROBABILITY_CUTOFF)
    .sort((a, b) => b.probability - a.probability || a.topicIndex - b.topicIndex);
}

export function buildTopicModel(documents: TopicDocument[], params: TopicModelParams = {}): TopicModelResult {
  const minTopicSizeParam = positiveInteger(params.minTopicSize, 'minTopicSize');
  const maxTopicsParam = positiveInteger(params.maxTopics, 'maxTopics');
  if (params.seed !== undefined && !Number.isFinite(params.seed))
    throw new TopicModelInputError('seed must be a number');
  if (documents.length === 0) return emptyResult();
  const dimensions = validate(documents);
  const documentCount = documents.length;
  const minTopicSize = minTopicSizeParam ?? defaultMinTopicSize(documentCount);
  const maxTopics = maxTopicsParam ?? defaultMaxTopics(documentCount);
  const random = createRandom(params.seed ?? DEFAULT_SEED);

  const reduced = reduce(documents, dimensions, random);
  let centroids = clusterSample(reduced, minTopicSize, minTopicSizeParam === undefined, random);
  if (centroids.length === 0) {
    // No dense region (tiny or uniform corpus): one topic around the mean direction.
    const mean = new Float64Array(reduced.dimensions);
    reduced.vectors.forEach((value, index) => {
      mean[index % reduced.dimensions] = (mean[index % reduced.dimensions] as number) + value;
    });
    centroids = [{ vector: normalise(mean), weight: documentCount }];
  }
  centroids = mergeCentroids(centroids, maxTopics);
  const assigned = assignDocuments(reduced, centroids, minTopicSize);
  const topicCount = assigned.centroids.length;

  const texts = documents.map((document) => document.text);
  const terms = documentTerms(texts, topicProperNouns(texts));
  const keywordTerms = topicKeywords(terms, assigned.topicOf, topicCount);
  const keywords = keywordTerms.map((list) => list.map((term) => terms.vocabulary[term] as string));
  const docCounts = new Array<number>(topicCount).fill(0);
  let outlierCount = 0;
  for (const topic of assigned.topicOf) {
    if (topic < 0) outlierCount += 1;
    else docCounts[topic] = (docCounts[topic] as number) + 1;
  }
  const topics: TopicSummary[] = keywords.map((words, topicIndex) => ({
    topicIndex,
    rawLabel: `${topicIndex}_${words.length > 0 ? words.slice(0, RAW_LABEL_KEYWORDS).join('_') : 'topic'}`,
    keywords: words,
    docCount: docCounts[topicIndex] as number,
  }));

  const assignments: TopicAssignmentResult[] = [];
  documents.forEach((document, index) => {
    const topic = assigned.topicOf[index] as number;
    if (topic < 0) {
      assignments.push({ id: document.id, topicIndex: -1, probability: 1 });
      return;
    }
    for (const entry of membership(reduced, index, topic, assigned.centroids)) {
      assignments.push({ id: document.id, ...entry });
    }
  });

  return {
    topics,
    assignments,
    outlierCount,
    metrics: {
      npmiCoherence: npmiCoherence(terms, keywordTerms),
      topicDiversity: topicDiversity(keywords),
      outlierRatio: outlierCount / documentCount,
      silhouette: silhouette(reduced.vectors, reduced.dimensions, assigned.topicOf, topicCount, random),
    },
  };
}

/**
 * Quality metrics of a topic model run:
 *  - NPMI coherence: mean over topics of the mean normalised pointwise mutual information of their keyword
 *    pairs, from document co-occurrence in this corpus (-1: never together, 0: independent, 1: always);
 *  - topic diversity: unique keywords / all keywords over the topics' top keywords;
 *  - silhouette: on the reduced, normalised vectors of non-outlier documents (a seeded sample for large
 *    runs), Euclidean distance; 0 when there are fewer than two topics.
 */

import type { DocumentTerms } from './keywords.js';
import { sampleIndices, type RandomSource } from './random.js';

const SILHOUETTE_SAMPLE = 1500;

export function npmiCoherence(documents: DocumentTerms, keywords: readonly number[][]): number {
  const documentCount = documents.terms.length;
  if (documentCount === 0) return 0;
  // Which topics' keyword lists each term is in, and at which rank.
  const memberships = new Map<number, Array<[number, number]>>();
  keywords.forEach((terms, topic) =>
    terms.forEach((term, rank) => {
      const list = memberships.get(term) ?? [];
      list.push([topic, rank]);
      memberships.set(term, list);
    }),
  );
  const single = keywords.map((terms) => new Float64Array(terms.length));
  const pairs = keywords.map((terms) => new Float64Array(terms.length * terms.length));
  const presentByTopic = new Map<number, number[]>();
  for (const terms of documents.terms) {
    presentByTopic.clear();
    const seen = new Set<number>();
    for (const term of terms) {
      if (seen.has(term)) continue;
      seen.add(term);
      for (const [topic, rank] of memberships.get(term) ?? []) {
        const present = presentByTopic.get(topic) ?? [];
        present.push(rank);
        presentByTopic.set(topic, present);
      }
    }
    for (const [topic, ranks] of presentByTopic) {
      const counts = single[topic] as Float64Array;
      const pairCounts = pairs[topic] as Float64Array;
      const size = (keywords[topic] as number[]).length;
      for (const rank of ranks) counts[rank] = (counts[rank] as number) + 1;
      for (let a = 0; a < ranks.length; a += 1) {
        for (let b = a + 1; b < ranks.length; b += 1) {
          const low = Math.min(ranks[a] as number, ranks[b] as number);
          const high = Math.max(ranks[a] as number, ranks[b] as number);
          pairCounts[low * size + high] = (pairCounts[low * size + high] as number) + 1;
        }
      }
    }
  }
  const topicScores: number[] = [];
  keywords.forEach((terms, topic) => {
    const size = terms.length;
    if (size < 2) return;
    let sum = 0;
    let count = 0;
    for (let a = 0; a < size; a += 1) {
      for (let b = a + 1; b < size; b += 1) {
        const joint = ((pairs[topic] as Float64Array)[a * size + b] as number) / documentCount;
        const probabilityA = ((single[topic] as Float64Array)[a] as number) / documentCount;
        const probabilityB = ((single[topic] as Float64Array)[b] as number) / documentCount;
        let npmi: number;
        if (joint === 0) npmi = -1;
        else if (joint >= 1) npmi = 1;
        else npmi = Math.log(joint / (probabilityA * probabilityB)) / -Math.log(joint);
        sum += npmi;
        count += 1;
      }
    }
    topicScores.push(sum / count);
  });
  return topicScores.length === 0 ? 0 : topicScores.reduce((total, score) => total + score, 0) / topicScores.length;
}

export function topicDiversity(keywords: readonly string[][]): number {
  const all = keywords.flat();
  return all.length === 0 ? 0 : new Set(all).size / all.length;
}

export function silhouette(
  vectors: Float32Array,
  dimensions: number,
  topicOf: Int32Array,
  topicCount: number,
  random: RandomSource,
): number {
  if (topicCount < 2) return 0;
  const members: number[] = [];
  topicOf.forEach((topic, document) => {
    if (topic >= 0) members.push(document);
  });
  const chosen = Array.from(
    sampleIndices(members.length, SILHOUETTE_SAMPLE, random),
    (index) => members[index] as number,
  );
  const distanceSum = new Float64Array(topicCount);
  const clusterSize = new Float64Array(topicCount);
  for (const document of chosen)
    clusterSize[topicOf[document] as number] = (clusterSize[topicOf[document] as number] as number) + 1;
  let total = 0;
  for (const document of chosen) {
    distanceSum.fill(0);
    const own = topicOf[document] as number;
    const offset = document * dimensions;
    for (const other of chosen) {
      if (other === document) continue;
      const otherOffset = other * dimensions;
      let squared = 0;
      for (let column = 0; column < dimensions; column += 1) {
        const difference = (vectors[offset + column] as number) - (vectors[otherOffset + column] as number);
        squared += difference * difference;
      }
      const topic = topicOf[other] as number;
      distanceSum[topic] = (distanceSum[topic] as number) + Math.sqrt(squared);
    }
    if ((clusterSize[own] as number) <= 1) continue;
    const inside = (distanceSum[own] as number) / ((clusterSize[own] as number) - 1);
    let nearest = Number.POSITIVE_INFINITY;
    for (let topic = 0; topic < topicCount; topic += 1) {
      if (topic === own || (clusterSize[topic] as number) === 0) continue;
      nearest = Math.min(nearest, (distanceSum[topic] as number) / (clusterSize[topic] as number));
    }
    if (!Number.isFinite(nearest)) continue;
    const spread = Math.max(inside, nearest);
    total += spread === 0 ? 0 : (nearest - inside) / spread;
  }
  return chosen.length === 0 ? 0 : total / chosen.length;
}

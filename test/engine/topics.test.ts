import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus/generate.js';
import type { TopicDocument, TopicModelResult } from '../../src/engine/contracts.js';
import { embedText } from '../../src/engine/embeddings/index.js';
import { buildTopicModel, TopicModelInputError } from '../../src/engine/topics/index.js';

function documentsOf(texts: string[]): TopicDocument[] {
  return texts.map((text, index) => ({ id: `d${index}`, text, embedding: embedText(text) }));
}

const corpus300 = generateCorpus(300, 7);
const documents300 = documentsOf(corpus300.map((comment) => comment.text));

function expectConsistent(result: TopicModelResult, documents: TopicDocument[]): void {
  const byDocument = new Map<string, Array<{ topicIndex: number; probability: number }>>();
  for (const assignment of result.assignments) {
    expect(assignment.probability).toBeGreaterThan(0.01);
    expect(assignment.probability).toBeLessThanOrEqual(1);
    const list = byDocument.get(assignment.id) ?? [];
    list.push(assignment);
    byDocument.set(assignment.id, list);
  }
  expect(byDocument.size).toBe(documents.length);
  let outliers = 0;
  const counts = new Map<number, number>();
  for (const list of byDocument.values()) {
    const top = Math.max(...list.map((entry) => entry.probability));
    // At most one dominant assignment per document.
    expect(list.filter((entry) => entry.probability === top)).toHaveLength(1);
    const dominant = list.find((entry) => entry.probability === top)!;
    if (dominant.topicIndex === -1) {
      outliers += 1;
      expect(list).toHaveLength(1);
    } else counts.set(dominant.topicIndex, (counts.get(dominant.topicIndex) ?? 0) + 1);
    const total = list.reduce((sum, entry) => sum + entry.probability, 0);
    expect(total).toBeLessThanOrEqual(1 + 1e-5);
  }
  expect(result.outlierCount).toBe(outliers);
  expect(result.metrics.outlierRatio).toBeCloseTo(outliers / documents.length, 10);
  result.topics.forEach((topic, index) => {
    expect(topic.topicIndex).toBe(index);
    expect(topic.docCount).toBe(counts.get(index) ?? 0);
    expect(topic.rawLabel.startsWith(`${index}_`)).toBe(true);
    expect(new Set(topic.keywords).size).toBe(topic.keywords.length);
    expect(topic.keywords.length).toBeLessThanOrEqual(10);
  });
}

describe('buildTopicModel', () => {
  it('finds the aspects of a 300-comment multilingual corpus with few outliers', () => {
    const result = buildTopicModel(documents300, { seed: 3 });
    expectConsistent(result, documents300);
    expect(result.topics.length).toBeGreaterThanOrEqual(4);
    expect(result.metrics.outlierRatio).toBeLessThanOrEqual(0.15);
    expect(result.metrics.topicDiversity).toBeGreaterThanOrEqual(0.85);
    expect(result.metrics.silhouette).toBeGreaterThan(0.2);
    expect(result.metrics.npmiCoherence).toBeGreaterThanOrEqual(-1);
    expect(result.metrics.npmiCoherence).toBeLessThanOrEqual(1);
  });

  it('is deterministic for a seed', () => {
    const first = buildTopicModel(documents300, { seed: 11 });
    const second = buildTopicModel(documents300, { seed: 11 });
    expect(second).toEqual(first);
  });

  it('respects maxTopics and minTopicSize', () => {
    const result = buildTopicModel(documents300, { seed: 1, maxTopics: 3, minTopicSize: 20 });
    expectConsistent(result, documents300);
    expect(result.topics.length).toBeLessThanOrEqual(3);
    expect(result.topics.length).toBeGreaterThanOrEqual(1);
  });

  it('returns an empty result for no documents', () => {
    expect(buildTopicModel([])).toEqual({
      topics: [],
      assignments: [],
      outlierCount: 0,
      metrics: { npmiCoherence: 0, topicDiversity: 0, outlierRatio: 0, silhouette: 0 },
    });
  });

  it.each([1, 2, 5])('handles %i documents', (count) => {
    const documents = documentsOf(corpus300.slice(0, count).map((comment) => comment.text));
    const result = buildTopicModel(documents, { seed: 1 });
    expectConsistent(result, documents);
    expect(result.topics.length).toBeGreaterThanOrEqual(1);
  });

  it('handles identical documents', () => {
    const documents = documentsOf(Array.from({ length: 12 }, () => 'Sir is always late.'));
    const result = buildTopicModel(documents);
    expectConsistent(result, documents);
    expect(result.topics).toHaveLength(1);
    expect(result.outlierCount).toBe(0);
  });

  it('gives a few topics for 30 comments', () => {
    const documents = documents300.slice(0, 30);
    const result = buildTopicModel(documents, { seed: 2 });
    expectConsistent(result, documents);
    expect(result.topics.length).toBeGreaterThanOrEqual(2);
    expect(result.topics.length).toBeLessThanOrEqual(5);
  });

  it('rejects embeddings of different lengths with TopicModelInputError', () => {
    const documents = documentsOf(['Sir is late', 'Clear lessons']);
    documents[1] = { ...documents[1]!, embedding: documents[1]!.embedding.slice(0, 10) };
    expect(() => buildTopicModel(documents)).toThrow(TopicModelInputError);
    try {
      buildTopicModel(documents);
    } catch (error) {
      expect((error as Error).name).toBe('TopicModelInputError');
      expect((error as Error).message).toMatch(/dimensions/u);
    }
  });

  it('rejects empty or non-finite embeddings and invalid params', () => {
    expect(() => buildTopicModel([{ id: 'a', text: 'x', embedding: [] }])).toThrow(TopicModelInputError);
    expect(() => buildTopicModel([{ id: 'a', text: 'x', embedding: [1, Number.NaN] }])).toThrow(TopicModelInputError);
    expect(() => buildTopicModel(documents300, { maxTopics: 0 })).toThrow(TopicModelInputError);
  });
});

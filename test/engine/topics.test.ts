import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus/generate.js';
import type { TopicDocument, TopicModelResult } from '../../src/engine/contracts.js';
import { embedText } from '../../src/engine/embeddings/index.js';
import { labelTopics } from '../../src/engine/labels/index.js';
import { buildTopicModel, TopicModelInputError } from '../../src/engine/topics/index.js';
import { documentTerms, topicKeywords } from '../../src/engine/topics/keywords.js';

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

describe('a small class (about 40 comments over six aspects)', () => {
  const byAspect: Record<string, string[]> = {
    clarity: [
      'The explanations are confusing and he skips steps when solving problems.',
      'Hindi ko po maintindihan ang mga paliwanag niya, masyadong magulo.',
      'Dili kaayo klaro iyang pagpasabot, lisod masabtan ang lesson.',
      'She explains every topic very clearly with examples we can relate to.',
      'Napakalinaw po magpaliwanag ni maam, madali kong naintindihan.',
      'Klaro kaayo siya mopasabot, dali ra masabtan ang leksyon.',
      'Sobrang galing mag-explain ni sir, gets agad namin.',
    ],
    punctuality: [
      'He is often late and classes start twenty minutes after the schedule.',
      'Madalas pong late si sir at minsan hindi pumapasok.',
      'Kanunay siya ulahi sa klase, usahay dili pa gyud musulod.',
      'Always on time and never misses a class.',
      'Laging on time si maam, hindi siya umaabsent.',
      'Late na naman si sir, sayang ang oras namin.',
    ],
    grading: [
      'The grading feels unfair and the quizzes do not match the lessons.',
      'Hindi patas ang grading at walang rubric.',
      'Grading is fair and the rubrics are given before every project.',
      'Patas siya mag-grade at malinaw ang rubric.',
      'Fair kaayo siya mo-grade sa among exams.',
      'Exams are graded fairly and returned quickly.',
    ],
    engagement: [
      'The class is boring because he just reads the slides.',
      'Nakakaantok po ang klase, puro basa lang ng powerpoint.',
      'Boring kaayo ang klase, basa ra sa slides.',
      'The activities are fun and the class is never boring.',
      'Masaya ang mga activities, hindi nakakaantok.',
      'Lively class with games and group activities.',
    ],
    approachability: [
      'Very approachable and kind when we ask questions after class.',
      'Ang bait po ni maam at approachable, hindi kami natatakot magtanong.',
      'Buotan kaayo si maam ug dali ra duolon.',
      'He gets angry when we ask questions so we stay quiet.',
      'Mabait at madaling lapitan si sir.',
      'Approachable siya and always willing to help us.',
    ],
    pace: [
      'Too fast during lectures, we can barely take notes.',
      'Sana po mas mabagal ang discussion, ang bilis po.',
      'Paspas kaayo siya magdiscuss, dili na mi makasabay.',
      'The pacing is just right and we never felt rushed.',
      'Masyadong mabilis ang lesson, hindi kami makahabol.',
      'Hinay-hinay siya magtudlo, sakto ra ang pace.',
    ],
  };
  const labelled = Object.entries(byAspect).flatMap(([aspect, texts]) => texts.map((text) => ({ aspect, text })));
  const documents = documentsOf(labelled.map((entry) => entry.text));
  const result = buildTopicModel(documents, { seed: 3 });

  it('keeps the aspects apart: at least five topics, each mostly one aspect', () => {
    expect(result.topics.length).toBeGreaterThanOrEqual(5);
    const dominant = new Map<string, { topicIndex: number; probability: number }>();
    for (const assignment of result.assignments) {
      const current = dominant.get(assignment.id);
      if (!current || assignment.probability > current.probability) dominant.set(assignment.id, assignment);
    }
    let agreeing = 0;
    let assigned = 0;
    for (const topic of result.topics) {
      const aspects = labelled
        .filter((_, index) => dominant.get(`d${index}`)?.topicIndex === topic.topicIndex)
        .map((entry) => entry.aspect);
      const counts = new Map<string, number>();
      for (const aspect of aspects) counts.set(aspect, (counts.get(aspect) ?? 0) + 1);
      agreeing += Math.max(0, ...counts.values());
      assigned += aspects.length;
    }
    // Purity over the documents that got a topic.
    expect(agreeing / assigned).toBeGreaterThanOrEqual(0.75);
    expect(result.metrics.outlierRatio).toBeLessThanOrEqual(0.15);
  });
});

describe('topic keywords', () => {
  it('come from the dominant language of a topic whose comments mix languages', () => {
    const texts = [
      'Sir explains the lessons very clearly, the examples are easy to follow.',
      'She explains every lesson clearly with good examples.',
      'The explanations are clear and the lessons are easy to follow.',
      'Klaro kaayo iyang pagpasabot sa leksyon, dali ra masabtan.',
      'Our teacher is always late and the class starts late.',
      'He is late to class almost every week.',
    ];
    const terms = documentTerms(texts);
    const keywords = topicKeywords(terms, Int32Array.from([0, 0, 0, 0, 1, 1]), 2).map((list) =>
      list.map((term) => terms.vocabulary[term]),
    );
    expect(keywords[0]).toEqual(expect.arrayContaining(['explains', 'lessons', 'examples']));
    for (const cebuano of ['klaro', 'pagpasabot', 'leksyon', 'masabtan']) expect(keywords[0]).not.toContain(cebuano);
    expect(keywords[1]).toContain('late');
  });

  it("never take the name scrubber's placeholder, which tokenised would be the topic's top word", () => {
    const texts = [
      'Sir [name] explains the lessons clearly.',
      "Ma'am [name] explains every lesson clearly, salamat [name]!",
      'Teacher [name] gives clear examples.',
    ];
    const terms = documentTerms(texts);
    expect(terms.vocabulary).not.toContain('name');
    const [keywords] = topicKeywords(terms, Int32Array.from([0, 0, 0]), 1);
    const words = keywords?.map((term) => terms.vocabulary[term]) ?? [];
    expect(words).toEqual(expect.arrayContaining(['explains', 'clearly']));
    expect(words.filter((word) => word?.includes('name'))).toEqual([]);
  });

  it('never take a name the corpus writes bare, nor give it to a label; acronyms and tools stay', () => {
    const texts = [
      'I enjoyed the choir because Dominic kept the rehearsals light.',
      'We sang better once Dominic moved the altos to the front.',
      'The rehearsals with Dominic were what I liked most every week.',
      'Honestly Dominic made every choir rehearsal feel short.',
      'The recital went well because Dominic trusted the choir.',
      'Professor Hartley made the choir rehearse the recital twice.',
      'You could always ask Hartley about the recital songs.',
      'The choir loved the songs Hartley picked for the recital.',
      'Our OOP lessons on inheritance were easy to follow in Java.',
      'The OOP project on inheritance and interfaces taught me a lot.',
      'We wrote the OOP exercises in Java with interfaces.',
      'Inheritance finally made sense after the OOP project.',
      'We wrote SQL queries on Oracle in the database lab.',
      'The Oracle database exercises had long SQL queries.',
      'The database lab on Oracle taught joins and SQL queries.',
      'Every database lab had Oracle queries to debug.',
    ];
    const documents = documentsOf(texts);
    const result = buildTopicModel(documents, { seed: 5, minTopicSize: 3 });
    const keywords = result.topics.flatMap((topic) => topic.keywords);
    expect(keywords).not.toContain('dominic');
    expect(keywords).not.toContain('hartley');
    expect(keywords).toEqual(expect.arrayContaining(['oop', 'oracle']));
    for (const { label } of labelTopics(result.topics)) expect(label).not.toMatch(/dominic|hartley/iu);
  });

  it('keep every word of a topic written in one language', () => {
    const texts = ['Klaro kaayo iyang pagpasabot sa leksyon.', 'Klaro ang leksyon, dali ra masabtan ang pagpasabot.'];
    const terms = documentTerms(texts);
    const [keywords] = topicKeywords(terms, Int32Array.from([0, 0]), 1);
    expect(keywords?.map((term) => terms.vocabulary[term])).toEqual(
      expect.arrayContaining(['klaro', 'leksyon', 'pagpasabot']),
    );
  });
});

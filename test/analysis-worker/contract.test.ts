import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS, embedText } from '../../src/engine/embeddings/index.js';
import type { LanguageModelProvider } from '../../src/llm/index.js';
import {
  SAMPLE_COMMENTS,
  TEST_WORKER_VERSION,
  TOPIC_COMMENTS,
  embeddingRequest,
  getJson,
  postJson,
  postRaw,
  sentimentRequest,
  startWorker,
  type RunningWorker,
} from './worker-harness.js';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let worker: RunningWorker;

beforeAll(async () => {
  worker = await startWorker();
});

afterAll(async () => {
  await worker.close();
});

function expectFailed(body: any, errorPart: string): void {
  expect(body.output.status).toBe('failed');
  expect(body.output.version).toBe(TEST_WORKER_VERSION);
  expect(body.output.error).toContain(errorPart);
  expect(body.output.completedAt).toMatch(ISO_DATE_TIME);
  expect(body.output.results).toBeUndefined();
}

describe('health', () => {
  it.each(['/health', '/sentiment/health', '/embeddings/health', '/topics/health'])('%s answers ok', async (path) => {
    const { status, body } = await getJson(`${worker.url}${path}`);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.version).toBe(TEST_WORKER_VERSION);
  });
});

describe('POST /sentiment/runsync', () => {
  it('scores every item, echoing the jobId, with the worker version and the engine used', async () => {
    const request = sentimentRequest(SAMPLE_COMMENTS);
    const { status, body } = await postJson(`${worker.url}/sentiment/runsync`, request);
    expect(status).toBe(200);
    expect(body.output).toMatchObject({
      jobId: request.input.jobId,
      version: TEST_WORKER_VERSION,
      status: 'completed',
      engine: { source: 'local' },
    });
    expect(body.output.completedAt).toMatch(ISO_DATE_TIME);
    expect(body.output.results.map((result: any) => result.submissionId)).toEqual(['s1', 's2', 's3']);
    for (const result of body.output.results) {
      for (const key of ['positive', 'neutral', 'negative']) {
        expect(result[key]).toBeGreaterThanOrEqual(0);
        expect(result[key]).toBeLessThanOrEqual(1);
      }
      expect(result.positive + result.neutral + result.negative).toBeCloseTo(1, 5);
    }
  });

  it('accepts and ignores extra fields', async () => {
    const request = sentimentRequest([{ submissionId: 'a', text: 'Very good teacher', language: 'en' } as any]);
    request.input.priority = 'high';
    request.extra = true;
    const { status, body } = await postJson(`${worker.url}/sentiment/runsync`, request);
    expect(status).toBe(200);
    expect(body.output.status).toBe('completed');
    expect(Object.keys(body.output.results[0]).sort()).toEqual(['negative', 'neutral', 'positive', 'submissionId']);
  });

  const invalidCases: Array<[string, (request: any) => unknown, string]> = [
    ['body is not an object', () => 'just a string', 'body: must be an object'],
    ['input missing', () => ({}), 'input: is required'],
    ['input not an object', () => ({ input: [] }), 'input: must be an object'],
    ['jobId not a UUID', (r) => ((r.input.jobId = 'job-1'), r), 'input.jobId: must be a UUID string'],
    ['version missing', (r) => (delete r.input.version, r), 'input.version: is required'],
    ['version empty', (r) => ((r.input.version = ''), r), 'input.version: must be a non-empty string'],
    ['type wrong', (r) => ((r.input.type = 'embedding'), r), "input.type: must be 'sentiment'"],
    ['type missing', (r) => (delete r.input.type, r), 'input.type: is required'],
    ['items missing', (r) => (delete r.input.items, r), 'input.items: is required'],
    ['items not an array', (r) => ((r.input.items = { a: 1 }), r), 'input.items: must be an array'],
    ['items empty', (r) => ((r.input.items = []), r), 'input.items: must not be empty'],
    ['item not an object', (r) => ((r.input.items[1] = 'text'), r), 'input.items.1: must be an object'],
    [
      'submissionId missing',
      (r) => (delete r.input.items[1].submissionId, r),
      'input.items.1.submissionId: is required',
    ],
    [
      'submissionId not a string',
      (r) => ((r.input.items[0].submissionId = 17), r),
      'input.items.0.submissionId: must be a non-empty string',
    ],
    [
      'submissionId duplicated',
      (r) => ((r.input.items[2].submissionId = 's1'), r),
      'input.items.2.submissionId: duplicates input.items.0.submissionId',
    ],
    ['text missing', (r) => (delete r.input.items[2].text, r), 'input.items.2.text: is required'],
    ['text not a string', (r) => ((r.input.items[2].text = 42), r), 'input.items.2.text: must be a non-empty string'],
    ['text null', (r) => ((r.input.items[0].text = null), r), 'input.items.0.text: must be a non-empty string'],
    ['text empty', (r) => ((r.input.items[1].text = ''), r), 'input.items.1.text: must be a non-empty string'],
    ['metadata missing', (r) => (delete r.input.metadata, r), 'input.metadata: is required'],
    [
      'metadata.pipelineId missing',
      (r) => (delete r.input.metadata.pipelineId, r),
      'input.metadata.pipelineId: is required',
    ],
    ['metadata.runId missing', (r) => (delete r.input.metadata.runId, r), 'input.metadata.runId: is required'],
    ['publishedAt missing', (r) => (delete r.input.publishedAt, r), 'input.publishedAt: is required'],
    [
      'publishedAt not a date-time',
      (r) => ((r.input.publishedAt = 'yesterday'), r),
      'input.publishedAt: must be an ISO 8601 date-time',
    ],
  ];

  it.each(invalidCases)('answers 200 failed when %s', async (_name, mutate, errorPart) => {
    const request = sentimentRequest(SAMPLE_COMMENTS.map((item) => ({ ...item })));
    const { status, body } = await postJson(`${worker.url}/sentiment/runsync`, mutate(request));
    expect(status).toBe(200);
    expectFailed(body, errorPart);
  });

  it('scores a text of spaces and line breaks as neutral: the spec asks only "min length 1" of it', async () => {
    const request = sentimentRequest(SAMPLE_COMMENTS.map((item) => ({ ...item })));
    request.input.items[1].text = '  \n ';
    const { status, body } = await postJson(`${worker.url}/sentiment/runsync`, request);
    expect(status).toBe(200);
    expect(body.output.status).toBe('completed');
    expect(body.output.results.map((result: any) => result.submissionId)).toEqual(['s1', 's2', 's3']);
    expect(body.output.results[1]).toEqual({ submissionId: 's2', positive: 0, neutral: 1, negative: 0 });
  });

  it('echoes an invalid jobId as given, and null when it is missing or not a string', async () => {
    const invalid = sentimentRequest(SAMPLE_COMMENTS);
    invalid.input.jobId = 'job-1';
    expect((await postJson(`${worker.url}/sentiment/runsync`, invalid)).body.output.jobId).toBe('job-1');
    const missing = sentimentRequest(SAMPLE_COMMENTS);
    delete missing.input.jobId;
    const answer = await postJson(`${worker.url}/sentiment/runsync`, missing);
    expectFailed(answer.body, 'input.jobId: is required');
    expect(answer.body.output.jobId).toBeNull();
    const numeric = sentimentRequest(SAMPLE_COMMENTS);
    numeric.input.jobId = 12;
    expect((await postJson(`${worker.url}/sentiment/runsync`, numeric)).body.output.jobId).toBeNull();
  });

  it('names several problems at once, and counts the rest', async () => {
    const request = sentimentRequest(
      Array.from({ length: 8 }, (_, index) => ({ submissionId: `s${index}`, text: '' })),
    );
    const { body } = await postJson(`${worker.url}/sentiment/runsync`, request);
    expectFailed(body, 'input.items.0.text: must be a non-empty string; input.items.1.text');
    expect(body.output.error).toContain('(and 3 more)');
  });

  it('answers malformed JSON as an invalid request: 200 with status failed (spec: input validation failures)', async () => {
    const { status, body } = await postRaw(`${worker.url}/sentiment/runsync`, '{"input": {"jobId": ');
    expect(status).toBe(200);
    expectFailed(body, 'not valid JSON');
    expect(body.output.jobId).toBeNull();
  });

  it('completes a 5 MB batch within the default limit', async () => {
    const filler = 'The lessons are clear but sometimes the pace is too fast for the class. ';
    const text = filler.repeat(15);
    const items = Array.from({ length: 5000 }, (_, index) => ({ submissionId: `sub-${index}`, text }));
    const payload = JSON.stringify(sentimentRequest(items));
    expect(payload.length).toBeGreaterThan(5 * 1024 * 1024);
    const { status, body } = await postRaw(`${worker.url}/sentiment/runsync`, payload);
    expect(status).toBe(200);
    expect(body.output.status).toBe('completed');
    expect(body.output.results).toHaveLength(5000);
    expect(body.output.results[4999].submissionId).toBe('sub-4999');
  });

  it('answers 413 with a JSON body over the body limit', async () => {
    const small = await startWorker({ environment: { ANALYSIS_WORKER_BODY_LIMIT: String(64 * 1024) } });
    try {
      const items = Array.from({ length: 1000 }, (_, index) => ({ submissionId: `s${index}`, text: 'x'.repeat(100) }));
      const { status, body } = await postJson(`${small.url}/sentiment/runsync`, sentimentRequest(items));
      expect(status).toBe(413);
      expectFailed(body, 'larger than 65536 bytes');
    } finally {
      await small.close();
    }
  });

  it('answers 500 with the envelope when the engine fails unexpectedly', async () => {
    const broken: LanguageModelProvider = {
      usesModel: false,
      scoreSentimentBatch: () => Promise.reject(new Error('engine exploded')),
      labelTopics: () => Promise.reject(new Error('unused')),
      generateRecommendations: () => Promise.reject(new Error('unused')),
      embedTexts: () => Promise.reject(new Error('unused')),
    };
    const failing = await startWorker({ provider: broken });
    try {
      const request = sentimentRequest(SAMPLE_COMMENTS);
      const { status, body } = await postJson(`${failing.url}/sentiment/runsync`, request);
      expect(status).toBe(500);
      expectFailed(body, 'internal error');
      expect(body.output.error).toBe('internal error');
      expect(body.output.jobId).toBe(request.input.jobId);
    } finally {
      await failing.close();
    }
  });
});

describe('POST /embeddings/runsync', () => {
  it('returns one vector of the advertised dimensions per item, metadata and publishedAt optional', async () => {
    const request = embeddingRequest(SAMPLE_COMMENTS);
    const { status, body } = await postJson(`${worker.url}/embeddings/runsync`, request);
    expect(status).toBe(200);
    expect(body.output).toMatchObject({
      jobId: request.input.jobId,
      version: TEST_WORKER_VERSION,
      status: 'completed',
      dimensions: EMBEDDING_DIMENSIONS,
      engine: { source: 'local' },
    });
    expect(typeof body.output.model).toBe('string');
    expect(body.output.results).toHaveLength(3);
    for (const result of body.output.results) expect(result.embedding).toHaveLength(EMBEDDING_DIMENSIONS);
  });

  it('embeds a text of spaces as the engine embeds it, beside the other items', async () => {
    const request = embeddingRequest(SAMPLE_COMMENTS.map((item) => ({ ...item })));
    request.input.items[0].text = ' \t ';
    const { body } = await postJson(`${worker.url}/embeddings/runsync`, request);
    expect(body.output.status).toBe('completed');
    expect(body.output.results).toHaveLength(3);
    expect(body.output.results[0].embedding).toEqual([...embedText(' \t ')]);
    expect(body.output.results[0].embedding).toHaveLength(EMBEDDING_DIMENSIONS);
  });

  it.each([
    ['wrong type', (r: any) => ((r.input.type = 'sentiment'), r), "input.type: must be 'embedding'"],
    ['empty text', (r: any) => ((r.input.items[2].text = ''), r), 'input.items.2.text: must be a non-empty string'],
    ['empty items', (r: any) => ((r.input.items = []), r), 'input.items: must not be empty'],
    ['text not a string', (r: any) => ((r.input.items[0].text = ['a']), r), 'input.items.0.text: must be'],
    ['bad publishedAt', (r: any) => ((r.input.publishedAt = 'soon'), r), 'input.publishedAt: must be an ISO'],
  ])('answers 200 failed for %s', async (_name, mutate, errorPart) => {
    const request = embeddingRequest(SAMPLE_COMMENTS.map((item) => ({ ...item })));
    const { status, body } = await postJson(`${worker.url}/embeddings/runsync`, mutate(request));
    expect(status).toBe(200);
    expectFailed(body, errorPart);
  });
});

describe('POST /topics/runsync', () => {
  const comments = TOPIC_COMMENTS;

  function topicRequest(): any {
    return {
      input: {
        jobId: randomUUID(),
        version: '1.0',
        type: 'topic-model',
        items: comments.map((text, index) => ({ submissionId: `t${index}`, text, embedding: embedText(text) })),
        params: { seed: 7 },
      },
    };
  }

  it('returns topics, assignments by submissionId, outliers and metrics', async () => {
    const request = topicRequest();
    const { status, body } = await postJson(`${worker.url}/topics/runsync`, request);
    expect(status).toBe(200);
    expect(body.output).toMatchObject({ jobId: request.input.jobId, status: 'completed', engine: { source: 'local' } });
    expect(Array.isArray(body.output.topics)).toBe(true);
    for (const topic of body.output.topics) {
      expect(Object.keys(topic).sort()).toEqual(['docCount', 'keywords', 'rawLabel', 'topicIndex']);
    }
    const ids = new Set(comments.map((_, index) => `t${index}`));
    for (const assignment of body.output.assignments) {
      expect(ids.has(assignment.submissionId)).toBe(true);
      expect(assignment.probability).toBeGreaterThan(0.01);
    }
    expect(typeof body.output.outlierCount).toBe('number');
    expect(Object.keys(body.output.metrics).sort()).toEqual([
      'npmiCoherence',
      'outlierRatio',
      'silhouette',
      'topicDiversity',
    ]);
  });

  it('models a corpus in which some texts are only spaces, with no blank keyword', async () => {
    const request = topicRequest();
    request.input.items.push(
      ...[' ', '\n\n', '  \t'].map((text, index) => ({
        submissionId: `blank${index}`,
        text,
        embedding: embedText(text),
      })),
    );
    const { body } = await postJson(`${worker.url}/topics/runsync`, request);
    expect(body.output.status).toBe('completed');
    expect(body.output.topics.length).toBeGreaterThan(0);
    for (const topic of body.output.topics) for (const keyword of topic.keywords) expect(keyword.trim()).not.toBe('');
  });

  it('answers 200 failed for mismatched embedding lengths', async () => {
    const request = topicRequest();
    request.input.items[4].embedding = [0.1, 0.2];
    const { status, body } = await postJson(`${worker.url}/topics/runsync`, request);
    expect(status).toBe(200);
    expectFailed(
      body,
      `input.items.4.embedding: has 2 dimensions, but input.items.0.embedding has ${EMBEDDING_DIMENSIONS}`,
    );
  });

  it('answers 200 failed for an embedding value that is not a number', async () => {
    const request = topicRequest();
    request.input.items[1].embedding[3] = 'x';
    const { body } = await postJson(`${worker.url}/topics/runsync`, request);
    expectFailed(body, 'input.items.1.embedding.3: must be a number');
  });

  it('names the least value of a parameter below it, and keeps "must be an integer" for one that is not', async () => {
    for (const [params, error] of [
      [{ minTopicSize: 1 }, 'input.params.minTopicSize: must be an integer of at least 2'],
      [{ maxTopics: 0 }, 'input.params.maxTopics: must be an integer of at least 1'],
      [{ maxTopics: 2.5 }, 'input.params.maxTopics: must be an integer'],
    ] as const) {
      const request = topicRequest();
      request.input.params = params;
      const { status, body } = await postJson(`${worker.url}/topics/runsync`, request);
      expect(status).toBe(200);
      expectFailed(body, error);
    }
  });
});

describe('request bodies', () => {
  it('answers an empty JSON body as an invalid request: 200 with status failed', async () => {
    for (const path of ['topics', 'embeddings', 'screen']) {
      const { status, body } = await postRaw(`${worker.url}/${path}/runsync`, '');
      expect(status, path).toBe(200);
      expectFailed(body, 'request body is not valid JSON');
    }
    const { status, body } = await postRaw(`${worker.url}/topics/runsync`, '');
    expect(status).toBe(200);
    expectFailed(body, 'request body is not valid JSON');
  });

  it('answers 415 for a body that is not application/json', async () => {
    const response = await fetch(`${worker.url}/sentiment/runsync`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(sentimentRequest(SAMPLE_COMMENTS)),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as any).output.status).toBe('failed');
  });

  it('accepts application/json with a charset', async () => {
    const response = await fetch(`${worker.url}/sentiment/runsync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(sentimentRequest(SAMPLE_COMMENTS)),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).output.status).toBe('completed');
  });
});

describe('unknown routes', () => {
  it('answer 404 with a JSON body', async () => {
    const { status, body } = await postJson(`${worker.url}/nothing/runsync`, {});
    expect(status).toBe(404);
    expect(body.output.status).toBe('failed');
  });
});

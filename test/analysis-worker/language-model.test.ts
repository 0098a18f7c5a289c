import { Writable } from 'node:stream';
import { RateLimitError } from 'openai';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationInput } from '../../src/engine/contracts.js';
import { EMBEDDING_DIMENSIONS } from '../../src/engine/embeddings/index.js';
import { createLanguageModelProvider, type LanguageModelProvider } from '../../src/llm/index.js';
import { retryDelayMs } from '../../src/llm/retry.js';
import {
  CHAT_PATH,
  EMBEDDINGS_PATH,
  chatCompletion,
  embeddingsResponse,
  rateLimited,
  startFakeOpenAiServer,
  userPayload,
  type FakeOpenAiServer,
  type RecordedRequest,
} from '../support/fake-openai-server.js';
import { SAMPLE_COMMENTS, postJson, sentimentRequest, startWorker, type RunningWorker } from './worker-harness.js';

const API_KEY = 'sk-test-0123456789abcdefSECRET';

let openai: FakeOpenAiServer;
let worker: RunningWorker;
const logLines: string[] = [];

const capture = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

function provider(extra: { embeddingModel?: string } = {}): LanguageModelProvider {
  return createLanguageModelProvider({
    apiKey: API_KEY,
    baseURL: openai.baseURL,
    model: 'fake-model',
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    timeoutMs: 5000,
    logger: pino({ level: 'warn' }, capture),
    ...extra,
  });
}

/** A model answer scoring every comment of the request 2:1:1 (normalised to 0.5 / 0.25 / 0.25). */
function sentimentAnswer(request: RecordedRequest) {
  const { comments } = userPayload(request);
  return chatCompletion(
    JSON.stringify({
      results: comments.map((comment: { index: number }) => ({
        index: comment.index,
        positive: 2,
        neutral: 1,
        negative: 1,
      })),
    }),
  );
}

beforeAll(async () => {
  openai = await startFakeOpenAiServer();
  worker = await startWorker({ provider: provider(), logger: pino({ level: 'info' }, capture) });
});

afterEach(() => openai.reset());

afterAll(async () => {
  await worker.close();
  await openai.close();
});

describe('sentiment through an OpenAI-compatible server', () => {
  it('retries two rate limits and uses the model answer on the third attempt', async () => {
    openai.script(CHAT_PATH, rateLimited(0), rateLimited(0), sentimentAnswer);
    const { status, body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(status).toBe(200);
    expect(openai.count(CHAT_PATH)).toBe(3);
    expect(body.output.status).toBe('completed');
    expect(body.output.engine).toEqual({ source: 'model' });
    expect(body.output.results[1]).toEqual({ submissionId: 's2', positive: 0.5, neutral: 0.25, negative: 0.25 });
    const sent = openai.requests[2];
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.body.response_format.type).toBe('json_schema');
    expect(sent?.body.response_format.json_schema.strict).toBe(true);
  });

  it('falls back to the local engine after three rate limits', async () => {
    openai.script(CHAT_PATH, rateLimited(0), rateLimited(0), rateLimited(0), sentimentAnswer);
    const { body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(openai.count(CHAT_PATH)).toBe(3);
    expect(body.output.status).toBe('completed');
    expect(body.output.engine).toEqual({
      source: 'local-fallback',
      fallbackReason: 'rate limited (429) on all 3 attempts',
    });
    expect(body.output.results).toHaveLength(3);
  });

  it('falls back to the local engine, recorded in the result, when the model answers nonsense', async () => {
    openai.script(CHAT_PATH, chatCompletion('Sure! Here are the scores: positive, mostly.'));
    const { status, body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(status).toBe(200);
    expect(openai.count(CHAT_PATH)).toBe(1);
    expect(body.output.status).toBe('completed');
    expect(body.output.engine.source).toBe('local-fallback');
    expect(body.output.engine.fallbackReason).toBe('invalid model output: response is not JSON');
    for (const result of body.output.results) {
      expect(result.positive + result.neutral + result.negative).toBeCloseTo(1, 5);
    }
  });

  it('falls back when the JSON does not match the schema or misses comments', async () => {
    openai.script(CHAT_PATH, chatCompletion(JSON.stringify({ verdict: 'good' })));
    const wrongShape = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(wrongShape.body.output.engine.fallbackReason).toContain('does not match the schema');
    openai.script(
      CHAT_PATH,
      chatCompletion(JSON.stringify({ results: [{ index: 0, positive: 1, neutral: 0, negative: 0 }] })),
    );
    const partial = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(partial.body.output.engine.fallbackReason).toContain('results cover 1 of 3 comments');
  });

  it('falls back on a provider error without repeating what could quote the key', async () => {
    openai.script(CHAT_PATH, {
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${API_KEY}`, type: 'invalid_request_error' } },
    });
    const { body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(body.output.engine).toEqual({
      source: 'local-fallback',
      fallbackReason: 'provider error 401: authentication failed',
    });
    expect(JSON.stringify(body)).not.toContain('SECRET');
    expect(logLines.join('')).not.toContain('SECRET');
    expect(logLines.join('')).toContain('language model failed');
  });
});

describe('the other model steps', () => {
  const recommendationInput: RecommendationInput = {
    scopeDescription: 'CCS, 1st semester',
    dimensions: [{ code: 'CLARITY', displayName: 'Clarity', average: 64, responseCount: 40 }],
    topics: [
      {
        topicId: 'topic-1',
        label: 'Fast Paced Lectures',
        keywords: ['fast', 'mabilis'],
        commentCount: 30,
        sentiment: { positive: 3, neutral: 7, negative: 20 },
        quotes: [
          {
            text: 'masyadong mabilis po',
            sentiment: 'negative',
            scores: { positive: 0.05, neutral: 0.15, negative: 0.8 },
            centrality: 0.9,
          },
        ],
        questionnaireCodes: { FACULTY_IN_CLASSROOM: 30 },
      },
    ],
    sampleComments: [{ text: 'masyadong mabilis po', sentiment: 'negative' }],
    questionnaireCodes: { FACULTY_IN_CLASSROOM: 30, FACULTY_FEEDBACK: 10 },
  };

  function modelRecommendation(topicIds: string[], dimensionCodes: string[]) {
    return {
      category: 'IMPROVEMENT',
      headline: 'Fast Paced Lectures: slow down',
      description: '67% of 30 comments are negative.',
      actionPlan: '1. Plan timed segments.\n2. Check understanding.\n3. Post summaries.',
      priority: 'HIGH',
      topicIds,
      dimensionCodes,
    };
  }

  it('uses grounded model recommendations with evidence and facet computed locally', async () => {
    const recommendations = [
      modelRecommendation(['topic-1'], []),
      modelRecommendation([], ['CLARITY']),
      modelRecommendation(['topic-1'], ['CLARITY']),
    ];
    openai.script(CHAT_PATH, chatCompletion(JSON.stringify({ recommendations })));
    const result = await provider().generateRecommendations(recommendationInput);
    expect(result.source).toBe('model');
    expect(result.value).toHaveLength(3);
    expect(result.value[0]?.supportingEvidence.sources[0]).toMatchObject({ type: 'topic', commentCount: 30 });
    expect(result.value[0]?.facet).toBe('inClassroom');
    expect(result.value[1]?.facet).toBe('inClassroom');
    expect(result.value[1]?.supportingEvidence.sources).toEqual([
      { type: 'dimension', dimensionCode: 'CLARITY', averageScore: 64 },
    ]);
  });

  it('shows the model labelled quotes and drops its sentences quoting a comment against the claim', async () => {
    const praise = 'She is very kind to all students! I really enjoyed the class.';
    const input: RecommendationInput = {
      ...recommendationInput,
      topics: recommendationInput.topics.map((topic) => ({
        ...topic,
        quotes: [
          ...topic.quotes,
          {
            text: praise,
            sentiment: 'positive',
            scores: { positive: 0.95, neutral: 0.04, negative: 0.01 },
            centrality: 1,
          },
        ],
      })),
    };
    const quoting = {
      ...modelRecommendation(['topic-1'], []),
      description: `67% of 30 comments are negative. One student wrote: "${praise.slice(0, 40)}..." Another wrote: "masyadong mabilis po". Slowing down matters.`,
    };
    const strength = {
      ...modelRecommendation(['topic-1'], []),
      category: 'STRENGTH',
      description: `Students like the class. "${praise}" One wrote "masyadong mabilis po". Keep it up.`,
    };
    openai.script(
      CHAT_PATH,
      chatCompletion(JSON.stringify({ recommendations: [quoting, strength, modelRecommendation([], ['CLARITY'])] })),
    );
    const result = await provider().generateRecommendations(input);
    expect(result.source).toBe('model');
    const prompt = userPayload(openai.requests[0] as RecordedRequest);
    expect(prompt.topics[0].quotes).toEqual([
      { text: 'masyadong mabilis po', sentiment: 'negative' },
      { text: praise, sentiment: 'positive' },
    ]);
    expect(result.value[0]?.description).toBe(
      '67% of 30 comments are negative. Another wrote: "masyadong mabilis po". Slowing down matters.',
    );
    expect(result.value[1]?.description).toBe(`Students like the class. "${praise}" Keep it up.`);
    const quoted = result.value[0]?.supportingEvidence.sources[0];
    expect(quoted?.type === 'topic' && quoted.sampleQuotes).toEqual(['masyadong mabilis po']);
  });

  it("drops a model's rating-only action that the comments about its aspect contradict, as the local engine does", async () => {
    const praised = [
      'Sobrang saya ng klase ni maam, lagi kaming may activities kaya hindi nakakaantok.',
      'Interesting yung mga discussion, nakikilahok talaga lahat kahit yung mga tahimik.',
    ];
    const input: RecommendationInput = {
      ...recommendationInput,
      dimensions: [
        ...recommendationInput.dimensions,
        { code: 'ENGAGEMENT', displayName: 'Class Engagement', average: 62, responseCount: 40 },
      ],
      topics: [
        ...recommendationInput.topics,
        {
          topicId: 'topic-2',
          label: 'Class Engagement',
          keywords: ['activities', 'masaya', 'interesting'],
          commentCount: 14,
          sentiment: { positive: 11, neutral: 2, negative: 1 },
          quotes: praised.map((text) => ({
            text,
            sentiment: 'positive' as const,
            scores: { positive: 0.9, neutral: 0.08, negative: 0.02 },
            centrality: 0.9,
          })),
          questionnaireCodes: { FACULTY_IN_CLASSROOM: 14 },
        },
      ],
    };
    const engaging = { ...modelRecommendation([], ['ENGAGEMENT']), headline: 'Class Engagement: make it engaging' };
    const keepEngaging = { ...engaging, category: 'STRENGTH', headline: 'Class Engagement: keep the activities' };
    openai.script(
      CHAT_PATH,
      chatCompletion(
        JSON.stringify({
          recommendations: [
            engaging,
            modelRecommendation(['topic-1'], []),
            { ...modelRecommendation([], ['CLARITY']), headline: 'Clarity: explain step by step' },
            keepEngaging,
          ],
        }),
      ),
    );
    const result = await provider().generateRecommendations(input);
    expect(result.source).toBe('model');
    expect(result.value.map((recommendation) => `${recommendation.category} ${recommendation.headline}`)).toEqual([
      'IMPROVEMENT Fast Paced Lectures: slow down',
      'IMPROVEMENT Clarity: explain step by step',
      'STRENGTH Class Engagement: keep the activities',
    ]);

    // With two of its actions dropped so, the model's answer is too thin and the local engine answers instead.
    openai.script(
      CHAT_PATH,
      chatCompletion(JSON.stringify({ recommendations: [engaging, engaging, modelRecommendation(['topic-1'], [])] })),
    );
    const thin = await provider().generateRecommendations(input);
    expect(thin.source).toBe('local-fallback');
    expect(thin.fallbackReason).toContain('rests on ratings that the comments about them contradict');
  });

  it('rejects ungrounded model recommendations and falls back to the local engine', async () => {
    const recommendations = [
      modelRecommendation(['topic-1'], []),
      modelRecommendation(['topic-99'], []),
      modelRecommendation([], []),
    ];
    openai.script(CHAT_PATH, chatCompletion(JSON.stringify({ recommendations })));
    const result = await provider().generateRecommendations(recommendationInput);
    expect(result.source).toBe('local-fallback');
    expect(result.fallbackReason).toContain('1 grounded recommendations, at least 3 needed');
    expect(result.fallbackReason).toContain('cites unknown topic "topic-99"');
    expect(result.value.length).toBeGreaterThan(0);
  });

  it('uses valid, distinct model labels and falls back on an invalid one', async () => {
    const topics = [
      { topicIndex: 0, rawLabel: '0_fast_mabilis', keywords: ['fast', 'mabilis'] },
      { topicIndex: 1, rawLabel: '1_kind_mabait', keywords: ['kind', 'mabait'] },
    ];
    openai.script(
      CHAT_PATH,
      chatCompletion(
        JSON.stringify({
          labels: [
            { topicIndex: 1, label: 'Kind Approachable Teacher' },
            { topicIndex: 0, label: 'Fast Lecture Pace' },
          ],
        }),
      ),
      chatCompletion(
        JSON.stringify({
          labels: [
            { topicIndex: 0, label: 'the pace of the lectures is far too fast' },
            { topicIndex: 1, label: 'Kind Teacher' },
          ],
        }),
      ),
    );
    const good = await provider().labelTopics(topics);
    expect(good).toEqual({
      source: 'model',
      model: 'fake-model',
      value: [
        { topicIndex: 0, label: 'Fast Lecture Pace' },
        { topicIndex: 1, label: 'Kind Approachable Teacher' },
      ],
    });
    const bad = await provider().labelTopics(topics);
    expect(bad.source).toBe('local-fallback');
    expect(bad.fallbackReason).toContain('is not 2-4 words in title case');
    expect(bad.value.map((label) => label.topicIndex)).toEqual([0, 1]);
  });

  it('keeps embeddings local unless an embedding model is configured', async () => {
    const localOnly = await provider().embedTexts(['clear lectures']);
    expect(localOnly.source).toBe('local');
    expect(openai.count(EMBEDDINGS_PATH)).toBe(0);
  });

  it('uses model embeddings of the right length and falls back on any other length', async () => {
    const vector = Array.from({ length: EMBEDDING_DIMENSIONS }, (_, index) => (index % 7) / 7);
    openai.script(
      EMBEDDINGS_PATH,
      embeddingsResponse([vector, vector]),
      embeddingsResponse([
        [0.1, 0.2],
        [0.3, 0.4],
      ]),
    );
    const embedding = provider({ embeddingModel: 'fake-embedding' });
    const good = await embedding.embedTexts(['clear lectures', 'malinaw magturo']);
    expect(good.source).toBe('model');
    expect(good.value.model).toBe('fake-embedding');
    expect(good.value.vectors[1]).toEqual(vector);
    expect(openai.requests[0]?.body).toMatchObject({ dimensions: EMBEDDING_DIMENSIONS, encoding_format: 'float' });
    const bad = await embedding.embedTexts(['clear lectures', 'malinaw magturo']);
    expect(bad.source).toBe('local-fallback');
    expect(bad.fallbackReason).toContain(`does not have ${EMBEDDING_DIMENSIONS} dimensions`);
    expect(bad.value.vectors.every((entry) => entry.length === EMBEDDING_DIMENSIONS)).toBe(true);
  });

  it('uses the local engine, and makes no request, without an API key', async () => {
    const offline = createLanguageModelProvider({ baseURL: openai.baseURL, model: 'fake-model' });
    const result = await offline.scoreSentimentBatch(['Very good']);
    expect(result.source).toBe('local');
    expect(openai.requests).toHaveLength(0);
  });
});

describe('retry delay', () => {
  function rateLimitError(headers: Record<string, string>): RateLimitError {
    return new RateLimitError(429, { message: 'slow down' }, 'slow down', new Headers(headers));
  }
  const policy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 4000 };

  it('honours retry-after, capped, and backs off exponentially without it', () => {
    expect(retryDelayMs(rateLimitError({ 'retry-after': '2' }), 1, policy)).toBe(2000);
    expect(retryDelayMs(rateLimitError({ 'retry-after': '120' }), 1, policy)).toBe(4000);
    expect(retryDelayMs(rateLimitError({ 'retry-after-ms': '250' }), 1, policy)).toBe(250);
    expect(retryDelayMs(rateLimitError({}), 1, policy)).toBe(500);
    expect(retryDelayMs(rateLimitError({}), 2, policy)).toBe(1000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_ENGINE_VERSION,
  LOCAL_ENGINE_VERSIONS,
  TOPIC_ENGINE_VERSION,
} from '../../src/analysis-worker/engine-versions.js';
import { EMBEDDING_MODEL, embedText } from '../../src/engine/embeddings/index.js';
import { SCREEN_ENGINE_VERSION } from '../../src/engine/screen/index.js';
import { sentimentEngineVersion } from '../../src/engine/sentiment/load-lexicon.js';
import {
  CHAT_PATH,
  chatCompletion,
  startFakeOpenAiServer,
  userPayload,
  type FakeOpenAiServer,
  type RecordedRequest,
} from '../support/fake-openai-server.js';
import {
  SAMPLE_COMMENTS,
  TOPIC_COMMENTS,
  embeddingRequest,
  getJson,
  postJson,
  sentimentRequest,
  startWorker,
  type RunningWorker,
} from './worker-harness.js';

/** The sentiment engine this process runs (the lexicon's version, or lexicon, model and stacker when on). */
const SENTIMENT_VERSION = sentimentEngineVersion();

/** WORKER_VERSION unset: output.version says what answered. */
const UNSET = { WORKER_VERSION: '' };

function topicRequest(): any {
  return {
    input: {
      jobId: 'topics-1',
      version: '1.0',
      type: 'topic-model',
      items: TOPIC_COMMENTS.map((text, index) => ({ submissionId: `t${index}`, text, embedding: embedText(text) })),
    },
  };
}

describe('without WORKER_VERSION, the local engine', () => {
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await startWorker({ environment: UNSET });
  });
  afterAll(() => worker.close());

  it('has versions built from the engine constants', () => {
    expect(LOCAL_ENGINE_VERSIONS).toEqual({
      sentiment: SENTIMENT_VERSION,
      embeddings: EMBEDDING_MODEL,
      topics: TOPIC_ENGINE_VERSION,
    });
  });

  it('reports the sentiment engine version', async () => {
    const { body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(body.output).toMatchObject({ status: 'completed', version: SENTIMENT_VERSION });
  });

  it('reports it for a large batch answered in an engine thread too', async () => {
    const items = Array.from({ length: 400 }, (_, index) => ({
      submissionId: `s${index}`,
      text: `Comment number ${index}: the lessons are clear but the pace is too fast`,
    }));
    const { body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(items));
    expect(body.output).toMatchObject({ status: 'completed', version: SENTIMENT_VERSION });
  });

  it('reports the embedding model as the embeddings version', async () => {
    const { body } = await postJson(`${worker.url}/embeddings/runsync`, embeddingRequest(SAMPLE_COMMENTS));
    expect(body.output).toMatchObject({ status: 'completed', version: EMBEDDING_MODEL, model: EMBEDDING_MODEL });
  });

  it('reports the topic engine version', async () => {
    const { body } = await postJson(`${worker.url}/topics/runsync`, topicRequest());
    expect(body.output).toMatchObject({ status: 'completed', version: TOPIC_ENGINE_VERSION });
  });

  it("reports the step's engine on a failed answer", async () => {
    const request = sentimentRequest(SAMPLE_COMMENTS.map((item) => ({ ...item })));
    request.input.items[0].text = '';
    const { body } = await postJson(`${worker.url}/sentiment/runsync`, request);
    expect(body.output).toMatchObject({ status: 'failed', version: SENTIMENT_VERSION });
  });

  it("names each contract's own engine on the error handler's answers (415, 413), the screen's too (audit L)", async () => {
    for (const [path, version] of [
      ['sentiment', SENTIMENT_VERSION],
      ['embeddings', EMBEDDING_MODEL],
      ['topics', TOPIC_ENGINE_VERSION],
      ['screen', SCREEN_ENGINE_VERSION],
    ] as const) {
      const response = await fetch(`${worker.url}/${path}/runsync`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      });
      expect(response.status, path).toBe(415);
      expect(((await response.json()) as { output: { version: string } }).output.version, path).toBe(version);
    }
  });

  it('reports every engine on /health and its own on each service health', async () => {
    const root = await getJson(`${worker.url}/health`);
    expect(root.body).toMatchObject({ version: LOCAL_ENGINE_VERSION, versions: LOCAL_ENGINE_VERSIONS });
    expect(LOCAL_ENGINE_VERSION).toBe(`${SENTIMENT_VERSION}+${EMBEDDING_MODEL}+${TOPIC_ENGINE_VERSION}`);
    expect((await getJson(`${worker.url}/topics/health`)).body.version).toBe(TOPIC_ENGINE_VERSION);
    expect((await getJson(`${worker.url}/nothing`)).body.output.version).toBe(LOCAL_ENGINE_VERSION);
  });
});

describe('without WORKER_VERSION, a language model', () => {
  let openai: FakeOpenAiServer;
  let worker: RunningWorker;

  function sentimentAnswer(request: RecordedRequest) {
    const { comments } = userPayload(request);
    const results = comments.map((comment: { index: number }) => ({
      index: comment.index,
      positive: 1,
      neutral: 0,
      negative: 0,
    }));
    return chatCompletion(JSON.stringify({ results }));
  }

  beforeAll(async () => {
    openai = await startFakeOpenAiServer();
    worker = await startWorker({
      environment: {
        ...UNSET,
        OPENAI_API_KEY: 'sk-test-version-0123456789',
        OPENAI_BASE_URL: openai.baseURL,
        LLM_MODEL: 'fake-chat-model',
      },
    });
  });
  afterAll(async () => {
    await worker.close();
    await openai.close();
  });

  it('reports the model that answered', async () => {
    openai.script(CHAT_PATH, sentimentAnswer);
    const { body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(body.output).toMatchObject({ status: 'completed', version: 'fake-chat-model', engine: { source: 'model' } });
  });

  it('reports the local engine when it answered as the fallback', async () => {
    // Nothing scripted: the fake server answers 500, and the local engine answers instead.
    const { body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
    expect(body.output).toMatchObject({
      status: 'completed',
      version: SENTIMENT_VERSION,
      engine: { source: 'local-fallback' },
    });
  });

  it('keeps embeddings local without LLM_EMBEDDING_MODEL, and says so', async () => {
    const { body } = await postJson(`${worker.url}/embeddings/runsync`, embeddingRequest(SAMPLE_COMMENTS));
    expect(body.output).toMatchObject({ status: 'completed', version: EMBEDDING_MODEL, engine: { source: 'local' } });
    expect(openai.requests.filter((request) => request.path.endsWith('/embeddings'))).toHaveLength(0);
  });

  it('names the configured model on the sentiment health', async () => {
    expect((await getJson(`${worker.url}/sentiment/health`)).body.version).toBe('fake-chat-model');
  });
});

describe('with WORKER_VERSION', () => {
  it('reports it on every answer, from an engine thread too', async () => {
    const worker = await startWorker({ environment: { WORKER_VERSION: 'campus-worker-7' } });
    try {
      const items = Array.from({ length: 400 }, (_, index) => ({
        submissionId: `s${index}`,
        text: `Good class ${index}`,
      }));
      const large = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(items));
      expect(large.body.output.version).toBe('campus-worker-7');
      const topics = await postJson(`${worker.url}/topics/runsync`, topicRequest());
      expect(topics.body.output.version).toBe('campus-worker-7');
      expect((await getJson(`${worker.url}/health`)).body.version).toBe('campus-worker-7');
    } finally {
      await worker.close();
    }
  });
});

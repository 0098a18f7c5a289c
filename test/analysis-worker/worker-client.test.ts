import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WorkerCallError,
  WorkerClient,
  type SentimentInput,
  type TopicInput,
} from '../../src/common/worker-client/index.js';
import { EMBEDDING_DIMENSIONS, embedText } from '../../src/engine/embeddings/index.js';
import { SAMPLE_COMMENTS, TOPIC_COMMENTS, startWorker, type RunningWorker } from './worker-harness.js';

const TOKEN = 'client-token-0123456789abcdef';

function sentimentInput(items = SAMPLE_COMMENTS): SentimentInput {
  return {
    jobId: randomUUID(),
    version: '1.0',
    type: 'sentiment',
    items: items.map((item) => ({ ...item })),
    metadata: { pipelineId: randomUUID(), runId: randomUUID() },
    publishedAt: new Date().toISOString(),
  };
}

function topicInput(): TopicInput {
  return {
    jobId: `topics-${randomUUID()}`,
    version: '1.0',
    type: 'topic-model',
    items: TOPIC_COMMENTS.map((text, index) => ({ submissionId: `t${index}`, text, embedding: embedText(text) })),
    params: { seed: 7 },
  };
}

/** Expects `call` to reject with a WorkerCallError of `kind`, and returns it. */
async function failure(call: Promise<unknown>, kind: WorkerCallError['kind']): Promise<WorkerCallError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WorkerCallError);
  expect((error as WorkerCallError).kind).toBe(kind);
  return error as WorkerCallError;
}

describe('against the real worker', () => {
  let worker: RunningWorker;
  const client = new WorkerClient({ timeoutMs: 30_000 });

  beforeAll(async () => {
    worker = await startWorker();
  });
  afterAll(() => worker.close());

  it('scores sentiment, pinned to the ids sent', async () => {
    const input = sentimentInput();
    const output = await client.sentiment(`${worker.url}/sentiment`, input);
    expect(output.status).toBe('completed');
    expect(output.jobId).toBe(input.jobId);
    expect(output.results.map((result) => result.submissionId)).toEqual(['s1', 's2', 's3']);
    expect(output.engine).toEqual({ source: 'local' });
  });

  it('computes embeddings (a base URL with a trailing slash too)', async () => {
    const output = await client.embeddings(`${worker.url}/embeddings/`, {
      jobId: 'embedding-job-1',
      version: '1.0',
      type: 'embedding',
      items: SAMPLE_COMMENTS,
    });
    expect(output.dimensions).toBe(EMBEDDING_DIMENSIONS);
    expect(output.results).toHaveLength(3);
    expect(output.results[0]?.embedding).toHaveLength(EMBEDDING_DIMENSIONS);
  });

  it('models topics, every submission assigned', async () => {
    const input = topicInput();
    const output = await client.topics(`${worker.url}/topics`, input);
    expect(output.topics.length).toBeGreaterThan(0);
    expect(new Set(output.assignments.map((assignment) => assignment.submissionId)).size).toBe(input.items.length);
    expect(Object.keys(output.metrics).sort()).toEqual([
      'npmiCoherence',
      'outlierRatio',
      'silhouette',
      'topicDiversity',
    ]);
  });

  it('sends a large request serialised in chunks, and gets every result back', async () => {
    const items = Array.from({ length: 2_500 }, (_, index) => ({
      submissionId: `c${index}`,
      text: `${TOPIC_COMMENTS[index % TOPIC_COMMENTS.length]} (${index})`,
    }));
    const output = await client.sentiment(`${worker.url}/sentiment`, sentimentInput(items));
    expect(output.results.map((result) => result.submissionId)).toEqual(items.map((item) => item.submissionId));
  });

  it('throws a non-retryable `failed` when the worker answers status failed', async () => {
    const input = sentimentInput();
    input.items[1] = { submissionId: 's2', text: '' };
    const error = await failure(client.sentiment(`${worker.url}/sentiment`, input), 'failed');
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(200);
    expect(error.worker).toBe('sentiment');
    expect(error.message).toBe('worker answered failed: input.items.1.text: must be a non-empty string');
    expect(error.workerError).toBe('input.items.1.text: must be a non-empty string');
  });

  it('throws a non-retryable `rejected` for a wrong URL (404)', async () => {
    const error = await failure(client.sentiment(`${worker.url}/sentimental`, sentimentInput()), 'rejected');
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(404);
  });

  it('throws a retryable `unreachable` when nothing listens', async () => {
    const closed = await startWorker();
    await closed.close();
    const error = await failure(client.sentiment(`${closed.url}/sentiment`, sentimentInput()), 'unreachable');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('rejects with the reason when the caller cancels', async () => {
    const reason = new Error('pipeline cancelled');
    const call = client.topics(`${worker.url}/topics`, topicInput(), { signal: AbortSignal.abort(reason) });
    await expect(call).rejects.toBe(reason);
  });
});

describe('token round trip', () => {
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await startWorker({ environment: { WORKER_TOKEN: TOKEN } });
  });
  afterAll(() => worker.close());

  it('is answered with the token', async () => {
    const output = await new WorkerClient({ token: TOKEN }).sentiment(`${worker.url}/sentiment`, sentimentInput());
    expect(output.status).toBe('completed');
  });

  it('is refused without it: `rejected`, not retryable, with the worker message', async () => {
    const error = await failure(new WorkerClient().sentiment(`${worker.url}/sentiment`, sentimentInput()), 'rejected');
    expect(error.status).toBe(401);
    expect(error.retryable).toBe(false);
    expect(error.workerError).toContain('worker token required');
  });

  it('is refused with a wrong token, which no message repeats', async () => {
    const wrong = `${TOKEN}-wrong`;
    const error = await failure(
      new WorkerClient({ token: wrong }).sentiment(`${worker.url}/sentiment`, sentimentInput()),
      'rejected',
    );
    expect(error.status).toBe(401);
    expect(error.message).not.toContain(wrong);
    expect(error.message).not.toContain(TOKEN);
  });
});

describe('against a misbehaving worker', () => {
  type Handler = (request: IncomingMessage, body: any, response: ServerResponse) => void;
  let server: Server;
  let baseUrl: string;
  let handler: Handler;
  const seen: Array<{ headers: IncomingMessage['headers']; body: any }> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        seen.push({ headers: request.headers, body });
        handler(request, body, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sentiment`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function answer(status: number, body: unknown, contentType = 'application/json'): Handler {
    return (_request, _body, response) => {
      response.writeHead(status, { 'content-type': contentType });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
  }

  /** A completed sentiment answer to the request, with `results` changed by `edit`. */
  function completedWith(edit: (results: any[]) => any[]): Handler {
    return (_request, body, response) => {
      const results = body.input.items.map((item: any) => ({
        submissionId: item.submissionId,
        positive: 0.2,
        neutral: 0.3,
        negative: 0.5,
      }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          output: {
            jobId: body.input.jobId,
            version: 'fake-1',
            status: 'completed',
            results: edit(results),
            completedAt: new Date().toISOString(),
          },
        }),
      );
    };
  }

  const client = new WorkerClient({ token: TOKEN, timeoutMs: 2_000 });

  it('posts { input } to /runsync with the token, and accepts a well-formed answer', async () => {
    handler = completedWith((results) => results);
    seen.length = 0;
    const input = sentimentInput();
    const output = await client.sentiment(baseUrl, input);
    expect(output.results).toHaveLength(3);
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toEqual({ input });
  });

  it('sends a large request as the same JSON, with its Content-Length', async () => {
    handler = completedWith((results) => results);
    seen.length = 0;
    const input = sentimentInput(
      Array.from({ length: 1_234 }, (_, index) => ({ submissionId: `c${index}`, text: `Comment "${index}" ✓` })),
    );
    await client.sentiment(baseUrl, input);
    expect(seen[0]?.body).toEqual({ input });
    expect(Number(seen[0]?.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify({ input })));
    expect(seen[0]?.headers['transfer-encoding']).toBeUndefined();
  });

  it('sends no Authorization without a token', async () => {
    handler = completedWith((results) => results);
    seen.length = 0;
    await new WorkerClient().sentiment(baseUrl, sentimentInput());
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it.each([
    [500, 'unavailable', true],
    [503, 'unavailable', true],
    [429, 'unavailable', true],
    [400, 'rejected', false],
    [403, 'rejected', false],
    [413, 'rejected', false],
  ] as const)('HTTP %i → %s (retryable: %s)', async (status, kind, retryable) => {
    handler = answer(status, {
      output: { jobId: null, version: 'x', status: 'failed', error: 'boom', completedAt: new Date().toISOString() },
    });
    const error = await failure(client.sentiment(baseUrl, sentimentInput()), kind);
    expect(error.retryable).toBe(retryable);
    expect(error.status).toBe(status);
    expect(error.workerError).toBe('boom');
  });

  it('treats a redirect as a configuration error and does not follow it', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(307, { location: 'http://example.invalid/elsewhere' });
      response.end();
    };
    const error = await failure(client.sentiment(baseUrl, sentimentInput()), 'rejected');
    expect(error.status).toBe(307);
  });

  it.each([
    ['an HTML page', '<html><body>Bad gateway</body></html>', 'not JSON: "<html>'],
    ['truncated JSON', '{"output": {"jobId": "', 'not JSON'],
    ['JSON without output', '{"result": []}', 'output: '],
    ['a score out of range', null, 'output.results.0.positive: '],
  ])('throws a retryable `invalid-answer` for %s', async (_name, body, message) => {
    handler =
      body === null
        ? completedWith((results) => [
            { ...results[0], positive: 1.5, neutral: 0, negative: -0.5 },
            ...results.slice(1),
          ])
        : answer(200, body);
    const error = await failure(client.sentiment(baseUrl, sentimentInput()), 'invalid-answer');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain(message);
  });

  it.each([
    ['a submission missing', (results: any[]) => results.slice(0, 2), 'miss submissionIds that were sent: s3'],
    [
      'a submission not sent',
      (results: any[]) => [...results, { ...results[0], submissionId: 'intruder' }],
      'include submissionIds that were not sent: intruder',
    ],
    [
      'a submission twice',
      (results: any[]) => [results[0], results[1], results[1]],
      'miss submissionIds that were sent: s3',
    ],
    [
      'a submission twice, none missing',
      (results: any[]) => [...results, results[2]],
      'answer submissionIds more than once: s3',
    ],
  ])('throws `invalid-answer` for results not pinned to the ids sent: %s', async (_name, edit, message) => {
    handler = completedWith(edit);
    const error = await failure(client.sentiment(baseUrl, sentimentInput()), 'invalid-answer');
    expect(error.message).toContain(message);
  });

  it('throws `invalid-answer` for the answer to another job', async () => {
    handler = (request, body, response) => {
      body.input.jobId = randomUUID();
      completedWith((results) => results)(request, body, response);
    };
    const error = await failure(client.sentiment(baseUrl, sentimentInput()), 'invalid-answer');
    expect(error.message).toContain('is not the jobId sent');
  });

  it('checks topic assignments against the ids sent', async () => {
    const input = topicInput();
    // The last submission has no assignment at all.
    handler = topicsAnswer((ids) =>
      ids.slice(0, -1).map((submissionId) => ({ submissionId, topicIndex: 0, probability: 1 })),
    );
    const error = await failure(client.topics(baseUrl, input), 'invalid-answer');
    expect(error.message).toContain(`assignments miss submissionIds that were sent: t${TOPIC_COMMENTS.length - 1}`);
  });

  /** A topics answer of topics 0 and 1 with `assignments(ids)` for the ids sent. */
  function topicsAnswer(assignments: (ids: string[]) => Array<Record<string, unknown>>) {
    return (_request: IncomingMessage, body: any, response: ServerResponse) => {
      const ids: string[] = body.input.items.map((item: any) => item.submissionId);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          output: {
            jobId: body.input.jobId,
            version: 'fake-1',
            status: 'completed',
            topics: [0, 1].map((topicIndex) => ({ topicIndex, rawLabel: 'x', keywords: ['x'], docCount: 1 })),
            assignments: assignments(ids),
            outlierCount: 0,
            metrics: { npmiCoherence: 0.1, topicDiversity: 1, outlierRatio: 0, silhouette: 0.2 },
            completedAt: new Date().toISOString(),
          },
        }),
      );
    };
  }

  it('takes several topics per submission, and refuses a submission and topic answered twice', async () => {
    const several = (ids: string[]) =>
      ids.flatMap((submissionId, index) => [
        { submissionId, topicIndex: 0, probability: 0.5 },
        { submissionId, topicIndex: index === 0 ? -1 : 1, probability: 0.5 },
      ]);
    handler = topicsAnswer(several);
    const output = await client.topics(baseUrl, topicInput());
    expect(output.assignments).toHaveLength(TOPIC_COMMENTS.length * 2);
    handler = topicsAnswer((ids) => [...several(ids), { submissionId: ids[2], topicIndex: 1, probability: 0.2 }]);
    const repeated = await failure(client.topics(baseUrl, topicInput()), 'invalid-answer');
    expect(repeated.message).toContain('assignments repeat a submission and topic: t2 → 1');
    handler = topicsAnswer((ids) => [...several(ids), { submissionId: ids[3], topicIndex: 2, probability: 0.2 }]);
    const unknownTopic = await failure(client.topics(baseUrl, topicInput()), 'invalid-answer');
    expect(unknownTopic.message).toContain('assignments name topics that are not in topics: t3 → 2');
  });

  it('throws a retryable `timeout` when the answer is too slow', async () => {
    handler = (request, body, response) => {
      setTimeout(() => completedWith((results) => results)(request, body, response), 1_000).unref();
    };
    const started = performance.now();
    const error = await failure(client.sentiment(baseUrl, sentimentInput(), { timeoutMs: 150 }), 'timeout');
    expect(performance.now() - started).toBeLessThan(900);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('sentiment worker did not answer within 150 ms');
  });

  it('times out on an answer whose body stalls after the headers', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"output": ');
    };
    await failure(client.sentiment(baseUrl, sentimentInput(), { timeoutMs: 200 }), 'timeout');
  });
});

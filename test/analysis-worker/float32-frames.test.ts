import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddingCache } from '../../src/analysis-worker/embedding-cache.js';
import {
  FRAME_MEDIA_TYPE,
  REFERENCE_FRAME_TYPE,
  embeddingKey,
  embeddingKeys,
  encodeFrame,
  float32Bytes,
  float32Rows,
  readFrameHead,
  splitFrame,
} from '../../src/contracts/float32-frame.js';
import { WorkerClient, type TopicVectorsInput } from '../../src/common/worker-client/index.js';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL, embedText } from '../../src/engine/embeddings/index.js';
import { buildTopicModel } from '../../src/engine/topics/index.js';
import { TOPIC_COMMENTS, embeddingRequest, postJson, startWorker, type RunningWorker } from './worker-harness.js';

/** The comments as embeddings items, ids c0…c29. */
const ITEMS = TOPIC_COMMENTS.map((text, index) => ({ submissionId: `c${index}`, text }));

function embeddingInput(items = ITEMS) {
  return { jobId: randomUUID(), version: '1.0', type: 'embedding' as const, items };
}

/** A topics request naming the vectors by key, as the pipeline sends it; `reads` counts the reads of the vectors. */
function topicVectorsInput(
  vectors: ReadonlyMap<string, Float32Array>,
): TopicVectorsInput & { reads: { count: number } } {
  const reads = { count: 0 };
  // As PostgreSQL hands them back: a Buffer of the float32 bytes of its own.
  const stored = ITEMS.map((item) => Buffer.from(float32Bytes(vectors.get(item.submissionId) as Float32Array)));
  return {
    jobId: randomUUID(),
    version: '1.0',
    type: 'topic-model',
    items: ITEMS.map((item, index) => ({ ...item, key: embeddingKey(stored[index] as Buffer) })),
    vectorBytes: EMBEDDING_DIMENSIONS * Float32Array.BYTES_PER_ELEMENT,
    vectors: async () => {
      reads.count += 1;
      return stored;
    },
    params: { seed: 7 },
    reads,
  };
}

/** The topics answer without what differs between two calls (jobId, time). */
function modelOf(output: { topics: unknown; assignments: unknown; outlierCount: number; metrics: unknown }) {
  return {
    topics: output.topics,
    assignments: output.assignments,
    outlierCount: output.outlierCount,
    metrics: output.metrics,
  };
}

/** Records the Content-Type of every request a server gets. */
function recordContentTypes(app: FastifyInstance, into: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST') into.push(String(request.headers['content-type']));
  });
}

describe('the float32 frame', () => {
  it('carries float32 values bit for bit, the tail aligned for a view', () => {
    const values = new Float32Array([0.1, -0, 1e-45, -3.4028234663852886e38, Math.PI, 1 / 3, 7.038531e-26]);
    for (const headText of ['{}', '{"a":1}', '{"ab":12}', '{"abc":123}']) {
      const frame = encodeFrame(headText, float32Bytes(values));
      const split = splitFrame(frame);
      if (!split.ok) throw new Error(split.error);
      expect(readFrameHead(split.head)).toEqual({ ok: true, value: JSON.parse(headText) });
      expect(split.tail.byteOffset % 4).toBe(0);
      const read = float32Rows(split.tail, 1, values.length) as Float32Array;
      expect(Buffer.from(float32Bytes(read)).equals(Buffer.from(float32Bytes(values)))).toBe(true);
      expect(Object.is(read[1], -0)).toBe(true);
    }
  });

  it('refuses a tail of the wrong length and a head longer than the frame', () => {
    const frame = encodeFrame({}, new Uint8Array(12));
    const split = splitFrame(frame);
    expect(split.ok && float32Rows(split.tail, 2, 2)).toBeUndefined();
    const broken = Buffer.from(frame);
    broken.writeUInt32LE(1_000, 0);
    expect(splitFrame(broken).ok).toBe(false);
  });
});

describe('the embedding cache', () => {
  const vector = (seed: number) => Float32Array.from({ length: 4 }, (_, index) => seed + index / 10);

  it('resolves keys to the vectors they name, in order, and counts the missing', () => {
    const cache = new EmbeddingCache({ maxBytes: 1024, ttlMs: 1_000 });
    const vectors = new Float32Array([...vector(1), ...vector(2)]);
    cache.put(embeddingKeys(vectors, 4), vectors, 4);
    const keys = Buffer.concat([embeddingKey(float32Bytes(vector(2))), embeddingKey(float32Bytes(vector(1)))]);
    const resolved = cache.resolve(keys);
    expect(resolved.ok && resolved.runs.flatMap((run) => Array.from(run))).toEqual(
      Array.from([...vector(2), ...vector(1)]),
    );
    const unknown = Buffer.concat([keys, embeddingKey(float32Bytes(vector(3)))]);
    expect(cache.resolve(unknown)).toEqual({ ok: false, reason: 'missing', missing: 1 });
  });

  it('forgets vectors after the TTL and the least recently used beyond its bytes', () => {
    let now = 0;
    const cache = new EmbeddingCache({ maxBytes: 2 * 16, ttlMs: 1_000, now: () => now });
    const put = (seed: number) => cache.put(embeddingKeys(vector(seed), 4), vector(seed), 4);
    const has = (seed: number) => cache.resolve(embeddingKey(float32Bytes(vector(seed)))).ok;
    put(1);
    put(2);
    expect(has(1)).toBe(true); // 1 is now the most recently used
    put(3);
    expect([has(1), has(2), has(3)]).toEqual([true, false, true]);
    expect(cache.bytes).toBe(32);
    now = 5_000;
    expect(has(1)).toBe(false);
  });
});

describe('against the real worker', () => {
  let worker: RunningWorker;
  const client = new WorkerClient({ timeoutMs: 30_000 });

  beforeAll(async () => {
    worker = await startWorker();
  });
  afterAll(() => worker.close());

  it('lists the frame among the media types it accepts', async () => {
    const health = (await (await fetch(`${worker.url}/topics/health`)).json()) as { accepts: string[] };
    expect(health.accepts).toEqual(['application/json', FRAME_MEDIA_TYPE]);
  });

  it('answers embeddings as a frame when asked, with exactly the float32 of the engine’s vectors', async () => {
    const output = await client.embeddingVectors(`${worker.url}/embeddings`, embeddingInput());
    expect(output).toMatchObject({ model: EMBEDDING_MODEL, dimensions: EMBEDDING_DIMENSIONS, status: 'completed' });
    expect(output.results.map((result) => result.submissionId)).toEqual(ITEMS.map((item) => item.submissionId));
    output.results.forEach((result, index) => {
      const expected = Float32Array.from(embedText(ITEMS[index]?.text ?? ''));
      expect(Buffer.from(float32Bytes(result.embedding)).equals(Buffer.from(float32Bytes(expected)))).toBe(true);
    });
    // The same request without Accept: the JSON contract, whose numbers round to the same float32 values.
    const json = await postJson(`${worker.url}/embeddings/runsync`, embeddingRequest(ITEMS));
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    json.body.output.results.forEach((result: { embedding: number[] }, index: number) => {
      expect(Float32Array.from(result.embedding)).toEqual(output.results[index]?.embedding);
    });
  });

  it('models topics from the keys of the vectors it embedded (a reference hit), as from the vectors', async () => {
    const embedded = await client.embeddingVectors(`${worker.url}/embeddings`, embeddingInput());
    const vectors = new Map(embedded.results.map((result) => [result.submissionId, result.embedding]));
    const input = topicVectorsInput(vectors);
    const byReference = await client.topicsOfVectors(`${worker.url}/topics`, input);
    expect(byReference.transport).toBe('reference');
    // The keys were enough: the vectors were never read.
    expect(input.reads.count).toBe(0);
    expect(new Set(byReference.output.assignments.map((assignment) => assignment.submissionId)).size).toBe(
      ITEMS.length,
    );

    // The same vectors, in process: the worker modelled exactly these float32 values.
    const inProcess = buildTopicModel(
      ITEMS.map((item) => ({ id: item.submissionId, text: item.text, embedding: vectors.get(item.submissionId)! })),
      { seed: 7 },
    );
    expect(byReference.output.topics).toEqual(inProcess.topics);
    expect(byReference.output.outlierCount).toBe(inProcess.outlierCount);
  });

  it('answers 409 to keys it does not hold, and the client then sends the vectors (a reference miss)', async () => {
    const other = await startWorker();
    try {
      const embedded = await client.embeddingVectors(`${worker.url}/embeddings`, embeddingInput());
      const vectors = new Map(embedded.results.map((result) => [result.submissionId, result.embedding]));
      const input = topicVectorsInput(vectors);

      const { jobId, version, type, params, reads } = input;
      const head = {
        input: { jobId, version, type, params, items: ITEMS, embeddings: { dimensions: EMBEDDING_DIMENSIONS } },
      };
      const keys = input.items.map((item) => item.key);
      const miss = await fetch(`${other.url}/topics/runsync`, {
        method: 'POST',
        headers: { 'content-type': REFERENCE_FRAME_TYPE },
        body: encodeFrame(head, keys),
      });
      expect(miss.status).toBe(409);
      expect(((await miss.json()) as { output: { jobId: string; error: string } }).output).toMatchObject({
        jobId,
        error: `${ITEMS.length} of the ${ITEMS.length} embeddings referenced are not held by this worker; send them`,
      });
      // A malformed frame is told so, not asked for vectors: here the tail holds the vectors themselves (a whole
      // number of 16-byte "keys", none of them held) where the head's items want one key each.
      const whole = new Uint8Array(ITEMS.length * EMBEDDING_DIMENSIONS * 4);
      const malformed = await fetch(`${other.url}/topics/runsync`, {
        method: 'POST',
        headers: { 'content-type': REFERENCE_FRAME_TYPE },
        body: encodeFrame(head, whole),
      });
      expect(malformed.status).toBe(200);
      expect(((await malformed.json()) as { output: unknown }).output).toMatchObject({
        jobId,
        status: 'failed',
        error: `the frame's tail holds ${whole.byteLength} bytes, not ${ITEMS.length} keys of 16`,
      });

      const fallback = await client.topicsOfVectors(`${other.url}/topics`, input);
      expect(fallback.transport).toBe('float32');
      expect(reads.count).toBe(1);
      const hit = await client.topicsOfVectors(`${worker.url}/topics`, topicVectorsInput(vectors));
      expect(hit.transport).toBe('reference');
      expect(modelOf(fallback.output)).toEqual(modelOf(hit.output));
    } finally {
      await other.close();
    }
  });

  it('is correct with two instances behind one URL, each holding part of the vectors', async () => {
    const [first, second] = await Promise.all([startWorker(), startWorker()]);
    const balancer = await roundRobin([first.url, second.url]);
    try {
      // Three requests, in turn to the first, the second, the first: neither instance holds every vector, so the
      // keys reach one that misses (the /health probe took the second's turn) and the vectors follow.
      const vectors = new Map<string, Float32Array>();
      for (const part of [ITEMS.slice(0, 10), ITEMS.slice(10, 20), ITEMS.slice(20)]) {
        const output = await client.embeddingVectors(`${balancer.url}/embeddings`, embeddingInput(part));
        for (const result of output.results) vectors.set(result.submissionId, result.embedding);
      }
      const balanced = await client.topicsOfVectors(`${balancer.url}/topics`, topicVectorsInput(vectors));
      expect(balanced.transport).toBe('float32');
      const direct = await client.topicsOfVectors(`${second.url}/topics`, topicVectorsInput(vectors));
      expect(modelOf(balanced.output)).toEqual(modelOf(direct.output));
    } finally {
      await balancer.close();
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('answers a frame of the wrong size `failed`, and a frame sent for sentiment or embeddings 415', async () => {
    const head = {
      input: { jobId: 'j1', version: '1.0', type: 'topic-model', items: ITEMS, embeddings: { dimensions: 384 } },
    };
    const short = await fetch(`${worker.url}/topics/runsync`, {
      method: 'POST',
      headers: { 'content-type': FRAME_MEDIA_TYPE },
      body: encodeFrame(head, new Uint8Array(8)),
    });
    expect(short.status).toBe(200);
    expect(((await short.json()) as { output: unknown }).output).toMatchObject({
      jobId: 'j1',
      status: 'failed',
      error: `the frame's tail holds 8 bytes, not ${ITEMS.length} embeddings of 384 float32 values`,
    });
    const wrongPlace = await fetch(`${worker.url}/embeddings/runsync`, {
      method: 'POST',
      headers: { 'content-type': FRAME_MEDIA_TYPE },
      body: encodeFrame(embeddingRequest(ITEMS), new Uint8Array(0)),
    });
    expect(wrongPlace.status).toBe(415);
  });
});

describe('a worker that speaks only JSON', () => {
  let stub: FastifyInstance;
  let url: string;
  const contentTypes: string[] = [];
  /** Its /health lists frames (a newer instance answered the probe) while it refuses them: an older one. */
  let claimsFrames = false;

  beforeAll(async () => {
    // The JSON contract of conventions §8 and nothing else: Fastify's own JSON parser (415 for anything else).
    stub = Fastify();
    recordContentTypes(stub, contentTypes);
    stub.get('/:kind/health', async () => ({ status: 'ok', ...(claimsFrames ? { accepts: [FRAME_MEDIA_TYPE] } : {}) }));
    stub.post('/embeddings/runsync', async (request) => {
      const { input } = request.body as {
        input: { jobId: string; items: Array<{ submissionId: string; text: string }> };
      };
      return {
        output: {
          jobId: input.jobId,
          version: 'stub-1',
          status: 'completed',
          model: EMBEDDING_MODEL,
          dimensions: EMBEDDING_DIMENSIONS,
          results: input.items.map((item) => ({ submissionId: item.submissionId, embedding: embedText(item.text) })),
          completedAt: new Date().toISOString(),
        },
      };
    });
    stub.post('/topics/runsync', async (request) => {
      const { input } = request.body as {
        input: { jobId: string; items: Array<{ submissionId: string; text: string; embedding: number[] }> };
      };
      const model = buildTopicModel(
        input.items.map((item) => ({ id: item.submissionId, text: item.text, embedding: item.embedding })),
        { seed: 7 },
      );
      return {
        output: {
          jobId: input.jobId,
          version: 'stub-1',
          status: 'completed',
          topics: model.topics,
          assignments: model.assignments.map((assignment) => ({
            submissionId: assignment.id,
            topicIndex: assignment.topicIndex,
            probability: assignment.probability,
          })),
          outlierCount: model.outlierCount,
          metrics: model.metrics,
          completedAt: new Date().toISOString(),
        },
      };
    });
    await stub.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
  });
  afterAll(() => stub.close());

  it('gets JSON only, and its JSON answers become the same float32 vectors and topics', async () => {
    const client = new WorkerClient({ timeoutMs: 30_000 });
    const embedded = await client.embeddingVectors(`${url}/embeddings`, embeddingInput());
    embedded.results.forEach((result, index) => {
      expect(result.embedding).toEqual(Float32Array.from(embedText(ITEMS[index]?.text ?? '')));
    });
    const vectors = new Map(embedded.results.map((result) => [result.submissionId, result.embedding]));
    const input = topicVectorsInput(vectors);
    const topics = await client.topicsOfVectors(`${url}/topics`, input);
    expect(topics.transport).toBe('json');
    expect(input.reads.count).toBe(1);
    expect(new Set(topics.output.assignments.map((assignment) => assignment.submissionId)).size).toBe(ITEMS.length);
    expect(contentTypes.every((type) => type === 'application/json')).toBe(true);
  });

  it('is sent JSON after it refuses a frame with 415, though its /health said frames', async () => {
    claimsFrames = true;
    contentTypes.length = 0;
    const client = new WorkerClient({ timeoutMs: 30_000 });
    const embedded = await client.embeddingVectors(`${url}/embeddings`, embeddingInput());
    const vectors = new Map(embedded.results.map((result) => [result.submissionId, result.embedding]));
    const first = await client.topicsOfVectors(`${url}/topics`, topicVectorsInput(vectors));
    expect(first.transport).toBe('json');
    expect(contentTypes).toEqual(['application/json', REFERENCE_FRAME_TYPE, 'application/json']);
    // Remembered: the next request goes straight to JSON.
    await client.topicsOfVectors(`${url}/topics`, topicVectorsInput(vectors));
    expect(contentTypes.slice(3)).toEqual(['application/json']);
  });
});

/** An HTTP balancer sending each request to the next of `targets` in turn (headers and bodies unchanged). */
async function roundRobin(targets: string[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer((request, response) => {
    const target = targets[next++ % targets.length] as string;
    void (async () => {
      const body = request.method === 'POST' ? await read(request) : undefined;
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'accept', 'authorization']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(`${target}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers,
        ...(body ? { body } : {}),
      });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

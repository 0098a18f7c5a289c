import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { warmUpLocalEngine } from '../../src/analysis-worker/engine-warm-up.js';
import {
  EngineBusyError,
  INLINE_BODY_BYTES,
  createJobRunner,
  type EngineThreadReport,
  type JobRunner,
} from '../../src/analysis-worker/job-runner.js';
import type { LocalJob } from '../../src/analysis-worker/local-jobs.js';
import { defaultEngineThreads, loadAnalysisWorkerSettings } from '../../src/analysis-worker/settings.js';
import { EMBEDDING_KEY_BYTES, encodeFrame } from '../../src/contracts/float32-frame.js';
import { embedText } from '../../src/engine/embeddings/index.js';
import {
  TEST_WORKER_VERSION,
  TOPIC_COMMENTS,
  embeddingRequest,
  postJson,
  postRaw,
  sentimentRequest,
  startWorker,
} from './worker-harness.js';

const encoder = new TextEncoder();

function comments(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    submissionId: `s${index}`,
    text: `${TOPIC_COMMENTS[index % TOPIC_COMMENTS.length]} (${index})`,
  }));
}

function topicRequest(count: number): any {
  return {
    input: {
      jobId: 'topics-1',
      version: '1.0',
      type: 'topic-model',
      items: comments(count).map((item) => ({ ...item, embedding: embedText(item.text) })),
      params: { seed: 3 },
    },
  };
}

function screenRequest(count: number) {
  return { input: { jobId: 'screen-1', version: '1.0', type: 'screen', items: comments(count) } };
}

/**
 * A large request of each kind: `/screen` too, which ran on the event loop (an outside audit: 100,000 comments held
 * `/health` for 27 s); now it is answered by the job runner like the others.
 */
const JOBS: Array<[LocalJob['kind'], unknown]> = [
  ['sentiment', sentimentRequest(comments(400))],
  ['embeddings', embeddingRequest(comments(300))],
  ['topics', topicRequest(90)],
  ['screen', screenRequest(300)],
];

/** The answer without its completedAt, which differs from one run to the next. */
function comparable(payload: string): unknown {
  const body = JSON.parse(payload) as { output: Record<string, unknown> };
  const { completedAt, ...rest } = body.output;
  expect(typeof completedAt).toBe('string');
  return rest;
}

describe('job runner', () => {
  let threaded: JobRunner;
  let inline: JobRunner;
  beforeAll(() => {
    threaded = createJobRunner({ threads: 1 });
    inline = createJobRunner({ threads: 0 });
  });
  afterAll(async () => {
    await threaded.close();
    await inline.close();
  });

  it.each(JOBS)('answers %s in a thread exactly as inline', async (kind, request) => {
    const body = encoder.encode(JSON.stringify(request));
    expect(body.byteLength).toBeGreaterThanOrEqual(INLINE_BODY_BYTES);
    const [inThread, inProcess] = await Promise.all([
      threaded.run({ kind, body: new Uint8Array(body) }),
      inline.run({ kind, body: new Uint8Array(body) }),
    ]);
    expect(inThread.statusCode).toBe(200);
    expect(comparable(inThread.payload)).toMatchObject({ status: 'completed' });
    expect(comparable(inThread.payload)).toEqual(comparable(inProcess.payload));
    expect(threaded.activeThreads).toBe(1);
    expect(inline.activeThreads).toBe(0);
  });

  it('hands an embeddings frame answer back from a thread whole: the vectors and keys, moved', async () => {
    const body = encoder.encode(JSON.stringify(embeddingRequest(comments(300))));
    const [inThread, inProcess] = await Promise.all([
      threaded.run({ kind: 'embeddings', body: new Uint8Array(body), answerFrame: true }),
      inline.run({ kind: 'embeddings', body: new Uint8Array(body), answerFrame: true }),
    ]);
    expect(inThread.statusCode).toBe(200);
    expect(inThread.vectors?.length).toBeGreaterThan(0);
    expect(Array.from(inThread.vectors ?? [])).toEqual(Array.from(inProcess.vectors ?? []));
    expect(Buffer.from(inThread.keys ?? []).equals(Buffer.from(inProcess.keys ?? []))).toBe(true);
    expect(comparable(inThread.payload)).toEqual(comparable(inProcess.payload));
  });

  it('models a reference frame from views of shared vectors, in a thread as inline', async () => {
    const items = comments(90);
    const dimensions = embedText('x').length;
    // Two runs of rows in one shared buffer, as the embedding cache resolves keys (the second run first).
    const shared = new Float32Array(new SharedArrayBuffer(items.length * dimensions * 4));
    items.forEach((item, index) => shared.set(embedText(item.text), index * dimensions));
    const half = 45 * dimensions;
    const vectorRuns = [shared.subarray(half), shared.subarray(0, half)];
    const ordered = [...items.slice(45), ...items.slice(0, 45)];
    const head = {
      input: { jobId: 'topics-2', version: '1.0', type: 'topic-model', items: ordered, embeddings: { dimensions } },
    };
    const frame = () => encodeFrame(head, new Uint8Array(ordered.length * EMBEDDING_KEY_BYTES));
    const [inThread, inProcess] = await Promise.all([
      threaded.run({ kind: 'topics', body: frame(), frame: true, vectorRuns }),
      inline.run({ kind: 'topics', body: frame(), frame: true, vectorRuns }),
    ]);
    expect(comparable(inThread.payload)).toMatchObject({ status: 'completed' });
    expect(comparable(inThread.payload)).toEqual(comparable(inProcess.payload));
    // The rows the thread read were the shared ones, untouched.
    expect(Array.from(shared.subarray(0, dimensions))).toEqual(
      Array.from(new Float32Array(embedText(items[0]?.text ?? ''))),
    );
  });

  it('keeps small jobs inline', async () => {
    const runner = createJobRunner({ threads: 1 });
    try {
      const answer = await runner.run({
        kind: 'embeddings',
        body: encoder.encode(JSON.stringify(embeddingRequest(comments(2)))),
      });
      expect(JSON.parse(answer.payload).output.status).toBe('completed');
      expect(runner.activeThreads).toBe(0);
    } finally {
      await runner.close();
    }
  });

  it('answers a large body that is not JSON from the thread: 200 with status failed', async () => {
    const answer = await threaded.run({ kind: 'topics', body: encoder.encode(`{"input": ${'['.repeat(20_000)}`) });
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.payload).output).toMatchObject({
      status: 'failed',
      jobId: null,
      error: 'request body is not valid JSON',
    });
  });

  it('reports validation problems of a large body by path', async () => {
    const request = sentimentRequest(comments(400));
    request.input.items[250].text = '';
    const answer = await threaded.run({ kind: 'sentiment', body: encoder.encode(JSON.stringify(request)) });
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.payload).output).toMatchObject({
      status: 'failed',
      jobId: request.input.jobId,
      error: 'input.items.250.text: must be a non-empty string',
    });
  });

  it('stops its threads when closed, and takes no job after', async () => {
    const runner = createJobRunner({ threads: 2 });
    // A body is moved to the thread that runs it: each job has its own.
    const body = () => encoder.encode(JSON.stringify(JOBS[0]?.[1]));
    await Promise.all([
      runner.run({ kind: 'sentiment', body: body() }),
      runner.run({ kind: 'sentiment', body: body() }),
    ]);
    expect(runner.activeThreads).toBeGreaterThan(0);
    await runner.close();
    expect(runner.activeThreads).toBe(0);
    await expect(runner.run({ kind: 'sentiment', body: body() })).rejects.toThrow('closed');
  });
});

describe('a full queue', () => {
  it('refuses jobs beyond four waiting per thread with EngineBusyError', async () => {
    const runner = createJobRunner({ threads: 1 });
    try {
      const body = () => encoder.encode(JSON.stringify(JOBS[2]?.[1]));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, () => runner.run({ kind: 'topics', body: body() })),
      );
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(EngineBusyError);
      expect(outcomes.length - refused.length).toBeGreaterThanOrEqual(4);
    } finally {
      await runner.close();
    }
  });

  it('is answered 503 with Retry-After, so that the service retries', async () => {
    const busy: JobRunner = {
      maxThreads: 1,
      activeThreads: 1,
      run: () => Promise.reject(new EngineBusyError('every engine thread is busy and 4 jobs are waiting; retry later')),
      close: () => Promise.resolve(),
    };
    const worker = await startWorker({ jobs: busy });
    try {
      const { status, body, headers } = await postJson(`${worker.url}/topics/runsync`, JOBS[2]?.[1]);
      expect(status).toBe(503);
      expect(headers.get('retry-after')).toBe('5');
      expect(body.output).toMatchObject({ status: 'failed', error: expect.stringContaining('retry later') });
    } finally {
      await worker.close();
    }
  });
});

describe('the worker and its threads', () => {
  it('answers large requests of every kind over HTTP and closes its threads with the server', async () => {
    const jobs = createJobRunner({ threads: 1 });
    const worker = await startWorker({ jobs });
    try {
      for (const [kind, request] of JOBS) {
        const { status, body } = await postJson(`${worker.url}/${kind}/runsync`, request);
        expect(status).toBe(200);
        expect(body.output).toMatchObject({ status: 'completed', version: TEST_WORKER_VERSION });
      }
      const garbage = await postRaw(`${worker.url}/topics/runsync`, `{"input": "${'x'.repeat(INLINE_BODY_BYTES)}`);
      expect(garbage.status).toBe(200);
      expect(garbage.body.output).toMatchObject({ status: 'failed', error: 'request body is not valid JSON' });
      expect(jobs.activeThreads).toBe(1);
    } finally {
      await worker.close();
    }
    expect(jobs.activeThreads).toBe(0);
  });
});

describe('warm engine threads', () => {
  it('start with the runner, load and warm up the engine, and then take jobs', async () => {
    const reports: EngineThreadReport[] = [];
    const runner = createJobRunner({ threads: 2, warmThreads: 1, onThreadReport: (report) => reports.push(report) });
    try {
      // Started before any job: the first large job does not pay for it.
      expect(runner.activeThreads).toBe(1);
      await waitFor(() => reports.length > 0);
      expect(reports).toEqual([{ warm: true, durationMs: expect.any(Number) }]);
      const answer = await runner.run({ kind: 'sentiment', body: encoder.encode(JSON.stringify(JOBS[0]?.[1])) });
      expect(JSON.parse(answer.payload).output.status).toBe('completed');
      expect(runner.activeThreads).toBe(1);
    } finally {
      await runner.close();
    }
    expect(runner.activeThreads).toBe(0);
  });

  it('are never more than the threads, and none without threads', async () => {
    const capped = createJobRunner({ threads: 1, warmThreads: 3 });
    const none = createJobRunner({ threads: 0, warmThreads: 2 });
    expect(capped.activeThreads).toBe(1);
    expect(none.activeThreads).toBe(0);
    await Promise.all([capped.close(), none.close()]);
  });

  it('run the warm-up jobs of every kind', () => {
    expect(() => warmUpLocalEngine()).not.toThrow();
  });

  it('ANALYSIS_WORKER_WARM_THREADS: all the threads when unset, each logged when warm; 0 or a count', async () => {
    expect(loadAnalysisWorkerSettings({}).ANALYSIS_WORKER_WARM_THREADS).toBeUndefined();
    expect(loadAnalysisWorkerSettings({ ANALYSIS_WORKER_WARM_THREADS: '0' }).ANALYSIS_WORKER_WARM_THREADS).toBe(0);
    expect(() => loadAnalysisWorkerSettings({ ANALYSIS_WORKER_WARM_THREADS: '-1' })).toThrow(
      'ANALYSIS_WORKER_WARM_THREADS',
    );
    const lines: Array<{ msg?: string; durationMs?: number; component?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const worker = await startWorker({ logger, environment: { ANALYSIS_WORKER_THREADS: '1' } });
    try {
      await waitFor(() => lines.some((line) => line.msg === 'engine thread warm'));
      expect(lines.find((line) => line.msg === 'engine thread warm')).toMatchObject({
        component: 'engine-threads',
        durationMs: expect.any(Number),
      });
    } finally {
      await worker.close();
    }
  });
});

/** Polls `condition` every 20 ms for up to 20 s. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 20_000) throw new Error('the condition did not hold within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('ANALYSIS_WORKER_THREADS', () => {
  it('defaults to one less than the cores, at least one', () => {
    expect(defaultEngineThreads()).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadAnalysisWorkerSettings({}).ANALYSIS_WORKER_THREADS).toBe(defaultEngineThreads());
  });

  it('takes 0 (every job inline) and refuses a negative count', async () => {
    expect(loadAnalysisWorkerSettings({ ANALYSIS_WORKER_THREADS: '0' }).ANALYSIS_WORKER_THREADS).toBe(0);
    expect(() => loadAnalysisWorkerSettings({ ANALYSIS_WORKER_THREADS: '-1' })).toThrow('ANALYSIS_WORKER_THREADS');
    const worker = await startWorker({ environment: { ANALYSIS_WORKER_THREADS: '0' } });
    try {
      const { body } = await postJson(`${worker.url}/topics/runsync`, JOBS[2]?.[1]);
      expect(body.output.status).toBe('completed');
    } finally {
      await worker.close();
    }
  });
});

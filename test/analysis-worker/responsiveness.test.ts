import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus/generate.js';
import { embedText } from '../../src/engine/embeddings/index.js';
import { startEmbeddedAnalysisWorker } from '../../src/processes.js';
import { setupApi } from '../support/test-context.js';
import { startWorker } from './worker-harness.js';

/**
 * The worker's CPU work stays off the event loop: while a 20,000-comment topics request runs (the topic model
 * and the parsing of its 28 MB body, in an engine thread), `/health` keeps answering in under 100 ms, the
 * worker's own and, under `npm start`'s one-process arrangement, the API's too.
 *
 * Only the servers run on this test's event loop: the request is sent, and `/health` polled, from threads of
 * their own (plain JavaScript, below), so what the polls measure is how long the server's event loop took to
 * answer, not the test client's work. The payload is built first and its garbage collected before measuring.
 *
 * The bound is on the slowest answer. On a quiet machine it is 15-50 ms (receiving the 28 MB body is the event
 * loop's largest piece of work), against 1.5-3.5 s before the engine threads. But a machine saturated by other
 * processes (the development machine has two cores shared by several test runs) stalls every thread now and
 * then, whatever it does. So the poller also polls a control: a bare HTTP server on a thread of its own that
 * does nothing else, in the same process, at the same moments. The bound is 100 ms, or three times the control's
 * slowest answer when the machine made even that one slower than 33 ms (the event loop has real work to do while
 * the body arrives, which a saturated machine stretches more than the idle control's). An event loop held by
 * the topic model (a regression) answers seconds late while the control does not, and fails.
 */

const COMMENTS = 20_000;
const LATENCY_LIMIT_MS = 100;
const NOISE_FACTOR = 3;
const POLL_INTERVAL_MS = 10;

/** Polls every URL in turn until told to stop; answers, for each, when every poll started and how long it took. */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const polls = Object.fromEntries(workerData.urls.map((url) => [url, []]));
const failures = [];
let stop = false;
parentPort.once('message', () => { stop = true; });
(async () => {
  while (!stop) {
    for (const url of workerData.urls) {
      const started = performance.now();
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(url + ' answered ' + response.status);
      } catch (error) {
        failures.push(url + ': ' + error.message);
      }
      polls[url].push({ at: performance.timeOrigin + started, ms: performance.now() - started });
    }
    await new Promise((resolve) => setTimeout(resolve, workerData.interval));
  }
  parentPort.postMessage({ polls, failures });
})();
`;

/** The control: an HTTP server doing nothing else, on a thread of its own; says its port. */
const CONTROL = `
const { parentPort } = require('node:worker_threads');
const server = require('node:http').createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end('{"status":"ok"}');
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

/**
 * Says it is ready, then, when told, posts the (transferred) body and answers a summary of the answer. It stands
 * for a client on another machine, so it runs at a lower priority than the servers (Linux: per thread).
 */
const SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
if (process.platform === 'linux') require('node:os').setPriority(10);
parentPort.postMessage('ready');
parentPort.once('message', () => (async () => {
  const started = performance.now();
  const response = await fetch(workerData.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: workerData.body,
  });
  const { output } = await response.json();
  parentPort.postMessage({
    httpStatus: response.status,
    status: output.status,
    error: output.error,
    topics: output.topics?.length ?? 0,
    assignedSubmissions: new Set((output.assignments ?? []).map((assignment) => assignment.submissionId)).size,
    elapsedMs: performance.now() - started,
  });
})().catch((error) => parentPort.postMessage({ error: error.message })));
`;

interface Summary {
  httpStatus: number;
  status: string;
  error?: string;
  topics: number;
  assignedSubmissions: number;
  elapsedMs: number;
}

interface UrlLatencies {
  url: string;
  /** Polls that started while the request ran. */
  polls: number;
  max: number;
  median: number;
}

interface Measurement {
  summary: Summary;
  failures: string[];
  urls: UrlLatencies[];
  control: UrlLatencies;
}

/** A full collection now, so that the payload's garbage is not collected during the measurement. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function topicsPayload(): Uint8Array {
  const items = generateCorpus(COMMENTS).map((comment) => ({
    submissionId: comment.id,
    text: comment.text,
    embedding: embedText(comment.text),
  }));
  const request = { input: { jobId: randomUUID(), version: '1.0', type: 'topic-model', items, params: { seed: 42 } } };
  return new TextEncoder().encode(JSON.stringify(request));
}

function once<T>(worker: Worker): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

// The API of `npm start` (its database and Redis of this file's own), idle during the first test.
const { api } = await setupApi();
const control = new Worker(CONTROL, { eval: true });
const controlUrl = `http://127.0.0.1:${await once<number>(control)}/health`;
afterAll(() => control.terminate());
const payload = topicsPayload();
collectGarbage();

const now = () => performance.timeOrigin + performance.now();

function latencies(url: string, polls: Array<{ at: number; ms: number }>, from: number, to: number): UrlLatencies {
  const during = polls.filter((poll) => poll.at >= from && poll.at < to).map((poll) => poll.ms);
  const sorted = [...during].sort((a, b) => a - b);
  return { url, polls: during.length, max: Math.max(0, ...during), median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}

/** Sends the topics request while polling `healthUrls` and the control, until it is answered. */
async function measure(topicsUrl: string, healthUrls: string[]): Promise<Measurement> {
  // The sender thread starts (and takes the body) before the measurement: its start-up is not the server's.
  const body = payload.slice();
  const sender = new Worker(SENDER, { eval: true, workerData: { url: topicsUrl, body }, transferList: [body.buffer] });
  const poller = new Worker(POLLER, {
    eval: true,
    workerData: { urls: [...healthUrls, controlUrl], interval: POLL_INTERVAL_MS },
  });
  try {
    await once<'ready'>(sender);
    const answered = once<Summary>(sender);
    // A few rounds of polls first, so that the poller's own start-up is not measured either.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sent = now();
    sender.postMessage('go');
    const summary = await answered;
    const done = now();
    poller.postMessage('stop');
    const { polls, failures } = await once<{
      polls: Record<string, Array<{ at: number; ms: number }>>;
      failures: string[];
    }>(poller);
    return {
      summary,
      failures,
      urls: healthUrls.map((url) => latencies(url, polls[url] ?? [], sent, done)),
      control: latencies(controlUrl, polls[controlUrl] ?? [], sent, done),
    };
  } finally {
    await poller.terminate();
    await sender.terminate();
  }
}

function expectResponsive(result: Measurement, label: string): void {
  expect(result.summary).toMatchObject({ httpStatus: 200, status: 'completed', assignedSubmissions: COMMENTS });
  expect(result.summary.topics).toBeGreaterThan(1);
  expect(result.failures).toEqual([]);
  const bound = Math.max(LATENCY_LIMIT_MS, NOISE_FACTOR * result.control.max);
  const lines = result.urls.map(
    ({ url, polls, max, median }) =>
      `${label} ${new URL(url).pathname}: ${polls} polls during a ${COMMENTS}-comment topics request of ` +
      `${Math.round(result.summary.elapsedMs)} ms: slowest ${max.toFixed(1)} ms, median ${median.toFixed(1)} ms ` +
      `(control: slowest ${result.control.max.toFixed(1)} ms; bound ${bound.toFixed(0)} ms)`,
  );
  console.warn(lines.join('\n'));
  result.urls.forEach(({ polls, max }, index) => {
    // Enough polls that the whole request was covered, not a lucky few.
    expect(polls, lines[index]).toBeGreaterThanOrEqual(Math.floor(result.summary.elapsedMs / 100));
    expect(max, lines[index]).toBeLessThan(bound);
  });
}

/** A stall of the machine longer than the control caught is rare, but possible: such an attempt is retried. */
const MEASUREMENT = { retry: 2, timeout: 90_000 };

describe('while a 20,000-comment topics request runs', () => {
  it("the worker's /health answers in under 100 ms", MEASUREMENT, async () => {
    const worker = await startWorker();
    try {
      expectResponsive(await measure(`${worker.url}/topics/runsync`, [`${worker.url}/health`]), 'worker alone');
    } finally {
      await worker.close();
    }
  });

  it(
    "under npm start's one process, the API's /api/v1/health and the worker's /health answer in under 100 ms",
    MEASUREMENT,
    async () => {
      const worker = await startEmbeddedAnalysisWorker(
        { ANALYSIS_WORKER_PORT: '0', LOG_LEVEL: 'silent' },
        pino({ level: 'silent' }),
      );
      try {
        const workerUrl = `http://127.0.0.1:${(worker.server.address() as AddressInfo).port}`;
        const result = await measure(`${workerUrl}/topics/runsync`, [
          `${api.baseUrl}/api/v1/health`,
          `${workerUrl}/health`,
        ]);
        expectResponsive(result, 'API and worker in one process');
      } finally {
        await worker.close();
      }
    },
  );
});

import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnalysisWorker } from '../../src/analysis-worker/server.js';
import { isLoopbackHost, loadAnalysisWorkerSettings } from '../../src/analysis-worker/settings.js';
import { tokenMatches } from '../../src/analysis-worker/auth.js';
import { SettingsError } from '../../src/config/parse-settings.js';
import { embedText } from '../../src/engine/embeddings/index.js';
import {
  SAMPLE_COMMENTS,
  TOPIC_COMMENTS,
  embeddingRequest,
  getJson,
  postJson,
  postRaw,
  sentimentRequest,
  startWorker,
  type RunningWorker,
} from './worker-harness.js';

const TOKEN = 'worker-token-0123456789-SECRET';
const logLines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

let worker: RunningWorker;

beforeAll(async () => {
  worker = await startWorker({
    environment: { WORKER_TOKEN: TOKEN, ANALYSIS_WORKER_BODY_LIMIT: String(256 * 1024) },
    // Every level, request logs included: the token must show in none of them.
    logger: pino({ level: 'trace' }, capture),
  });
});

afterAll(async () => {
  await worker.close();
});

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

const REQUESTS: Array<[string, () => unknown]> = [
  ['/sentiment/runsync', () => sentimentRequest(SAMPLE_COMMENTS)],
  ['/embeddings/runsync', () => embeddingRequest(SAMPLE_COMMENTS)],
  ['/topics/runsync', topicRequest],
];

describe('WORKER_TOKEN', () => {
  it.each(REQUESTS)('%s without a token: 401 with the error body', async (path, request) => {
    const { status, body, headers } = await postJson(`${worker.url}${path}`, request());
    expect(status).toBe(401);
    expect(body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'worker token required: send Authorization: Bearer <WORKER_TOKEN>',
      details: [],
    });
    expect(headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each([
    ['a wrong token', `Bearer ${TOKEN}x`, 'invalid worker token'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`, 'invalid worker token'],
    ['another scheme', `Basic ${TOKEN}`, 'worker token required'],
    ['no token after the scheme', 'Bearer ', 'worker token required'],
  ])('refuses %s', async (_name, authorization, message) => {
    const { status, body } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS), {
      authorization,
    });
    expect(status).toBe(401);
    expect(body.statusCode).toBe(401);
    expect(body.message).toContain(message);
  });

  it.each(REQUESTS)('%s with the token: answered', async (path, request) => {
    const { status, body } = await postJson(`${worker.url}${path}`, request(), { authorization: `Bearer ${TOKEN}` });
    expect(status).toBe(200);
    expect(body.output.status).toBe('completed');
  });

  it('accepts the scheme in any case', async () => {
    const { status } = await postJson(`${worker.url}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS), {
      authorization: `bearer ${TOKEN}`,
    });
    expect(status).toBe(200);
  });

  it('refuses before reading the body: 401, not 413, for a body over the limit', async () => {
    const { status } = await postRaw(`${worker.url}/sentiment/runsync`, `"${'x'.repeat(512 * 1024)}"`);
    expect(status).toBe(401);
  });

  it.each(['/health', '/sentiment/health', '/embeddings/health', '/topics/health'])('%s stays open', async (path) => {
    const { status, body } = await getJson(`${worker.url}${path}`);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
  });

  it('unknown routes answer 404 whether or not a token is sent', async () => {
    expect((await postJson(`${worker.url}/nothing/runsync`, {})).status).toBe(404);
  });

  it('never logs the token', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(TOKEN);
  });

  it('compares tokens by content only', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(`${TOKEN} `, TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
  });
});

describe('binding', () => {
  it('binds 127.0.0.1 by default, not the shared HOST', async () => {
    expect(loadAnalysisWorkerSettings({}).ANALYSIS_WORKER_HOST).toBe('127.0.0.1');
    const app = await startAnalysisWorker(
      { ANALYSIS_WORKER_PORT: '0', HOST: '0.0.0.0', LOG_LEVEL: 'silent' },
      pino({ level: 'silent' }),
    );
    try {
      expect((app.server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await app.close();
    }
  });

  it.each(['0.0.0.0', '::', '192.168.10.20', 'worker.internal'])(
    'refuses to start on %s without WORKER_TOKEN, naming the setting',
    async (host) => {
      const start = startAnalysisWorker(
        { ANALYSIS_WORKER_HOST: host, ANALYSIS_WORKER_PORT: '0', LOG_LEVEL: 'silent' },
        pino({ level: 'silent' }),
      );
      await expect(start).rejects.toThrow(SettingsError);
      await expect(start).rejects.toThrow(/WORKER_TOKEN: required when ANALYSIS_WORKER_HOST \(.*\) is not a loopback/);
    },
  );

  it('names the setting when it cannot listen: a port in use, a host that does not resolve; trims the host', async () => {
    const first = await startAnalysisWorker(
      { ANALYSIS_WORKER_PORT: '0', LOG_LEVEL: 'silent' },
      pino({ level: 'silent' }),
    );
    try {
      const { port } = first.server.address() as AddressInfo;
      const taken = startAnalysisWorker(
        { ANALYSIS_WORKER_PORT: String(port), LOG_LEVEL: 'silent' },
        pino({ level: 'silent' }),
      );
      await expect(taken).rejects.toThrow(SettingsError);
      await expect(taken).rejects.toThrow(`ANALYSIS_WORKER_PORT: port ${port} is already in use on 127.0.0.1`);
    } finally {
      await first.close();
    }
    const unknown = startAnalysisWorker(
      {
        ANALYSIS_WORKER_HOST: 'localhost.invalid',
        ANALYSIS_WORKER_PORT: '0',
        WORKER_TOKEN: TOKEN,
        LOG_LEVEL: 'silent',
      },
      pino({ level: 'silent' }),
    );
    await expect(unknown).rejects.toThrow(/ANALYSIS_WORKER_HOST: cannot listen on 'localhost\.invalid'/);
    expect(loadAnalysisWorkerSettings({ ANALYSIS_WORKER_HOST: ' 127.0.0.1 ' }).ANALYSIS_WORKER_HOST).toBe('127.0.0.1');
  });

  it('starts on 0.0.0.0 with WORKER_TOKEN', async () => {
    const app = await startAnalysisWorker(
      { ANALYSIS_WORKER_HOST: '0.0.0.0', ANALYSIS_WORKER_PORT: '0', WORKER_TOKEN: TOKEN, LOG_LEVEL: 'silent' },
      pino({ level: 'silent' }),
    );
    try {
      const { address, port } = app.server.address() as AddressInfo;
      expect(address).toBe('0.0.0.0');
      const refused = await postJson(`http://127.0.0.1:${port}/sentiment/runsync`, sentimentRequest(SAMPLE_COMMENTS));
      expect(refused.status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses a WORKER_TOKEN shorter than 16 characters, without echoing it', () => {
    expect(() => loadAnalysisWorkerSettings({ WORKER_TOKEN: 'short-secret' })).toThrow(
      'WORKER_TOKEN: must be at least 16 characters',
    );
    try {
      loadAnalysisWorkerSettings({ WORKER_TOKEN: 'short-secret' });
    } catch (error) {
      expect(String(error)).not.toContain('short-secret');
    }
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['128.0.0.1', false],
    ['10.0.0.5', false],
    ['::2', false],
    ['1::1', false],
    ['::ffff:10.0.0.1', false],
    ['localhost.example.com', false],
    ['', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('a request that stops arriving', () => {
  it('is answered 408 and its connection closed once the receive timeout passes, not held until shutdown', async () => {
    const worker = await startWorker({ requestTimeoutMs: 400 });
    try {
      const { port } = new URL(worker.url);
      const socket = connect(Number(port), '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // 100 bytes announced, 4 sent, then nothing.
      socket.write(
        'POST /sentiment/runsync HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"in',
      );
      const started = performance.now();
      await closed;
      const waited = performance.now() - started;
      expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 408/);
      // The request timer fires within one check interval of the timeout; far from a hold until shutdown.
      expect(waited).toBeLessThan(10_000);
    } finally {
      await worker.close();
    }
  });
});

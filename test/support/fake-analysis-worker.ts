import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { isFrameType, isReferenceFrame, readFrameHead, splitFrame } from '../../src/contracts/float32-frame.js';

export type FakeWorkerKind = 'sentiment' | 'embeddings' | 'topics';

/**
 * What the fake does with one `/runsync` call:
 * - `http-500`: answers HTTP 500 with the contract's failed body (the contract's "unexpected failure, retry");
 * - `failed`: answers HTTP 200 `status: "failed"` (a domain failure: the service must not retry);
 * - `hang`: reads the request and never answers (the caller's timeout decides);
 * - `close`: destroys the connection without an answer (the caller sees a reset);
 * - `delay`: answers what the real worker answers, `ms` later;
 * - `hold`: answers what the real worker answers once `release(kind)` is called.
 */
export type FakeAction =
  | { type: 'http-500' }
  | { type: 'failed'; error?: string }
  | { type: 'hang' }
  | { type: 'close' }
  | { type: 'delay'; ms: number }
  | { type: 'hold' };

export interface FakeCall {
  kind: FakeWorkerKind;
  action: FakeAction['type'] | 'proxy';
  pipelineId: string | undefined;
  items: number;
  /** Set when the fake has answered (or closed) the call. */
  finished: boolean;
}

export interface FakeAnalysisWorker {
  /** Base URL; the worker URLs are `${url}/sentiment`, `/embeddings`, `/topics` (conventions §8). */
  readonly url: string;
  readonly calls: readonly FakeCall[];
  /** The real worker the calls go on to (set it once the stack that runs it has started). */
  setTarget(url: string): void;
  /** The worker URL settings pointing at this fake. */
  environment(): Record<string, string>;
  /** The next calls of `kind` take these actions, in order; calls beyond them are proxied unchanged. */
  script(kind: FakeWorkerKind, ...actions: FakeAction[]): void;
  /** Calls of `kind` received (optionally only those of one pipeline). */
  count(kind: FakeWorkerKind, pipelineId?: string): number;
  /** Resolves when `count` calls of `kind` have been received. */
  waitForCalls(kind: FakeWorkerKind, count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when every call received so far has been answered (or closed). */
  waitForAnswers(timeoutMs?: number): Promise<void>;
  /** Lets the held calls of `kind` go on to the real worker. */
  release(kind: FakeWorkerKind): void;
  /** Stops listening and drops every connection: callers get "connection refused" until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Forgets scripts and recorded calls, and releases held calls. */
  reset(): void;
  close(): Promise<void>;
}

const KINDS = new Set<string>(['sentiment', 'embeddings', 'topics']);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The request's `input`: the JSON body's, or the head's of a float32 frame (src/contracts/float32-frame.ts). */
function parseInput(
  body: Buffer,
  contentType: string | undefined,
): { jobId?: string; items?: unknown[]; metadata?: { pipelineId?: string } } {
  if (isFrameType(contentType)) {
    const frame = splitFrame(body);
    const head = frame.ok ? readFrameHead(frame.head) : { ok: false as const };
    return head.ok ? ((head.value as { input?: never }).input ?? {}) : {};
  }
  try {
    return (JSON.parse(body.toString('utf8')) as { input?: never }).input ?? {};
  } catch {
    return {};
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A real HTTP server speaking the analysis worker's contracts (conventions §8) in front of the real analysis
 * worker at `target` (or the URL given to `setTarget` later): each call is proxied unchanged unless a scripted fault says otherwise. It records every
 * call, so a test can count what the service sent (a topics reference frame the worker answers 409 is not counted:
 * the request with the vectors that follows it is).
 */
export async function startFakeAnalysisWorker(target?: string): Promise<FakeAnalysisWorker> {
  let upstream = target;
  const scripts = new Map<FakeWorkerKind, FakeAction[]>();
  const calls: FakeCall[] = [];
  const held = new Map<FakeWorkerKind, Array<() => void>>();
  const sockets = new Set<Socket>();

  // Answers the HTTP status of the real worker. Content-Type and Accept go through: float32 frames too.
  const proxy = async (path: string, request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    const headers: Record<string, string> = { 'content-type': request.headers['content-type'] ?? 'application/json' };
    if (typeof request.headers.accept === 'string') headers.accept = request.headers.accept;
    if (typeof request.headers.authorization === 'string') headers.authorization = request.headers.authorization;
    if (upstream === undefined) throw new Error('the fake analysis worker has no target yet');
    const answer = await fetch(`${upstream}${path}`, { method: 'POST', headers, body });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
    return answer.status;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const [, kind, endpoint] = path.split('/');
    if (request.method === 'GET') {
      const health = await fetch(`${upstream ?? ''}${path}`);
      response.writeHead(health.status, { 'content-type': 'application/json' });
      response.end(Buffer.from(await health.arrayBuffer()));
      return;
    }
    const body = await readBody(request);
    if (!kind || !KINDS.has(kind) || endpoint !== 'runsync') {
      await proxy(path, request, body, response);
      return;
    }
    const workerKind = kind as FakeWorkerKind;
    const input = parseInput(body, request.headers['content-type']);
    const action = scripts.get(workerKind)?.shift();
    const call: FakeCall = {
      kind: workerKind,
      action: action?.type ?? 'proxy',
      pipelineId: input.metadata?.pipelineId,
      items: input.items?.length ?? 0,
      finished: false,
    };
    calls.push(call);
    try {
      switch (action?.type) {
        case 'http-500':
          sendJson(response, 500, {
            output: {
              jobId: input.jobId ?? null,
              version: 'fake',
              status: 'failed',
              error: 'internal error (scripted)',
              completedAt: new Date().toISOString(),
            },
          });
          return;
        case 'failed':
          sendJson(response, 200, {
            output: {
              jobId: input.jobId ?? null,
              version: 'fake',
              status: 'failed',
              error: action.error ?? 'scripted domain failure',
              completedAt: new Date().toISOString(),
            },
          });
          return;
        case 'hang':
          await new Promise<void>((resolve) => request.socket.once('close', resolve));
          return;
        case 'close':
          request.socket.destroy();
          return;
        case 'delay':
          await delay(action.ms);
          break;
        case 'hold':
          await new Promise<void>((resolve) => held.set(workerKind, [...(held.get(workerKind) ?? []), resolve]));
          break;
        case undefined:
          break;
      }
      if (!response.destroyed && !request.socket.destroyed) {
        const status = await proxy(path, request, body, response);
        // A topics frame naming vectors the worker no longer holds is answered 409 and followed at once by the
        // same request carrying them: one attempt of the stage, counted once (by the request that follows).
        if (status === 409 && isReferenceFrame(request.headers['content-type'])) calls.splice(calls.indexOf(call), 1);
      }
    } finally {
      call.finished = true;
    }
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 502, { message: String(error) });
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const releaseAll = () => {
    for (const kind of held.keys()) {
      for (const resolve of held.get(kind) ?? []) resolve();
      held.delete(kind);
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  return {
    url,
    calls,
    setTarget(url) {
      upstream = url;
    },
    environment: () => ({
      SENTIMENT_WORKER_URL: `${url}/sentiment`,
      EMBEDDINGS_WORKER_URL: `${url}/embeddings`,
      TOPIC_MODEL_WORKER_URL: `${url}/topics`,
    }),
    script(kind, ...actions) {
      scripts.set(kind, [...(scripts.get(kind) ?? []), ...actions]);
    },
    count: (kind, pipelineId) =>
      calls.filter((call) => call.kind === kind && (pipelineId === undefined || call.pipelineId === pipelineId)).length,
    async waitForCalls(kind, count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (calls.filter((call) => call.kind === kind).length < count) {
        if (Date.now() > deadline) throw new Error(`the fake worker got fewer than ${count} ${kind} calls in time`);
        await delay(25);
      }
    },
    async waitForAnswers(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (calls.some((call) => !call.finished)) {
        if (Date.now() > deadline) throw new Error('the fake worker still has calls in hand');
        await delay(25);
      }
    },
    release(kind) {
      for (const resolve of held.get(kind) ?? []) resolve();
      held.delete(kind);
    },
    stop,
    start: () => listen(port),
    reset() {
      scripts.clear();
      calls.length = 0;
      releaseAll();
    },
    async close() {
      releaseAll();
      await stop();
    },
  };
}

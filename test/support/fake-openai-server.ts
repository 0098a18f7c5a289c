import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server speaking the OpenAI REST protocol (chat completions and embeddings) with scripted
 * answers, so the provider is tested through the real SDK over a real socket. Each request to a path takes
 * the next scripted answer for that path; with none left it answers 500.
 */
export interface ScriptedResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export type Responder = ScriptedResponse | ((request: RecordedRequest) => ScriptedResponse);

export const CHAT_PATH = '/v1/chat/completions';
export const EMBEDDINGS_PATH = '/v1/embeddings';

export interface FakeOpenAiServer {
  /** Base URL for the SDK (`baseURL`), ending in /v1. */
  baseURL: string;
  requests: RecordedRequest[];
  script(path: string, ...responders: Responder[]): void;
  /** Requests received for one path. */
  count(path: string): number;
  reset(): void;
  close(): Promise<void>;
}

/** A chat completion whose single choice has `content` as the assistant message. */
export function chatCompletion(content: string): ScriptedResponse {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'fake-model',
      choices: [
        { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  };
}

export function rateLimited(retryAfterSeconds = 0): ScriptedResponse {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', param: null } },
  };
}

export function embeddingsResponse(vectors: number[][]): ScriptedResponse {
  return {
    status: 200,
    body: {
      object: 'list',
      model: 'fake-embedding',
      data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
      usage: { prompt_tokens: 1, total_tokens: 1 },
    },
  };
}

/** The JSON the provider put in the user message of a chat request. */
export function userPayload(request: RecordedRequest): any {
  const message = (request.body?.messages ?? []).find((entry: { role: string }) => entry.role === 'user');
  return JSON.parse(message?.content ?? '{}');
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const scripts = new Map<string, Responder[]>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path,
        headers: request.headers,
        body: await readBody(request),
      };
      requests.push(recorded);
      const responder = scripts.get(path)?.shift();
      const answer: ScriptedResponse = responder
        ? typeof responder === 'function'
          ? responder(recorded)
          : responder
        : { status: 500, body: { error: { message: `no scripted response for ${path}`, type: 'server_error' } } };
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script(path, ...responders) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...responders]);
    },
    count: (path) => requests.filter((request) => request.path === path).length,
    reset() {
      scripts.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

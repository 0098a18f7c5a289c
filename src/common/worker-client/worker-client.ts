import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { z } from 'zod';
import {
  WORKER_CONTRACTS,
  describeIssues,
  type EmbeddingCompletedOutput,
  type EmbeddingInput,
  type SentimentCompletedOutput,
  type SentimentInput,
  type TopicCompletedOutput,
  type TopicInput,
  type WorkerKind,
} from '../../contracts/worker-contracts.js';
import {
  FRAME_MEDIA_TYPE,
  FRAMES_SUPPORTED,
  REFERENCE_FRAME_TYPE,
  encodeFrame,
  float32Rows,
  isFrameType,
  readFrameHead,
  shortestFloat32Numbers,
  splitFrame,
} from '../../contracts/float32-frame.js';
import { embeddingFrameResponseSchema } from '../../contracts/worker-contracts.js';
import { WorkerCallError } from './worker-call-error.js';

/**
 * The service's client of the worker contracts (conventions §8): posts `{ input }` to `{baseUrl}/runsync`
 * (`SENTIMENT_WORKER_URL`, `EMBEDDINGS_WORKER_URL`, `TOPIC_MODEL_WORKER_URL`), validates the answer with the
 * contract's response schema (the module the worker validates its requests with), checks it is the answer to
 * this request, and returns the completed `output`. Anything else throws a WorkerCallError whose `kind` and
 * `retryable` say what to do (worker-call-error.ts).
 */
export interface WorkerClientOptions {
  /** WORKER_TOKEN: sent as `Authorization: Bearer <token>` on every call when set. */
  token?: string;
  /** Per call, from sending the request to the last byte of the answer, in ms (default 5 minutes). */
  timeoutMs?: number;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Told of every call when it ends (latency metrics): `outcome` is 'ok', a WorkerCallFailure, or 'aborted'. */
  onCall?: (call: { worker: WorkerKind; outcome: string; durationMs: number }) => void;
}

export interface WorkerCallOptions {
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Cancels the call (e.g. the pipeline was cancelled); the call then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * A 20,000-comment topics request takes a few seconds on the local engine; a sentiment batch answered by a
 * language model (50 comments a request, 4 at a time) takes minutes. The default covers both.
 */
export const DEFAULT_WORKER_TIMEOUT_MS = 5 * 60_000;

/** Characters of a non-JSON answer quoted in an error. */
const QUOTED_BODY_CHARACTERS = 200;

/**
 * Requests with more items are serialised a chunk of items at a time, yielding to the event loop in between: a
 * 20,000-comment topics request is 28 MB of JSON, whose serialisation in one piece would hold the caller's event
 * loop (the API's too, under `npm start`) for ~0.5 s.
 */
const SERIALISE_AT_ONCE_ITEMS = 1_000;
const ITEMS_PER_CHUNK = 500;

/** How long a worker URL's `/health` answer about frames is believed (a rolling upgrade may change it). */
const FRAME_SUPPORT_TTL_MS = 60_000;
/** The `/health` probe's own timeout. */
const HEALTH_PROBE_TIMEOUT_MS = 5_000;

/** An embeddings answer with each vector as float32 values (what the service stores). */
export type EmbeddingVectorsOutput = Omit<EmbeddingCompletedOutput, 'results'> & {
  results: Array<{ submissionId: string; embedding: Float32Array }>;
};

/**
 * A topics request whose vectors are float32 bytes, little-endian (as stored: `submission_embeddings.embedding`),
 * named by their keys (float32-frame.ts `embeddingKey`: PostgreSQL computes them beside the rows). The vectors
 * themselves are read only when the worker needs them: it does not hold them all, or it takes JSON only.
 */
export type TopicVectorsInput = Omit<TopicInput, 'items'> & {
  items: ReadonlyArray<{ submissionId: string; text: string; key: Uint8Array }>;
  /** Bytes of every item's vector (4 × dimensions), or undefined when they are not all the same length. */
  vectorBytes: number | undefined;
  /** The items' vectors, in the order of `items`. */
  vectors(): Promise<ReadonlyArray<Uint8Array>>;
};

/**
 * How a topics request went: `reference` (the worker held every vector: only their keys were sent), `float32`
 * (the vectors in a frame), `json` (the JSON contract: the worker does not take frames).
 */
export type TopicTransport = 'reference' | 'float32' | 'json';

interface Exchange {
  status: number;
  contentType: string | undefined;
  bytes: Uint8Array<ArrayBuffer>;
}

type CompletedOutputs = {
  sentiment: SentimentCompletedOutput;
  embeddings: EmbeddingCompletedOutput;
  topics: TopicCompletedOutput;
};

/** `http://user:secret@host/x` → `http://host/x`: URLs in messages carry no credentials. */
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

/**
 * `{ "input": ... }` as the request body: a string for a small request; for a large one the same JSON, built in
 * chunks of items with a yield to the event loop between them, as a Blob (so its length is known and sent).
 */
async function requestBody(input: { items: readonly unknown[] }): Promise<string | Blob> {
  if (input.items.length <= SERIALISE_AT_ONCE_ITEMS) return JSON.stringify({ input });
  const encoder = new TextEncoder();
  const { items, ...rest } = input;
  // `items` is the last key, so the envelope is `{"input":{…,"items":[` + the items + `]}}`.
  const envelope = JSON.stringify({ input: { ...rest, items: [] } });
  const parts: Uint8Array[] = [encoder.encode(envelope.slice(0, -']}}'.length))];
  for (let start = 0; start < items.length; start += ITEMS_PER_CHUNK) {
    if (start > 0) await yieldToEventLoop();
    const chunk = items
      .slice(start, start + ITEMS_PER_CHUNK)
      .map((item) => JSON.stringify(item))
      .join(',');
    parts.push(encoder.encode(start > 0 ? `,${chunk}` : chunk));
  }
  parts.push(encoder.encode(']}}'));
  return new Blob(parts);
}

const textDecoder = new TextDecoder();

function decodeText(bytes: Uint8Array): string {
  return textDecoder.decode(bytes);
}

function runsyncUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/runsync`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The worker's own words in an error answer: `output.error` (the contract), `message` (the error body), or text. */
function errorText(text: string): string | undefined {
  const json = parseJson(text);
  if (json.ok && typeof json.value === 'object' && json.value !== null) {
    const body = json.value as { output?: { error?: unknown }; message?: unknown };
    if (typeof body.output?.error === 'string') return body.output.error;
    if (typeof body.message === 'string') return body.message;
  }
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, QUOTED_BODY_CHARACTERS);
}

function quoteList(values: readonly string[]): string {
  const shown = values.slice(0, 3).join(', ');
  return values.length > 3 ? `${shown}, … (${values.length} in all)` : shown;
}

/**
 * Results pinned to the request: every submissionId sent answered exactly once, none unknown. Returns what is
 * wrong, or undefined.
 */
function pinningProblem(sent: readonly string[], answered: readonly string[], what: string): string | undefined {
  const expected = new Set(sent);
  const seen = new Map<string, number>();
  const unknown: string[] = [];
  for (const id of answered) {
    if (!expected.has(id)) unknown.push(id);
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const missing = sent.filter((id) => !seen.has(id));
  const repeated = [...seen].filter(([id, count]) => count > 1 && expected.has(id)).map(([id]) => id);
  if (unknown.length > 0) return `${what} include submissionIds that were not sent: ${quoteList(unknown)}`;
  if (missing.length > 0) return `${what} miss submissionIds that were sent: ${quoteList(missing)}`;
  if (repeated.length > 0) return `${what} answer submissionIds more than once: ${quoteList(repeated)}`;
  return undefined;
}

/**
 * Topic assignments: several per submission are allowed (one per topic the submission belongs to, an outlier has
 * one with topicIndex -1), but every submission sent has at least one, none is unknown, no (submission, topic)
 * pair repeats, and every topicIndex is a topic of the answer (or -1).
 */
function topicPinningProblem(sent: readonly string[], output: TopicCompletedOutput): string | undefined {
  const expected = new Set(sent);
  const topicIndexes = new Set(output.topics.map((topic) => topic.topicIndex));
  // Each submission's topics so far: a few at most, so a list, where a set of "id + topic" strings built and hashed
  // one string per assignment (75,000 at 50,000 comments) while the stage waits on the answer.
  const topicsOf = new Map<string, number[]>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  const badTopics: string[] = [];
  for (const { submissionId, topicIndex } of output.assignments) {
    if (!expected.has(submissionId)) unknown.push(submissionId);
    const seen = topicsOf.get(submissionId);
    if (seen === undefined) topicsOf.set(submissionId, [topicIndex]);
    else if (seen.includes(topicIndex)) repeated.push(`${submissionId} → ${topicIndex}`);
    else seen.push(topicIndex);
    if (topicIndex !== -1 && !topicIndexes.has(topicIndex)) badTopics.push(`${submissionId} → ${topicIndex}`);
  }
  const missing = sent.filter((id) => !topicsOf.has(id));
  if (unknown.length > 0) return `assignments include submissionIds that were not sent: ${quoteList(unknown)}`;
  if (missing.length > 0) return `assignments miss submissionIds that were sent: ${quoteList(missing)}`;
  if (repeated.length > 0) return `assignments repeat a submission and topic: ${quoteList(repeated)}`;
  if (badTopics.length > 0) return `assignments name topics that are not in topics: ${quoteList(badTopics)}`;
  return undefined;
}

function pinning<Kind extends WorkerKind>(
  kind: Kind,
  sent: readonly string[],
  output: CompletedOutputs[Kind],
): string | undefined {
  if (kind === 'topics') return topicPinningProblem(sent, output as TopicCompletedOutput);
  const results = (output as SentimentCompletedOutput | EmbeddingCompletedOutput).results;
  return pinningProblem(
    sent,
    results.map((result) => result.submissionId),
    'results',
  );
}

export class WorkerClient {
  readonly #token: string | undefined;
  readonly #timeoutMs: number;
  readonly #fetch: typeof globalThis.fetch;
  readonly #onCall: WorkerClientOptions['onCall'];
  /** Per base URL: whether its `/health` lists the frame media type in `accepts`, and until when that holds. */
  readonly #frameSupport = new Map<string, { frames: boolean; until: number }>();

  constructor(options: WorkerClientOptions = {}) {
    this.#token = options.token;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_WORKER_TIMEOUT_MS;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#onCall = options.onCall;
  }

  /** Sentiment scores for every item (spec "Sentiment worker"). */
  sentiment(baseUrl: string, input: SentimentInput, options?: WorkerCallOptions): Promise<SentimentCompletedOutput> {
    return this.#call('sentiment', baseUrl, input, options);
  }

  /** One embedding per item, with the model (vector space) and dimensions. */
  embeddings(baseUrl: string, input: EmbeddingInput, options?: WorkerCallOptions): Promise<EmbeddingCompletedOutput> {
    return this.#call('embeddings', baseUrl, input, options);
  }

  /** Topics, assignments, outliers and metrics for the items (text and embedding each). */
  topics(baseUrl: string, input: TopicInput, options?: WorkerCallOptions): Promise<TopicCompletedOutput> {
    return this.#call('topics', baseUrl, input, options);
  }

  /**
   * Embeddings as float32 vectors (conventions §8 with a compact transport, docs/analysis-worker.md "Float32
   * frames"): asks for a float32 frame with `Accept`, and reads the JSON answer of a worker that speaks only JSON.
   */
  embeddingVectors(
    baseUrl: string,
    input: EmbeddingInput,
    options: WorkerCallOptions = {},
  ): Promise<EmbeddingVectorsOutput> {
    return this.#observe('embeddings', async () => {
      const url = runsyncUrl(baseUrl);
      const answer = await this.#post('embeddings', url, await requestBody(input), options, {
        contentType: 'application/json',
        accept: FRAMES_SUPPORTED ? `${FRAME_MEDIA_TYPE}, application/json;q=0.5` : 'application/json',
      });
      if (answer.status >= 200 && answer.status < 300 && isFrameType(answer.contentType))
        return this.#embeddingFrame(input, answer);
      const output = this.#answer('embeddings', url, input, answer.status, decodeText(answer.bytes));
      return {
        ...output,
        results: output.results.map((result) => ({
          submissionId: result.submissionId,
          embedding: Float32Array.from(result.embedding),
        })),
      };
    });
  }

  /**
   * Topics of items whose vectors are stored float32 bytes. To a worker whose `/health` lists the frame media
   * type: first the vectors' keys only (the worker holds the vectors it embedded), then, when it answers 409 (it
   * does not hold them all: restarted, evicted, another instance behind the URL), the vectors in a frame; to any
   * other worker, or one that answers a frame 415, the JSON contract. The vectors are read (`input.vectors()`)
   * only for the last two.
   */
  topicsOfVectors(
    baseUrl: string,
    input: TopicVectorsInput,
    options: WorkerCallOptions = {},
  ): Promise<{ output: TopicCompletedOutput; transport: TopicTransport }> {
    return this.#observe('topics', async () => {
      const url = runsyncUrl(baseUrl);
      const { items, vectorBytes, vectors: readVectors, ...rest } = input;
      let read: Promise<ReadonlyArray<Uint8Array>> | undefined;
      const vectors = async () => {
        read ??= readVectors().then((rows) => {
          if (rows.length !== items.length)
            throw new Error(`${rows.length} vectors were read for ${items.length} items`);
          return rows;
        });
        return read;
      };
      const dimensions = (vectorBytes ?? 0) / Float32Array.BYTES_PER_ELEMENT;
      const uniform = Number.isInteger(dimensions) && dimensions > 0;
      if (FRAMES_SUPPORTED && uniform && (await this.#framesAccepted(baseUrl, options))) {
        const head = JSON.stringify({
          input: {
            ...rest,
            items: items.map((item) => ({ submissionId: item.submissionId, text: item.text })),
            embeddings: { dimensions },
          },
        });
        const attempts: Array<{
          transport: TopicTransport;
          contentType: string;
          tail: () => Promise<ReadonlyArray<Uint8Array>>;
        }> = [
          {
            transport: 'reference',
            contentType: REFERENCE_FRAME_TYPE,
            tail: () => Promise.resolve(items.map((item) => item.key)),
          },
          { transport: 'float32', contentType: FRAME_MEDIA_TYPE, tail: vectors },
        ];
        for (const attempt of attempts) {
          const answer = await this.#post('topics', url, encodeFrame(head, await attempt.tail()), options, {
            contentType: attempt.contentType,
            accept: 'application/json',
          });
          if (answer.status === 409 && attempt.transport === 'reference') continue;
          if (answer.status === 415) {
            this.#frameSupport.set(baseUrl, { frames: false, until: Date.now() + FRAME_SUPPORT_TTL_MS });
            break;
          }
          const output = this.#answer('topics', url, input, answer.status, decodeText(answer.bytes));
          return { output, transport: attempt.transport };
        }
      }
      const rows = await vectors();
      const jsonInput: TopicInput = {
        ...rest,
        items: items.map((item, index) => ({
          submissionId: item.submissionId,
          text: item.text,
          embedding: shortestFloat32Numbers(rows[index] as Uint8Array),
        })),
      };
      const answer = await this.#post('topics', url, await requestBody(jsonInput), options, {
        contentType: 'application/json',
        accept: 'application/json',
      });
      return { output: this.#answer('topics', url, input, answer.status, decodeText(answer.bytes)), transport: 'json' };
    });
  }

  /** Whether the worker at `baseUrl` takes frames: its `/health` lists the media type in `accepts`. */
  async #framesAccepted(baseUrl: string, options: WorkerCallOptions): Promise<boolean> {
    const known = this.#frameSupport.get(baseUrl);
    if (known && known.until > Date.now()) return known.frames;
    try {
      const timeout = AbortSignal.timeout(Math.min(HEALTH_PROBE_TIMEOUT_MS, options.timeoutMs ?? this.#timeoutMs));
      const response = await this.#fetch(`${baseUrl.replace(/\/+$/, '')}/health`, {
        signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
        redirect: 'manual',
      });
      const body = parseJson(await response.text());
      const accepts = body.ok ? (body.value as { accepts?: unknown } | null)?.accepts : undefined;
      const frames = response.ok && Array.isArray(accepts) && accepts.includes(FRAME_MEDIA_TYPE);
      this.#frameSupport.set(baseUrl, { frames, until: Date.now() + FRAME_SUPPORT_TTL_MS });
      return frames;
    } catch {
      if (options.signal?.aborted) throw options.signal.reason;
      // No answer: JSON, which reports the worker's state itself; asked again next time.
      return false;
    }
  }

  /** An embeddings frame answer: the head validated and pinned like a JSON answer, the tail as the vectors. */
  #embeddingFrame(input: EmbeddingInput, answer: Exchange): EmbeddingVectorsOutput {
    const invalid = (problem: string) =>
      new WorkerCallError('invalid-answer', 'embeddings', `invalid embeddings worker answer: ${problem}`, {
        status: answer.status,
      });
    const frame = splitFrame(answer.bytes);
    if (!frame.ok) throw invalid(frame.error);
    const head = readFrameHead(frame.head);
    if (!head.ok) throw invalid("the frame's head is not JSON");
    const parsed = embeddingFrameResponseSchema.safeParse(head.value);
    if (!parsed.success) throw invalid(describeIssues(parsed.error));
    const { output } = parsed.data;
    if (output.jobId !== input.jobId) throw invalid(`output.jobId ${output.jobId} is not the jobId sent`);
    const problem = pinningProblem(
      input.items.map((item) => item.submissionId),
      output.results.map((result) => result.submissionId),
      'results',
    );
    if (problem !== undefined) throw invalid(problem);
    const { dimensions } = output;
    const vectors = float32Rows(frame.tail, output.results.length, dimensions);
    if (!vectors)
      throw invalid(
        `the frame's tail holds ${frame.tail.byteLength} bytes, not ${output.results.length} vectors of ${dimensions} float32 values`,
      );
    return {
      ...output,
      results: output.results.map((result, index) => ({
        submissionId: result.submissionId,
        embedding: vectors.subarray(index * dimensions, (index + 1) * dimensions),
      })),
    };
  }

  /** Runs one call, told to `onCall` (latency metrics) when it ends. */
  async #observe<Answer>(kind: WorkerKind, run: () => Promise<Answer>): Promise<Answer> {
    const onCall = this.#onCall;
    if (!onCall) return run();
    const started = performance.now();
    const report = (outcome: string) =>
      onCall({ worker: kind, outcome, durationMs: Math.round(performance.now() - started) });
    try {
      const answer = await run();
      report('ok');
      return answer;
    } catch (error) {
      report(error instanceof WorkerCallError ? error.kind : 'aborted');
      throw error;
    }
  }

  #call<Kind extends WorkerKind>(
    kind: Kind,
    baseUrl: string,
    input: { jobId: string; items: ReadonlyArray<{ submissionId: string }> },
    options: WorkerCallOptions = {},
  ): Promise<CompletedOutputs[Kind]> {
    return this.#observe(kind, async () => {
      const url = runsyncUrl(baseUrl);
      const answer = await this.#post(kind, url, await requestBody(input), options, {
        contentType: 'application/json',
        accept: 'application/json',
      });
      return this.#answer(kind, url, input, answer.status, decodeText(answer.bytes));
    });
  }

  /** One POST to `/runsync`: the status and the bytes of the answer, or the WorkerCallError of no answer. */
  async #post(
    kind: WorkerKind,
    url: string,
    body: string | Blob | Uint8Array<ArrayBuffer>,
    options: WorkerCallOptions,
    media: { contentType: string; accept: string },
  ): Promise<Exchange> {
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const headers: Record<string, string> = { 'content-type': media.contentType, accept: media.accept };
    if (this.#token !== undefined) headers.authorization = `Bearer ${this.#token}`;
    try {
      // A redirect is not followed: it would be a wrong URL, and the token must not travel elsewhere.
      const response = await this.#fetch(url, {
        method: 'POST',
        headers,
        body,
        signal,
        redirect: 'manual',
      });
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    } catch (error) {
      if (options.signal?.aborted && !timeout.aborted) throw options.signal.reason;
      if (timeout.aborted) {
        throw new WorkerCallError('timeout', kind, `${kind} worker did not answer within ${timeoutMs} ms`, {
          cause: error,
        });
      }
      const reason = error instanceof Error ? describeNetworkError(error) : String(error);
      throw new WorkerCallError('unreachable', kind, `${kind} worker unreachable at ${displayUrl(url)}: ${reason}`, {
        cause: error,
      });
    }
  }

  #answer<Kind extends WorkerKind>(
    kind: Kind,
    url: string,
    input: { jobId: string; items: ReadonlyArray<{ submissionId: string }> },
    status: number,
    text: string,
  ): CompletedOutputs[Kind] {
    if (status < 200 || status >= 300) {
      const workerError = errorText(text);
      const said = workerError === undefined ? '' : `: ${workerError}`;
      const details = { status, ...(workerError === undefined ? {} : { workerError }) };
      if (status >= 500 || status === 408 || status === 429) {
        throw new WorkerCallError('unavailable', kind, `${kind} worker failed with HTTP ${status}${said}`, details);
      }
      throw new WorkerCallError(
        'rejected',
        kind,
        `${kind} worker at ${displayUrl(url)} refused the request with HTTP ${status}${said}`,
        details,
      );
    }
    const invalid = (problem: string) =>
      new WorkerCallError('invalid-answer', kind, `invalid ${kind} worker answer: ${problem}`, { status });
    const json = parseJson(text);
    if (!json.ok) {
      throw invalid(`not JSON: ${JSON.stringify(text.slice(0, QUOTED_BODY_CHARACTERS))}`);
    }
    const schema: z.ZodType = WORKER_CONTRACTS[kind].response;
    const parsed = schema.safeParse(json.value);
    if (!parsed.success) throw invalid(describeIssues(parsed.error));
    const { output } = parsed.data as { output: CompletedOutputs[Kind] | { status: 'failed'; error: string } };
    if (output.status === 'failed') {
      throw new WorkerCallError('failed', kind, `worker answered failed: ${output.error}`, {
        status,
        workerError: output.error,
      });
    }
    if (output.jobId !== input.jobId) throw invalid(`output.jobId ${output.jobId} is not the jobId sent`);
    const problem = pinning(
      kind,
      input.items.map((item) => item.submissionId),
      output,
    );
    if (problem !== undefined) throw invalid(problem);
    return output;
  }
}

/** fetch's "fetch failed" hides the reason in `cause` (ECONNREFUSED, ENOTFOUND, …). */
function describeNetworkError(error: Error): string {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause.code === 'string') return `${error.message} (${cause.code})`;
  if (cause && typeof cause.message === 'string') return `${error.message} (${cause.message})`;
  return error.message;
}

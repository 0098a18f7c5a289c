import {
  EMBEDDING_KEY_BYTES,
  embeddingKeys,
  float32Rows,
  readFrameHead,
  splitFrame,
} from '../contracts/float32-frame.js';
import {
  embeddingRequestSchema,
  screenRequestSchema,
  sentimentRequestSchema,
  topicFrameRequestSchema,
  topicRequestSchema,
  type TopicRequest,
  type EmbeddingCompletedOutput,
  type SentimentCompletedOutput,
  type ScreenCompletedOutput,
  type TopicCompletedOutput,
  type WorkerKind,
} from '../contracts/worker-contracts.js';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL, embedText } from '../engine/embeddings/index.js';
import { SCREEN_ENGINE_VERSION, screenComment } from '../engine/screen/index.js';
import { loadSentimentScorer } from '../engine/sentiment/load-lexicon.js';
import { TopicModelInputError, buildTopicModel } from '../engine/topics/index.js';
import type { TopicDocument } from '../engine/contracts.js';
import { LOCAL_ENGINE_VERSIONS } from './engine-versions.js';
import { INVALID_JSON_MESSAGE, jobIdOf, parseEnvelope, readJson } from './envelopes.js';
import { completed, failed } from './responses.js';

/** Answer to a topics frame that names a vector this worker does not hold: the client sends the vectors. */
export const REFERENCE_MISS_STATUS = 409;

/**
 * One whole `/runsync` request answered by the local engine, from the raw body to the serialised answer: JSON
 * parsing, validation, the engine, and JSON serialisation. Pure and synchronous, so the same function runs
 * inline for small bodies and in an engine thread for large ones (engine-thread.ts): a 20,000-comment topics
 * request is 28 MB of JSON whose parsing alone would hold the event loop for 200 ms.
 *
 * The tests load it in the engine threads from the TypeScript sources with Node's own transform, one file at a
 * time: type-only imports here and in what it imports are marked `type` (see engine-thread.ts).
 */

/** The §8 contracts, and `/screen` (conventions §11), which the local engine alone answers. */
export type LocalJobKind = WorkerKind | 'screen';

export interface LocalJob {
  kind: LocalJobKind;
  /**
   * The request body as received: bytes of JSON, or of a float32 frame (`frame`). Moved to the thread that runs
   * the job: do not reuse it.
   */
  body: Uint8Array;
  /** WORKER_VERSION when set; otherwise the local engine's version is reported. */
  versionOverride?: string;
  /** Topics: the body is a float32 frame (src/contracts/float32-frame.ts). */
  frame?: boolean;
  /** Embeddings: the caller accepts a float32 frame; the answer then carries the vectors and their keys. */
  answerFrame?: boolean;
  /**
   * A topics reference frame: the vectors its keys named, as the worker's cache resolved them: runs of whole rows
   * (views of the cache's shared memory, read only), end to end the rows in the order of the keys.
   */
  vectorRuns?: readonly Float32Array[];
  /**
   * A topics reference frame naming vectors the worker's cache does not hold (the main thread looked): once the head
   * is read and the tail's size checked, the answer is 409 with the request's jobId, so the caller sends them.
   */
  referenceMiss?: { missing: number; total: number };
}

export interface JobAnswer {
  statusCode: number;
  /** The JSON answer, `{ "output": { ... } }`; the head of the frame when `vectors` is set. */
  payload: string;
  /** With status 500: what went wrong, for the worker's log (never sent to the caller). */
  internalError?: { message: string; stack?: string };
  /** An embeddings answer as a frame: the vectors, rows of `output.dimensions` in the order of `output.results`. */
  vectors?: Float32Array;
  /** Their keys, 16 bytes a row (float32-frame.ts `embeddingKey`). */
  keys?: Uint8Array;
}

function answer(statusCode: number, body: unknown): JobAnswer {
  return { statusCode, payload: JSON.stringify(body) };
}

function sentiment(body: unknown, version: string): JobAnswer {
  const parsed = parseEnvelope(sentimentRequestSchema, body);
  if (!parsed.ok) return answer(200, failed(parsed.jobId, version, parsed.error));
  const { jobId, items } = parsed.request.input;
  const { scoreSentiment } = loadSentimentScorer(); // read once per thread (~50 ms), shared afterwards
  const results = items.map((item) => ({ submissionId: item.submissionId, ...scoreSentiment(item.text) }));
  const output = completed(jobId, version, { results, engine: { source: 'local' as const } });
  return answer(200, output satisfies { output: SentimentCompletedOutput });
}

/** `/screen`: each comment's flags (conventions §11), an empty list when nothing applies. */
function screen(body: unknown, version: string): JobAnswer {
  const parsed = parseEnvelope(screenRequestSchema, body);
  if (!parsed.ok) return answer(200, failed(parsed.jobId, version, parsed.error));
  const { jobId, items } = parsed.request.input;
  const results = items.map((item) => ({
    submissionId: item.submissionId,
    flags: screenComment(item.text).map(({ category, score }) => ({ category, score })),
  }));
  const output = completed(jobId, version, { results, engine: { source: 'local' as const } });
  return answer(200, output satisfies { output: ScreenCompletedOutput });
}

function embeddings(body: unknown, version: string, job: LocalJob): JobAnswer {
  const parsed = parseEnvelope(embeddingRequestSchema, body);
  if (!parsed.ok) return answer(200, failed(parsed.jobId, version, parsed.error));
  const { jobId, items } = parsed.request.input;
  if (job.answerFrame) {
    const vectors = new Float32Array(items.length * EMBEDDING_DIMENSIONS);
    items.forEach((item, index) => vectors.set(embedText(item.text), index * EMBEDDING_DIMENSIONS));
    const head = completed(jobId, version, {
      results: items.map((item) => ({ submissionId: item.submissionId })),
      model: EMBEDDING_MODEL,
      dimensions: EMBEDDING_DIMENSIONS,
      engine: { source: 'local' as const },
    });
    return { ...answer(200, head), vectors, keys: embeddingKeys(vectors, EMBEDDING_DIMENSIONS) };
  }
  const results = items.map((item) => ({ submissionId: item.submissionId, embedding: embedText(item.text) }));
  const output = completed(jobId, version, {
    results,
    model: EMBEDDING_MODEL,
    dimensions: EMBEDDING_DIMENSIONS,
    engine: { source: 'local' as const },
  });
  return answer(200, output satisfies { output: EmbeddingCompletedOutput });
}

function topics(body: unknown, version: string): JobAnswer {
  const parsed = parseEnvelope(topicRequestSchema, body);
  if (!parsed.ok) return answer(200, failed(parsed.jobId, version, parsed.error));
  const { jobId, items, params } = parsed.request.input;
  const documents = items.map((item) => ({ id: item.submissionId, text: item.text, embedding: item.embedding }));
  return modelTopics(jobId, version, documents, params);
}

/**
 * A topics request as a float32 frame: the head's items, each with its row of the vectors the tail carries, or
 * of those the keys in the tail named (a reference frame: the main thread resolved them into `job.vectorRuns`).
 */
function topicsFromFrame(job: LocalJob, version: string): JobAnswer {
  const frame = splitFrame(job.body);
  if (!frame.ok) return answer(400, failed(null, version, `request body is not a valid frame: ${frame.error}`));
  const head = readFrameHead(frame.head);
  if (!head.ok) return answer(400, failed(null, version, 'request body is not a valid frame: its head is not JSON'));
  const parsed = parseEnvelope(topicFrameRequestSchema, head.value);
  if (!parsed.ok) return answer(200, failed(parsed.jobId, version, parsed.error));
  const { jobId, items, params, embeddings } = parsed.request.input;
  const { dimensions } = embeddings;
  let rowOf: (index: number) => Float32Array;
  if (job.vectorRuns) {
    if (frame.tail.byteLength !== items.length * EMBEDDING_KEY_BYTES)
      return answer(
        200,
        failed(
          jobId,
          version,
          `the frame's tail holds ${frame.tail.byteLength} bytes, not ${items.length} keys of ${EMBEDDING_KEY_BYTES}`,
        ),
      );
    // A malformed frame is answered as one before the vectors it names are looked for.
    if (job.referenceMiss)
      return answer(
        REFERENCE_MISS_STATUS,
        failed(
          jobId,
          version,
          `${job.referenceMiss.missing} of the ${job.referenceMiss.total} embeddings referenced are not held by this worker; send them`,
        ),
      );
    const rows: Float32Array[] = [];
    for (const run of job.vectorRuns)
      for (let offset = 0; offset + dimensions <= run.length; offset += dimensions)
        rows.push(run.subarray(offset, offset + dimensions));
    const values = job.vectorRuns.reduce((sum, run) => sum + run.length, 0);
    if (dimensions === 0 || values !== items.length * dimensions || rows.length !== items.length)
      return answer(200, failed(jobId, version, `the embeddings referenced do not have ${dimensions} dimensions`));
    rowOf = (index) => rows[index] as Float32Array;
  } else {
    const vectors = float32Rows(frame.tail, items.length, dimensions);
    if (!vectors)
      return answer(
        200,
        failed(
          jobId,
          version,
          `the frame's tail holds ${frame.tail.byteLength} bytes, not ${items.length} embeddings of ${dimensions} float32 values`,
        ),
      );
    rowOf = (index) => vectors.subarray(index * dimensions, (index + 1) * dimensions);
  }
  const documents = items.map((item, index) => ({
    id: item.submissionId,
    text: item.text,
    embedding: rowOf(index),
  }));
  return modelTopics(jobId, version, documents, params);
}

function modelTopics(
  jobId: string,
  version: string,
  documents: TopicDocument[],
  params: TopicRequest['input']['params'],
): JobAnswer {
  let model: ReturnType<typeof buildTopicModel>;
  try {
    model = buildTopicModel(documents, params);
  } catch (error) {
    // The corpus cannot be modelled (too small, degenerate): a domain failure, not worth a retry.
    if (error instanceof TopicModelInputError) return answer(200, failed(jobId, version, error.message));
    throw error;
  }
  const output = completed(jobId, version, {
    topics: model.topics,
    assignments: model.assignments.map((assignment) => ({
      submissionId: assignment.id,
      topicIndex: assignment.topicIndex,
      probability: assignment.probability,
    })),
    outlierCount: model.outlierCount,
    metrics: model.metrics,
    engine: { source: 'local' as const },
  });
  return answer(200, output satisfies { output: TopicCompletedOutput });
}

const HANDLERS: Record<LocalJobKind, (body: unknown, version: string, job: LocalJob) => JobAnswer> = {
  sentiment,
  embeddings,
  topics,
  screen,
};

function internalError(error: unknown, jobId: string | null, version: string): JobAnswer {
  // A bug in the engine: a 500, so that the service's queue retries.
  const details =
    error instanceof Error
      ? { message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
      : { message: String(error) };
  return { ...answer(500, failed(jobId, version, 'internal error')), internalError: details };
}

export function runLocalJob(job: LocalJob): JobAnswer {
  const version =
    job.versionOverride ?? (job.kind === 'screen' ? SCREEN_ENGINE_VERSION : LOCAL_ENGINE_VERSIONS[job.kind]);
  if (job.frame) {
    if (job.kind !== 'topics') return answer(415, failed(null, version, `${job.kind} requests are JSON only`));
    try {
      return topicsFromFrame(job, version);
    } catch (error) {
      return internalError(error, null, version);
    }
  }
  const json = readJson(job.body);
  // An unreadable body is an invalid request: 200 with status failed, as the spec answers input validation failures.
  if (!json.ok) return answer(200, failed(null, version, INVALID_JSON_MESSAGE));
  try {
    return HANDLERS[job.kind](json.value, version, job);
  } catch (error) {
    return internalError(error, jobIdOf(json.value), version);
  }
}

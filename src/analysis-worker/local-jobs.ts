import {
  embeddingRequestSchema,
  sentimentRequestSchema,
  topicRequestSchema,
  type EmbeddingCompletedOutput,
  type SentimentCompletedOutput,
  type TopicCompletedOutput,
  type WorkerKind,
} from '../contracts/worker-contracts.js';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL, embedText } from '../engine/embeddings/index.js';
import { loadSentimentScorer } from '../engine/sentiment/load-lexicon.js';
import { TopicModelInputError, buildTopicModel } from '../engine/topics/index.js';
import { LOCAL_ENGINE_VERSIONS } from './engine-versions.js';
import { INVALID_JSON_MESSAGE, jobIdOf, parseEnvelope, readJson } from './envelopes.js';
import { completed, failed } from './responses.js';

/**
 * One whole `/runsync` request answered by the local engine, from the raw body to the serialised answer: JSON
 * parsing, validation, the engine, and JSON serialisation. Pure and synchronous, so the same function runs
 * inline for small bodies and in an engine thread for large ones (engine-thread.ts): a 20,000-comment topics
 * request is 28 MB of JSON whose parsing alone would hold the event loop for 200 ms.
 *
 * The tests load it in the engine threads from the TypeScript sources with Node's own transform, one file at a
 * time: type-only imports here and in what it imports are marked `type` (see engine-thread.ts).
 */

export interface LocalJob {
  kind: WorkerKind;
  /** The request body as received (bytes of JSON). Moved to the thread that runs the job: do not reuse it. */
  body: Uint8Array;
  /** WORKER_VERSION when set; otherwise the local engine's version is reported. */
  versionOverride?: string;
}

export interface JobAnswer {
  statusCode: number;
  /** The JSON answer, `{ "output": { ... } }`. */
  payload: string;
  /** With status 500: what went wrong, for the worker's log (never sent to the caller). */
  internalError?: { message: string; stack?: string };
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

function embeddings(body: unknown, version: string): JobAnswer {
  const parsed = parseEnvelope(embeddingRequestSchema, body);
  if (!parsed.ok) return answer(200, failed(parsed.jobId, version, parsed.error));
  const { jobId, items } = parsed.request.input;
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

const HANDLERS: Record<WorkerKind, (body: unknown, version: string) => JobAnswer> = { sentiment, embeddings, topics };

export function runLocalJob(job: LocalJob): JobAnswer {
  const version = job.versionOverride ?? LOCAL_ENGINE_VERSIONS[job.kind];
  const json = readJson(job.body);
  if (!json.ok) return answer(400, failed(null, version, INVALID_JSON_MESSAGE));
  try {
    return HANDLERS[job.kind](json.value, version);
  } catch (error) {
    // A bug in the engine: a 500, so that the service's queue retries.
    const internalError =
      error instanceof Error
        ? { message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
        : { message: String(error) };
    return { ...answer(500, failed(jobIdOf(json.value), version, 'internal error')), internalError };
  }
}

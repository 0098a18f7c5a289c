import { EMBEDDING_MODEL } from '../engine/embeddings/index.js';
import { sentimentEngineVersion } from '../engine/sentiment/load-lexicon.js';
import type { WorkerKind } from '../contracts/worker-contracts.js';

/**
 * Versions of the local engine, reported as `output.version` when WORKER_VERSION is unset: what actually
 * answered. The topic engine has no version constant of its own yet; this one is bumped when
 * `buildTopicModel`'s results change for the same input.
 */
export const TOPIC_ENGINE_VERSION = 'local-topics-1.2';

export const LOCAL_ENGINE_VERSIONS: Readonly<Record<WorkerKind, string>> = {
  // The lexicon's version, or, when the stacked blend is on, the lexicon's, the model's and the stacker's
  // ('local-sentiment-2.17+ft-<model sha256>+stack-<weights sha256>', 8 hex digits each).
  sentiment: sentimentEngineVersion(),
  // The local embedding model's name is its version: a change of vectors is a new model.
  embeddings: EMBEDDING_MODEL,
  topics: TOPIC_ENGINE_VERSION,
};

/** The whole local engine, for answers that belong to no one contract (root /health, unknown routes). */
export const LOCAL_ENGINE_VERSION = Object.values(LOCAL_ENGINE_VERSIONS).join('+');

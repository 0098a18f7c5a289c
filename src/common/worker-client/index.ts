export {
  DEFAULT_WORKER_TIMEOUT_MS,
  WorkerClient,
  type EmbeddingVectorsOutput,
  type TopicTransport,
  type TopicVectorsInput,
  type WorkerCallOptions,
  type WorkerClientOptions,
} from './worker-client.js';
export { WorkerCallError, type WorkerCallFailure } from './worker-call-error.js';
export type {
  EmbeddingCompletedOutput,
  EmbeddingInput,
  SentimentCompletedOutput,
  SentimentInput,
  TopicCompletedOutput,
  TopicInput,
  WorkerKind,
} from '../../contracts/worker-contracts.js';

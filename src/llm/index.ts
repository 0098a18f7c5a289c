export { createCommentWriter, createLanguageModelProvider, type LanguageModelOptions } from './provider.js';
export type {
  CommentWriter,
  EmbeddingBatch,
  EngineResult,
  EngineSource,
  LanguageModelProvider,
  TopicLabel,
  TopicToLabel,
} from './types.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';

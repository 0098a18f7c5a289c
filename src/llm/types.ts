import type { Recommendation, RecommendationInput, SentimentScores } from '../engine/contracts.js';
import type { CommentSpec } from '../engine/generator/index.js';
import type { LabelInput as TopicToLabel, TopicLabel } from '../engine/labels/index.js';

/**
 * Which engine produced a result: the local engine because no model is configured, the model, or the local
 * engine after the model failed (then `fallbackReason` says why).
 */
export type EngineSource = 'local' | 'model' | 'local-fallback';

export interface EngineResult<T> {
  value: T;
  source: EngineSource;
  /** With source 'model': the model that answered (what the analysis worker reports as output.version). */
  model?: string;
  fallbackReason?: string;
}

/** A topic to label (raw label and keywords) and its label: the local labeller's own types. */
export type { TopicLabel, TopicToLabel };

export interface EmbeddingBatch {
  /** One vector per text, in the order of the texts. */
  vectors: number[][];
  /** Name of the embedding model the vectors come from: vectors of different models are not comparable. */
  model: string;
  dimensions: number;
}

/** The language-model steps of the analysis, each answered by a model or by the local engine. */
export interface LanguageModelProvider {
  /** True when a model is configured (OPENAI_API_KEY set); false means every step is local. */
  readonly usesModel: boolean;
  scoreSentimentBatch(texts: readonly string[]): Promise<EngineResult<SentimentScores[]>>;
  labelTopics(topics: readonly TopicToLabel[]): Promise<EngineResult<TopicLabel[]>>;
  generateRecommendations(input: RecommendationInput): Promise<EngineResult<Recommendation[]>>;
  embedTexts(texts: readonly string[]): Promise<EngineResult<EmbeddingBatch>>;
}

/** Synthetic student comments for the admin generator: from the model with a key, else the local generator. */
export interface CommentWriter {
  readonly usesModel: boolean;
  /** One text per spec, in their order. */
  writeComments(specs: readonly CommentSpec[]): Promise<EngineResult<string[]>>;
}

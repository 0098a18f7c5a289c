import type { Recommendation, RecommendationInput, SentimentScores } from '../contracts.js';
import type { LabelInput as TopicToLabel, TopicLabel } from '../labels/index.js';

/**
 * Which engine produced a result: the local engine because no model is configured, the model, or the local
 * engine after the model failed (then `fallbackReason` says why).
 */
export type EngineSource = 'local' | 'model' | 'local-fallback';

export interface EngineResult<T> {
  value: T;
  source: EngineSource;
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

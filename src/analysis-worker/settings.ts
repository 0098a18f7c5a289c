import { z } from 'zod';
import { parseSettings } from '../config/parse-settings.js';
import { languageModelSettingFields, processSettingFields } from '../config/settings.js';

const positiveInteger = z.coerce.number().int().positive();

/**
 * Settings of the analysis worker process (`npm run start:analysis-worker`). Read once at start-up; a bad
 * one stops the process with a message naming it. Without OPENAI_API_KEY every step uses the local engine.
 */
export const analysisWorkerSettingsSchema = z.object({
  ...processSettingFields,
  ...languageModelSettingFields,
  /** Reported in every response's output.version and stored by the service as the run's workerVersion. */
  WORKER_VERSION: z.string().min(1).default('local-engine-1.0'),
  // A topics request carries every comment with its 384-number embedding: about 1.4 KB a comment, so
  // 64 MB holds some 45,000 comments (a whole campus in a semester).
  ANALYSIS_WORKER_BODY_LIMIT: positiveInteger.default(64 * 1024 * 1024),
  /** Embedding model of the provider; unset keeps embeddings local even with a key (see docs). */
  LLM_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** Per model request, in ms. */
  LLM_TIMEOUT_MS: positiveInteger.default(60_000),
});

export type AnalysisWorkerSettings = z.infer<typeof analysisWorkerSettingsSchema>;

export function loadAnalysisWorkerSettings(environment: NodeJS.ProcessEnv = process.env): AnalysisWorkerSettings {
  return parseSettings(analysisWorkerSettingsSchema, environment);
}

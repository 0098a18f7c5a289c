import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { requiredText } from '../common/text/required-text.js';
import { SettingsError, parseSettings } from '../config/parse-settings.js';
import {
  languageModelSettingFields,
  metricsToken,
  processSettingFields,
  shutdownSettingFields,
} from '../config/settings.js';

const positiveInteger = z.coerce.number().int().positive();

/** One core stays with the event loop (HTTP, JSON, and the API too when `npm start` runs both). */
export function defaultEngineThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Settings of the analysis worker process (`npm run start:analysis-worker`). Read once at start-up; a bad
 * one stops the process with a message naming it. Without OPENAI_API_KEY every step uses the local engine.
 */
export const analysisWorkerSettingsSchema = z.object({
  ...processSettingFields,
  ...languageModelSettingFields,
  /** Address the worker listens on (the shared HOST is for the API). Loopback unless WORKER_TOKEN is set. */
  ANALYSIS_WORKER_HOST: requiredText().default('127.0.0.1'),
  /** When set, every /runsync needs `Authorization: Bearer <WORKER_TOKEN>`. Never logged. */
  WORKER_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /**
   * Reported in every response's output.version (stored by the service as the run's workerVersion) when set.
   * Unset, output.version is the version of what answered: the local engine's or the model's name.
   */
  WORKER_VERSION: z.string().min(1).optional(),
  /** Engine threads for large jobs (topic model, large sentiment and embedding batches); 0 runs all inline. */
  ANALYSIS_WORKER_THREADS: z.coerce.number().int().min(0).max(64).default(defaultEngineThreads),
  /**
   * Engine threads started when the worker starts, loaded with the engine and warmed up before their first job,
   * and kept while the worker runs (docs/analysis-worker.md, "Engine threads"). Unset: all of
   * ANALYSIS_WORKER_THREADS; more is read as all. 0: threads start with the first large job and stop after a
   * minute idle. Threads beyond these start on demand and stop after a minute idle.
   */
  ANALYSIS_WORKER_WARM_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  // A topics request carries every comment with its 384-number embedding: about 1.4 KB a comment, so
  // 128 MB holds some 90,000 comments past the gate (bench/pipeline measured a 50,000-comment scope's request
  // at 65.7 MB, over the earlier 64 MB).
  ANALYSIS_WORKER_BODY_LIMIT: positiveInteger.default(128 * 1024 * 1024),
  /**
   * Vectors of the embeddings answers sent as float32 frames, kept so that a topics request may name them by key
   * instead of carrying them (docs/analysis-worker.md, "Float32 frames"): at most this many MB (0 keeps none; a
   * 384-dimension vector is 1.5 KB, so 256 MB hold some 170,000), each for the TTL after its last use.
   */
  ANALYSIS_WORKER_EMBEDDING_CACHE_MB: z.coerce.number().min(0).default(256),
  ANALYSIS_WORKER_EMBEDDING_CACHE_TTL_SECONDS: positiveInteger.default(30 * 60),
  /** Embedding model of the provider; unset keeps embeddings local even with a key (see docs). */
  LLM_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** Per model request, in ms. */
  LLM_TIMEOUT_MS: positiveInteger.default(60_000),
  /** Serve `GET /metrics` on this port when the worker runs as its own process (conventions §2). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_TOKEN: metricsToken.optional(),
  ...shutdownSettingFields,
});

export type AnalysisWorkerSettings = z.infer<typeof analysisWorkerSettingsSchema>;

/** 127.0.0.0/8, ::1 (also IPv4-mapped, ::ffff:127.x.x.x) and `localhost`: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const address = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (address === 'localhost') return true;
  const mapped = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(mapped) === 4) return mapped.split('.')[0] === '127';
  if (isIP(address) === 6) return /^(0{0,4}:){1,7}0{0,3}1$|^::1$/.test(address);
  return false;
}

/**
 * Safe by default (conventions §8): a worker reachable from other machines must ask for a token. Throws the
 * error that stops the process, naming WORKER_TOKEN.
 */
export function assertSafeBinding(settings: Pick<AnalysisWorkerSettings, 'ANALYSIS_WORKER_HOST' | 'WORKER_TOKEN'>) {
  if (settings.WORKER_TOKEN === undefined && !isLoopbackHost(settings.ANALYSIS_WORKER_HOST)) {
    throw new SettingsError([
      `WORKER_TOKEN: required when ANALYSIS_WORKER_HOST (${settings.ANALYSIS_WORKER_HOST}) is not a loopback ` +
        'address; set WORKER_TOKEN (at least 16 characters) or bind 127.0.0.1',
    ]);
  }
}

export function loadAnalysisWorkerSettings(environment: NodeJS.ProcessEnv = process.env): AnalysisWorkerSettings {
  const settings = parseSettings(analysisWorkerSettingsSchema, environment);
  assertSafeBinding(settings);
  return settings;
}

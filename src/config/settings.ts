import { z } from 'zod';
import { booleanSetting, parseSettings } from './parse-settings.js';

const url = z.url({ message: 'must be a URL' });
const positiveInteger = z.coerce.number().int().positive();

/** Where a process listens and how much it logs: the same settings for every entry point. */
export const processSettingFields = {
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ANALYSIS_WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
};

/** An OpenAI-compatible model; without OPENAI_API_KEY the local engine answers. */
export const languageModelSettingFields = {
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: url.optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
};

/** Settings of the API and job-worker processes. Read once at start-up; a bad one stops the process. */
export const settingsSchema = z.object({
  ...processSettingFields,
  ...languageModelSettingFields,
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: url,
  DATABASE_POOL_SIZE: positiveInteger.default(10),
  CACHE_URL: url,
  CACHE_KEY_PREFIX: z.string().default('feedback-analysis-service:'),
  CACHE_TTL: positiveInteger.default(60),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }),
  ACCESS_TOKEN_TTL: positiveInteger.default(900),
  REFRESH_TOKEN_TTL: positiveInteger.default(7 * 24 * 3600),
  LOGIN_MAX_FAILURES: positiveInteger.default(5),
  LOGIN_FAILURE_WINDOW: positiveInteger.default(900),
  SUPER_ADMIN_USERNAME: z.string().min(1),
  SUPER_ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }),
  REQUEST_BODY_LIMIT: positiveInteger.default(5 * 1024 * 1024),
  SENTIMENT_WORKER_URL: url.optional(),
  EMBEDDINGS_WORKER_URL: url.optional(),
  TOPIC_MODEL_WORKER_URL: url.optional(),
  WORKER_VERSION: z.string().optional(),
  LMS_URL: url.optional(),
  LMS_TOKEN: z.string().optional(),
  LMS_ROLE_ID_STUDENT: positiveInteger.default(5),
  LMS_ROLE_ID_EDITING_TEACHER: positiveInteger.default(3),
  SCHEDULER_ENABLED: booleanSetting.default(false),
});

export type Settings = z.infer<typeof settingsSchema>;

export function loadSettings(environment: NodeJS.ProcessEnv = process.env): Settings {
  return parseSettings(settingsSchema, environment);
}

/** Names of settings whose values must never reach a log line or a response. */
export const SECRET_SETTINGS = ['JWT_SECRET', 'SUPER_ADMIN_PASSWORD', 'OPENAI_API_KEY', 'LMS_TOKEN'] as const;

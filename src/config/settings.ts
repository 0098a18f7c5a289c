import { z } from 'zod';
import { trustedProxiesProblem } from '../common/auth/trusted-proxies.js';
import { requiredText } from '../common/text/required-text.js';
import { booleanSetting, parseSettings } from './parse-settings.js';

/*
 * Settings are grouped by what uses them; each process (API, job workers, analysis worker, each CLI command)
 * validates only the groups it composes (conventions §1), so the job workers need no JWT_SECRET and
 * `npm run cli -- migrate` needs only DATABASE_URL.
 */

const url = z.url({ message: 'must be a URL' });
const positiveInteger = z.coerce.number().int().positive();
const port = z.coerce.number().int().min(0).max(65535);

/** Where a process listens and how much it logs. `HOST` is the API's address (the analysis worker has its own). */
/**
 * Read by the engine's modules as they load (src/engine/sentiment/load-lexicon.ts, src/engine/screen/index.ts), before
 * any process reads its settings: checked here too, so a bad value stops the process with one line naming it rather
 * than an exception from inside an import (the modules read a bad value as the default, and the process then refuses).
 */
const engineSettingFields = {
  SENTIMENT_MODEL_WEIGHT: z.coerce
    .number()
    .min(0, { message: 'must be 0 (the lexicon alone) or 1 (the stacked blend)' })
    .max(1, { message: 'must be 0 (the lexicon alone) or 1 (the stacked blend)' })
    .optional(),
  SCREEN_MODEL: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).optional(),
};

export const processSettingFields = {
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ANALYSIS_WORKER_PORT: port.default(3100),
  ...engineSettingFields,
};

/** An OpenAI-compatible model; without OPENAI_API_KEY the local engine answers. */
export const languageModelSettingFields = {
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: url.optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
};

/** PostgreSQL: the truth of every state. The timeouts keep a stuck query or a full pool from hanging a caller. */
export const databaseSettingFields = {
  DATABASE_URL: url,
  DATABASE_POOL_SIZE: positiveInteger.default(10),
  /** How long a caller waits for a free pooled connection before it gets 503. */
  DATABASE_CONNECTION_TIMEOUT_MS: positiveInteger.default(5_000),
  /** Longest statement; PostgreSQL cancels it after this (per connection `statement_timeout`). */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInteger.default(30_000),
  /** A transaction left idle this long is ended by PostgreSQL (`idle_in_transaction_session_timeout`). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInteger.default(60_000),
};

/** Redis: the cache and the job queues. */
export const cacheSettingFields = {
  CACHE_URL: url,
  CACHE_KEY_PREFIX: z.string().default('feedback-analysis-service:'),
  CACHE_TTL: positiveInteger.default(60),
};

/** The analysis worker services the pipeline calls (conventions §8). */
export const workerClientSettingFields = {
  SENTIMENT_WORKER_URL: url.optional(),
  EMBEDDINGS_WORKER_URL: url.optional(),
  TOPIC_MODEL_WORKER_URL: url.optional(),
  /** Sent as `Authorization: Bearer …` on every worker call when set (conventions §8). */
  WORKER_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** Longest wait for one worker call. */
  WORKER_TIMEOUT_MS: positiveInteger.default(5 * 60_000),
  /**
   * How long a worker call whose connection is refused (an analysis worker restarting on its port) is tried again
   * before the stage fails its attempt; 0 never (refused-connection-retry.ts).
   */
  WORKER_CONNECT_RETRY_MS: z.coerce.number().int().min(0).default(30_000),
};

/**
 * How a process stops on SIGTERM (README, "Deployment"). Drain: readiness answers 503 and responses close their
 * connections while the process still serves, so a load balancer moves away before the listener closes (SIGINT,
 * a person at a terminal, skips it). Grace: how long requests in flight, or running jobs, may take to finish.
 */
export const shutdownSettingFields = {
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(2_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
};

/** The bearer token of the metrics endpoints (conventions §2); unset, they answer 404. */
export const metricsToken = z.string().min(16, { message: 'must be at least 16 characters' });

/** Where each new alert is POSTed (conventions §11), signed with the secret; retried by the job queue. */
export const alertWebhookSettingFields = {
  ALERT_WEBHOOK_URL: url.optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** First retry delay; each later one doubles. */
  ALERT_WEBHOOK_BACKOFF_MS: positiveInteger.default(5_000),
  ALERT_WEBHOOK_ATTEMPTS: positiveInteger.default(10),
};
export type AlertWebhookSettings = z.infer<z.ZodObject<typeof alertWebhookSettingFields>>;

/** A process given ALERT_WEBHOOK_URL without its secret refuses to start (README, "Settings"), naming the secret. */
function requireAlertWebhookSecret(
  settings: { ALERT_WEBHOOK_URL?: string | undefined; ALERT_WEBHOOK_SECRET?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (settings.ALERT_WEBHOOK_URL !== undefined && settings.ALERT_WEBHOOK_SECRET === undefined)
    context.addIssue({
      code: 'custom',
      path: ['ALERT_WEBHOOK_SECRET'],
      message: 'required with ALERT_WEBHOOK_URL (the key that signs each delivery)',
    });
}

/** The learning system (Moodle) web service. */
export const learningSystemSettingFields = {
  LMS_URL: url.optional(),
  LMS_TOKEN: z.string().optional(),
  LMS_ROLE_ID_STUDENT: positiveInteger.default(5),
  LMS_ROLE_ID_EDITING_TEACHER: positiveInteger.default(3),
  /** Longest wait for one web-service call; a call that takes longer counts as unreachable (502). */
  LMS_TIMEOUT_MS: positiveInteger.default(30_000),
};
export type LearningSystemSettings = z.infer<z.ZodObject<typeof learningSystemSettingFields>>;

const environmentFields = {
  ...engineSettingFields,
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: processSettingFields.LOG_LEVEL,
  /** `json` lines for log collectors; `pretty` for a person at a terminal (the demo's default there). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
};

/** What every process that touches the data needs: the database and Redis. */
export const coreSettingsSchema = z.object({ ...environmentFields, ...databaseSettingFields, ...cacheSettingFields });
export type CoreSettings = z.infer<typeof coreSettingsSchema>;

/** Settings of the API process (and of `npm start` and the demo, which run the API). */
export const settingsSchema = z
  .object({
    ...processSettingFields,
    ...languageModelSettingFields,
    ...environmentFields,
    ...databaseSettingFields,
    ...cacheSettingFields,
    ...workerClientSettingFields,
    ...learningSystemSettingFields,
    ...alertWebhookSettingFields,
    PORT: port.default(3000),
    JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }),
    ACCESS_TOKEN_TTL: positiveInteger.default(900),
    REFRESH_TOKEN_TTL: positiveInteger.default(7 * 24 * 3600),
    LOGIN_MAX_FAILURES: positiveInteger.default(5),
    LOGIN_FAILURE_WINDOW: positiveInteger.default(900),
    LOGIN_ADDRESS_CONCURRENCY: positiveInteger.default(60), // a computer lab signing in at once behind one NAT
    // Addresses/CIDRs whose X-Forwarded-For is believed; see trustProxyOption. Checked here so a typo stops the start.
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .superRefine((value, context) => {
        const problem = trustedProxiesProblem(value);
        if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
      }),
    SUPER_ADMIN_USERNAME: z.string().min(1),
    SUPER_ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }),
    REQUEST_BODY_LIMIT: positiveInteger.default(5 * 1024 * 1024),
    SCHEDULER_ENABLED: booleanSetting.default(false),
    METRICS_TOKEN: metricsToken.optional(),
    /** Apply pending migrations before listening; a deployment that runs `migrate` once sets it false. */
    MIGRATE_ON_START: booleanSetting.default(true),
    /**
     * Requests one API process works on at once once their body is in; more wait their turn, health checks and
     * metrics never do. 0: no limit. 24 keeps /health fast under a burst of 200 clients (README, "Deployment").
     */
    REQUEST_CONCURRENCY: z.coerce.number().int().min(0).default(24),
    ...shutdownSettingFields,
  })
  .superRefine(requireAlertWebhookSecret);
export type Settings = z.infer<typeof settingsSchema>;

/** Settings of the job-worker process (`npm run start:worker`): queues, stages and the scheduler; no HTTP auth. */
export const workerSettingsSchema = z
  .object({
    ...environmentFields,
    ...databaseSettingFields,
    ...cacheSettingFields,
    ...workerClientSettingFields,
    ...learningSystemSettingFields,
    ...languageModelSettingFields,
    ...alertWebhookSettingFields,
    SCHEDULER_ENABLED: booleanSetting.default(false),
    /** Stage jobs one worker process runs at a time. */
    PIPELINE_JOB_CONCURRENCY: positiveInteger.default(2),
    /**
     * A job whose process stops renewing its lock (renewed every quarter of it) this long counts as stalled; with
     * the stalled check below, a dead process's job runs again elsewhere after 0.75–1 × this + up to one interval.
     */
    JOB_LOCK_DURATION_MS: positiveInteger.default(6_000),
    /** How often one of the job workers (any) looks for jobs whose lock expired (BullMQ's stalled-job check). */
    JOB_STALLED_CHECK_INTERVAL_MS: positiveInteger.default(2_000),
    /** How often the reconciler re-enqueues stages whose job Redis lost (or that a crash left without one). */
    RECONCILE_INTERVAL_MS: positiveInteger.default(5_000),
    /** Serve GET /health and GET /health/ready on this port (for an orchestrator's probes). */
    HEALTH_PORT: port.optional(),
    SHUTDOWN_GRACE_MS: shutdownSettingFields.SHUTDOWN_GRACE_MS,
    /** The user scheduled pipelines are attributed to; the scheduler logs an error and enqueues nothing without it. */
    SUPER_ADMIN_USERNAME: z.string().min(1).optional(),
    /** When the enrollment sync from the learning system runs (with SCHEDULER_ENABLED and LMS_URL set). */
    LMS_SYNC_CRON: requiredText().default('0 */6 * * *'),
    /** Serve GET /metrics on this port (conventions §2: processes without the API). */
    METRICS_PORT: port.optional(),
    METRICS_TOKEN: metricsToken.optional(),
  })
  .superRefine(requireAlertWebhookSecret)
  .superRefine((settings, context) => {
    // The scheduler creates its pipelines as this user: without it every tier would fail on Sunday, not at start-up.
    if (settings.SCHEDULER_ENABLED && settings.SUPER_ADMIN_USERNAME === undefined)
      context.addIssue({
        code: 'custom',
        path: ['SUPER_ADMIN_USERNAME'],
        message: 'required with SCHEDULER_ENABLED (the scheduled pipelines are created as this user)',
      });
  });
export type WorkerSettings = z.infer<typeof workerSettingsSchema>;

export function loadSettings(environment: NodeJS.ProcessEnv = process.env): Settings {
  return parseSettings(settingsSchema, environment);
}

export function loadWorkerSettings(environment: NodeJS.ProcessEnv = process.env): WorkerSettings {
  return parseSettings(workerSettingsSchema, environment);
}

export function loadCoreSettings(environment: NodeJS.ProcessEnv = process.env): CoreSettings {
  return parseSettings(coreSettingsSchema, environment);
}

/** The core plus the learning-system group: for `npm run cli -- lms sync`. */
export const learningSystemCommandSettingsSchema = z.object({
  ...environmentFields,
  ...databaseSettingFields,
  ...cacheSettingFields,
  ...learningSystemSettingFields,
});
export type LearningSystemCommandSettings = z.infer<typeof learningSystemCommandSettingsSchema>;

export function loadLearningSystemCommandSettings(
  environment: NodeJS.ProcessEnv = process.env,
): LearningSystemCommandSettings {
  return parseSettings(learningSystemCommandSettingsSchema, environment);
}

/** Only DATABASE_URL and the pool settings: for migrations. */
export const databaseSettingsSchema = z.object({ ...environmentFields, ...databaseSettingFields });
export type DatabaseSettings = z.infer<typeof databaseSettingsSchema>;

export function loadDatabaseSettings(environment: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  return parseSettings(databaseSettingsSchema, environment);
}

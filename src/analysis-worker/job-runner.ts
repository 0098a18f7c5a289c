import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { runLocalJob, type JobAnswer, type LocalJob } from './local-jobs.js';

/**
 * Runs local jobs (local-jobs.ts) off the event loop: in a pool of engine threads (piscina) when the body is
 * large, inline when it is small enough that handing it to a thread costs more than it saves.
 */
export interface JobRunner {
  run(job: LocalJob): Promise<JobAnswer>;
  /** Threads the pool may start (0: every job runs inline). */
  readonly maxThreads: number;
  /**
   * Threads running now: the warm ones (`warmThreads`) from the start; the others from a large job that finds
   * every running thread busy, until they have been idle a minute.
   */
  readonly activeThreads: number;
  /** Waits for the jobs in hand, then stops the threads. Called when the server closes. */
  close(): Promise<void>;
}

export interface JobRunnerOptions {
  /** ANALYSIS_WORKER_THREADS. */
  threads: number;
  /**
   * ANALYSIS_WORKER_WARM_THREADS: threads started with the runner, each loading and warming up the engine
   * (engine-warm-up.ts) before its first job, and kept until the runner closes. Default 0: every thread starts
   * with a large job and stops after a minute idle. At most `threads`.
   */
  warmThreads?: number;
  /** Bodies below this many bytes run inline (default INLINE_BODY_BYTES). */
  inlineBelowBytes?: number;
  /** Told when a thread has loaded the engine (and warmed it up, or failed to: `warm: false` with the error). */
  onThreadReport?: (report: EngineThreadReport) => void;
  /** Told when a thread fails outside a job (its jobs, if any, fail with the error themselves). */
  onThreadError?: (error: unknown) => void;
}

/** The key of the message an engine thread posts once it has loaded the engine (engine-thread.ts). */
export const ENGINE_THREAD_REPORT = 'engineThreadReport';

export interface EngineThreadReport {
  /** The engine answered the warm-up jobs. */
  warm: boolean;
  /** From the thread's start of the engine's loading to the end of the warm-up. */
  durationMs: number;
  /** Why the engine could not be loaded or warmed up. */
  error?: string;
}

/**
 * Below this, a job runs inline. Measured (docs/analysis-worker.md, "Engine threads"): 16 KB is ~150 short
 * comments of sentiment (~10-25 ms on the event loop), ~150 of embeddings (~7 ms) or ~10 topic items (~7 ms);
 * handing a job to a warm thread costs under 1 ms of the event loop and a few ms of latency, a cold thread
 * ~100 ms of latency. So the one-submission embedding jobs stay inline, and nothing that holds the event loop
 * for long does.
 */
export const INLINE_BODY_BYTES = 16 * 1024;

/** An idle thread (not one of the warm ones) stops after this long; the next large job starts one again. */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Jobs waiting for a thread, per thread. Each holds its body (up to ANALYSIS_WORKER_BODY_LIMIT), so the queue is
 * bounded: beyond it the worker answers 503 and the caller retries later.
 */
const QUEUED_JOBS_PER_THREAD = 4;

/** Every thread is busy and the queue is full: HTTP 503, the service's queue retries. */
export class EngineBusyError extends Error {
  override name = 'EngineBusyError';
  readonly statusCode = 503;
}

/**
 * The thread script next to this module: `engine-thread.js` in dist/ (production). When the TypeScript sources
 * run (the tests, through vitest, whose transforms do not reach worker threads), `engine-thread.ts`, which
 * Node 24 loads with its own TypeScript transform (see engine-thread.ts); the warning that the transform is
 * experimental is silenced in those threads.
 */
function threadScript(): { filename: string; execArgv: string[] } {
  // A process started with `node --cpu-prof` (bench/pipeline.ts, BENCH_CPU_PROF) profiles its threads too; its
  // other options stay with it (a thread refuses some, e.g. --max-old-space-size).
  const profiling = process.execArgv.filter((argument) => argument.startsWith('--cpu-prof'));
  if (!import.meta.url.endsWith('.ts')) {
    return { filename: fileURLToPath(new URL('./engine-thread.js', import.meta.url)), execArgv: profiling };
  }
  return {
    filename: fileURLToPath(new URL('./engine-thread.ts', import.meta.url)),
    execArgv: ['--experimental-transform-types', '--disable-warning=ExperimentalWarning', ...profiling],
  };
}

/** The body's bytes, movable to a thread without copying when they fill their own buffer; copied otherwise. */
function transferable(body: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = body;
  if (buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === buffer.byteLength) {
    return new Uint8Array(buffer);
  }
  return new Uint8Array(body);
}

function isThreadReport(message: unknown): message is { [ENGINE_THREAD_REPORT]: EngineThreadReport } {
  return typeof message === 'object' && message !== null && ENGINE_THREAD_REPORT in message;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const inlineBelowBytes = options.inlineBelowBytes ?? INLINE_BODY_BYTES;
  const maxThreads = options.threads;
  const warmThreads = Math.min(options.warmThreads ?? 0, maxThreads);
  let pool: Piscina<LocalJob, JobAnswer> | undefined;
  let closed = false;

  // With warm threads, created at once (piscina starts `minThreads` threads with the pool); without, on the
  // first large job: a worker that never gets one starts no thread.
  function threads(): Piscina<LocalJob, JobAnswer> {
    if (pool) return pool;
    pool = new Piscina<LocalJob, JobAnswer>({
      ...threadScript(),
      minThreads: warmThreads,
      maxThreads,
      idleTimeout: IDLE_TIMEOUT_MS,
    });
    pool.on('message', (message: unknown) => {
      if (isThreadReport(message)) options.onThreadReport?.(message[ENGINE_THREAD_REPORT]);
    });
    // Without a listener, a thread failing while it has no job would end the process.
    pool.on('error', (error: unknown) => options.onThreadError?.(error));
    return pool;
  }
  if (warmThreads > 0) threads();

  return {
    maxThreads,
    get activeThreads() {
      return pool?.threads.length ?? 0;
    },

    async run(job) {
      if (closed) throw new Error('the job runner is closed');
      const size = job.body.byteLength + (job.vectorRuns ?? []).reduce((sum, run) => sum + run.byteLength, 0);
      if (maxThreads === 0 || size < inlineBelowBytes) return runLocalJob(job);
      const pool = threads();
      if (pool.queueSize >= maxThreads * QUEUED_JOBS_PER_THREAD) {
        throw new EngineBusyError(`every engine thread is busy and ${pool.queueSize} jobs are waiting; retry later`);
      }
      const body = transferable(job.body);
      // Resolved vectors (a topics frame by reference) are views of the cache's shared memory: shared, not copied.
      return pool.run({ ...job, body }, { transferList: [body.buffer] });
    },

    async close() {
      closed = true;
      await pool?.close();
    },
  };
}

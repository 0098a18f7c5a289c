import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { ENGINE_THREAD_REPORT, EngineThreadReport } from './job-runner.js';
import type { JobAnswer, LocalJob } from './local-jobs.js';

/**
 * Entry point of an engine thread (a piscina worker, see job-runner.ts): runs one local job per task.
 *
 * Production runs the compiled `dist/src/analysis-worker/engine-thread.js`. The tests run the TypeScript
 * sources through vitest, whose transforms do not reach worker threads: there the pool starts this file as
 * `engine-thread.ts` with `--experimental-transform-types`, Node 24's built-in TypeScript transform (plain type
 * stripping would not do: the engine uses parameter properties). What Node does not do is map the sources'
 * `./x.js` specifiers to `./x.ts`: the resolve hook below does, in this thread only, and only when this file is
 * itself a `.ts` file. Node transforms one file at a time, so a type-only import must say so (`import type`,
 * or `type` on the name), as it does throughout src/; a bare `import { SomeInterface }` in the engine would
 * fail in these threads (and only in the tests) with "does not provide an export named".
 */

/**
 * Engine threads run at a lower CPU priority than the event loop (nice +10): when the cores are short (the
 * default is cores - 1 threads, and the machine may be shared), the event loop, which answers `/health` and,
 * under `npm start`, the API, still gets the CPU first. On Linux the nice value is per thread, so this lowers
 * this thread only; elsewhere it would lower the whole process, so it is left alone.
 */
const NICE_INCREMENT = 10;
if (process.platform === 'linux') {
  try {
    setPriority(Math.min(19, getPriority() + NICE_INCREMENT));
  } catch {
    // Not permitted (a sandbox): the thread keeps the process's priority.
  }
}

if (import.meta.url.endsWith('.ts')) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent?.startsWith('file:') && parent.endsWith('.ts') && /^\.{1,2}\/.*\.js$/.test(specifier)) {
        const source = new URL(`${specifier.slice(0, -'.js'.length)}.ts`, parent);
        if (existsSync(fileURLToPath(source))) return nextResolve(source.href, context);
      }
      return nextResolve(specifier, context);
    },
  });
}

/** The key of the message job-runner.ts reads (a literal: a relative import would resolve before the hook). */
const REPORT_KEY: typeof ENGINE_THREAD_REPORT = 'engineThreadReport';

function report(content: EngineThreadReport): void {
  parentPort?.postMessage({ [REPORT_KEY]: content });
}

/** A buffer that a view fills whole, owned by nothing else: it can be moved to the main thread instead of copied. */
function ownBuffer(view: ArrayBufferView | undefined): ArrayBuffer | undefined {
  if (!view || !(view.buffer instanceof ArrayBuffer)) return undefined;
  return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? view.buffer : undefined;
}

/**
 * The answer as the thread hands it back: an embeddings frame answer's vectors and keys (1.5 MB a batch of 1,000)
 * are moved, not copied (a structured clone copied each twice, on both threads: ~0.3 s of the thread's time at
 * 50,000 comments). The local job made them for this answer alone, so nothing here reads them afterwards.
 */
function handedBack(answer: JobAnswer): JobAnswer | ReturnType<typeof move> {
  const buffers = [ownBuffer(answer.vectors), ownBuffer(answer.keys)].filter(
    (buffer): buffer is ArrayBuffer => buffer !== undefined,
  );
  if (buffers.length === 0) return answer;
  return move({
    get [transferableSymbol]() {
      return buffers;
    },
    get [valueSymbol]() {
      return answer;
    },
  });
}

/**
 * Loads the engine (after the hook is in place: a static import would be resolved before it) and warms it up
 * (engine-warm-up.ts) before the thread takes its first job: piscina awaits the exported promise, and a job
 * handed to the thread meanwhile waits for it. Never rejects: a thread whose start failed would be replaced by
 * another that fails the same way, over and over. A failed warm-up is reported and the thread takes jobs as a
 * cold thread did; an engine that cannot load fails each job instead (a 500, as before).
 */
async function start(): Promise<(job: LocalJob) => JobAnswer | ReturnType<typeof move>> {
  const started = performance.now();
  try {
    const { runLocalJob } = await import('./local-jobs.js');
    try {
      const { warmUpLocalEngine } = await import('./engine-warm-up.js');
      warmUpLocalEngine();
      report({ warm: true, durationMs: Math.round(performance.now() - started) });
    } catch (error) {
      report({ warm: false, durationMs: Math.round(performance.now() - started), error: String(error) });
    }
    return (job) => handedBack(runLocalJob(job));
  } catch (error) {
    report({ warm: false, durationMs: Math.round(performance.now() - started), error: String(error) });
    return () => {
      throw error;
    };
  }
}

export default start();

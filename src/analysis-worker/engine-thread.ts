import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { JobAnswer, LocalJob, runLocalJob } from './local-jobs.js';

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

// Loaded on the first task, after the hook is in place (a static import would be resolved before it).
let jobs: Promise<{ runLocalJob: typeof runLocalJob }> | undefined;

export default async function runJob(job: LocalJob): Promise<JobAnswer> {
  jobs ??= import('./local-jobs.js');
  return (await jobs).runLocalJob(job);
}

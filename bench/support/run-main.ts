import { pathToFileURL } from 'node:url';

/**
 * Runs a benchmark's main when its file is the one node was started with (not when another bench or a
 * test imports it); a failure prints its stack and exits non-zero.
 */
export function runWhenInvoked(moduleUrl: string, main: () => unknown): void {
  const entry = process.argv[1];
  if (entry === undefined || moduleUrl !== pathToFileURL(entry).href) return;
  Promise.resolve()
    .then(main)
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}

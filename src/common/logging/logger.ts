import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Level, type Logger } from 'pino';
import PinoPretty from 'pino-pretty';
import { redactSecrets } from './redact.js';

/**
 * One pino root logger per process. During a request the request's child logger (which carries the
 * request id) is kept in async-local storage, so every line a service writes while serving the
 * request names it without passing loggers around.
 */
const requestContext = new AsyncLocalStorage<{ logger: Logger }>();

let root: Logger = pino({ level: 'info' });

/** The longest a JSON line waits in the buffer of bufferedStandardOutput before it is written. */
const LOG_FLUSH_INTERVAL_MS = 100;

/**
 * Standard output, buffered: lines are written 4 KiB at a time, and at least every LOG_FLUSH_INTERVAL_MS. With a line
 * per request, one write(2) per line was the largest single cost of a cheap request (`GET /api/v1/health`: 39 -> 20
 * µs of CPU a request with the request lines off, bench:api); buffered, a burst of requests shares one write. pino
 * flushes what is left, synchronously, when the process exits (its exit and signal handlers); a process killed with
 * SIGKILL loses at most the last 100 ms of lines.
 */
function bufferedStandardOutput() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const timer = setInterval(() => {
    try {
      destination.flush();
    } catch {
      clearInterval(timer); // closed at exit: pino wrote the rest
    }
  }, LOG_FLUSH_INTERVAL_MS).unref();
  return destination;
}

/**
 * The process's root logger. JSON lines by default (for log collectors); `pretty` writes human-readable lines
 * (the demo and the CLI in a terminal). `stderr`: JSON lines go to stderr too, for the CLI, whose stdout carries
 * the command's result.
 */
export function createRootLogger(level: string, options: { pretty?: boolean; stderr?: boolean } = {}): Logger {
  const pretty = options.pretty
    ? PinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', destination: 2, sync: true })
    : undefined;
  root = pino(
    {
      level,
      // Secrets (passwords, tokens, keys, credential headers) are censored by redactSecrets, not pino's `redact`.
      formatters: { log: redactSecrets },
    },
    pretty ?? (options.stderr ? pino.destination({ fd: 2, sync: true }) : bufferedStandardOutput()),
  );
  return root;
}

export function runWithLogger<T>(logger: Logger, callback: () => T): T {
  return requestContext.run({ logger }, callback);
}

/**
 * Whether a line at `level` would be written here, without making a component logger: for the hot paths that
 * log at debug, where getLogger's child logger would cost more than the check.
 */
export function isLogged(level: Level): boolean {
  return (requestContext.getStore()?.logger ?? root).isLevelEnabled(level);
}

/** The current request's logger when inside a request, else the process logger, bound to a component. */
export function getLogger(component: string): Logger {
  const base = requestContext.getStore()?.logger ?? root;
  return base.child({ component });
}

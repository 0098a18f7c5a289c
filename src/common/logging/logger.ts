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
    ...(pretty ? [pretty] : options.stderr ? [pino.destination({ fd: 2, sync: true })] : []),
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

import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import PinoPretty from 'pino-pretty';

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
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.refreshToken',
          '*.accessToken',
          '*.apiKey',
          '*.token',
          '*.wstoken',
          '*.JWT_SECRET',
          '*.WORKER_TOKEN',
          '*.LMS_TOKEN',
          '*.OPENAI_API_KEY',
          '*.METRICS_TOKEN',
          'password',
          'refreshToken',
          'accessToken',
          'token',
        ],
        censor: '[redacted]',
      },
    },
    ...(pretty ? [pretty] : options.stderr ? [pino.destination({ fd: 2, sync: true })] : []),
  );
  return root;
}

export function runWithLogger<T>(logger: Logger, callback: () => T): T {
  return requestContext.run({ logger }, callback);
}

/** The current request's logger when inside a request, else the process logger, bound to a component. */
export function getLogger(component: string): Logger {
  const base = requestContext.getStore()?.logger ?? root;
  return base.child({ component });
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

/**
 * One pino root logger per process. During a request the request's child logger (which carries the
 * request id) is kept in async-local storage, so every line a service writes while serving the
 * request names it without passing loggers around.
 */
const requestContext = new AsyncLocalStorage<{ logger: Logger }>();

let root: Logger = pino({ level: 'info' });

export function createRootLogger(level: string): Logger {
  root = pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.refreshToken',
        '*.accessToken',
        '*.apiKey',
        'password',
        'refreshToken',
        'accessToken',
      ],
      censor: '[redacted]',
    },
  });
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

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
/** Lines are handed to the file descriptor's writer in chunks of at least this many characters. */
const LOG_CHUNK_CHARACTERS = 16 * 1024;

/**
 * Lines kept as an array and handed to `destination` joined, a chunk at a time. SonicBoom appends every line it is
 * given to its pending string and measures that string's byte length again (a copy of the whole string, each line):
 * per line of a request, that cost more than pino's formatting of it (bench:api, `GET /api/v1/health`). Joined once
 * per chunk, the copying is once per line.
 */
class LineBuffer {
  private lines: string[] = [];
  private characters = 0;

  constructor(private readonly destination: ReturnType<typeof pino.destination>) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.characters += line.length;
    if (this.characters >= LOG_CHUNK_CHARACTERS) this.handOver();
    return true;
  }

  /** Writes what is buffered (pino's `logger.flush`). */
  flush(callback?: (error?: Error) => void): void {
    this.handOver();
    this.destination.flush(callback);
  }

  /** Writes everything buffered before returning (at exit). */
  flushSync(): void {
    this.handOver();
    this.destination.flushSync();
  }

  private handOver(): void {
    if (this.lines.length === 0) return;
    const chunk = this.lines.length === 1 ? (this.lines[0] as string) : this.lines.join('');
    this.lines = [];
    this.characters = 0;
    this.destination.write(chunk);
  }
}

/** Every LineBuffer of the process, flushed synchronously when it exits. */
const lineBuffers = new Set<LineBuffer>();
let flushesAtExit = false;

/**
 * Standard output, buffered: lines are written 16 KiB at a time, and at least every LOG_FLUSH_INTERVAL_MS. With a
 * line per request, one write(2) per line was the largest single cost of a cheap request (`GET /api/v1/health`: 39
 * -> 20 µs of CPU a request with the request lines off, bench:api); buffered, a burst of requests shares one write.
 * Each chunk is written synchronously (pino's default): handing it to the thread pool instead cost about 3 µs of CPU
 * a request more on a 2-core machine (the thread's wake-ups), for writes that take microseconds. As with any
 * synchronous log, a reader of standard output that stops reading holds the process once the pipe is full. What is
 * left is written when the process exits (after closeOnSignals, or process.exit); a process killed with SIGKILL
 * loses at most the last 100 ms of lines.
 */
function bufferedStandardOutput(): LineBuffer {
  // minLength 0: SonicBoom writes each chunk as it is given it (LineBuffer does the gathering).
  const buffer = new LineBuffer(pino.destination({ dest: 1, sync: true, minLength: 0 }));
  lineBuffers.add(buffer);
  if (!flushesAtExit) {
    flushesAtExit = true;
    process.once('exit', () => {
      for (const each of lineBuffers) {
        try {
          each.flushSync();
        } catch {
          // standard output closed: nothing more can be written
        }
      }
    });
  }
  const timer = setInterval(() => {
    try {
      buffer.flush();
    } catch {
      clearInterval(timer); // the destination is closed
    }
  }, LOG_FLUSH_INTERVAL_MS).unref();
  return buffer;
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

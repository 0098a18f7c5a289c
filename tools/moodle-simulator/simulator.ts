import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeForm, type FormRecord, type FormValue } from './form.js';
import { MoodleFailure, MoodleState, type MoodleException } from './moodle-state.js';

/** How the simulator answers a function it has been told to fail. */
export type SimulatedFailure =
  /** The function is not in the token's external service (Moodle's `webservice_access_exception`). */
  | 'access'
  /** The connection is dropped without an answer. */
  | 'reset'
  /** HTTP 500 with an HTML page instead of Moodle's JSON, as a PHP fatal error or a proxy before a failing site answers. */
  | 'server-error'
  /** Any Moodle error body. */
  | MoodleException;

/** One call as the simulator saw it (secrets replaced: the token is never kept, passwords are masked). */
export interface CallRecord {
  wsfunction: string;
  params: FormRecord;
  startedAt: number;
  finishedAt: number;
  outcome: 'ok' | 'exception' | 'reset' | 'server-error';
  /** Whether the token came in the URL rather than the form body. */
  tokenInQuery: boolean;
}

export interface SimulatorOptions {
  /** The web-service token to accept; random when not given. */
  token?: string;
  /** Called with one line per call (function, outcome, duration); never with parameters. */
  log?: (line: string) => void;
}

const ACCESS_EXCEPTION: MoodleException = {
  exception: 'webservice_access_exception',
  errorcode: 'accessexception',
  message: 'Access control exception',
};

function masked(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(masked);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'password' ? '[masked]' : masked(item)]),
  );
}

/**
 * A Moodle site over real HTTP for development and tests: `POST /webservice/rest/server.php` with `wstoken`,
 * `wsfunction`, `moodlewsrestformat=json` and bracket-form parameters, answering as Moodle does (errors are
 * HTTP 200 with `{ exception, errorcode, message }`). It keeps its state in memory (see MoodleState), records
 * every call, and can be told to fail: `stop()` makes it unreachable, `fail()` makes a function answer an
 * access exception (or any error, a dropped connection or an HTTP 500 page), `failAfter()` makes every function fail after a number
 * of calls, `delayMs` (every function) / `delay()` (one) slow its answers down.
 */
export class MoodleSimulator {
  readonly token: string;
  readonly state = new MoodleState();
  readonly calls: CallRecord[] = [];
  /** Added to every answer, in milliseconds. */
  delayMs = 0;
  private readonly delays = new Map<string, number>();
  private readonly failures = new Map<string, { failure: SimulatedFailure; after: number; seen: number }>();
  /** Every function failing from the `after`+1-th call on (counting all functions), when set. */
  private failureOfAll: { failure: SimulatedFailure; after: number; seen: number } | undefined;
  private server: Server | undefined;
  private boundPort = 0;
  private host = '127.0.0.1';

  constructor(private readonly options: SimulatorOptions = {}) {
    this.token = options.token ?? randomBytes(16).toString('hex');
  }

  /** Listens on `port` (0: a free one); answers the base URL to use as LMS_URL. */
  async start(port = this.boundPort, host = this.host): Promise<string> {
    this.host = host;
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    this.boundPort = (server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `http://${this.host}:${this.boundPort}`;
  }

  /** Stops answering: connections are refused until `start()` is called again (on the same port). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Makes `wsfunction` fail, from its `after`+1-th call on (default: every call). */
  fail(wsfunction: string, failure: SimulatedFailure = 'access', options: { after?: number } = {}): void {
    this.failures.set(wsfunction, { failure, after: options.after ?? 0, seen: 0 });
  }

  /**
   * Makes every function fail from the `after`+1-th call on, counting the calls of all functions together (a
   * site that goes away half-way through a run). `reset()` lifts it.
   */
  failAfter(after: number, failure: SimulatedFailure = 'reset'): void {
    this.failureOfAll = { failure, after, seen: 0 };
  }

  /** Slows down one function's answers (or, with delayMs, all of them). */
  delay(wsfunction: string, milliseconds: number): void {
    this.delays.set(wsfunction, milliseconds);
  }

  /** Forgets failures, delays and the call log; keeps the data. */
  reset(): void {
    this.failures.clear();
    this.failureOfAll = undefined;
    this.delays.clear();
    this.delayMs = 0;
    this.calls.length = 0;
  }

  callsOf(wsfunction: string): CallRecord[] {
    return this.calls.filter((call) => call.wsfunction === wsfunction);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (url.pathname !== '/webservice/rest/server.php') {
      response.statusCode = 404;
      response.setHeader('content-type', 'text/html');
      response.end('<h1>Not found</h1>');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const pairs: Array<[string, string]> = [...url.searchParams.entries()];
    if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
      pairs.push(...new URLSearchParams(body).entries());
    const { wstoken, wsfunction, moodlewsrestformat, ...params } = decodeForm(pairs);
    const name = typeof wsfunction === 'string' ? wsfunction : '';
    const record: CallRecord = {
      wsfunction: name,
      params: masked(params) as FormRecord,
      startedAt: Date.now(),
      finishedAt: 0,
      outcome: 'ok',
      tokenInQuery: url.searchParams.has('wstoken'),
    };
    this.calls.push(record);
    const pause = (this.delays.get(name) ?? 0) + this.delayMs;
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));

    const finish = (status: CallRecord['outcome'], answer?: unknown) => {
      record.finishedAt = Date.now();
      record.outcome = status;
      this.options.log?.(
        `${new Date().toISOString()} ${name || '(no function)'} ${status} ${record.finishedAt - record.startedAt}ms\n`,
      );
      if (status === 'reset') {
        request.socket.destroy();
        return;
      }
      if (status === 'server-error') {
        response.statusCode = 500;
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end('<html><body><p>Internal server error</p></body></html>');
        return;
      }
      if (moodlewsrestformat !== 'json') {
        response.setHeader('content-type', 'application/xml; charset=utf-8');
        response.end('<?xml version="1.0" encoding="UTF-8" ?>\n<RESPONSE>\n</RESPONSE>\n');
        return;
      }
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(JSON.stringify(answer ?? null));
    };

    if (wstoken !== this.token) {
      finish('exception', {
        exception: 'moodle_exception',
        errorcode: 'invalidtoken',
        message: 'Invalid token - token not found',
      });
      return;
    }
    const implementation = this.state.functions[name];
    if (!implementation) {
      finish('exception', {
        exception: 'dml_missing_record_exception',
        errorcode: 'invalidrecord',
        message: "Can't find data record in database table external_functions.",
      });
      return;
    }
    for (const rule of [this.failureOfAll, this.failures.get(name)]) {
      if (!rule) continue;
      rule.seen += 1;
      if (rule.seen > rule.after) {
        if (rule.failure === 'reset' || rule.failure === 'server-error') finish(rule.failure);
        else finish('exception', rule.failure === 'access' ? ACCESS_EXCEPTION : rule.failure);
        return;
      }
    }
    try {
      finish('ok', implementation(params));
    } catch (error) {
      if (error instanceof MoodleFailure) finish('exception', error.body);
      else throw error;
    }
  }
}

import { stdSerializers } from 'pino';

/** What a censored value reads as in a log line. */
export const CENSOR = '[redacted]';

/** Fields that hold a secret, wherever they appear at the top of a log line's object or one level below it. */
const SECRET_FIELDS = [
  'password',
  'refreshToken',
  // A refresh's attempt id: with the used token, it answers the successor again for 30 s (auth.service.ts).
  'attempt',
  'accessToken',
  'apiKey',
  'token',
  'wstoken',
  'JWT_SECRET',
  'WORKER_TOKEN',
  'LMS_TOKEN',
  'OPENAI_API_KEY',
  'METRICS_TOKEN',
] as const;
const SECRET_FIELD_SET: ReadonlySet<string> = new Set(SECRET_FIELDS);
/** Request headers that carry credentials, under `req.headers` of a plain object. */
const SECRET_HEADERS = ['authorization', 'cookie'] as const;

const isPlain = (value: object) => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** `value` with its secret fields censored, or undefined when it has none. Errors become their serialized form. */
function censored(value: object, fields: readonly string[]): Record<string, unknown> | undefined {
  let copy: Record<string, unknown> | undefined;
  for (const field of fields)
    if ((value as Record<string, unknown>)[field] !== undefined) {
      copy ??=
        value instanceof Error
          ? { ...(stdSerializers.err(value) as unknown as Record<string, unknown>) }
          : { ...(value as Record<string, unknown>) };
      copy[field] = CENSOR;
    }
  return copy;
}

/**
 * A log line's object with secrets censored: a secret field at the top or inside any top-level object
 * (`password`, `settings.JWT_SECRET`, `body.refreshToken`), and `req.headers.authorization` / `cookie` of a
 * plain `req` object (a request itself goes through the `req` serializer, which keeps no header). The object
 * itself is never changed: what holds a secret is copied. The common case, nothing to censor, costs a few
 * property reads per top-level field and returns the same object, so every log line can afford it (pino's
 * `redact` with wildcard paths cost about ten times the rest of a line, on every line and every child logger).
 */
export function redactSecrets<T extends object>(object: T): T {
  let result: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = (object as Record<string, unknown>)[key];
    let replacement: unknown;
    if (SECRET_FIELD_SET.has(key)) replacement = CENSOR;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      replacement = censored(value, SECRET_FIELDS);
      const headers = (value as { headers?: unknown }).headers;
      if (key === 'req' && isPlain(value) && headers !== null && typeof headers === 'object') {
        const censoredHeaders = censored(headers, SECRET_HEADERS);
        if (censoredHeaders) replacement = { ...((replacement ?? value) as object), headers: censoredHeaders };
      }
    }
    if (replacement !== undefined) {
      result ??= { ...(object as Record<string, unknown>) };
      result[key] = replacement;
    }
  }
  return (result ?? object) as T;
}

/** Query parameters whose value is a secret, by name (case-insensitive): tokens, keys, passwords, signatures. */
const SECRET_QUERY_NAME = /token|passw|secret|api[-_]?key|^key$|signature|^sig$|^auth/i;

/**
 * A request URL with the values of its secret query parameters censored (`?token=[redacted]`, encoded), for the
 * request log line. No route takes a secret in its query, but a client may send one (a Moodle-style `wstoken`, an
 * `access_token`). A URL without a query, or whose query names none, is returned as it is, at the cost of one search.
 */
export function censorQuery(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = new URLSearchParams(url.slice(start + 1));
  let changed = false;
  for (const name of new Set(query.keys()))
    if (SECRET_QUERY_NAME.test(name)) {
      query.set(name, CENSOR);
      changed = true;
    }
  return changed ? `${url.slice(0, start)}?${query.toString()}` : url;
}

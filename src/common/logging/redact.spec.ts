import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createRootLogger } from './logger.js';
import { CENSOR, censorQuery, redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('returns the same object when there is nothing to censor', () => {
    const line = { method: 'GET', url: '/api/v1/health', statusCode: 200, nested: { count: 3 }, list: [1, 2] };
    expect(redactSecrets(line)).toBe(line);
  });

  it('censors secret fields at the top and one level down, copying instead of changing', () => {
    const settings = { JWT_SECRET: 'jwt-secret', PORT: 3000, OPENAI_API_KEY: 'sk-live' };
    const line = { password: 'hunter2', settings, body: { refreshToken: 'r', username: 'ana' }, token: 't' };
    expect(redactSecrets(line)).toEqual({
      password: CENSOR,
      settings: { JWT_SECRET: CENSOR, PORT: 3000, OPENAI_API_KEY: CENSOR },
      body: { refreshToken: CENSOR, username: 'ana' },
      token: CENSOR,
    });
    expect(line.password).toBe('hunter2');
    expect(settings.JWT_SECRET).toBe('jwt-secret');
  });

  it('censors credential headers of a plain req object', () => {
    const line = { req: { method: 'GET', headers: { authorization: 'Bearer abc', cookie: 'c=1', accept: '*/*' } } };
    expect(redactSecrets(line)).toEqual({
      req: { method: 'GET', headers: { authorization: CENSOR, cookie: CENSOR, accept: '*/*' } },
    });
  });

  it('keeps an error readable when it carries a secret field', () => {
    const error = Object.assign(new Error('refused'), { apiKey: 'sk-secret' });
    const censored = redactSecrets({ err: error }).err as unknown as Record<string, unknown>;
    expect(censored).toMatchObject({ message: 'refused', apiKey: CENSOR, type: 'Error' });
    expect(String(censored.stack)).toContain('refused');
  });

  it('leaves arrays, class instances without secrets and primitives alone', () => {
    const when = new Date(0);
    const line = { when, ids: ['a', 'b'], ok: true };
    expect(redactSecrets(line)).toBe(line);
  });

  it('is what the root logger and its children write', () => {
    const logger = createRootLogger('info');
    const stream = (logger as unknown as Record<symbol, { write(chunk: string): boolean }>)[pino.symbols.streamSym]!;
    const lines: string[] = [];
    stream.write = (chunk: string) => lines.push(chunk) > 0;
    logger.child({ component: 'test' }).info({ password: 'hunter2', settings: { JWT_SECRET: 'jwt-secret' } }, 'x');
    logger
      .child({ reqId: 'r1' })
      .child({ component: 'auth' })
      .warn({ body: { refreshToken: 'rotated-secret' } }, 'y');
    expect(lines.join('')).not.toMatch(/hunter2|jwt-secret|rotated-secret/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ password: CENSOR, settings: { JWT_SECRET: CENSOR }, msg: 'x' });
    expect(JSON.parse(lines[1]!)).toMatchObject({ reqId: 'r1', body: { refreshToken: CENSOR }, msg: 'y' });
  });
});

describe('censorQuery', () => {
  it('censors the values of secret query parameters, keeping the rest and the path', () => {
    expect(censorQuery('/api/v1/things?page=2&wstoken=abc&Access_Token=x&apikey=k&sig=s')).toBe(
      '/api/v1/things?page=2&wstoken=%5Bredacted%5D&Access_Token=%5Bredacted%5D&apikey=%5Bredacted%5D&sig=%5Bredacted%5D',
    );
    expect(censorQuery('/x?password=a&password=b')).toBe('/x?password=%5Bredacted%5D');
  });

  it('returns a URL without a secret parameter as it is', () => {
    const url = '/api/v1/analytics/overview?semesterId=abc&keyword=token';
    expect(censorQuery(url)).toBe(url);
    expect(censorQuery('/api/v1/health')).toBe('/api/v1/health');
  });
});

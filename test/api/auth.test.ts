import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { REFRESH_RETRY_WINDOW_MS } from '../../src/modules/auth/auth.service.js';
import { captureLogs } from '../support/log-capture.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, settings, database, api } = await setupApi({
  LOGIN_MAX_FAILURES: '3',
  ACCESS_TOKEN_TTL: '60',
  LOG_LEVEL: 'info',
});
const logs = captureLogs(api.app);
const key = new TextEncoder().encode(settings.JWT_SECRET);

async function loginPair() {
  const response = await client.post('/api/v1/auth/login', SUPER_ADMIN);
  expect(response.status).toBe(200);
  return response.body as { accessToken: string; refreshToken: string; tokenType: string; expiresIn: number };
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('login and me', () => {
  it('logs the super admin in and answers me', async () => {
    const pair = await loginPair();
    expect(pair.tokenType).toBe('Bearer');
    expect(pair.expiresIn).toBe(60);
    expect(typeof pair.refreshToken).toBe('string');
    const me = await client.get('/api/v1/auth/me', pair.accessToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: SUPER_ADMIN.username, roles: ['SUPER_ADMIN'], assignments: [] });
    expect(JSON.stringify(me.body)).not.toContain(SUPER_ADMIN.password);
  });

  it('keeps API answers out of every cache and their type unsniffed: tokens, names and comments (outside audit U)', async () => {
    const login = await client.post('/api/v1/auth/login', SUPER_ADMIN);
    const me = await client.get('/api/v1/auth/me', (login.body as { accessToken: string }).accessToken);
    const refused = await client.get('/api/v1/auth/me');
    for (const response of [login, me, refused]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const unknown = await client.post('/api/v1/auth/login', { username: 'nobody.here', password: 'whatever-pass' });
    const wrong = await client.post('/api/v1/auth/login', { username: 'another.nobody', password: 'wrong-password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);
    expect(unknown.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('logs a failed login by the account id, never by the name typed (outside audit AA: a password typed as the username)', async () => {
    logs.clear();
    const typed = 'Typed-My-Password-Here-7d1c';
    expect((await client.post('/api/v1/auth/login', { username: typed, password: 'x-whatever' })).status).toBe(401);
    const wrong = await client.post('/api/v1/auth/login', {
      username: SUPER_ADMIN.username,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    await loginPair(); // clears the failure, as the throttling test below expects a clean count
    const failed = logs.lines.filter((line) => line.msg === 'login failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({ unknownUsername: true });
    const admin = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', SUPER_ADMIN.username)
      .executeTakeFirstOrThrow();
    expect(failed[1]).toMatchObject({ userId: admin.id });
    const written = JSON.stringify(logs.lines);
    expect(written).not.toContain(typed);
    expect(written).not.toContain('not-the-password');
    // The request line leaves a secret in a query string out too (no route takes one; a client might send it).
    logs.clear();
    const answer = await client.get(
      '/api/v1/questionnaires/types?token=query-secret-4f2a&access_token=other-secret-9b&page=2',
    );
    expect(answer.status).toBe(401);
    const request = logs.lines.find((line) => line.msg === 'request completed');
    expect(request?.url).toBe('/api/v1/questionnaires/types?token=%5Bredacted%5D&access_token=%5Bredacted%5D&page=2');
    expect(request).toMatchObject({ level: 30, method: 'GET', statusCode: 401 });
    expect(JSON.stringify(logs.lines)).not.toMatch(/query-secret-4f2a|other-secret-9b/);
  });

  it('writes no info line for a health check or a metrics scrape that succeeds, and one for any that fails', async () => {
    logs.clear();
    expect((await client.get('/api/v1/health')).status).toBe(200);
    expect((await client.get('/api/v1/health?probe=1')).status).toBe(200);
    // The scrape without its token is refused: that is worth a line.
    const scrape = await client.get('/api/v1/metrics');
    expect(scrape.status).toBeGreaterThanOrEqual(400);
    expect((await client.get('/api/v1/health-of-nothing')).status).toBe(404);
    const requests = logs.lines.filter((line) => line.msg === 'request completed');
    expect(requests.map((line) => [line.url, line.statusCode])).toEqual([
      ['/api/v1/metrics', scrape.status],
      ['/api/v1/health-of-nothing', 404],
    ]);
  });

  it('refuses a login body of the wrong shape with 400', async () => {
    const response = await client.post('/api/v1/auth/login', { username: 42 });
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['password', 'username']);
  });
});

describe('bearer tokens', () => {
  it('401 without a token', async () => {
    const response = await client.get('/api/v1/auth/me');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('401 for a malformed authorization header', async () => {
    const response = await client.request('GET', '/api/v1/auth/me', { headers: { authorization: 'Basic abc' } });
    expect(response.status).toBe(401);
  });

  it('401 for an expired token', async () => {
    const { accessToken } = await loginPair();
    const claims = claimsOf(accessToken);
    const expired = await new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud as string)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(key);
    expect((await client.get('/api/v1/auth/me', expired)).status).toBe(401);
  });

  it('401 for a token without an expiry, though signed with the right key', async () => {
    const { accessToken } = await loginPair();
    const claims = claimsOf(accessToken);
    const endless = await new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud as string)
      .setIssuedAt()
      .sign(key);
    expect((await client.get('/api/v1/auth/me', endless)).status).toBe(401);
  });

  it('401 for a tampered token (payload changed, signature kept)', async () => {
    const { accessToken } = await loginPair();
    const [header, , signature] = accessToken.split('.');
    const payload = { ...claimsOf(accessToken), sub: '00000000-0000-4000-8000-000000000000' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    expect((await client.get('/api/v1/auth/me', tampered)).status).toBe(401);
  });

  it('401 for an alg: none token carrying valid claims', async () => {
    const { accessToken } = await loginPair();
    const claims = claimsOf(accessToken);
    const unsigned = new UnsecuredJWT({ sid: claims.sid, typ: 'access' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud as string)
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    expect((await client.get('/api/v1/auth/me', unsigned)).status).toBe(401);
  });

  it('401 for a token signed with another secret', async () => {
    const { accessToken } = await loginPair();
    const claims = claimsOf(accessToken);
    const forged = await new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud as string)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-completely-different-secret-of-enough-length'));
    expect((await client.get('/api/v1/auth/me', forged)).status).toBe(401);
  });

  it('401 for a refresh token used as an access token', async () => {
    const { refreshToken } = await loginPair();
    expect((await client.get('/api/v1/auth/me', refreshToken)).status).toBe(401);
  });
});

describe('refresh and logout', () => {
  it('rotates refresh tokens and refuses a reused one, revoking the session', async () => {
    const first = await loginPair();
    const rotated = await client.post('/api/v1/auth/refresh', { refreshToken: first.refreshToken });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refreshToken).not.toBe(first.refreshToken);
    expect((await client.get('/api/v1/auth/me', rotated.body.accessToken)).status).toBe(200);

    const reused = await client.post('/api/v1/auth/refresh', { refreshToken: first.refreshToken });
    expect(reused.status).toBe(401);
    // Reuse means the token leaked: the whole session is revoked, including the rotated pair.
    expect((await client.post('/api/v1/auth/refresh', { refreshToken: rotated.body.refreshToken })).status).toBe(401);
    expect((await client.get('/api/v1/auth/me', rotated.body.accessToken)).status).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const response = await client.post('/api/v1/auth/refresh', { refreshToken: 'not-a-token-we-issued' });
    expect(response.status).toBe(401);
  });

  it('logout revokes the session', async () => {
    const pair = await loginPair();
    const out = await client.request('POST', '/api/v1/auth/logout', {
      token: pair.accessToken,
      body: { refreshToken: pair.refreshToken },
    });
    expect(out.status).toBe(204);
    expect((await client.get('/api/v1/auth/me', pair.accessToken)).status).toBe(401);
    expect((await client.post('/api/v1/auth/refresh', { refreshToken: pair.refreshToken })).status).toBe(401);
  });
});

/**
 * A client that never received a refresh's answer (the page reloaded first, or the connection dropped) sends the
 * same token with the same attempt id again: within REFRESH_RETRY_WINDOW_MS, while the token that rotation issued
 * is unused, it is answered that token again; every other second use is still a reuse that revokes the session.
 */
describe('refresh retried after a lost answer', () => {
  const newAttempt = () => randomBytes(16).toString('hex');
  type Pair = { accessToken: string; refreshToken: string };
  const refresh = (refreshToken: string, attempt?: string) =>
    client.post<Pair>('/api/v1/auth/refresh', attempt === undefined ? { refreshToken } : { refreshToken, attempt });
  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

  async function expectRevoked(pair: Pair) {
    expect((await client.get('/api/v1/auth/me', pair.accessToken)).status).toBe(401);
    expect((await refresh(pair.refreshToken)).status).toBe(401);
  }

  it('answers a retry within the window with the same unused token, which then rotates as usual', async () => {
    const first = await loginPair();
    const attempt = newAttempt();
    const lost = await refresh(first.refreshToken, attempt);
    expect(lost.status).toBe(200);
    logs.clear();
    const retried = await refresh(first.refreshToken, attempt);
    expect(retried.status).toBe(200);
    // Logged as the reuse warning is, by session, with no token and no attempt id.
    const sessionId = claimsOf(first.accessToken).sid;
    expect(logs.lines.filter((line) => line.sessionId === sessionId).map((line) => line.msg)).toEqual([
      'refresh retried with its attempt id; the unused successor answered again',
    ]);
    for (const secret of [first.refreshToken, lost.body.refreshToken, attempt])
      expect(JSON.stringify(logs.lines)).not.toContain(secret);
    // One live token: the retry answers the one the lost answer held, with a new access token.
    expect(retried.body.refreshToken).toBe(lost.body.refreshToken);
    expect((await client.get('/api/v1/auth/me', retried.body.accessToken)).status).toBe(200);
    const stored = await database.db
      .selectFrom('refresh_tokens')
      .select(['rotation_attempt_hash', 'successor_id'])
      .where('token_hash', '=', hashOf(first.refreshToken))
      .executeTakeFirstOrThrow();
    expect(stored.successor_id).not.toBeNull();
    expect(stored.rotation_attempt_hash).not.toContain(attempt);

    const next = await refresh(retried.body.refreshToken, newAttempt());
    expect(next.status).toBe(200);
    expect(next.body.refreshToken).not.toBe(retried.body.refreshToken);
    // Its successor used: the first token with its attempt id is a reuse now, and ends the session.
    expect((await refresh(first.refreshToken, attempt)).status).toBe(401);
    await expectRevoked(next.body);
  });

  it('still revokes the session on a second use without an attempt id, the first rotation had one or not', async () => {
    for (const attempt of [undefined, newAttempt()]) {
      const first = await loginPair();
      const rotated = await refresh(first.refreshToken, attempt);
      expect(rotated.status).toBe(200);
      logs.clear();
      expect((await refresh(first.refreshToken)).status).toBe(401);
      // The warning says why it was a reuse, so a retry that came too late can be told from a theft.
      const sessionId = claimsOf(first.accessToken).sid;
      expect(logs.lines.filter((line) => line.sessionId === sessionId).map((line) => [line.msg, line.reason])).toEqual([
        ['refresh token reuse detected; session revoked', 'no-attempt'],
      ]);
      await expectRevoked(rotated.body);
    }
  });

  it('revokes the session on a second use with another attempt id', async () => {
    const first = await loginPair();
    const rotated = await refresh(first.refreshToken, newAttempt());
    expect(rotated.status).toBe(200);
    expect((await refresh(first.refreshToken, newAttempt())).status).toBe(401);
    await expectRevoked(rotated.body);
  });

  it('revokes the session on a retry after the token it was answered was used', async () => {
    const first = await loginPair();
    const attempt = newAttempt();
    const rotated = await refresh(first.refreshToken, attempt);
    expect(rotated.status).toBe(200);
    const next = await refresh(rotated.body.refreshToken);
    expect(next.status).toBe(200);
    expect((await refresh(first.refreshToken, attempt)).status).toBe(401);
    await expectRevoked(next.body);
  });

  it('revokes the session on a retry after the window', async () => {
    const first = await loginPair();
    const attempt = newAttempt();
    const rotated = await refresh(first.refreshToken, attempt);
    expect(rotated.status).toBe(200);
    await database.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - REFRESH_RETRY_WINDOW_MS - 1_000) })
      .where('token_hash', '=', hashOf(first.refreshToken))
      .execute();
    expect((await refresh(first.refreshToken, attempt)).status).toBe(401);
    await expectRevoked(rotated.body);
  });

  it('answers concurrent retries, and retries racing the rotation, the one live token of the session', async () => {
    const first = await loginPair();
    const attempt = newAttempt();
    // Three sends at once before any answer (one rotates, the others are retries), then two retries at once.
    const racing = await Promise.all(Array.from({ length: 3 }, () => refresh(first.refreshToken, attempt)));
    const retries = await Promise.all(Array.from({ length: 2 }, () => refresh(first.refreshToken, attempt)));
    const answers = [...racing, ...retries];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.refreshToken)).size).toBe(1);
    const live = await database.db
      .selectFrom('refresh_tokens')
      .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
      .select('refresh_tokens.token_hash')
      .where('auth_sessions.revoked_at', 'is', null)
      .where('refresh_tokens.used_at', 'is', null)
      .where('refresh_tokens.session_id', '=', String(claimsOf(first.accessToken).sid))
      .execute();
    expect(live).toEqual([{ token_hash: hashOf(answers[0]?.body.refreshToken ?? '') }]);
    for (const answer of answers)
      expect((await client.get('/api/v1/auth/me', answer.body.accessToken)).status).toBe(200);
    expect((await refresh(answers[0]?.body.refreshToken ?? '', newAttempt())).status).toBe(200);
  });

  it('ends a retry racing the use of the token it would answer with one outcome: a reuse, or a retry then a rotation', async () => {
    const first = await loginPair();
    const attempt = newAttempt();
    const rotated = await refresh(first.refreshToken, attempt);
    expect(rotated.status).toBe(200);
    const [retry, use] = await Promise.all([
      refresh(first.refreshToken, attempt),
      refresh(rotated.body.refreshToken, newAttempt()),
    ]);
    expect(use.status).toBe(200);
    if (retry.status === 200) {
      // The retry came first: it answered the token then used, whose successor is the session's live token.
      expect(retry.body.refreshToken).toBe(rotated.body.refreshToken);
      expect((await client.get('/api/v1/auth/me', use.body.accessToken)).status).toBe(200);
      expect((await refresh(use.body.refreshToken, newAttempt())).status).toBe(200);
    } else {
      // The use came first: the retry is a reuse, and the session is over.
      expect(retry.status).toBe(401);
      await expectRevoked(use.body);
    }
  });

  it('takes an attempt id of 22 to 128 letters, digits, - or _ (128 random bits at least), and no other field (400)', async () => {
    const { refreshToken } = await loginPair();
    for (const body of [
      { refreshToken, attempt: 'short' },
      // 21 characters: a guessable id would let a stolen, used token be retried.
      { refreshToken, attempt: 'aaaaaaaaaaaaaaaaaaaaa' },
      { refreshToken, attempt: 'not allowed: spaces and colons here' },
      { refreshToken, attempt: newAttempt(), extra: true },
    ]) {
      const response = await client.post('/api/v1/auth/refresh', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await refresh(refreshToken, `${newAttempt()}-_`)).status).toBe(200);
  });
});

// More in login-throttle.test.ts.
describe('throttling', () => {
  it('answers 429 with Retry-After after LOGIN_MAX_FAILURES failures, even with the right password', async () => {
    const username = SUPER_ADMIN.username;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await client.post('/api/v1/auth/login', { username, password: 'wrong-password-x' });
      expect(response.status).toBe(401);
    }
    const locked = await client.post('/api/v1/auth/login', { username, password: 'wrong-password-x' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'too many failed login attempts; try again later',
      details: [],
    });
    const right = await client.post('/api/v1/auth/login', SUPER_ADMIN);
    expect(right.status).toBe(429);
    // Logged by source and counter, not by the name typed (it may be a password; outside audit AA).
    const throttled = logs.lines.filter((line) => line.msg === 'login throttled');
    expect(throttled.length).toBeGreaterThan(0);
    for (const line of throttled) expect(line).not.toHaveProperty('username');
  });
});

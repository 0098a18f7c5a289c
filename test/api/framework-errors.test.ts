import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * What the router and Node's HTTP parser refuse before any route runs answers the documented error body too
 * (conventions §2: `{ statusCode, error, message, details }`; outside audit Z, D6): Fastify wrote its own there.
 */
const { api, client } = await setupApi();
const { port } = new URL(api.baseUrl);

function expectDocumentedBody(body: unknown, statusCode: number) {
  expect(Object.keys(body as object).sort()).toEqual(['details', 'error', 'message', 'statusCode']);
  expect(body).toMatchObject({ statusCode, error: expect.any(String), message: expect.any(String) });
}

/** Sends raw bytes and reads the answer to the end (the server closes the connection after a parser error). */
function rawExchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
    socket.write(request);
  });
}

describe('answers refused before any route runs', () => {
  it('a path whose percent-escapes are not UTF-8 → 400 with the documented body, on every prefix', async () => {
    const token = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    for (const path of ['/api/v1/questionnaires/%ZZ', '/api/v1/questionnaires/%ED%A0%80', '/%C0%AE']) {
      const response = await client.request('GET', path, { token });
      expect(response.status, path).toBe(400);
      expectDocumentedBody(response.body, 400);
      expect(response.body.details).toEqual([{ path: 'url', message: 'not valid percent-encoded UTF-8' }]);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('an id far longer than any id reaches its route and is refused there at params.id (was 414 from the router)', async () => {
    const token = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    const response = await client.post(`/api/v1/alerts/${'a'.repeat(101)}/acknowledge`, { note: 'seen' }, token);
    expect(response.status).toBe(400);
    expectDocumentedBody(response.body, 400);
    expect((response.body.details as Array<{ path: string }>).map((detail) => detail.path)).toEqual(['params.id']);
    const longer = await client.post(`/api/v1/alerts/${'b'.repeat(3000)}/acknowledge`, { note: 'seen' }, token);
    expect(longer.status).toBe(414);
    expectDocumentedBody(longer.body, 414);
  });

  it("headers past Node's limit → 431, a malformed request → 400, both with the documented body", async () => {
    const big = await rawExchange(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expectDocumentedBody(JSON.parse(big.body), 431);
    expect(big.headers).toContain('content-type: application/json');
    const smuggled = await rawExchange(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expect(smuggled.status).toBe(400);
    expectDocumentedBody(JSON.parse(smuggled.body), 400);
    // The server still answers afterwards.
    expect((await client.get('/api/v1/health')).status).toBe(200);
  });
});

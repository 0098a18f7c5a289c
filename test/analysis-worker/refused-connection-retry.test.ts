import { createServer, type IncomingMessage, type Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { retryRefusedConnections } from '../../src/common/worker-client/refused-connection-retry.js';
import { freePort } from '../support/redis-server.js';

/** A server on `port` that answers every request with the body it received; `reset` destroys each connection. */
async function listen(port: number, mode: 'echo' | 'reset' = 'echo'): Promise<Server & { bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    if (mode === 'reset') return request.socket.destroy();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString());
      response.setHeader('connection', 'close');
      response.end(`got ${bodies.at(-1)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return Object.assign(server, { bodies });
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function failure(call: Promise<unknown>): Promise<{ error: unknown; code: unknown }> {
  const error = await call.then(
    () => expect.unreachable('the call succeeded'),
    (caught: unknown) => caught,
  );
  return { error, code: ((error as { cause?: { code?: unknown } }).cause ?? {}).code };
}

describe('retryRefusedConnections (a worker restarting on its port)', () => {
  it('sends the request again once something listens, and the body arrives once', async () => {
    const port = await freePort();
    const fetch = retryRefusedConnections(globalThis.fetch, 10_000);
    const started = performance.now();
    const call = fetch(`http://127.0.0.1:${port}/x`, { method: 'POST', body: 'payload' });
    await delay(700);
    servers.push(await listen(port));
    const response = await call;
    expect(await response.text()).toBe('got payload');
    expect((servers[0] as Server & { bodies: string[] }).bodies).toEqual(['payload']);
    // Refused at 0, 250, 750 ms: the next try (at 1,750 ms at the latest) meets the server.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('gives up after its budget with the refusal as fetch reported it', async () => {
    const port = await freePort();
    const started = performance.now();
    const { code } = await failure(retryRefusedConnections(globalThis.fetch, 600)(`http://127.0.0.1:${port}/x`));
    const elapsed = performance.now() - started;
    expect(code).toBe('ECONNREFUSED');
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('does not send again a request a worker took and then dropped (a reset, not a refusal)', async () => {
    const port = await freePort();
    const server = await listen(port, 'reset');
    servers.push(server);
    let connections = 0;
    server.on('connection', () => (connections += 1));
    const { code } = await failure(
      retryRefusedConnections(globalThis.fetch, 5_000)(`http://127.0.0.1:${port}/x`, { method: 'POST', body: 'a' }),
    );
    expect(code).not.toBe('ECONNREFUSED');
    expect(connections).toBe(1);
  });

  it('stops waiting when the request is aborted, with the abort reason', async () => {
    const port = await freePort();
    const reason = new Error('pipeline cancelled');
    const controller = new AbortController();
    const call = retryRefusedConnections(globalThis.fetch, 30_000)(`http://127.0.0.1:${port}/x`, {
      signal: controller.signal,
    });
    await delay(400);
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
  });

  it('with a budget of 0 is fetch itself', () => {
    expect(retryRefusedConnections(globalThis.fetch, 0)).toBe(globalThis.fetch);
  });
});

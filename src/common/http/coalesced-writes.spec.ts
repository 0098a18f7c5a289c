import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceResponseWrites } from './coalesced-writes.js';

/** A bare Fastify with three routes, each noting when it was handled and when its answer was written. */
async function appNoting(events: string[], coalesce: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // An earlier onSend hook that changes the body: what it made is what is sent.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    done(null, typeof payload === 'string' ? payload.replace('draft', 'final') : payload);
  });
  if (coalesce) coalesceResponseWrites(app);
  // The moment the answer is handed to the socket (Fastify ends the response with its body).
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw as unknown as { end: (...parts: unknown[]) => unknown };
    const end = raw.end.bind(raw);
    raw.end = (...parts: unknown[]) => {
      events.push(`sent ${request.url}`);
      return end(...parts);
    };
    done();
  });
  for (const name of ['a', 'b', 'c'])
    app.get(`/${name}`, async () => {
      events.push(`handled /${name}`);
      // Queued before any answer is: what runs at the end of this turn, before or after the answers are written.
      if (name === 'a') setImmediate(() => events.push('end of the turn'));
      return { name, state: 'draft' };
    });
  await app.ready();
  return app;
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('coalesceResponseWrites', () => {
  it('sends the answers a turn of the event loop finished together, after all of them, in order', async () => {
    const events: string[] = [];
    open = await appNoting(events, true);
    const answers = await Promise.all(['/a', '/b', '/c'].map((url) => (open as FastifyInstance).inject(url)));
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual([
      [200, { name: 'a', state: 'final' }],
      [200, { name: 'b', state: 'final' }],
      [200, { name: 'c', state: 'final' }],
    ]);
    expect(events).toEqual([
      'handled /a',
      'handled /b',
      'handled /c',
      'end of the turn',
      'sent /a',
      'sent /b',
      'sent /c',
    ]);
  });

  it('without it, each answer is sent as soon as it is ready (what the test above tells apart)', async () => {
    const events: string[] = [];
    open = await appNoting(events, false);
    await Promise.all(['/a', '/b', '/c'].map((url) => (open as FastifyInstance).inject(url)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.indexOf('sent /a')).toBeLessThan(events.indexOf('end of the turn'));
    expect(events.indexOf('sent /c')).toBeLessThan(events.indexOf('end of the turn'));
  });

  it('answers a request that arrives in a later turn in that turn, and errors and 404s as any answer', async () => {
    const events: string[] = [];
    open = await appNoting(events, true);
    expect((await open.inject('/a')).statusCode).toBe(200);
    expect((await open.inject('/nowhere')).statusCode).toBe(404);
    expect((await open.inject('/b')).json()).toEqual({ name: 'b', state: 'final' });
    expect(events).toEqual(['handled /a', 'end of the turn', 'sent /a', 'sent /nowhere', 'handled /b', 'sent /b']);
  });

  it('closes the connection of an answer that cannot be written, logs it, and still writes the others of its turn', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
    open = app;
    coalesceResponseWrites(app);
    // A header value Node refuses to write: writeHead throws once the turn's answers are written.
    app.get('/broken', async (_request, reply) => reply.header('x-broken', 'a\nb').send({ broken: true }));
    app.get('/fine', async () => ({ fine: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const [broken, fine] = await Promise.allSettled([fetch(`${base}/broken`), fetch(`${base}/fine`)]);
    expect(broken.status).toBe('rejected');
    expect(fine.status === 'fulfilled' && (await fine.value.json())).toEqual({ fine: true });
    expect(lines.join('')).toContain('the answer could not be written');
  });
});

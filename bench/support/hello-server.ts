import Fastify from 'fastify';

/**
 * The yardstick of `bench:api`: a bare Fastify answering `GET /hello` with a small JSON object, no logging,
 * in a process of its own on the port given as the first argument. What the service costs per request is
 * read against what Fastify and Node cost on the same machine in the same run.
 */
const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

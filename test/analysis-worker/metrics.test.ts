import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startEntryPoint, type RunningEntryPoint } from '../support/processes.js';
import { freePort } from '../support/redis-server.js';

/** The IPv4 addresses a TCP port is listened on, from /proc/net/tcp (state 0A: LISTEN). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/u))
    .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
    .map((fields) => {
      const hex = (fields[1] as string).split(':')[0] as string;
      return [3, 2, 1, 0].map((byte) => Number.parseInt(hex.slice(byte * 2, byte * 2 + 2), 16)).join('.');
    });
}

/** Conventions §2: a process that runs without the API serves /metrics on METRICS_PORT, under METRICS_TOKEN. */
const TOKEN = 'analysis-worker-metrics-token';
let worker: RunningEntryPoint | undefined;
afterAll(async () => {
  await worker?.kill('SIGTERM');
});

describe('the analysis worker run alone', () => {
  it('serves its request metrics at /metrics on METRICS_PORT, only with the token', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    worker = startEntryPoint('analysis-worker/main', {
      ANALYSIS_WORKER_PORT: String(port),
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      ANALYSIS_WORKER_THREADS: '0',
      LOG_LEVEL: 'info',
    });
    await worker.waitForOutput('metrics served at /metrics');
    const health = await fetch(`http://127.0.0.1:${port}/sentiment/health`);
    expect(health.status).toBe(200);

    const url = `http://127.0.0.1:${metricsPort}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    const metrics = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/feedback_analysis_http_request_duration_seconds_count\{[^}]*route="\/sentiment\/health"/);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    // On the worker's own address (ANALYSIS_WORKER_HOST, loopback by default), not on every interface (audit L).
    expect(listeningAddresses(metricsPort)).toEqual(['127.0.0.1']);
    expect(await worker.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});

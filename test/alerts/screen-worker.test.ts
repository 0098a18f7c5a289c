import { afterAll, describe, expect, it } from 'vitest';
import { screenResponseSchema } from '../../src/contracts/worker-contracts.js';
import { SCREEN_ENGINE_VERSION } from '../../src/engine/screen/index.js';
import { postJson, postRaw, startWorker } from '../analysis-worker/worker-harness.js';

/** `/screen` on the analysis worker over HTTP (conventions §8 envelope, §11 shape). */

const worker = await startWorker({ environment: { WORKER_VERSION: '', WORKER_TOKEN: 'screen-test-token-0123456789' } });
afterAll(() => worker.close());
const auth = { authorization: 'Bearer screen-test-token-0123456789' };

function request(items: unknown, extra: Record<string, unknown> = {}) {
  return { input: { jobId: 'screen-job-1', version: '1', type: 'screen', items, ...extra } };
}

describe('POST /screen/runsync', () => {
  it('answers each item with its flags (empty when nothing applies) and the engine version', async () => {
    const response = await postJson(
      `${worker.url}/screen/runsync`,
      request([
        { submissionId: 'a', text: 'Sir calls us stupid and useless every meeting.' },
        { submissionId: 'b', text: 'Patay ako sa finals, pero terror si sir pero magaling.' },
        { submissionId: 'c', text: 'Ayoko nang mabuhay, wala namang nakakaintindi sa akin.' },
        { submissionId: 'd', text: 'We discussed discrimination in class and how to address it.' },
      ]),
      auth,
    );
    expect(response.status).toBe(200);
    const parsed = screenResponseSchema.parse(response.body);
    expect(parsed.output).toMatchObject({ status: 'completed', jobId: 'screen-job-1', version: SCREEN_ENGINE_VERSION });
    const results = response.body.output.results as Array<{
      submissionId: string;
      flags: Array<{ category: string; score: number }>;
    }>;
    expect(results.map((result) => result.submissionId)).toEqual(['a', 'b', 'c', 'd']);
    expect(results[0]!.flags.map((flag) => flag.category)).toEqual(['abuse']);
    expect(results[0]!.flags[0]!.score).toBeGreaterThanOrEqual(0.5);
    expect(results[0]!.flags[0]!.score).toBeLessThanOrEqual(1);
    expect(Object.keys(results[0]!.flags[0]!).sort()).toEqual(['category', 'score']);
    expect(results[1]!.flags).toEqual([]);
    expect(results[2]!.flags.map((flag) => flag.category)).toEqual(['self_harm']);
    expect(results[3]!.flags).toEqual([]);
  });

  it('screens a text of spaces and line breaks (min length 1) as raising nothing, beside the other items', async () => {
    const response = await postJson(
      `${worker.url}/screen/runsync`,
      request([
        { submissionId: 'a', text: ' \n  ' },
        { submissionId: 'b', text: 'Sir calls us stupid and useless every meeting.' },
      ]),
      auth,
    );
    expect(response.body.output.status).toBe('completed');
    expect(response.body.output.results[0]).toEqual({ submissionId: 'a', flags: [] });
    expect(response.body.output.results[1].flags.map((flag: { category: string }) => flag.category)).toEqual(['abuse']);
  });

  it('answers an invalid request with status failed naming the field', async () => {
    const response = await postJson(`${worker.url}/screen/runsync`, request([{ submissionId: 'a', text: '' }]), auth);
    expect(response.status).toBe(200);
    expect(response.body.output).toMatchObject({ status: 'failed', jobId: 'screen-job-1' });
    expect(response.body.output.error).toContain('input.items.0.text');
    const wrongType = await postJson(
      `${worker.url}/screen/runsync`,
      request([{ submissionId: 'a', text: 'x' }], { type: 'sentiment' }),
      auth,
    );
    expect(wrongType.body.output.error).toContain("input.type: must be 'screen'");
  });

  it('answers a body that is not JSON as an invalid request: 200 with status failed', async () => {
    const response = await postRaw(`${worker.url}/screen/runsync`, '{not json', auth);
    expect(response.status).toBe(200);
    expect(response.body.output).toMatchObject({ status: 'failed', error: 'request body is not valid JSON' });
  });

  it('requires the worker token on /runsync but not on /health', async () => {
    const refused = await postJson(
      `${worker.url}/screen/runsync`,
      request([{ submissionId: 'a', text: 'hello there class' }]),
    );
    expect(refused.status).toBe(401);
    const health = await fetch(`${worker.url}/screen/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'ok',
      service: 'screen',
      version: SCREEN_ENGINE_VERSION,
      accepts: ['application/json'],
    });
  });
});

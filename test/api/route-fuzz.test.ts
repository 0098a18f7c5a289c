import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDimensions,
  simpleSchema,
  submissionInstitution,
  activeVersion,
} from '../support/questionnaire-fixtures.js';
import { startSimulator } from '../support/lms.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * Every JSON write route of the OpenAPI document gets hostile bodies and path parameters: wrong types, nulls,
 * deep nesting, NUL bytes, huge numbers, unknown ids. Whatever the route, the answer is a 2xx or a 4xx with
 * the error body, never a 5xx.
 */
// The learning-system routes reach a (simulated) learning system: without one they answer 503 by design.
const simulator = await startSimulator();
const { client } = await setupApi({ LMS_URL: simulator.url, LMS_TOKEN: simulator.token });
let token = '';
let versionId = '';

const deep = (depth: number): unknown => (depth === 0 ? {} : { sections: [deep(depth - 1)] });
const BODIES: unknown[] = [
  {},
  [],
  null,
  'text',
  42,
  { schema: null, title: 7, typeCode: ['x'], versionId: 'not-a-uuid', answers: 'none' },
  { schema: deep(200) },
  { schema: { sections: Array.from({ length: 2000 }, (_, i) => ({ id: `s${i}`, title: 't', weight: 1e308 })) } },
  { title: 'a\u0000b', typeCode: 'FACULTY_FEEDBACK\u0000', code: '\u0000', displayName: 'x'.repeat(100_000) },
  {
    versionId: randomUUID(),
    facultyId: randomUUID(),
    courseId: randomUUID(),
    answers: [{ questionId: 'q1', value: Number.MAX_VALUE }],
  },
  { sourceVersionId: randomUUID() },
  { sourceVersionId: 'x' },
];

beforeAll(async () => {
  token = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', submissionInstitution(), token)).status).toBe(200);
  await createDimensions(client, token);
  versionId = (await activeVersion(client, token, 'FACULTY_FEEDBACK', simpleSchema())).versionId;
});

describe('hostile input on every JSON write route', () => {
  it('never answers 5xx', async () => {
    const document = (await client.get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      if (path.startsWith('/api/v1/auth/')) continue; // logout would end this test's session
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        if (operation.requestBody && !('application/json' in operation.requestBody.content)) continue;
        for (const parameter of [versionId, randomUUID(), 'not-a-uuid', '%00']) {
          const concrete = path.replace(/\{[^}]+\}/g, parameter);
          for (const body of BODIES) {
            requests += 1;
            const response = await client.request(method.toUpperCase(), concrete, {
              token,
              rawBody: JSON.stringify(body),
              headers: { 'content-type': 'application/json' },
            });
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (response.status >= 500)
              failures.push(`${method} ${concrete} ${JSON.stringify(body).slice(0, 80)} → ${response.status}`);
            else if (response.status >= 400)
              expect(response.body, `${method} ${concrete}`).toMatchObject({
                statusCode: response.status,
                message: expect.any(String),
              });
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
    // The routes were reached and judged the input: validation (400), role rules (403), unknown ids (404).
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([400, 403, 404]));
    expect(failures).toEqual([]);
  }, 120_000);
});

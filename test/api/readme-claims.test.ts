import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/institution-fixtures.js';
import {
  activeVersion,
  createDimensions,
  createDraft,
  createQuestionnaire,
  simpleSchema,
  submissionInstitution,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/** The README's claims about request handling ("Decisions where the specification is silent"), one by one. */
const { client, database } = await setupApi();
let admin = '';

beforeAll(async () => {
  admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await client.post('/api/v1/admin/institution/import', submissionInstitution(), admin)).status).toBe(200);
  await createDimensions(client, admin);
});

describe('request bodies are JSON', () => {
  it('a text/plain or form-encoded body is refused with 415, also on login', async () => {
    for (const [type, rawBody] of [
      ['text/plain', JSON.stringify({ username: SUPER_ADMIN.username, password: SUPER_ADMIN.password })],
      ['application/x-www-form-urlencoded', `username=${SUPER_ADMIN.username}&password=${SUPER_ADMIN.password}`],
    ] as const) {
      const response = await client.request('POST', '/api/v1/auth/login', {
        rawBody,
        headers: { 'content-type': type },
      });
      expect(response.status, type).toBe(415);
      expect(response.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    }
  });

  it('an action with no body works with or without a JSON content type', async () => {
    for (const headers of [{ 'content-type': 'application/json' }, {} as Record<string, string>]) {
      const questionnaire = await createQuestionnaire(client, admin, 'FACULTY_FEEDBACK');
      const draft = await createDraft(client, admin, questionnaire.id, simpleSchema());
      const response = await client.request(
        'POST',
        `/api/v1/questionnaires/${questionnaire.id}/versions/${draft.id}/publish`,
        { token: admin, headers },
      );
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.body).toMatchObject({ status: 'ACTIVE' });
    }
  });

  it('an unknown field in a body is refused with 400 naming it', async () => {
    const response = await client.post('/api/v1/auth/login', { ...SUPER_ADMIN, remember: true });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: '(root)', message: 'unknown field(s): remember' }]);
  });

  it('an undocumented query parameter is ignored', async () => {
    const response = await client.get('/api/v1/semesters?colour=blue', admin);
    expect(response.status).toBe(200);
  });
});

describe('validation reports every problem at once', () => {
  it('a submission with a wrongly typed answer and a missing required answer gets both details', async () => {
    const version = await activeVersion(client, admin, 'FACULTY_FEEDBACK', simpleSchema());
    const student = await client.login('stu.one', PASSWORD);
    const ids = Object.fromEntries(
      (await database.db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const course = await database.db
      .selectFrom('courses')
      .select('id')
      .where('shortname', '=', 'IT101-MAIN')
      .executeTakeFirstOrThrow();
    const response = await client.post(
      '/api/v1/submissions',
      {
        versionId: version.versionId,
        facultyId: ids['fac.one'],
        courseId: course.id,
        answers: [{ questionId: 'q2', value: '5' }],
      },
      student,
    );
    expect(response.status).toBe(400);
    const details = response.body.details as Array<{ path: string; message: string }>;
    expect(details.map((detail) => detail.path)).toEqual(expect.arrayContaining(['answers.0.value', 'answers']));
    expect(details.find((detail) => detail.path === 'answers.0.value')?.message).toMatch(/integer from 1 to 5/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_PATH,
  chatCompletion,
  startFakeOpenAiServer,
  userPayload,
  type RecordedRequest,
} from '../support/fake-openai-server.js';
import { PASSWORD } from '../support/institution-fixtures.js';
import {
  activeVersion,
  createDimensions,
  simpleSchema,
  submissionInstitution,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN, type ApiClient } from '../support/test-context.js';

/**
 * What the preview's comments say about the class (issue 21): a male teacher is never "ma'am", a teacher
 * whose name tells no gender is addressed without a gendered word, and a psychology lecture course gets no
 * comment about a laboratory. The usernames carry no given name, so the full name is what tells.
 */
const { client } = await setupApi();
const fake = await startFakeOpenAiServer();
afterAll(() => fake.close());
const withModel = await setupApi({
  OPENAI_API_KEY: 'test-key',
  OPENAI_BASE_URL: fake.baseURL,
  LLM_MODEL: 'fake-model',
});

const PREVIEW = '/api/v1/admin/generate-submissions/preview';
const STUDENTS = Array.from({ length: 30 }, (_, index) => `psy.s${String(index + 1).padStart(2, '0')}`);
const FEMALE_ADDRESS = /\bma['\u2019]?am\b|\bmam\b|\bshe\b|\bher\b|pasensyosa/iu;
const MALE_ADDRESS = /\bsir\b|\bhe\b|\bhis\b|\bhim\b|pasensyoso/iu;
const LABORATORY = /\blabs?\b|laborator|hands-on/iu;

/** The submission fixtures plus a psychology course taught by two teachers, with thirty students. */
function institution() {
  const base = submissionInstitution();
  const semester = 'S12526';
  return {
    ...base,
    courses: [
      ...base.courses,
      { campus: 'MAIN', semester, program: 'BSA', shortname: 'PSY101-MAIN', fullname: 'General Psychology' },
    ],
    users: [
      ...base.users,
      { username: 'fac.psy', fullName: 'Jose Reyes', password: PASSWORD, roles: ['FACULTY'] },
      { username: 'fac.anon', fullName: 'Faculty Member Seven', password: PASSWORD, roles: ['FACULTY'] },
      ...STUDENTS.map((username, index) => ({
        username,
        fullName: `Psychology Student ${index + 1}`,
        password: PASSWORD,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: [
      ...base.enrollments,
      { username: 'fac.psy', course: 'PSY101-MAIN', campus: 'MAIN', semester, role: 'faculty' },
      { username: 'fac.anon', course: 'PSY101-MAIN', campus: 'MAIN', semester, role: 'faculty' },
      ...STUDENTS.map((username) => ({ username, course: 'PSY101-MAIN', campus: 'MAIN', semester, role: 'student' })),
    ],
  };
}

async function prepare(api: ApiClient) {
  const token = await api.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await api.post('/api/v1/admin/institution/import', institution(), token)).status).toBe(200);
  await createDimensions(api, token);
  const { versionId } = await activeVersion(api, token, 'FACULTY_FEEDBACK', simpleSchema());
  return { token, versionId };
}

/** The comments of previews over several seeds, in all four languages. */
async function previewComments(api: ApiClient, token: string, body: Record<string, unknown>): Promise<string[]> {
  const comments: string[] = [];
  for (let seed = 1; seed <= 8; seed += 1) {
    const response = await api.post(
      PREVIEW,
      { count: 30, seed, commentRatio: 1, languages: { en: 1, tl: 1, ceb: 1, taglish: 1 }, ...body },
      token,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    for (const row of response.body.rows as Array<{ comment: string | null }>)
      if (row.comment !== null) comments.push(row.comment);
  }
  return comments;
}

describe('POST /admin/generate-submissions/preview: comments that fit the teacher and the course', () => {
  let token = '';
  let versionId = '';
  beforeAll(async () => {
    ({ token, versionId } = await prepare(client));
  });

  it("never calls a male teacher ma'am and never speaks of a laboratory in a psychology course", async () => {
    const comments = await previewComments(client, token, {
      versionId,
      facultyUsername: 'fac.psy',
      courseShortname: 'PSY101-MAIN',
      theme: 'laboratory work',
    });
    expect(comments.length).toBe(240);
    expect(comments.filter((text) => FEMALE_ADDRESS.test(text))).toEqual([]);
    expect(comments.filter((text) => LABORATORY.test(text))).toEqual([]);
    expect(comments.filter((text) => /\bsir\b/iu.test(text)).length).toBeGreaterThan(40);
  });

  it('addresses a teacher whose name tells no gender without a gendered word', async () => {
    const comments = await previewComments(client, token, {
      versionId,
      facultyUsername: 'fac.anon',
      courseShortname: 'PSY101-MAIN',
    });
    expect(comments.length).toBe(240);
    expect(comments.filter((text) => FEMALE_ADDRESS.test(text) || MALE_ADDRESS.test(text))).toEqual([]);
  });

  it('tells a language model how to address the teacher and that the course has no laboratory', async () => {
    const prepared = await prepare(withModel.client);
    const answer = (request: RecordedRequest) => {
      const items = userPayload(request).comments as Array<{ index: number }>;
      return chatCompletion(
        JSON.stringify({ comments: items.map((item) => ({ index: item.index, text: `comment ${item.index}` })) }),
      );
    };
    for (const [facultyUsername, address] of [
      ['fac.psy', 'sir'],
      ['fac.anon', expect.stringMatching(/^no sir or ma'am/u)],
    ] as const) {
      fake.reset();
      fake.script(CHAT_PATH, answer);
      const response = await withModel.client.post(
        PREVIEW,
        {
          versionId: prepared.versionId,
          facultyUsername,
          courseShortname: 'PSY101-MAIN',
          count: 5,
          seed: 3,
          commentRatio: 1,
        },
        prepared.token,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.commentSource).toBe('model');
      const sent = userPayload(fake.requests[0] as RecordedRequest).comments as Array<Record<string, unknown>>;
      expect(sent).toHaveLength(5);
      for (const item of sent) {
        expect(item.address).toEqual(address);
        expect(item.laboratoryWork).toBe(false);
        expect(item.aspects).not.toContain('lab');
      }
    }
  });
});

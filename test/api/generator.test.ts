import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneratorService } from '../../src/modules/generator/generator.service.js';
import { PASSWORD } from '../support/institution-fixtures.js';
import {
  CHAT_PATH,
  chatCompletion,
  startFakeOpenAiServer,
  userPayload,
  type RecordedRequest,
} from '../support/fake-openai-server.js';
import {
  activeVersion,
  createDimensions,
  createDraft,
  simpleSchema,
  submissionInstitution,
} from '../support/questionnaire-fixtures.js';
import { runEntryPoint } from '../support/processes.js';
import { setupApi, SUPER_ADMIN, type ApiClient } from '../support/test-context.js';

/**
 * The admin generator over HTTP: status, preview (seeded, nothing stored), commit through the normal
 * submission path with per-row results, the 200-row limit, SUPER_ADMIN only, and comments from a model
 * (a fake OpenAI server) with the local generator as fallback.
 */
const { client, database, settings, api } = await setupApi();
const fake = await startFakeOpenAiServer();
afterAll(() => fake.close());
const withModel = await setupApi({
  OPENAI_API_KEY: 'test-key',
  OPENAI_BASE_URL: fake.baseURL,
  LLM_MODEL: 'fake-model',
});

const BASE = '/api/v1/admin/generate-submissions';
const STUDENTS = Array.from({ length: 30 }, (_, index) => `gen.s${String(index + 1).padStart(2, '0')}`);

/** The submission fixtures plus thirty students of IT101-MAIN (with stu.one, 31 enrolled). */
function institution() {
  const base = submissionInstitution();
  const semester = 'S12526';
  return {
    ...base,
    users: [
      ...base.users,
      ...STUDENTS.map((username, index) => ({
        username,
        fullName: `Generated Student ${index + 1}`,
        password: PASSWORD,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: [
      ...base.enrollments,
      ...STUDENTS.map((username) => ({ username, course: 'IT101-MAIN', campus: 'MAIN', semester, role: 'student' })),
    ],
  };
}

async function prepare(api: ApiClient) {
  const token = await api.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  expect((await api.post('/api/v1/admin/institution/import', institution(), token)).status).toBe(200);
  await createDimensions(api, token);
  const { versionId, questionnaireId } = await activeVersion(api, token, 'FACULTY_FEEDBACK', simpleSchema());
  return { token, versionId, questionnaireId };
}

let admin = '';
let versionId = '';
let questionnaireId = '';
const target = () => ({ versionId, facultyUsername: 'fac.one', courseShortname: 'IT101-MAIN' });
const statusPath = (overrides: Record<string, string> = {}) =>
  `${BASE}/status?${new URLSearchParams({ ...target(), ...overrides })}`;

async function submissionCount(): Promise<number> {
  const row = await database.db
    .selectFrom('submissions')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('version_id', '=', versionId)
    .executeTakeFirstOrThrow();
  return row.count;
}

beforeAll(async () => {
  ({ token: admin, versionId, questionnaireId } = await prepare(client));
  // stu.one evaluates fac.one in IT101-MAIN before anything is generated.
  const student = await client.login('stu.one', PASSWORD);
  const ids = new Map(
    (await database.db.selectFrom('users').select(['id', 'username']).execute()).map((user) => [
      user.username,
      user.id,
    ]),
  );
  const course = await database.db
    .selectFrom('courses')
    .select('id')
    .where('shortname', '=', 'IT101-MAIN')
    .executeTakeFirstOrThrow();
  const submitted = await client.post(
    '/api/v1/submissions',
    {
      versionId,
      facultyId: ids.get('fac.one'),
      courseId: course.id,
      answers: [{ questionId: 'q1', value: 4 }],
      qualitativeComment: 'Malinaw magturo si sir.',
    },
    student,
  );
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
});

describe('GET /admin/generate-submissions/status', () => {
  it('counts the enrolled students, those who already submitted, and the rest', async () => {
    const response = await client.get(statusPath(), admin);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ totalEnrolled: 31, alreadySubmitted: 1, availableStudents: 30 });
  });

  it('reports every unknown reference at once, and a faculty member who does not teach the course', async () => {
    const unknown = await client.get(
      statusPath({
        versionId: '00000000-0000-4000-8000-000000000000',
        facultyUsername: 'nobody',
        courseShortname: 'X1',
      }),
      admin,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'courseShortname',
      'facultyUsername',
      'versionId',
    ]);
    const notTeaching = await client.get(statusPath({ facultyUsername: 'fac.two' }), admin);
    expect(notTeaching.status).toBe(400);
    expect(notTeaching.body.details).toEqual([{ path: 'facultyUsername', message: 'does not teach IT101-MAIN' }]);
    const badQuery = await client.get(`${BASE}/status?versionId=nope`, admin);
    expect(badQuery.status).toBe(400);
  });

  it('refuses a questionnaire type students do not answer', async () => {
    const observation = await activeVersion(client, admin, 'FACULTY_IN_CLASSROOM', simpleSchema());
    const response = await client.get(statusPath({ versionId: observation.versionId }), admin);
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe('versionId');
  });
});

describe('POST /admin/generate-submissions/preview', () => {
  const preview = (body: Record<string, unknown>, token = admin, api: ApiClient = client) =>
    api.post(`${BASE}/preview`, { ...target(), ...body }, token);

  it('builds rows for students who have not submitted, with answers in range, and stores nothing', async () => {
    const before = await submissionCount();
    const response = await preview({ count: 12, seed: 42 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { rows, seed, commentSource } = response.body;
    expect(seed).toBe(42);
    expect(commentSource).toBe('local');
    expect(rows).toHaveLength(12);
    const usernames = rows.map((row: { studentUsername: string }) => row.studentUsername);
    expect(new Set(usernames).size).toBe(12);
    expect(usernames).not.toContain('stu.one');
    for (const username of usernames) expect(STUDENTS).toContain(username);
    for (const row of rows) {
      const answers = new Map(
        row.answers.map((answer: { questionId: string; value: number }) => [answer.questionId, answer.value]),
      );
      expect(answers.has('q1')).toBe(true);
      expect(answers.get('q1')).toBeGreaterThanOrEqual(1);
      expect(answers.get('q1')).toBeLessThanOrEqual(5);
      if (answers.has('q3')) expect([0, 1]).toContain(answers.get('q3'));
      expect(row.comment === null || (typeof row.comment === 'string' && row.comment.length <= 200)).toBe(true);
    }
    expect(await submissionCount()).toBe(before);
  });

  it('gives the same rows for the same seed, and other rows without one or with another', async () => {
    const first = (await preview({ count: 10, seed: 7 })).body;
    const again = (await preview({ count: 10, seed: 7 })).body;
    expect(again).toEqual(first);
    const other = (await preview({ count: 10, seed: 8 })).body;
    expect(other.rows).not.toEqual(first.rows);
    const unseeded = (await preview({ count: 10 })).body;
    expect(typeof unseeded.seed).toBe('number');
    expect(unseeded.rows).not.toEqual(first.rows);
    // The seed an unseeded preview answers with repeats it.
    expect((await preview({ count: 10, seed: unseeded.seed })).body).toEqual(unseeded);
  });

  it('caps the count at the students who can still answer', async () => {
    const response = await preview({ count: 500, seed: 1 });
    expect(response.status).toBe(200);
    expect(response.body.rows).toHaveLength(30);
  });

  it('follows commentRatio, languages and the questionnaire limit on comment length', async () => {
    const none = (await preview({ count: 30, seed: 3, commentRatio: 0 })).body.rows;
    expect(none.every((row: { comment: string | null }) => row.comment === null)).toBe(true);
    const all = (await preview({ count: 30, seed: 3, commentRatio: 1, languages: { ceb: 1 }, theme: 'grading' })).body
      .rows;
    expect(all.every((row: { comment: string | null }) => typeof row.comment === 'string')).toBe(true);
    expect(all.every((row: { comment: string }) => row.comment.length <= 200)).toBe(true);
  });

  it('refuses bad input with 400 and a version that is not ACTIVE with 409', async () => {
    expect((await preview({ count: 0 })).status).toBe(400);
    expect((await preview({ count: 5, languages: {} })).status).toBe(400);
    expect((await preview({ count: 5, commentRatio: 2 })).status).toBe(400);
    expect((await preview({ count: 5, extra: true })).status).toBe(400);
    const draft = await createDraft(client, admin, questionnaireId, simpleSchema());
    const response = await preview({ count: 5, versionId: draft.id });
    expect(response.status).toBe(409);
  });
});

describe('POST /admin/generate-submissions/commit', () => {
  const commit = (rows: unknown[], token = admin) => client.post(`${BASE}/commit`, { ...target(), rows }, token);

  it('stores the good rows through the normal submission path and reports each bad one', async () => {
    const before = await submissionCount();
    const { rows } = (await client.post(`${BASE}/preview`, { ...target(), count: 6, seed: 99, commentRatio: 1 }, admin))
      .body;
    const [a, b, c, d, e, f] = rows;
    const mixed = [
      a,
      { ...b, studentUsername: 'ghost.student' },
      { ...c, answers: [...c.answers, { questionId: 'q9', value: 3 }] },
      {
        ...d,
        answers: d.answers.map((answer: { questionId: string }) =>
          answer.questionId === 'q1' ? { ...answer, value: 9 } : answer,
        ),
      },
      { studentUsername: 'stu.one', answers: [{ questionId: 'q1', value: 5 }], comment: null },
      e,
      f,
    ];
    const response = await commit(mixed);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.created).toBe(3);
    expect(response.body.failed).toBe(4);
    const results = response.body.results as Array<{
      index: number;
      status: string;
      submissionId?: string;
      error?: string;
    }>;
    expect(results.map((result) => [result.index, result.status])).toEqual([
      [0, 'ok'],
      [1, 'error'],
      [2, 'error'],
      [3, 'error'],
      [4, 'error'],
      [5, 'ok'],
      [6, 'ok'],
    ]);
    expect(results[1]?.error).toContain("unknown student 'ghost.student'");
    expect(results[2]?.error).toContain('answers.');
    expect(results[2]?.error).toContain('unknown question "q9"');
    expect(results[3]?.error).toContain('takes an integer from 1 to 5');
    expect(results[4]?.error).toContain('already submitted');

    expect(await submissionCount()).toBe(before + 3);
    const stored = await database.db
      .selectFrom('submissions as s')
      .innerJoin('users as u', 'u.id', 's.respondent_id')
      .select(['s.id', 'u.username', 's.qualitative_comment as comment', 's.course_shortname_snapshot as course'])
      .where(
        's.id',
        'in',
        [0, 5, 6].map((index) => results[index]?.submissionId as string),
      )
      .execute();
    expect(stored.map((row) => row.username).sort()).toEqual(
      [a.studentUsername, e.studentUsername, f.studentUsername].sort(),
    );
    for (const row of stored) expect(row.course).toBe('IT101-MAIN');
    expect(stored.find((row) => row.username === a.studentUsername)?.comment).toBe(a.comment);

    const status = await client.get(statusPath(), admin);
    expect(status.body).toEqual({ totalEnrolled: 31, alreadySubmitted: 4, availableStudents: 27 });
    const audit = await database.db
      .selectFrom('audit_records')
      .select(['action', 'metadata'])
      .where('action', '=', 'submissions.generate')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.metadata).toMatchObject({ created: 3, failed: 4, outcome: 'partial' });
  });

  it('refuses more than 200 rows whole (400) and stores nothing', async () => {
    const before = await submissionCount();
    const { rows } = (await client.post(`${BASE}/preview`, { ...target(), count: 1, seed: 5 }, admin)).body;
    const response = await commit(Array.from({ length: 201 }, () => rows[0]));
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe('rows');
    expect(await submissionCount()).toBe(before);
  });

  it('audits a commit whose every row failed as a failure, and a refused commit too (issue 21)', async () => {
    const latest = async () =>
      (await client.get('/api/v1/admin/audit?action=submissions.generate&limit=1', admin)).body.items[0];
    const { rows } = (await client.post(`${BASE}/preview`, { ...target(), count: 8, seed: 21 }, admin)).body;
    const broken = rows.map((row: { answers: Array<{ questionId: string }> }) => ({
      ...row,
      answers: row.answers.map((answer) => ({ ...answer, value: 99 })),
    }));
    const response = await commit(broken);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ created: 0, failed: 8 });
    expect(await latest()).toMatchObject({
      action: 'submissions.generate',
      actor: { username: SUPER_ADMIN.username },
      target: `questionnaire_version:${versionId}`,
      metadata: { rows: 8, created: 0, failed: 8, outcome: 'failure' },
    });

    const refused = await client.post(
      `${BASE}/commit`,
      { ...target(), courseShortname: 'NO-SUCH-COURSE', rows: rows.slice(0, 1) },
      admin,
    );
    expect(refused.status).toBe(400);
    expect((await latest()).metadata).toMatchObject({
      rows: 1,
      outcome: 'failure',
      error: 'cannot generate submissions for this version, faculty member and course',
    });
  });

  it('refuses a lone surrogate in a username with 400 naming it; the service audits such a refusal too (outside audit Z, D3)', async () => {
    const { rows } = (await client.post(`${BASE}/preview`, { ...target(), count: 1, seed: 3 }, admin)).body;
    const refused = await client.post(`${BASE}/commit`, { ...target(), facultyUsername: 'x\ud800', rows }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      {
        path: 'facultyUsername',
        message: 'must be valid Unicode: a lone surrogate (\\ud800-\\udfff) is not a character',
      },
    ]);
    // Reached all the same (the CLI, a job): the refusal's record is written, the text escaped.
    const generator = api.app.get(GeneratorService);
    await expect(generator.commit(null, { ...target(), facultyUsername: 'x\ud800', rows })).rejects.toMatchObject({
      kind: 'invalid',
    });
    const records = await database.db
      .selectFrom('audit_records')
      .select('metadata')
      .where('action', '=', 'submissions.generate')
      .execute();
    expect(records.map((record) => record.metadata)).toContainEqual(
      expect.objectContaining({ facultyUsername: 'x\\ud800', rows: 1, outcome: 'failure' }),
    );
  });
});

describe('every status and preview is audited (outside audit AA, F1)', () => {
  /** The preview's rows name who has not answered: enrolled minus listed are the respondents. */
  const records = (action: string) =>
    database.db
      .selectFrom('audit_records as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select(['a.action', 'a.target', 'a.metadata', 'u.username'])
      .where('a.action', '=', action)
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();

  it('records the actor, version, faculty member, course and the counts of each status call', async () => {
    const before = (await records('submissions.generate.status')).length;
    const response = await client.get(statusPath(), admin);
    expect(response.status).toBe(200);
    await client.get(statusPath(), admin);
    const after = await records('submissions.generate.status');
    expect(after).toHaveLength(before + 2);
    expect(after[0]).toEqual({
      action: 'submissions.generate.status',
      target: `questionnaire_version:${versionId}`,
      username: SUPER_ADMIN.username,
      metadata: {
        facultyUsername: 'fac.one',
        courseShortname: 'IT101-MAIN',
        semesterCode: 'S12526',
        ...response.body,
        outcome: 'success',
      },
    });
  });

  it('records each preview with how many students it named, and a refused one as a failure', async () => {
    const before = (await records('submissions.generate.preview')).length;
    const status = (await client.get(statusPath(), admin)).body;
    const response = await client.post(`${BASE}/preview`, { ...target(), count: 500, seed: 11 }, admin);
    expect(response.status).toBe(200);
    const unseeded = await client.post(`${BASE}/preview`, { ...target(), count: 2 }, admin);
    expect(unseeded.status).toBe(200);
    const refused = await client.post(`${BASE}/preview`, { ...target(), courseShortname: 'NO-SUCH', count: 5 }, admin);
    expect(refused.status).toBe(400);
    const after = await records('submissions.generate.preview');
    expect(after).toHaveLength(before + 3);
    const [refusedRecord, unseededRecord, fullRecord] = after;
    expect(fullRecord).toEqual({
      action: 'submissions.generate.preview',
      target: `questionnaire_version:${versionId}`,
      username: SUPER_ADMIN.username,
      metadata: {
        facultyUsername: 'fac.one',
        courseShortname: 'IT101-MAIN',
        semesterCode: 'S12526',
        count: 500,
        seed: 11,
        ...status,
        rows: status.availableStudents,
        outcome: 'success',
      },
    });
    expect(response.body.rows).toHaveLength(status.availableStudents);
    // The seed drawn for an unseeded preview is recorded, so the rows it answered can be read again.
    expect(unseededRecord?.metadata).toMatchObject({ count: 2, seed: unseeded.body.seed, rows: 2 });
    expect(refusedRecord).toMatchObject({
      target: `questionnaire_version:${versionId}`,
      metadata: {
        courseShortname: 'NO-SUCH',
        count: 5,
        seed: null,
        outcome: 'failure',
        error: 'cannot generate submissions for this version, faculty member and course',
      },
    });
  });

  it('answers no preview and no status that it could not audit', async () => {
    await sql`ALTER TABLE audit_records RENAME TO audit_records_away`.execute(database.db);
    try {
      const preview = await client.post(`${BASE}/preview`, { ...target(), count: 3, seed: 1 }, admin);
      expect(preview.status).toBe(500);
      expect(JSON.stringify(preview.body)).not.toContain('gen.s');
      expect((await client.get(statusPath(), admin)).status).toBe(500);
    } finally {
      await sql`ALTER TABLE audit_records_away RENAME TO audit_records`.execute(database.db);
    }
  });
});

describe('npm run cli -- generate', () => {
  const environment = () => ({
    DATABASE_URL: settings.DATABASE_URL,
    CACHE_URL: settings.CACHE_URL,
    CACHE_KEY_PREFIX: settings.CACHE_KEY_PREFIX,
  });

  it('prints the preview the API gives, and stores it with --commit', async () => {
    const args = ['generate', 'fac.one', 'IT101-MAIN', '--count', '3', '--seed', '5'];
    const audited = async () =>
      database.db
        .selectFrom('audit_records')
        .select(['action', 'actor_id as actorId'])
        .where('action', 'in', ['submissions.generate.status', 'submissions.generate.preview'])
        .where('actor_id', 'is', null)
        .orderBy('at')
        .execute();
    const auditedBefore = (await audited()).length;
    const previewed = await runEntryPoint('cli', args, environment(), { timeoutMs: 30_000 });
    expect(previewed.code, previewed.stderr).toBe(0);
    expect((await audited()).slice(auditedBefore).map((record) => record.action)).toEqual([
      'submissions.generate.status',
      'submissions.generate.preview',
    ]);
    const printed = JSON.parse(previewed.stdout);
    const viaApi = await client.post(`${BASE}/preview`, { ...target(), count: 3, seed: 5 }, admin);
    expect(printed).toEqual(viaApi.body);

    const before = await submissionCount();
    const committed = await runEntryPoint('cli', [...args, '--commit'], environment(), { timeoutMs: 30_000 });
    expect(committed.code, committed.stderr).toBe(0);
    expect(JSON.parse(committed.stdout)).toMatchObject({ seed: 5, created: 3, failed: 0 });
    expect(committed.stderr).toContain('3 of 3 rows stored');
    expect(await submissionCount()).toBe(before + 3);

    const wrong = await runEntryPoint('cli', ['generate', 'fac.one', '--count', 'many'], environment());
    expect(wrong.code).toBe(2);
  });
});

describe('roles and the OpenAPI document', () => {
  it('is SUPER_ADMIN only: a dean gets 403 on every route, no credential 401', async () => {
    const dean = await client.login('dean.main', PASSWORD);
    expect((await client.get(statusPath(), dean)).status).toBe(403);
    expect((await client.post(`${BASE}/preview`, { ...target(), count: 1 }, dean)).status).toBe(403);
    expect((await client.post(`${BASE}/commit`, { ...target(), rows: [] }, dean)).status).toBe(403);
    expect((await client.get(statusPath())).status).toBe(401);
  });

  it('documents the three routes with their schemas', async () => {
    const document = (await client.get('/api/v1/openapi.json')).body;
    expect(document.paths[`${BASE}/status`].get).toBeDefined();
    expect(document.paths[`${BASE}/preview`].post.requestBody).toBeDefined();
    expect(document.paths[`${BASE}/commit`].post.requestBody).toBeDefined();
  });
});

describe('comments from a language model', () => {
  let token = '';
  let modelVersion = '';
  beforeAll(async () => {
    const prepared = await prepare(withModel.client);
    token = prepared.token;
    modelVersion = prepared.versionId;
  });
  const body = (extra: Record<string, unknown> = {}) => ({
    versionId: modelVersion,
    facultyUsername: 'fac.one',
    courseShortname: 'IT101-MAIN',
    count: 8,
    seed: 11,
    commentRatio: 1,
    languages: { tl: 1, taglish: 1 },
    theme: 'online classes',
    ...extra,
  });

  it('asks the model for every comment with its language, tone and theme', async () => {
    fake.reset();
    fake.script(CHAT_PATH, (request: RecordedRequest) => {
      const items = userPayload(request).comments as Array<{ index: number; language: string }>;
      return chatCompletion(
        JSON.stringify({
          comments: items.map((item) => ({ index: item.index, text: `model ${item.index} ${item.language}` })),
        }),
      );
    });
    const response = await withModel.client.post(`${BASE}/preview`, body(), token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.commentSource).toBe('model');
    expect(response.body.rows.map((row: { comment: string }) => row.comment.split(' ')[0])).toEqual(
      Array.from({ length: 8 }, () => 'model'),
    );
    const sent = userPayload(fake.requests[0] as RecordedRequest).comments;
    expect(sent).toHaveLength(8);
    for (const item of sent) {
      expect(['Filipino (Tagalog)', 'Taglish (Tagalog and English code-switched within sentences)']).toContain(
        item.language,
      );
      expect(['positive', 'mixed', 'neutral', 'negative']).toContain(item.tone);
      expect(item.theme).toBe('online classes');
    }
  });

  it('falls back to the local generator when the model fails, with the comments a keyless API writes', async () => {
    fake.reset();
    fake.script(CHAT_PATH, { status: 500, body: { error: { message: 'down', type: 'server_error' } } });
    const response = await withModel.client.post(`${BASE}/preview`, body({ count: 40 }), token);
    expect(response.status).toBe(200);
    expect(response.body.commentSource).toBe('local-fallback');
    // A row depends only on the seed, the teacher and the student: the keyless API writes the same comment
    // for every student both can still generate for.
    const local = await client.post(`${BASE}/preview`, { ...body({ count: 40 }), versionId }, admin);
    expect(local.body.commentSource).toBe('local');
    const fallback = new Map(
      response.body.rows.map((row: { studentUsername: string; comment: string }) => [row.studentUsername, row]),
    );
    expect(local.body.rows.length).toBeGreaterThan(20);
    for (const row of local.body.rows) expect(fallback.get(row.studentUsername)).toEqual(row);
  });
});

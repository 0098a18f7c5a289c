import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PasswordHasher } from '../../src/modules/auth/password.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, database, api } = await setupApi();
let token = '';

beforeAll(async () => {
  token = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
});

function expectErrorBody(body: unknown, statusCode: number) {
  expect(body).toMatchObject({ statusCode, error: expect.any(String), message: expect.any(String) });
}

/** How many institution imports the audit log holds: an import refused as a whole adds none. */
async function institutionImports(): Promise<number> {
  const { n } = await database.db
    .selectFrom('audit_records')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('action', '=', 'institution.import')
    .executeTakeFirstOrThrow();
  return Number(n);
}

describe('bad request bodies and queries never yield a 500', () => {
  it('malformed JSON → 400', async () => {
    for (const rawBody of ['{"username": "a",', '{]', 'not json at all', '"just a string"', '']) {
      const response = await client.request('POST', '/api/v1/auth/login', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, rawBody).toBe(400);
      expectErrorBody(response.body, 400);
    }
  });

  it('wrong types → 400 with one detail per field', async () => {
    const response = await client.post(
      '/api/v1/admin/institution/import',
      { campuses: [{ code: 7, name: ['x'] }], semesters: 'none' },
      token,
    );
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 400);
    const paths = (response.body.details as Array<{ path: string }>).map((d) => d.path).sort();
    expect(paths).toEqual(['campuses.0.code', 'campuses.0.name', 'semesters']);
  });

  it('unknown fields are refused on strict bodies', async () => {
    const response = await client.post('/api/v1/admin/institution/import', { campusez: [] }, token);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.details)).toContain('campusez');
  });

  it('a 10 MB body → 413 with the error body', async () => {
    const rawBody = JSON.stringify({ username: 'x'.repeat(10 * 1024 * 1024), password: 'y' });
    const response = await client.request('POST', '/api/v1/auth/login', {
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expectErrorBody(response.body, 413);
  });

  it('an unsupported content type → 415', async () => {
    const response = await client.request('POST', '/api/v1/auth/login', {
      rawBody: '<login><username>a</username></login>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.status).toBe(415);
    expectErrorBody(response.body, 415);
  });

  it('a 415 names the type sent and the type the route accepts, in the error body of conventions §2', async () => {
    const json = await client.request('POST', '/api/v1/auth/login', {
      rawBody: 'username=a&password=b',
      headers: { 'content-type': 'Text/Plain; charset=utf-8' },
    });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: "unsupported content type 'text/plain'; this route accepts application/json",
      details: [],
    });

    const upload = await client.request(
      'POST',
      '/api/v1/questionnaires/versions/00000000-0000-4000-8000-000000000000/ingest',
      {
        token,
        rawBody: 'respondent_username,faculty_username\n',
        headers: { 'content-type': 'text/csv' },
      },
    );
    expect(upload.status).toBe(415);
    expect(upload.body.message).toBe("unsupported content type 'text/csv'; this route accepts multipart/form-data");

    const lmsUpload = await client.request('POST', '/api/v1/lms/provision/courses/preview', {
      token,
      rawBody: 'a,b\n',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(lmsUpload.status).toBe(415);
    expect(lmsUpload.body.message).toMatch(/this route accepts multipart\/form-data$/);

    // A header that is not a media type is not echoed.
    const odd = await client.request('POST', '/api/v1/auth/login', {
      rawBody: '{}',
      headers: { 'content-type': 'x'.repeat(300) },
    });
    expect(odd.status).toBe(415);
    expect(odd.body.message).toBe('unsupported content type (not a media type); this route accepts application/json');
  });

  it('multipart is taken only by the upload routes: any other route → 415 naming the type sent (outside audit Q, F3)', async () => {
    const multipart = async (path: string, fields: Record<string, string>, bearer?: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const response = await fetch(`${client.baseUrl}${path}`, {
        method: 'POST',
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        body: form,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const refused = {
      status: 415,
      body: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: "unsupported content type 'multipart/form-data'; this route accepts application/json",
        details: [],
      },
    };
    expect(await multipart('/api/v1/dimensions', { code: 'X', displayName: 'Y' }, token)).toEqual(refused);
    // Refused as the content type it is, before the credentials are read (as text/plain is).
    expect(await multipart('/api/v1/auth/login', { username: 'a', password: 'b' })).toEqual(refused);
    expect((await client.get('/api/v1/dimensions', token)).body).not.toContainEqual(
      expect.objectContaining({ code: 'X' }),
    );
    // An upload route still reads its multipart body (its own 400 for a missing file, not a 415).
    const upload = await multipart(
      '/api/v1/questionnaires/versions/00000000-0000-4000-8000-000000000000/ingest',
      { dryRun: 'true' },
      token,
    );
    expect(upload.status).not.toBe(415);
    // A multipart request to no route is still a 404.
    expect((await multipart('/api/v1/no-such-thing', { a: 'b' }, token)).status).toBe(404);
  });

  it('a JSON body that is not UTF-8 → 400, a charset other than utf-8 → 415 naming it (outside audit Q, F4)', async () => {
    const login = (rawBody: Buffer, contentType = 'application/json') =>
      client.request('POST', '/api/v1/auth/login', { rawBody, headers: { 'content-type': contentType } });
    // "José" with é as the single Latin-1 byte 0xE9: decoded with replacement it would read "Jos\uFFFD".
    const latin1 = Buffer.concat([
      Buffer.from('{"username":"Jos'),
      Buffer.from([0xe9]),
      Buffer.from('","password":"x"}'),
    ]);
    expect(await login(latin1)).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'request body is not valid UTF-8',
        details: [{ path: 'body', message: expect.any(String) }],
      },
    });
    const utf8 = Buffer.from('{"username":"José","password":"x"}');
    expect((await login(utf8, 'application/json; charset=iso-8859-1')).body).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: "unsupported charset 'iso-8859-1'; request bodies are JSON in utf-8",
      details: [],
    });
    // UTF-8 named in any spelling, and a leading BOM, are taken: a wrong password is a 401, not a body error.
    for (const contentType of ['application/json; charset=utf-8', 'application/json;charset="UTF8"'])
      expect((await login(utf8, contentType)).status, contentType).toBe(401);
    expect((await login(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).status).toBe(401);
  });

  it('prototype poisoning in a JSON body is still refused (the parser keeps Fastify protections)', async () => {
    for (const rawBody of [
      '{"username":"a","password":"b","__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ]) {
      const response = await client.request('POST', '/api/v1/auth/login', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, rawBody).toBe(400);
      expect(response.body.message).toBe('request body is not valid JSON');
    }
  });

  it('bad paging queries → 400', async () => {
    for (const query of ['page=0', 'page=abc', 'limit=101', 'limit=-1', 'page=1.5']) {
      const response = await client.get(`/api/v1/enrollments/me?${query}`, token);
      expect(response.status, query).toBe(400);
      expect(response.body.details[0].path).toMatch(/^query\.(page|limit)$/);
    }
  });

  it('integers in paths and paging queries are decimal digits only: hex, exponent, sign, spaces → 400 naming the field', async () => {
    const detail = { message: 'must be a whole number written in decimal digits' };
    for (const value of ['0x5', '1e3', '%205', '+5', '5%20', '0b1', '1_000']) {
      for (const [path, field] of [
        [`/api/v1/enrollments/me?page=${value}`, 'query.page'],
        [`/api/v1/enrollments/me?limit=${value}`, 'query.limit'],
        [`/api/v1/questionnaires?page=${value}`, 'query.page'],
        [`/api/v1/admin/audit?limit=${value}`, 'query.limit'],
        [`/api/v1/analytics/trends?minSemesters=${value}`, 'query.minSemesters'],
        [`/api/v1/lms/provision/tree/${value}/courses`, 'params.categoryId'],
      ] as const) {
        const response = await client.get(path, token);
        expect(response.status, path).toBe(400);
        expect(response.body, path).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'validation failed',
          details: [{ path: field, ...detail }],
        });
      }
    }
    // Decimal digits still read as before, leading zeros included.
    const paged = await client.get('/api/v1/enrollments/me?page=02&limit=5', token);
    expect(paged.status).toBe(200);
    expect(paged.body).toMatchObject({ page: 2, limit: 5 });
  });

  it('bad filter queries → 400', async () => {
    const response = await client.get('/api/v1/admin/filters/departments?semesterId=not-a-uuid', token);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'query.semesterId' })]);
  });

  it('a NUL character in any string of a body or a query → 400 naming each field, before the database sees it', async () => {
    const nul = 'must not contain the NUL character (\\u0000)';
    const imported = await client.post(
      '/api/v1/admin/institution/import',
      {
        campuses: [{ code: 'NULTEST', name: 'Nul Campus' }],
        users: [{ username: 'nul.user', fullName: 'x\u0000y', roles: ['STUDENT'] }],
      },
      token,
    );
    expect(imported.status).toBe(400);
    expect(imported.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'validation failed',
      details: [{ path: 'users.0.fullName', message: nul }],
    });
    const campuses = (await client.get('/api/v1/campuses', token)).body.map((c: { code: string }) => c.code);
    expect(campuses).not.toContain('NULTEST');

    // Deep inside a field the route's schema takes as it is (a questionnaire schema, stored as jsonb), and in a key.
    const schema = { sections: [{ id: 's1', title: 'Teaching\u0000', questions: [{ id: 'q1', 'te\u0000xt': 'x' }] }] };
    const version = await client.post(
      '/api/v1/questionnaires/00000000-0000-4000-8000-000000000000/versions',
      { schema },
      token,
    );
    expect(version.status).toBe(400);
    expect(version.body.details).toEqual([
      { path: 'schema.sections.0.title', message: nul },
      { path: 'schema.sections.0.questions.0.te\\u0000xt', message: nul },
    ]);

    const query = await client.get('/api/v1/admin/audit?action=institution.import%00', token);
    expect(query.status).toBe(400);
    expect(query.body.details).toEqual([{ path: 'query.action', message: nul }]);
  });

  it('a lone surrogate in any string or key of a JSON body → 400 naming each, never stored as U+FFFD (outside audit Z, D1)', async () => {
    const lone = 'must be valid Unicode: a lone surrogate (\\ud800-\\udfff) is not a character';
    // Both usernames would reach the database as "twin\uFFFD": one account, past the duplicate check.
    const imported = await client.post(
      '/api/v1/admin/institution/import',
      {
        campuses: [{ code: 'LONE', name: 'Lone \udc00 Campus' }],
        users: [
          { username: 'twin\ud800', fullName: 'First Twin', roles: ['STUDENT'] },
          { username: 'twin\udc00', fullName: 'Second Twin', roles: ['STUDENT'] },
        ],
      },
      token,
    );
    expect(imported.status).toBe(400);
    expect(imported.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'validation failed',
      details: [
        { path: 'campuses.0.name', message: lone },
        { path: 'users.0.username', message: lone },
        { path: 'users.1.username', message: lone },
      ],
    });
    const twins = await database.db.selectFrom('users').select('username').where('username', 'like', 'twin%').execute();
    expect(twins).toEqual([]);

    const dimension = await client.post('/api/v1/dimensions', { code: 'LONE', displayName: 'a\ud800b' }, token);
    expect(dimension.status).toBe(400);
    expect(dimension.body.details).toEqual([{ path: 'displayName', message: lone }]);
    // A key, written in the path as its escape; a surrogate pair (an emoji) is a character like any other.
    const schema = { sections: [{ id: 's1', title: 'Teaching 😀', questions: [{ id: 'q1', 'te\udfffxt': 'x' }] }] };
    const version = await client.post(
      '/api/v1/questionnaires/00000000-0000-4000-8000-000000000000/versions',
      { schema },
      token,
    );
    expect(version.status).toBe(400);
    expect(version.body.details).toEqual([{ path: 'schema.sections.0.questions.0.te\\udfffxt', message: lone }]);
  });

  // zod's message for an empty string (`.min(1)`), which the dashboard reads as "must not be empty".
  const empty = 'Too small: expected string to have >=1 characters';

  it('a required text field of the institution import made only of invisible characters → 400 as an empty one, nothing stored', async () => {
    const importsBefore = await institutionImports();
    // trim() removes none of these: zero width space, word joiner, Hangul filler, soft hyphen, Mongolian vowel
    // separator, zero width non-joiner and joiner.
    const imported = await client.post(
      '/api/v1/admin/institution/import',
      {
        campuses: [
          { code: 'ZWCAMPUS', name: '\u200b' },
          { code: ' \u200b\u2060 ', name: 'Blank Code Campus' },
        ],
        semesters: [{ campus: 'ZWCAMPUS', code: 'S12526', label: '\u00ad' }],
        users: [{ username: '\u3164', fullName: '\u180e\u200c\u200d', roles: ['STUDENT'] }],
      },
      token,
    );
    expect(imported.status).toBe(400);
    expect(imported.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'validation failed',
      details: [
        { path: 'campuses.0.name', message: empty },
        { path: 'campuses.1.code', message: empty },
        { path: 'semesters.0.label', message: empty },
        { path: 'users.0.username', message: empty },
        { path: 'users.0.fullName', message: empty },
      ],
    });
    // The same answer as for an empty value in the same field.
    const blank = await client.post(
      '/api/v1/admin/institution/import',
      { campuses: [{ code: 'ZWCAMPUS', name: '' }] },
      token,
    );
    expect(blank.body.details).toEqual([{ path: 'campuses.0.name', message: empty }]);
    const campuses = (await client.get('/api/v1/campuses', token)).body.map((c: { code: string }) => c.code);
    expect(campuses).not.toContain('ZWCAMPUS');
    expect(await database.db.selectFrom('users').select('username').where('username', '=', '\u3164').execute()).toEqual(
      [],
    );
    expect(await institutionImports()).toBe(importsBefore);
  });

  it('a login username made only of invisible characters → 400 before any password check, never counted as a failure', async () => {
    const verify = vi.spyOn(api.app.get(PasswordHasher), 'verify');
    try {
      for (const username of ['\u200b', ' \u200b\u2060 ', '\ufeff\u2800', '\u200b', '\u200b', '\u200b'])
        expect(
          await client.post('/api/v1/auth/login', { username, password: 'whatever' }),
          JSON.stringify(username),
        ).toMatchObject({
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'validation failed',
            details: [{ path: 'username', message: empty }],
          },
        });
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  it('a questionnaire title or dimension name made only of invisible characters → 400, not stored; inner joiners of visible text are kept', async () => {
    const questionnaire = await client.post(
      '/api/v1/questionnaires',
      { title: '\u200b\u200b', typeCode: 'FACULTY_FEEDBACK' },
      token,
    );
    expect(questionnaire.status).toBe(400);
    expect(questionnaire.body.details).toEqual([{ path: 'title', message: empty }]);
    const titles = (await client.get('/api/v1/questionnaires?limit=100', token)).body.items.map(
      (q: { title: string }) => q.title,
    );
    expect(titles).not.toContain('\u200b\u200b');
    const dimension = await client.post('/api/v1/dimensions', { code: 'ZWBLANK', displayName: '\u2060' }, token);
    expect(dimension.status).toBe(400);
    expect(dimension.body.details).toEqual([{ path: 'displayName', message: empty }]);
    const family = 'Family \u{1f469}\u200d\u{1f469}\u200d\u{1f467} and mi\u200cxed';
    const kept = await client.post('/api/v1/dimensions', { code: 'ZWJOINED', displayName: ` ${family} ` }, token);
    expect(kept.status).toBe(201);
    const dimensions = (await client.get('/api/v1/dimensions', token)).body as Array<{
      code: string;
      displayName: string;
    }>;
    expect(dimensions.map((d) => d.code)).not.toContain('ZWBLANK');
    expect(dimensions.find((d) => d.code === 'ZWJOINED')?.displayName).toBe(family);
  });

  it('a JSON body of null is refused like [] where an object is required; no body at all is still none (outside audit Z, D7)', async () => {
    const before = await institutionImports();
    for (const rawBody of ['null', ' null ', '[]']) {
      const response = await client.request('POST', '/api/v1/admin/institution/import', {
        token,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, rawBody).toBe(400);
      expect(response.body.details, rawBody).toEqual([
        { path: '(root)', message: expect.stringMatching(/^Invalid input: expected object, received /) },
      ]);
    }
    expect(await institutionImports()).toBe(before);
    // A route whose body is optional (logout's refreshToken) takes no body, and refuses null as it refuses [].
    const session = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    const nullLogout = await client.request('POST', '/api/v1/auth/logout', {
      token: session,
      rawBody: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(nullLogout.status).toBe(400);
    expect((await client.request('POST', '/api/v1/auth/logout', { token: session })).status).toBeLessThan(300);
  });

  it('200,000 unknown fields → one detail naming the first 20 and how many more; 200,000 wrong items → 100 details and a count (outside audit Z, D11)', async () => {
    const rawBody = `{${Array.from({ length: 200_000 }, (_, index) => `"k${index}":1`).join(',')}}`;
    const response = await client.request('POST', '/api/v1/dimensions', {
      token,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    const named = Array.from({ length: 20 }, (_, index) => `k${index}`).join(', ');
    expect(response.body.details).toContainEqual({
      path: '(root)',
      message: `unknown field(s): ${named} and 199980 more`,
    });
    expect(JSON.stringify(response.body).length).toBeLessThan(2_000);

    // 200,000 wrong items: 100 details and a count of the rest, not 16 MB of them.
    const items = await client.post('/api/v1/admin/institution/import', { users: Array(200_000).fill(1) }, token);
    expect(items.status).toBe(400);
    expect(items.body.details).toHaveLength(101);
    expect(items.body.details[0]).toEqual({ path: 'users.0', message: expect.any(String) });
    expect(items.body.details[100]).toEqual({ path: '(root)', message: 'and 199900 more problems like these' });
  });

  it('an unknown route → 404 with the error body', async () => {
    const response = await client.get('/api/v1/no-such-thing', token);
    expect(response.status).toBe(404);
    expectErrorBody(response.body, 404);
  });

  it('very long and odd strings in credentials are 400 or 401, never 500', async () => {
    for (const body of [
      { username: 'a'.repeat(5000), password: 'b' },
      { username: '\u0000admin', password: 'x' },
      { username: 'admin', password: null },
      [],
      null,
    ]) {
      const response = await client.post('/api/v1/auth/login', body);
      expect([400, 401]).toContain(response.status);
    }
  });
});

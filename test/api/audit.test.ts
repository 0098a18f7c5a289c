import { beforeAll, describe, expect, it } from 'vitest';
import { AuditService, isSecretKey, withoutSecrets } from '../../src/modules/audit/audit.service.js';
import { PASSWORD, twoCampusInstitution } from '../support/institution-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client, database, api } = await setupApi();
let token = '';
let rootId = '';

interface AuditItem {
  id: string;
  action: string;
  actorId: string | null;
  actor: { id: string; username: string; fullName: string } | null;
  at: string;
  target: string | null;
  metadata: Record<string, unknown>;
}

async function records(query = ''): Promise<{ items: AuditItem[]; page: number; limit: number; total: number }> {
  const response = await client.get(`/api/v1/admin/audit${query}`, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

beforeAll(async () => {
  token = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  rootId = (await client.get('/api/v1/auth/me', token)).body.id;
});

describe('secrets never reach audit metadata', () => {
  it('recognises secret-named keys in any spelling', () => {
    for (const key of [
      'password',
      'passwordHash',
      'SUPER_ADMIN_PASSWORD',
      'JWT_SECRET',
      'clientSecret',
      'token',
      'accessToken',
      'refresh_token',
      'wstoken',
      'LMS_TOKEN',
      'tokenHash',
      'apiKey',
      'OPENAI_API_KEY',
      'authorization',
      'credentials',
      'privateKey',
      'cookie',
    ])
      expect(isSecretKey(key), key).toBe(true);
    for (const key of ['username', 'tokenCount', 'promptTokens', 'keyword', 'counts', 'target', 'sessionId'])
      expect(isSecretKey(key), key).toBe(false);
  });

  it('strips them at any depth, in arrays too, and keeps the rest JSON-ready', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(
      withoutSecrets({
        username: 'dean.ccs',
        password: 'hunter2hunter2',
        users: [{ username: 'a', password: 'x', roles: ['DEAN'] }, { apiKey: 'k' }],
        lms: { url: 'https://lms', wstoken: 't', nested: { LMS_TOKEN: 't', depth: 3 } },
        at: new Date('2025-01-02T03:04:05Z'),
        big: 12n,
        skip: undefined,
        fn: () => 1,
        cyclic,
      }),
    ).toEqual({
      username: 'dean.ccs',
      users: [{ username: 'a', roles: ['DEAN'] }, {}],
      lms: { url: 'https://lms', nested: { depth: 3 } },
      at: '2025-01-02T03:04:05.000Z',
      big: '12',
      cyclic: { name: 'loop', self: '[circular]' },
    });
  });

  it('the writer strips them before the row is written', async () => {
    await api.app.get(AuditService).record({
      action: 'test.secrets',
      actorId: null,
      target: 'test',
      metadata: { password: 'p', settings: { JWT_SECRET: 's', keep: 1 } },
    });
    const stored = await database.db
      .selectFrom('audit_records')
      .select('metadata')
      .where('action', '=', 'test.secrets')
      .executeTakeFirstOrThrow();
    expect(stored.metadata).toEqual({ settings: { keep: 1 }, outcome: 'success' });
  });
});

describe('audit writer and GET /admin/audit', () => {
  it('an import writes one record in its transaction: actor, target, counts, outcome, no password', async () => {
    const response = await client.post('/api/v1/admin/institution/import', twoCampusInstitution(), token);
    expect(response.status).toBe(200);
    const { items, total } = await records('?action=institution.import');
    expect(total).toBe(1);
    expect(items[0]).toEqual({
      id: expect.any(String),
      action: 'institution.import',
      actorId: rootId,
      actor: { id: rootId, username: SUPER_ADMIN.username, fullName: expect.any(String) },
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      target: 'institution',
      metadata: expect.objectContaining({
        outcome: 'success',
        campuses: { created: 2, updated: 0, unchanged: 0 },
        users: { created: 6, updated: 0, unchanged: 0 },
      }),
    });
    expect(JSON.stringify(items)).not.toContain(PASSWORD);
  });

  it('a refused import is recorded as a failure with its problem count', async () => {
    const response = await client.post(
      '/api/v1/admin/institution/import',
      { departments: [{ campus: 'NOWHERE', semester: 'S12526', code: 'X' }] },
      token,
    );
    expect(response.status).toBe(400);
    const { items } = await records('?action=institution.import&limit=1');
    expect(items[0]).toMatchObject({ actorId: rootId, metadata: { outcome: 'failure', problems: 1 } });
  });

  it('a record written through a transaction that rolls back is not kept', async () => {
    const audit = api.app.get(AuditService);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await audit.record({ action: 'test.rolled-back', actorId: null }, trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.db
      .transaction()
      .execute((trx) => audit.record({ action: 'test.committed', actorId: rootId, target: null }, trx));
    expect((await records('?action=test.rolled-back')).total).toBe(0);
    expect((await records('?action=test.committed')).items).toEqual([
      expect.objectContaining({ actorId: rootId, target: null, metadata: { outcome: 'success' } }),
    ]);
  });

  it('pages newest first and filters by action', async () => {
    const audit = api.app.get(AuditService);
    for (let index = 1; index <= 3; index += 1)
      await audit.record({ action: 'test.paging', actorId: null, metadata: { index } });
    const first = await records('?action=test.paging&page=1&limit=2');
    expect(first).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(first.items.map((item) => item.metadata.index)).toEqual([3, 2]);
    const second = await records('?action=test.paging&page=2&limit=2');
    expect(second.items.map((item) => item.metadata.index)).toEqual([1]);
    const all = await records('?limit=100');
    expect(new Set(all.items.map((item) => item.action))).toEqual(
      new Set(['test.secrets', 'institution.import', 'test.committed', 'test.paging']),
    );
  });

  it('is SUPER_ADMIN only and validates its query', async () => {
    const admin = await client.login('admin.one', PASSWORD);
    expect((await client.get('/api/v1/admin/audit', admin)).status).toBe(403);
    expect((await client.get('/api/v1/admin/audit')).status).toBe(401);
    const bad = await client.get('/api/v1/admin/audit?limit=101&page=0', token);
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'query.limit',
      'query.page',
    ]);
  });
});

describe('issue 21: actors by name, and filters by actor and time', () => {
  const AT = ['2025-03-01T00:00:00.000Z', '2025-03-02T12:00:00.000Z', '2025-03-03T00:00:00.000Z'];

  beforeAll(async () => {
    // Three records of one action at known times: two by the super admin, one by nobody (the CLI).
    await database.db
      .insertInto('audit_records')
      .values(
        AT.map((at, index) => ({
          action: 'test.window',
          actor_id: index === 1 ? null : rootId,
          at: new Date(at),
          target: `window:${index}`,
          metadata: JSON.stringify({ index, outcome: 'success' }),
        })),
      )
      .execute();
  });

  const targets = async (query: string) => (await records(`?action=test.window${query}`)).items.map((i) => i.target);

  it('names each actor next to actorId, and gives null for no actor', async () => {
    const me = (await client.get('/api/v1/auth/me', token)).body;
    const { items } = await records('?action=test.window');
    expect(items.map((item) => [item.target, item.actorId, item.actor])).toEqual([
      ['window:2', rootId, { id: rootId, username: SUPER_ADMIN.username, fullName: me.fullName }],
      ['window:1', null, null],
      ['window:0', rootId, { id: rootId, username: SUPER_ADMIN.username, fullName: me.fullName }],
    ]);
  });

  it('filters by actorId, by actor username in any case, and by [from, to)', async () => {
    expect(await targets(`&actorId=${rootId}`)).toEqual(['window:2', 'window:0']);
    expect(await targets(`&actor=${SUPER_ADMIN.username.toUpperCase()}`)).toEqual(['window:2', 'window:0']);
    expect(await targets('&actor=nobody.at.all')).toEqual([]);
    expect(await targets(`&from=${AT[1]}`)).toEqual(['window:2', 'window:1']);
    expect(await targets(`&to=${AT[1]}`)).toEqual(['window:0']);
    expect(await targets(`&from=${AT[0]}&to=${AT[2]}`)).toEqual(['window:1', 'window:0']);
    expect(await targets('&from=2025-03-02T20:00:00%2B08:00&to=2025-03-03')).toEqual(['window:1']);
    expect(await targets(`&from=${AT[1]}&to=${AT[1]}`)).toEqual([]);
    const combined = await records(`?action=test.window&actorId=${rootId}&from=${AT[1]}&limit=1`);
    expect(combined).toMatchObject({ total: 1, items: [{ target: 'window:2' }] });
  });

  it('refuses malformed filters and a range that ends before it starts, with details', async () => {
    for (const [query, paths] of [
      ['from=yesterday', ['query.from']],
      ['to=2025-13-01', ['query.to']],
      ['from=2025-03-01T00:00:00', ['query.from']],
      ['actorId=root.admin', ['query.actorId']],
      ['from=2025-03-02&to=2025-03-01T23:59:59Z', ['query.to']],
    ] as const) {
      const response = await client.get(`/api/v1/admin/audit?${query}`, token);
      expect(response.status, query).toBe(400);
      expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual(paths);
    }
    const backwards = await client.get('/api/v1/admin/audit?from=2025-03-02&to=2025-03-01', token);
    expect(backwards.body.details).toEqual([{ path: 'query.to', message: 'must not be before from' }]);
  });
});

describe('an audit record never fails for the text it carries (outside audit Z, D2, D3)', () => {
  it('writes a NUL character or lone surrogate, which jsonb refuses, as its escape, in metadata, keys and target', async () => {
    await api.app.get(AuditService).record({
      action: 'test.unstorable',
      actorId: null,
      target: 'alert:\ud800',
      metadata: { reason: 'who wrote this \ud800', note: 'a\u0000b', ['k\udc00']: ['x\udfff', '😀'] },
      outcome: 'failure',
    });
    const stored = await database.db
      .selectFrom('audit_records')
      .select(['target', 'metadata'])
      .where('action', '=', 'test.unstorable')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      target: 'alert:\\ud800',
      metadata: {
        reason: 'who wrote this \\ud800',
        note: 'a\\u0000b',
        'k\\udc00': ['x\\udfff', '😀'],
        outcome: 'failure',
      },
    });
  });
});

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

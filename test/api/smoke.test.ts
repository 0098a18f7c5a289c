import { describe, expect, it } from 'vitest';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

const { client } = await setupApi();

describe('smoke', () => {
  it('health', async () => {
    const response = await client.get('/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: 'ok', cache: 'ok' } });
  });
  it('login', async () => {
    const token = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
    const me = await client.get('/api/v1/auth/me', token);
    expect(me.status).toBe(200);
    expect(me.body.roles).toEqual(['SUPER_ADMIN']);
  });
});

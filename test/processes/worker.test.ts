import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadWorkerSettings } from '../../src/config/settings.js';
import { testRedisUrl } from '../support/database-urls.js';
import { createRedisPrefix, createTestDatabase } from '../support/test-context.js';

const database = await createTestDatabase();
const environment = {
  DATABASE_URL: database.url,
  CACHE_URL: testRedisUrl(),
  CACHE_KEY_PREFIX: createRedisPrefix(),
  LOG_LEVEL: 'info',
};

describe('npm run start:worker', () => {
  it('validates its settings without JWT_SECRET or the super admin password', () => {
    expect(() => loadWorkerSettings(environment)).not.toThrow();
    expect(() => loadWorkerSettings({ CACHE_URL: testRedisUrl() })).toThrow(/DATABASE_URL/);
  });

  it('refuses to start the scheduler without the user its pipelines are created as', () => {
    expect(() => loadWorkerSettings({ ...environment, SCHEDULER_ENABLED: 'true' })).toThrow(
      /SUPER_ADMIN_USERNAME: required with SCHEDULER_ENABLED/,
    );
    expect(
      loadWorkerSettings({ ...environment, SCHEDULER_ENABLED: 'true', SUPER_ADMIN_USERNAME: 'admin' }),
    ).toMatchObject({ SCHEDULER_ENABLED: true, SUPER_ADMIN_USERNAME: 'admin' });
  });

  it('starts without JWT_SECRET, idles, and shuts down cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['dist/src/worker.js'], {
      env: { PATH: process.env.PATH ?? '', ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    const deadline = Date.now() + 15_000;
    while (!output.includes('job worker started') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(output).toContain('job worker started');
    // It stays up with nothing to do.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');
    const result = await Promise.race([
      exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no exit after SIGTERM:\n${output}`)), 10_000),
      ),
    ]);
    expect(result).toEqual({ code: 0, signal: null });
    expect(output).toContain('shutting down');
  });
});

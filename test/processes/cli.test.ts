import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../support/database-urls.js';
import { runEntryPoint } from '../support/processes.js';
import { createRedisPrefix, createTestDatabase } from '../support/test-context.js';

/** Every user mistake: one line saying what was wrong, the usage, exit code 2, never a stack trace. */
const database = await createTestDatabase();
const environment = { DATABASE_URL: database.url, CACHE_URL: testRedisUrl(), CACHE_KEY_PREFIX: createRedisPrefix() };
let directory = '';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'fas-cli-'));
  await writeFile(join(directory, 'malformed.json'), '{ "campuses": [ { "code": "MAIN", } ] }');
  await writeFile(join(directory, 'answers.csv'), 'respondent_username,faculty_username\n');
});

function expectUsageError(result: { code: number | null; stderr: string; stdout: string }, message: RegExp) {
  expect(result.code).toBe(2);
  const [first] = result.stderr.split('\n');
  expect(first).toMatch(/^error: /);
  expect(first).toMatch(message);
  expect(result.stderr).toContain('Usage: npm run cli -- <command>');
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('the CLI answers a mistake with one line and exit code 2', () => {
  it('an unknown command', async () => {
    expectUsageError(await runEntryPoint('cli', ['imprt', 'x.json'], environment), /unknown command 'imprt'/);
  });

  it('a missing file', async () => {
    expectUsageError(
      await runEntryPoint('cli', ['import', join(directory, 'absent.json')], environment),
      /import: cannot read '.*absent\.json': no such file/,
    );
  });

  it('a malformed file', async () => {
    expectUsageError(
      await runEntryPoint('cli', ['import', join(directory, 'malformed.json')], environment),
      /import: '.*malformed\.json' is not valid JSON/,
    );
  });

  it('a misspelled flag', async () => {
    expectUsageError(
      await runEntryPoint(
        'cli',
        ['ingest', '--dryrun', '6f1c2a4e-2f0b-4c1e-9d4a-0b1c2d3e4f50', join(directory, 'answers.csv')],
        environment,
      ),
      /ingest: .*--dryrun/,
    );
  });

  it('a version id that is not a UUID', async () => {
    expectUsageError(
      await runEntryPoint('cli', ['ingest', 'version-7', join(directory, 'answers.csv')], environment),
      /ingest: 'version-7' is not a version id/,
    );
  });

  it('a missing argument', async () => {
    expectUsageError(await runEntryPoint('cli', ['import'], environment), /import: expected 1 argument, got 0/);
  });
});

describe('each command asks only for the settings it uses', () => {
  it('migrate needs DATABASE_URL only', async () => {
    const result = await runEntryPoint('cli', ['migrate'], { DATABASE_URL: database.url });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/database is up to date/);
  });

  it('import names the settings it misses, and no others', async () => {
    const valid = join(directory, 'empty-import.json');
    await writeFile(valid, JSON.stringify({ campuses: [{ code: 'EAST', name: 'East Campus' }] }));
    const missing = await runEntryPoint('cli', ['import', valid], { DATABASE_URL: database.url });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/CACHE_URL: required setting is missing/);
    expect(missing.stderr).not.toMatch(/JWT_SECRET|SUPER_ADMIN/);
    const done = await runEntryPoint('cli', ['import', valid], environment);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ campuses: { created: 1 } });
  });
});

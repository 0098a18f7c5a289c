import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRootLogger } from '../../src/common/logging/logger.js';
import { settingsSchema, workerSettingsSchema } from '../../src/config/settings.js';
import { demoBanner } from '../../src/demo/demo-banner.js';
import { seedDemo, type DemoSummary } from '../../src/demo/demo-seed.js';
import { DomainModule } from '../../src/domain.module.js';
import { startJobWorker } from '../../src/processes.js';
import { startWorker, type RunningWorker } from '../analysis-worker/worker-harness.js';
import { testRedisUrl } from '../support/database-urls.js';
import { runEntryPoint } from '../support/processes.js';
import { createRedisPrefix, createTestDatabase, SUPER_ADMIN } from '../support/test-context.js';

/** Every user mistake: one line saying what was wrong, the usage, exit code 2, never a stack trace. */
createRootLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
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

  it('a file with a NUL character, named at its path as the endpoint names it', async () => {
    const file = join(directory, 'nul.json');
    await writeFile(file, JSON.stringify({ campuses: [{ code: 'NULL1', name: 'Bad\u0000Name' }] }));
    const result = await runEntryPoint('cli', ['import', file], environment);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/campuses\.0\.name: must not contain the NUL character/);
    expect(result.stderr).not.toMatch(/invalid byte sequence|\n\s+at /);
  });

  it('a file that is not UTF-8 (a Latin-1 é), refused as the endpoint refuses it', async () => {
    const file = join(directory, 'latin1.json');
    const body = '{"users":[{"username":"cli.latin1","fullName":"Jos\u00e9 P\u00e9rez","roles":["FACULTY"]}]}';
    await writeFile(file, Buffer.from(body, 'latin1'));
    expectUsageError(
      await runEntryPoint('cli', ['import', file], environment),
      /import: '.*latin1\.json' is not valid UTF-8/,
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

  it('a wait that is not a number of seconds', async () => {
    expectUsageError(
      await runEntryPoint('cli', ['schedule', 'run', 'faculty', '--wait', 'soon'], environment),
      /schedule: --wait takes an integer from 0 to 604800, got 'soon'/,
    );
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

/** The `export` the demo banner prints for the CLI, as the shell would read it. */
function bannerEnvironment(banner: string): Record<string, string> {
  const lines = banner.split('\n');
  const start = lines.findIndex((line) => line.trim().startsWith('export '));
  const end = lines.findIndex((line, index) => index > start && !line.trimEnd().endsWith('\\'));
  const words = lines
    .slice(start, end + 1)
    .join(' ')
    .replaceAll('\\', ' ')
    .trim()
    .split(/\s+/)
    .slice(1);
  return Object.fromEntries(
    words.map((word) => {
      const [name, ...value] = word.split('=');
      return [name as string, value.join('=').replace(/^'(.*)'$/, '$1')];
    }),
  );
}

describe('schedule run follows the pipelines it started: exit code 1 when their work did not get done', () => {
  const analysisWorker: Promise<RunningWorker> = startWorker({ environment: { WORKER_VERSION: '' } });
  let context: INestApplicationContext;
  let summary: DemoSummary;
  /** What the demo would have: the API's settings with the worker URLs pointing at its analysis worker. */
  let demoSettings: ReturnType<typeof settingsSchema.parse>;

  beforeAll(async () => {
    const worker = await analysisWorker;
    demoSettings = settingsSchema.parse({
      ...environment,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      LOG_LEVEL: 'silent',
      SENTIMENT_WORKER_URL: `${worker.url}/sentiment`,
      EMBEDDINGS_WORKER_URL: `${worker.url}/embeddings`,
      TOPIC_MODEL_WORKER_URL: `${worker.url}/topics`,
    });
    const admin = await database.db
      .insertInto('users')
      .values({ username: SUPER_ADMIN.username, full_name: 'Root Admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('user_roles').values({ user_id: admin.id, role: 'SUPER_ADMIN' }).execute();
    context = await NestFactory.createApplicationContext(
      DomainModule.forRoot(workerSettingsSchema.parse({ ...environment, LOG_LEVEL: 'silent' })),
      { logger: false },
    );
    summary = await seedDemo(context);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await (await analysisWorker).close();
  });

  it('without the worker URLs the pipelines FAIL at confirm: exit 1, each failed pipeline named with its error', async () => {
    const result = await runEntryPoint(
      'cli',
      ['schedule', 'run', 'department', '--wait', '30'],
      { ...environment, SUPER_ADMIN_USERNAME: SUPER_ADMIN.username },
      { timeoutMs: 60_000 },
    );
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ tier: 'DEPARTMENT', outcome: 'completed', created: 0 });
    expect(output.pipelines.length).toBeGreaterThan(0);
    expect(output.pipelines.length).toBe(output.failed);
    for (const pipeline of output.pipelines) {
      expect(pipeline.status).toBe('FAILED');
      expect(result.stderr).toContain(
        `error: pipeline ${pipeline.id} (${pipeline.scope}) FAILED: ` +
          'sentiment: no sentiment worker is configured (set SENTIMENT_WORKER_URL)',
      );
    }
    expect(result.stderr).toMatch(/\(DEPARTMENT CCS, MAIN S12526\) FAILED/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('with exactly the settings the demo banner prints, its schedule command waits for COMPLETED and exits 0', async () => {
    const banner = demoBanner(demoSettings, summary);
    const command = banner
      .split('\n')
      .find((line) => line.includes('npm run cli -- schedule run'))
      ?.match(/npm run cli -- (schedule run \w+)/)?.[1]
      ?.split(' ');
    expect(command).toEqual(['schedule', 'run', 'faculty']);
    const bannerSettings = bannerEnvironment(banner);
    expect(Object.keys(bannerSettings).sort()).toEqual([
      'CACHE_KEY_PREFIX',
      'CACHE_URL',
      'DATABASE_URL',
      'EMBEDDINGS_WORKER_URL',
      'SENTIMENT_WORKER_URL',
      'SUPER_ADMIN_USERNAME',
      'TOPIC_MODEL_WORKER_URL',
    ]);
    expect(bannerSettings.CACHE_KEY_PREFIX).toBe(environment.CACHE_KEY_PREFIX);

    // The demo's job workers, which run what the command starts.
    const jobWorker = await startJobWorker(workerSettingsSchema.parse({ ...bannerSettings, LOG_LEVEL: 'silent' }));
    try {
      const result = await runEntryPoint('cli', command as string[], bannerSettings, { timeoutMs: 150_000 });
      expect(result.code, result.stderr).toBe(0);
      const output = JSON.parse(result.stdout);
      expect(output).toMatchObject({ tier: 'FACULTY', outcome: 'completed', failed: 0, scopeErrors: [] });
      expect(output.created).toBeGreaterThan(0);
      expect(output.pipelines.map((pipeline: { status: string }) => pipeline.status)).toEqual(
        Array(output.created).fill('COMPLETED'),
      );
      expect(result.stderr).toMatch(/^waiting up to 1800 s for the \d+ pipeline\(s\) this run started/);
      expect(result.stderr).toMatch(/FACULTY maria\.santos, MAIN S12526: COMPLETED/);
      expect(result.stderr).not.toMatch(/error:/);
    } finally {
      await jobWorker.close();
    }
  }, 180_000);

  it('a pipeline still running when --wait runs out is an error too (no job worker runs it)', async () => {
    const worker = await analysisWorker;
    const result = await runEntryPoint(
      'cli',
      ['schedule', 'run', 'campus', '--wait', '1'],
      {
        ...environment,
        SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
        SENTIMENT_WORKER_URL: `${worker.url}/sentiment`,
      },
      { timeoutMs: 60_000 },
    );
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output.pipelines).toEqual([
      expect.objectContaining({ status: 'SENTIMENT_ANALYSIS', scope: 'CAMPUS MAIN, MAIN S12526' }),
    ]);
    expect(result.stderr).toMatch(
      /error: 1 pipeline\(s\) had not ended after 1 s \([0-9a-f-]{36} SENTIMENT_ANALYSIS\); they go on in the job workers/,
    );
  });
});

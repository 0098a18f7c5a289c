import 'reflect-metadata';
import { isUtf8 } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from './common/errors/domain-error.js';
import { unstorableTextDetails } from './common/http/unstorable-text.js';
import { operationalErrorMessage } from './common/process/operational-error.js';
import { zodIssuesToDetails } from './common/http/zod-details.js';
import { SettingsError } from './config/parse-settings.js';
import {
  loadCoreSettings,
  loadDatabaseSettings,
  loadLearningSystemCommandSettings,
  loadWorkerSettings,
  type CoreSettings,
} from './config/settings.js';

// The domain core, Nest and the file readers are imported by the commands that use them, so `help` and a
// mistyped command answer at once.
const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                  apply database migrations            (needs DATABASE_URL)
  import <file.json>       import institution data (conventions §4)
                                                                (needs DATABASE_URL, CACHE_URL)
  ingest <versionId> <file.csv|file.xlsx> [--dry-run] [--delimiter ;] [--quote '"'] [--escape '"']
         [--separator '\\n'] [--sheet-name Sheet1 | --sheet-index 1]
                           bulk-ingest submissions into an ACTIVE questionnaire version
                                                                (needs DATABASE_URL, CACHE_URL)
  lms sync                 run an enrollment sync from the learning system (conventions §9)
                                                                (needs DATABASE_URL, CACHE_URL, LMS_URL, LMS_TOKEN)
  schedule run <faculty|department|campus> [--wait S]
                           run one tier of the tiered scheduler now, then follow the pipelines it
                           started until each has ended (a job worker runs them), at most S seconds
                           (default 1800; 0: do not wait); print the counts and each pipeline's state.
                           Exit code 1 when a scope could not be scheduled, a pipeline FAILED, or one
                           was still running at the end of the wait
                                                                (needs DATABASE_URL, CACHE_URL, SUPER_ADMIN_USERNAME,
                                                                 SENTIMENT_WORKER_URL (else the pipelines fail at
                                                                 confirm), and the API's CACHE_KEY_PREFIX)
  generate <facultyUsername> <courseShortname> [--version <versionId>] [--count N] [--seed S] [--commit]
                           synthetic FACULTY_FEEDBACK submissions by the course's students who have
                           not submitted yet: prints the preview rows as JSON, or stores them with
                           --commit (in batches of 200). Default version: the ACTIVE FACULTY_FEEDBACK
                           version (the most recently published if several); default count: every
                           student who can still answer
                                                                (needs DATABASE_URL, CACHE_URL;
                                                                 comments by the model with OPENAI_API_KEY)
  analytics refresh        refresh the analytics views (concurrently) and record the time
                                                                (needs DATABASE_URL, CACHE_URL)
  alerts rescreen --semester CODE [--campus CODE]
                           screen every stored comment of the semester again with the current engine
                           (after an engine version change); progress on stderr, the counts as JSON.
                           Idempotent: a comment keeps one alert
                                                                (needs DATABASE_URL, CACHE_URL; ALERT_WEBHOOK_URL
                                                                 to announce new alerts)
  help                     this text

CACHE_KEY_PREFIX must be the one the API uses (the demo's is printed in its banner), so the
API sees what the command changed at once.`;

/** A mistake in how the command was called: one line, the usage, exit code 2. */
class UsageError extends Error {}

async function readInput(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
    throw new UsageError(`cannot read '${path}': ${reason}`);
  }
}

/**
 * The domain core only (database, cache, services): no HTTP, no authentication settings. `compose` wraps it in a
 * module of the command's own (the scheduler's tier runs).
 */
async function withDomain<T>(
  settings: CoreSettings,
  work: (context: INestApplicationContext) => Promise<T>,
  compose: (domain: DynamicModule) => DynamicModule = (domain) => domain,
) {
  const [{ NestFactory }, { createRootLogger }, { PinoNestLogger }, { DomainModule }] = await Promise.all([
    import('@nestjs/core'),
    import('./common/logging/logger.js'),
    import('./common/logging/nest-logger.js'),
    import('./domain.module.js'),
  ]);
  // Logs go to stderr: stdout carries the command's result (JSON a script parses).
  const logger = createRootLogger(settings.LOG_LEVEL === 'info' ? 'warn' : settings.LOG_LEVEL, {
    pretty: process.stderr.isTTY,
    stderr: true,
  });
  const context = await NestFactory.createApplicationContext(compose(DomainModule.forRoot(settings)), {
    abortOnError: false,
    logger: new PinoNestLogger(logger),
  });
  try {
    return await work(context);
  } finally {
    await context.close();
  }
}

async function migrate(args: string[]): Promise<void> {
  parse(args, {}, 0);
  const settings = loadDatabaseSettings();
  const { migrateDatabase } = await import('./processes.js');
  const applied = await migrateDatabase(settings.DATABASE_URL);
  process.stdout.write(applied.length > 0 ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
}

async function importInstitution(args: string[]): Promise<void> {
  const { positionals } = parse(args, {}, 1);
  const path = positionals[0] as string;
  const bytes = await readInput(path);
  // As the endpoint: a file that is not UTF-8 (a Latin-1 "é") is refused rather than read with U+FFFD in its names.
  if (!isUtf8(bytes)) throw new UsageError(`'${path}' is not valid UTF-8; save it as UTF-8 and import it again`);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/u, ''));
  } catch (error) {
    throw new UsageError(`'${path}' is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [{ institutionImportBody }, { InstitutionImportService }] = await Promise.all([
    import('./modules/institution/institution.schemas.js'),
    import('./modules/institution/institution-import.service.js'),
  ]);
  const parsed = institutionImportBody.safeParse(json);
  // The endpoint's checks (RequestValidationGuard): the schema's, and no NUL character or lone surrogate in any string.
  const details = [...(parsed.success ? [] : zodIssuesToDetails(parsed.error.issues)), ...unstorableTextDetails(json)];
  if (!parsed.success || details.length > 0)
    throw new DomainError('invalid', `'${path}' is not an institution import`, details);
  const settings = loadCoreSettings();
  const result = await withDomain(settings, (context) =>
    context.get(InstitutionImportService).import(parsed.data, null),
  );
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

const ingestOptions = {
  'dry-run': { type: 'boolean', default: false },
  delimiter: { type: 'string' },
  quote: { type: 'string' },
  escape: { type: 'string' },
  separator: { type: 'string' },
  'sheet-name': { type: 'string' },
  'sheet-index': { type: 'string' },
} as const;

async function ingest(args: string[]): Promise<void> {
  const { positionals, values } = parse(args, ingestOptions, 2);
  const [versionId, path] = positionals as [string, string];
  if (!z.uuid().safeParse(versionId).success) throw new UsageError(`'${versionId}' is not a version id (a UUID)`);
  const [{ ingestionFields }, { IngestionService }, { default: cliProgress }] = await Promise.all([
    import('./modules/ingestion/ingestion.schemas.js'),
    import('./modules/ingestion/ingestion.service.js'),
    import('cli-progress'),
  ]);
  const fields = ingestionFields.safeParse({
    delimiter: values.delimiter,
    quote: values.quote,
    escape: values.escape,
    separator: values.separator,
    sheetName: values['sheet-name'],
    sheetIndex: values['sheet-index'],
  });
  if (!fields.success) {
    const [first] = zodIssuesToDetails(fields.error.issues);
    throw new UsageError(`invalid option ${first?.path}: ${first?.message}`);
  }
  const file = await readInput(path);
  const settings = loadCoreSettings();
  const bar = new cliProgress.SingleBar(
    { format: 'ingesting [{bar}] {value}/{total} rows | {percentage}% | {duration}s', stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const result = await withDomain(settings, (context) =>
    context
      .get(IngestionService)
      .ingest(null, versionId, file, {
        dryRun: values['dry-run'],
        csv: fields.data,
        excel: fields.data,
        onProgress: (done, total) => {
          if (!started) {
            bar.start(total, 0);
            started = true;
          }
          bar.update(done);
        },
      })
      .finally(() => {
        if (started) bar.stop();
      }),
  );
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.stderr.write(
    `${result.dryRun ? 'dry run: ' : ''}${result.succeeded} of ${result.total} rows ${result.dryRun ? 'would be stored' : 'stored'}, ${result.failed} failed\n`,
  );
}

async function lms(args: string[]): Promise<void> {
  const { positionals } = parse(args, {}, 1);
  if (positionals[0] !== 'sync') throw new UsageError(`unknown lms command '${positionals[0]}' (expected: sync)`);
  const settings = loadLearningSystemCommandSettings();
  // Named as a missing setting (exit 2, README "CLI"), not as the sync's failure.
  if (settings.LMS_URL === undefined) throw new SettingsError(['LMS_URL: required by lms sync']);
  const { LmsSyncService } = await import('./modules/lms/lms-sync.service.js');
  const result = await withDomain(settings, (context) => context.get(LmsSyncService).sync(null));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

async function alerts(args: string[]): Promise<void> {
  const { positionals, values } = parse(args, { semester: { type: 'string' }, campus: { type: 'string' } }, 1);
  if (positionals[0] !== 'rescreen')
    throw new UsageError(`unknown alerts command '${positionals[0]}' (expected: rescreen)`);
  if (values.semester === undefined) throw new UsageError('--semester CODE is required');
  const semesterCode = values.semester;
  const settings = loadWorkerSettings();
  const { AlertRescreen } = await import('./modules/alerts/alert-rescreen.js');
  const report = await withDomain(settings, (context) =>
    context
      .get(AlertRescreen)
      .rescreen(semesterCode, values.campus, (progress) =>
        process.stderr.write(
          `${progress.campusCode} ${progress.semesterCode}: ${progress.screened} comments screened\n`,
        ),
      ),
  );
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

const generateOptions = {
  version: { type: 'string' },
  count: { type: 'string' },
  seed: { type: 'string' },
  commit: { type: 'boolean', default: false },
} as const;

/** How long `schedule run` follows the pipelines it started, by default (`--wait`). */
const DEFAULT_SCHEDULE_WAIT_SECONDS = 1800;

/** Rows per commit call: the spec's limit for one commit. */
const GENERATE_COMMIT_BATCH = 200;

function integerOption(value: string, name: string, min: number, max: number): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max)
    throw new UsageError(`--${name} takes an integer from ${min} to ${max}, got '${value}'`);
  return parsed;
}

async function generate(args: string[]): Promise<void> {
  const { positionals, values } = parse(args, generateOptions, 2);
  const [facultyUsername, courseShortname] = positionals as [string, string];
  if (values.version !== undefined && !z.uuid().safeParse(values.version).success)
    throw new UsageError(`--version '${values.version}' is not a version id (a UUID)`);
  const count = values.count === undefined ? undefined : integerOption(values.count, 'count', 1, 1_000_000);
  const seed = values.seed === undefined ? undefined : integerOption(values.seed, 'seed', 0, 2 ** 32 - 1);
  const [{ parseSettings }, { languageModelSettingFields }, { GeneratorService }, { default: cliProgress }] =
    await Promise.all([
      import('./config/parse-settings.js'),
      import('./config/settings.js'),
      import('./modules/generator/generator.service.js'),
      import('cli-progress'),
    ]);
  // The language-model settings ride along with the core ones: the generator's comment writer reads them.
  const settings = { ...loadCoreSettings(), ...parseSettings(z.object(languageModelSettingFields)) };
  const output = await withDomain(settings, async (context) => {
    const service = context.get(GeneratorService);
    let versionId = values.version;
    if (versionId === undefined) {
      const active = await service.activeStudentVersions();
      const [chosen] = active;
      if (!chosen)
        throw new DomainError('invalid', 'no ACTIVE FACULTY_FEEDBACK version: publish one, or pass --version');
      versionId = chosen.id;
      if (active.length > 1)
        process.stderr.write(
          `${active.length} ACTIVE FACULTY_FEEDBACK versions; using ${chosen.id} ("${chosen.questionnaireTitle}" version ` +
            `${chosen.versionNumber}, the most recently published). Pass --version to choose another.\n`,
        );
    }
    const target = { versionId, facultyUsername, courseShortname };
    // Audited as any status and preview (outside audit AA), with no actor: the CLI's records.
    const { availableStudents } = await service.status(null, target);
    const preview = await service.preview(null, { ...target, count: count ?? availableStudents, seed });
    process.stderr.write(
      `${preview.rows.length} rows for ${availableStudents} students who can still answer` +
        `${count !== undefined && count > availableStudents ? ` (asked for ${count})` : ''}; seed ${preview.seed}, ` +
        `comments by the ${preview.commentSource === 'model' ? 'model' : 'local generator'}\n`,
    );
    if (!values.commit) return preview;

    const bar = new cliProgress.SingleBar(
      { format: 'committing [{bar}] {value}/{total} rows | {percentage}% | {duration}s', stream: process.stderr },
      cliProgress.Presets.shades_classic,
    );
    const committed = { seed: preview.seed, created: 0, failed: 0, results: [] as Array<Record<string, unknown>> };
    bar.start(preview.rows.length, 0);
    try {
      for (let start = 0; start < preview.rows.length; start += GENERATE_COMMIT_BATCH) {
        const rows = preview.rows.slice(start, start + GENERATE_COMMIT_BATCH);
        const result = await service.commit(
          null,
          { ...target, rows },
          { onProgress: (done) => bar.update(start + done) },
        );
        committed.created += result.created;
        committed.failed += result.failed;
        committed.results.push(...result.results.map((row) => ({ ...row, index: row.index + start })));
      }
    } finally {
      bar.stop();
    }
    process.stderr.write(`${committed.created} of ${preview.rows.length} rows stored, ${committed.failed} failed\n`);
    return committed;
  });
  process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
}

/** `analytics refresh`: the refresh the analytics-refresh job runs, with a line per view. */
async function analytics(args: string[]): Promise<void> {
  const { positionals } = parse(args, {}, 1);
  if (positionals[0] !== 'refresh')
    throw new UsageError(`unknown analytics command '${positionals[0]}' (expected: refresh)`);
  const settings = loadCoreSettings();
  const { AnalyticsViewsRepository } = await import('./modules/analytics/views.repository.js');
  const refreshedAt = await withDomain(settings, (context) =>
    context.get(AnalyticsViewsRepository).refresh((view, phase, elapsedMs) => {
      if (phase === 'start') process.stderr.write(`refreshing ${view}… `);
      else process.stderr.write(`done in ${(elapsedMs / 1000).toFixed(1)} s\n`);
    }),
  );
  process.stdout.write(`analytics_last_refreshed_at: ${refreshedAt.toISOString()}\n`);
}

const TIERS = { faculty: 'FACULTY', department: 'DEPARTMENT', campus: 'CAMPUS' } as const;

const scheduleOptions = { wait: { type: 'string', default: String(DEFAULT_SCHEDULE_WAIT_SECONDS) } } as const;

/**
 * `schedule run <tier> [--wait S]`: one run of a scheduler tier now, under the tier's lock, with the worker's
 * settings; then it follows the pipelines it started (the job workers run them) until each has ended or S seconds
 * have passed. Exit code 1 when the run ended early, a scope could not be scheduled, a pipeline FAILED, or one
 * was still running at the deadline: the command's work did not get done, and a script must see that.
 */
async function schedule(args: string[]): Promise<void> {
  const { positionals, values } = parse(args, scheduleOptions, 2);
  const [command, name] = positionals as [string, string];
  if (command !== 'run') throw new UsageError(`unknown schedule command '${command}' (expected: run)`);
  const tier = TIERS[name.toLowerCase() as keyof typeof TIERS];
  if (!tier) throw new UsageError(`unknown tier '${name}' (expected: faculty, department or campus)`);
  const waitSeconds = integerOption(values.wait, 'wait', 0, 7 * 24 * 3600);
  const settings = loadWorkerSettings();
  // The tier's pipelines are created as this super admin: without it nothing can be scheduled (exit 2, a setting).
  if (settings.SUPER_ADMIN_USERNAME === undefined)
    throw new SettingsError([
      'SUPER_ADMIN_USERNAME: required by schedule run (its pipelines are created as this user)',
    ]);
  const [{ SchedulerModule }, { TieredPipelineScheduler }, { ScheduledPipelinesWatch }] = await Promise.all([
    import('./modules/analysis/scheduler/scheduler.module.js'),
    import('./modules/analysis/scheduler/tiered-pipeline-scheduler.js'),
    import('./modules/analysis/scheduler/scheduled-pipelines-watch.js'),
  ]);
  const problems: string[] = [];
  const output = await withDomain(
    settings,
    async (context) => {
      const report = await context.get(TieredPipelineScheduler).runTier(tier);
      const watch = context.get(ScheduledPipelinesWatch);
      const running = report.pipelineIds.length;
      if (waitSeconds > 0 && running > 0)
        process.stderr.write(
          `waiting up to ${waitSeconds} s for the ${running} pipeline(s) this run started (--wait 0 does not wait)\n`,
        );
      const { states, unfinished } = await watch.untilEnded(report.pipelineIds, {
        timeoutMs: waitSeconds * 1000,
        onChange: (state) => {
          if (waitSeconds > 0) process.stderr.write(`  ${state.id} ${state.scope}: ${state.status}\n`);
        },
      });
      if (report.outcome !== 'completed')
        problems.push(`the ${name.toLowerCase()} tier did not run to the end: ${report.problem}`);
      for (const error of report.scopeErrors)
        problems.push(`could not schedule ${tier} ${error.scopeId} in ${error.semesterCode}: ${error.message}`);
      for (const state of states.filter((candidate) => candidate.status === 'FAILED'))
        problems.push(`pipeline ${state.id} (${state.scope}) FAILED: ${state.errorMessage ?? 'no error message'}`);
      for (const state of states.filter((candidate) => candidate.status === 'CANCELLED'))
        process.stderr.write(`note: pipeline ${state.id} (${state.scope}) was cancelled\n`);
      if (waitSeconds > 0 && unfinished.length > 0)
        problems.push(
          `${unfinished.length} pipeline(s) had not ended after ${waitSeconds} s (${unfinished
            .map((state) => `${state.id} ${state.status}`)
            .join(', ')}); they go on in the job workers. Is a job worker running against this database and ` +
            'CACHE_KEY_PREFIX? Raise --wait to wait longer.',
        );
      return { ...report, pipelines: states };
    },
    (domain) => ({ module: SchedulerModule, imports: [domain] }),
  );
  process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  for (const problem of problems) process.stderr.write(`error: ${problem}\n`);
  if (problems.length > 0) process.exitCode = 1;
}

type OptionSpec = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** parseArgs with our messages: an unknown flag or a wrong number of arguments is a UsageError. */
function parse<Options extends OptionSpec>(args: string[], options: Options, positionalCount: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  if (parsed.positionals.length !== positionalCount)
    throw new UsageError(
      `expected ${positionalCount} argument${positionalCount === 1 ? '' : 's'}, got ${parsed.positionals.length}`,
    );
  return parsed;
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  migrate,
  import: importInstitution,
  ingest,
  generate,
  lms,
  schedule,
  analytics,
  alerts,
};

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const run = COMMANDS[command];
  if (!run) throw new UsageError(`unknown command '${command}'`);
  try {
    await run(args);
  } catch (error) {
    if (error instanceof UsageError) error.message = `${command}: ${error.message}`;
    throw error;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (error instanceof SettingsError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof DomainError) {
    process.stderr.write(`error: ${error.message}\n`);
    for (const detail of error.details ?? []) process.stderr.write(`  ${detail.path}: ${detail.message}\n`);
    process.exit(error.kind === 'invalid' || error.kind === 'not-found' || error.kind === 'conflict' ? 2 : 1);
  }
  const operational = operationalErrorMessage(error);
  if (operational !== undefined) {
    process.stderr.write(`error: ${operational}\n`);
    process.exit(1);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

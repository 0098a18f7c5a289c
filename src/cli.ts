import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import cliProgress from 'cli-progress';
import { AppModule } from './app.module.js';
import { createDatabase, migrateToLatest } from './common/database/database.js';
import { AppError } from './common/http/errors.js';
import { zodIssuesToDetails } from './common/http/zod-details.js';
import { createRootLogger } from './common/logging/logger.js';
import { PinoNestLogger } from './common/logging/nest-logger.js';
import { SettingsError } from './config/parse-settings.js';
import { loadSettings, type Settings } from './config/settings.js';
import { IngestionService } from './modules/ingestion/ingestion.service.js';
import { ingestionFields } from './modules/ingestion/ingestion.schemas.js';
import { InstitutionImportService } from './modules/institution/institution-import.service.js';
import { institutionImportBody } from './modules/institution/institution.schemas.js';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate                  apply database migrations to DATABASE_URL
  import <file.json>       import institution data (conventions §4)
  ingest <versionId> <file.csv|file.xlsx> [--dry-run] [--delimiter ;] [--quote '"'] [--escape '"']
         [--separator '\n'] [--sheet-name Sheet1 | --sheet-index 1]
                           bulk-ingest submissions into an ACTIVE questionnaire version
`;

async function withContext<T>(
  settings: Settings,
  work: (get: <S>(type: new (...args: never[]) => S) => S) => Promise<T>,
): Promise<T> {
  const logger = createRootLogger(settings.LOG_LEVEL === 'info' ? 'warn' : settings.LOG_LEVEL);
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(settings), {
    logger: new PinoNestLogger(logger),
  });
  try {
    return await work((type) => context.get(type));
  } finally {
    await context.close();
  }
}

async function importInstitution(settings: Settings, path: string): Promise<void> {
  const parsed = institutionImportBody.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new AppError(400, 'the import file is malformed', zodIssuesToDetails(parsed.error.issues));
  const result = await withContext(settings, (get) => get(InstitutionImportService).import(parsed.data, null));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

async function ingest(settings: Settings, args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      delimiter: { type: 'string' },
      quote: { type: 'string' },
      escape: { type: 'string' },
      separator: { type: 'string' },
      'sheet-name': { type: 'string' },
      'sheet-index': { type: 'string' },
    },
  });
  const [versionId, path] = positionals;
  if (!versionId || !path)
    throw new AppError(400, 'ingest needs a version id and a file: npm run cli -- ingest <versionId> <file>');
  const fields = ingestionFields.safeParse({
    delimiter: values.delimiter,
    quote: values.quote,
    escape: values.escape,
    separator: values.separator,
    sheetName: values['sheet-name'],
    sheetIndex: values['sheet-index'],
  });
  if (!fields.success) throw new AppError(400, 'invalid options', zodIssuesToDetails(fields.error.issues));
  const file = await readFile(path);
  const bar = new cliProgress.SingleBar(
    { format: 'ingesting [{bar}] {value}/{total} rows | {percentage}% | {duration}s', stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  const result = await withContext(settings, async (get) => {
    let started = false;
    try {
      return await get(IngestionService).ingest(null, versionId, file, {
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
      });
    } finally {
      if (started) bar.stop();
    }
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.stderr.write(
    `${result.dryRun ? 'dry run: ' : ''}${result.succeeded} of ${result.total} rows ${result.dryRun ? 'would be stored' : 'stored'}, ${result.failed} failed\n`,
  );
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return;
  }
  const settings = loadSettings();
  if (command === 'migrate') {
    const db = createDatabase(settings.DATABASE_URL, 1);
    try {
      const result = await migrateToLatest(db);
      const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
      process.stdout.write(applied.length > 0 ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
    } finally {
      await db.destroy();
    }
    return;
  }
  if (command === 'import') {
    if (!args[0]) throw new AppError(400, 'import needs a file: npm run cli -- import <file.json>');
    await importInstitution(settings, args[0]);
    return;
  }
  if (command === 'ingest') {
    await ingest(settings, args);
    return;
  }
  process.stderr.write(`unknown command '${command}'\n${USAGE}`);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof SettingsError) process.stderr.write(`${error.message}\n`);
  else if (error instanceof AppError) {
    process.stderr.write(`${error.message}\n`);
    for (const detail of error.details ?? []) process.stderr.write(`  ${detail.path}: ${detail.message}\n`);
  } else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

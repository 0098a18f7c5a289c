import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { createDatabase, migrateToLatest } from './common/database/database.js';
import { AppError } from './common/http/errors.js';
import { zodIssuesToDetails } from './common/http/zod-details.js';
import { createRootLogger } from './common/logging/logger.js';
import { PinoNestLogger } from './common/logging/nest-logger.js';
import { SettingsError } from './config/parse-settings.js';
import { loadSettings, type Settings } from './config/settings.js';
import { InstitutionImportService } from './modules/institution/institution-import.service.js';
import { institutionImportBody } from './modules/institution/institution.schemas.js';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate                  apply database migrations to DATABASE_URL
  import <file.json>       import institution data (conventions §4)
`;

async function withContext<T>(settings: Settings, work: (get: <S>(type: new (...args: never[]) => S) => S) => Promise<T>): Promise<T> {
  const logger = createRootLogger(settings.LOG_LEVEL === 'info' ? 'warn' : settings.LOG_LEVEL);
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(settings), { logger: new PinoNestLogger(logger) });
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

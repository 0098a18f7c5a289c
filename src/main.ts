import { createApp } from './app.js';
import { migrateToLatest, createDatabase } from './common/database/database.js';
import { getLogger } from './common/logging/logger.js';
import { loadSettings } from './config/settings.js';
import { SettingsError } from './config/parse-settings.js';

/** API entry point (`npm run start:api`). */
async function main(): Promise<void> {
  const settings = loadSettings();
  const db = createDatabase(settings.DATABASE_URL, 1);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const app = await createApp(settings);
  await app.listen({ port: settings.PORT, host: settings.HOST });
  getLogger('main').info({ port: settings.PORT }, 'API listening');
}

main().catch((error: unknown) => {
  if (error instanceof SettingsError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});

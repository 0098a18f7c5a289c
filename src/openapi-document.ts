import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { apiDocument } from './app.js';

/**
 * `npm run openapi`: writes the OpenAPI document the code generates to docs/openapi.json (the committed
 * copy clients read); `--check` compares instead and exits 1 when the committed copy is stale (CI runs it).
 * Needs no database or settings: the document comes from the controllers' metadata and zod schemas.
 */
const COMMITTED = 'docs/openapi.json';

async function main(): Promise<void> {
  const generated = `${JSON.stringify(apiDocument(), null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const committed = await readFile(COMMITTED, 'utf8').catch(() => '');
    if (committed !== generated) {
      process.stderr.write(`${COMMITTED} differs from the document the code generates: run npm run openapi\n`);
      process.exit(1);
    }
    process.stdout.write(`${COMMITTED} is up to date\n`);
    return;
  }
  await writeFile(COMMITTED, generated);
  process.stdout.write(`wrote ${COMMITTED}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

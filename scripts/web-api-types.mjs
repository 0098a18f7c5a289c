// Writes web/src/api/openapi.d.ts, the dashboard's API types, from docs/openapi.json (the document the API's
// code generates and CI keeps current), when the document is newer. The dashboard's client is typed by it, so
// an API change that the dashboard does not follow fails `npm run check`.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const DOCUMENT = 'docs/openapi.json';
const OUTPUT = 'web/src/api/openapi.d.ts';

const modified = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;

if (process.argv.includes('--force') || modified(DOCUMENT) > modified(OUTPUT)) {
  const ast = await openapiTS(new URL(`../${DOCUMENT}`, import.meta.url));
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(
    OUTPUT,
    `// Generated from ${DOCUMENT} by scripts/web-api-types.mjs: do not edit.\n${astToString(ast)}`,
  );
}

// Builds dist/ only when a source is newer than the last build (or with --force), so `npm run cli`, `npm start`
// and the demo start in a fraction of a second after the first build instead of recompiling on every call.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = join('dist', '.build-stamp');
const SOURCES = ['src', 'bench', 'tools', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

function newestModification(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

const built = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const force = process.argv.includes('--force');
if (force || SOURCES.some((source) => newestModification(source) > built)) {
  if (!force) process.stderr.write('sources changed since the last build: building dist/ …\n');
  const steps = [
    [process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']],
    [process.execPath, [join('scripts', 'copy-assets.mjs')]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, new Date().toISOString());
}

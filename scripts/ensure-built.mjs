// Builds dist/ only when a source is newer than the last build (or with --force), so `npm run cli`, `npm start`
// and the demo start in a fraction of a second after the first build instead of recompiling on every call.
// The dashboard (web/ → web/dist/, served by the API at /) is built the same way, on its own sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const STAMP = join('dist', '.build-stamp');
const SOURCES = ['src', 'bench', 'tools', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const WEB_DIST = join('web', 'dist');
const WEB_STAMP = join(WEB_DIST, '.build-stamp');
const WEB_SOURCES = [
  join('web', 'src'),
  join('web', 'public'),
  join('web', 'index.html'),
  join('web', 'vite.config.ts'),
  join('docs', 'openapi.json'),
  'package-lock.json',
];

function newestModification(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

function run(steps) {
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const force = process.argv.includes('--force');
const stale = (stamp, sources) => {
  const built = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return force || sources.some((source) => newestModification(source) > built);
};

if (stale(STAMP, SOURCES)) {
  if (!force) process.stderr.write('sources changed since the last build: building dist/ …\n');
  run([
    [process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']],
    [process.execPath, [join('scripts', 'copy-assets.mjs')]],
  ]);
  writeFileSync(STAMP, new Date().toISOString());
}

if (stale(WEB_STAMP, WEB_SOURCES)) {
  if (!force) process.stderr.write('dashboard sources changed since the last build: building web/dist/ …\n');
  // Built beside web/dist and swapped in whole, so two builds at once (two test runs, say) never mix their files.
  const output = join('web', `dist.building-${process.pid}`);
  const previous = join('web', `dist.previous-${process.pid}`);
  run([[process.execPath, [join('scripts', 'web-api-types.mjs')]]]);
  // A production build whatever NODE_ENV the caller has (vitest's global setup runs with NODE_ENV=test, which
  // would bundle React's development build).
  const build = spawnSync(
    process.execPath,
    [
      join('node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      ...['--config', join('web', 'vite.config.ts'), '--outDir', resolve(output), '--emptyOutDir'],
      ...['--logLevel', 'warn'],
    ],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) {
    rmSync(output, { recursive: true, force: true });
    process.exit(build.status ?? 1);
  }
  writeFileSync(join(output, '.build-stamp'), new Date().toISOString());
  if (existsSync(WEB_DIST)) renameSync(WEB_DIST, previous);
  renameSync(output, WEB_DIST);
  rmSync(previous, { recursive: true, force: true });
}

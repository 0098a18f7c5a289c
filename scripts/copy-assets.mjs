// Copies the data files the code reads at run time (src/**/data/) next to the compiled code in dist/src/.
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';

async function* dataDirectories(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(directory, entry.name);
    if (entry.name === 'data') yield path;
    else yield* dataDirectories(path);
  }
}

for await (const directory of dataDirectories('src')) {
  await cp(directory, join('dist', directory), { recursive: true });
}

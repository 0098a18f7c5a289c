import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = join(root, 'dist');

/**
 * Writes a .gz and a .br beside each built script, stylesheet and page, so the API serves them compressed
 * without compressing on every request (and without a compression hook on the API's own responses).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json)$/;
  const walk = (directory: string): string[] =>
    readdirSync(directory).flatMap((name) => {
      const path = join(directory, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  let builtInto = outDir;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      builtInto = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(builtInto).filter((path) => compressible.test(path))) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** `npm run dev:web`: the dashboard with hot reload; API calls go to the API at API_URL (default port 3000). */
export default defineConfig({
  root,
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    // Chromium, Firefox and Safari of the last years load modules natively: no polyfill in the first load.
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});

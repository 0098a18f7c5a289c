import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers of every response of the dashboard (conventions §2): scripts and styles only from this origin (the
 * build has no inline script), never framed, no MIME sniffing, no referrer sent anywhere.
 */
export const WEB_APP_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Built files under assets/ carry a content hash in their name: they never change, so caches keep them. */
const HASHED_ASSETS = 'assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and unhashed files such as the icon) are checked with the server on every use. */
const REVALIDATE = 'no-cache';

/** web/dist of this package: found from this module, under src/ (tests) or dist/src/ (built). */
export function defaultWebAppDirectory(): string | null {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(directory, 'package.json'))) return join(directory, 'web', 'dist');
    const parent = dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
}

/** The file under `root` that a URL path names, as a path relative to root, or null when there is none. */
async function fileFor(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = relative(root, resolve(root, `.${decoded}`));
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return null;
  const found = await stat(join(root, path)).catch(() => null);
  return found?.isFile() ? path.split(sep).join('/') : null;
}

/**
 * Serves the built dashboard at `/`: its files (pre-compressed .br/.gz when the browser takes them), and the
 * app's page for any other path outside `/api`, so client routes survive a reload. Paths under `/api` that no
 * route serves keep the API's own 404. Does nothing (answers false) when the dashboard is not built.
 */
export async function serveWebApp(app: NestFastifyApplication, root: string | null): Promise<boolean> {
  if (!root || !existsSync(join(root, 'index.html'))) return false;
  // serve: false — no route per file; the one route below decides, and sendFile streams.
  await app.register(fastifyStatic as never, {
    root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?', 1)[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.callNotFound();
    void reply.headers(WEB_APP_HEADERS);
    const file = await fileFor(root, urlPath);
    if (file && file !== 'index.html') {
      void reply.header('cache-control', file.startsWith(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE);
      return reply.sendFile(file);
    }
    void reply.header('cache-control', REVALIDATE);
    return reply.sendFile('index.html');
  };
  fastify.get('/', handler);
  fastify.get('/*', handler);
  return true;
}

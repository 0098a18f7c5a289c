import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWebAppDirectory } from '../../src/common/web-app/web-app.js';
import { demoBanner } from '../../src/demo/demo-banner.js';
import { DEMO_SUPER_ADMIN_PASSWORD } from '../../src/demo/demo-institution.js';
import { setupApi } from '../support/test-context.js';

const webDist = defaultWebAppDirectory() as string;
const { api, settings } = await setupApi();

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function expectAppPage(response: Response, body: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(body).toContain('<div id="root"></div>');
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  expect(response.headers.get('cache-control')).toBe('no-cache');
}

describe('the dashboard served by the API', () => {
  it('is built (global setup builds web/ when it is stale)', () => {
    expect(existsSync(join(webDist, 'index.html'))).toBe(true);
  });

  it('answers the app page at / and at any client route, with the security headers and no-cache', async () => {
    for (const path of [
      '/',
      '/overview',
      '/faculty/7d1c1c57-0000-4000-8000-000000000000?semester=x',
      '/no/such/page',
    ]) {
      const response = await fetch(`${api.baseUrl}${path}`);
      expectAppPage(response, await response.text());
    }
  });

  it('has no inline script in the page, so the policy needs no unsafe-inline', async () => {
    const html = await (await fetch(`${api.baseUrl}/`)).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  });

  it('serves hashed assets for a year as immutable, compressed when the browser accepts it', async () => {
    const script = readdirSync(join(webDist, 'assets')).find((name) => /^index-.*\.js$/.test(name));
    expect(script).toBeDefined();
    const plain = await fetch(`${api.baseUrl}/assets/${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/javascript/);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    const compressed = await fetch(`${api.baseUrl}/assets/${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(await plain.text());
  });

  it('leaves /api to the API: an unknown API path is the JSON 404, not the app page', async () => {
    for (const path of ['/api/v1/no-such-route', '/api', '/api/']) {
      const response = await fetch(`${api.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const health = await fetch(`${api.baseUrl}/api/v1/health`);
    expect(health.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('never serves a file outside the build, whatever the path says', async () => {
    for (const path of ['/..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2f..%2fpackage.json']) {
      const response = await fetch(`${api.baseUrl}${path}`);
      const body = await response.text();
      expect(body, path).not.toContain('"name": "feedback-analysis-service"');
    }
  });

  it('is named with its address in the banner `npm run demo` prints', () => {
    const summary = { imported: {}, questionnaires: 3, submissions: 0, ingestedRows: 0, failedRows: 0 };
    const banner = demoBanner({ ...settings, HOST: '127.0.0.1', PORT: 3000 }, summary);
    expect(banner).toMatch(/^ {2}Dashboard +http:\/\/127\.0\.0\.1:3000\/ /m);
  });

  it("prints the demo's own passwords, never ones the user set (outside audit AA)", () => {
    const summary = { imported: {}, questionnaires: 3, submissions: 0, ingestedRows: 0, failedRows: 0 };
    const own = demoBanner({ ...settings, SUPER_ADMIN_PASSWORD: DEMO_SUPER_ADMIN_PASSWORD }, summary);
    expect(own).toContain(`/ ${DEMO_SUPER_ADMIN_PASSWORD}`);
    const theirs = demoBanner(
      {
        ...settings,
        SUPER_ADMIN_PASSWORD: 'their-own-admin-pass-81',
        DATABASE_URL: 'postgres://fas:db-pass-93@db.internal:5432/fas',
        CACHE_URL: 'redis://:cache-pass-27@cache.internal:6379',
      },
      summary,
    );
    expect(theirs).not.toMatch(/their-own-admin-pass-81|db-pass-93|cache-pass-27/);
    expect(theirs).toContain('(the SUPER_ADMIN_PASSWORD you set)');
    expect(theirs).toContain("DATABASE_URL='postgres://fas:****@db.internal:5432/fas'");
    expect(theirs).toContain("CACHE_URL='redis://:****@cache.internal:6379'");
    expect(theirs).toContain('(**** in DATABASE_URL and CACHE_URL: the password you set there)');
  });
});

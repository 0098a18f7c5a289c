import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';

/** Debian's chromium (`.ci/run` installs it); playwright-core never downloads a browser of its own. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of every page the tests visit, kept as test artefacts (gitignored). */
export const SCREENSHOTS = join('test-results', 'web');

const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d/;

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** One headless Chromium for the test file, closed after it. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // As root in a sandbox with no outside network: no sandbox, no GPU, no calls home.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  afterAll(() => browser.close());
  mkdirSync(SCREENSHOTS, { recursive: true });
  return browser;
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and Content-Security-Policy violations seen so far. */
  problems: string[];
}

/** A fresh browser context (its own sessionStorage) on the API's address. */
export async function openContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<Visit> {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // The API's refusals (4xx) are part of the paths under test; the page shows them. Anything else counts,
    // Content-Security-Policy violations included.
    if (message.type() === 'error' && !EXPECTED_REFUSAL.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await poll(() => new URL(page.url()).pathname).not.toBe('/login');
}

/**
 * What every page must be: one main landmark, one level-1 heading naming it, no serious or critical axe-core
 * violation (WCAG 2.1 A and AA rules), and no horizontal scrolling of the page itself (wide tables scroll in
 * their own region). Saves a full-page screenshot under test-results/web/.
 */
export async function checkPage(page: Page, name: string, heading: string | RegExp): Promise<void> {
  await poll(() => page.getByRole('main').count()).toBe(1);
  const headings = page.getByRole('heading', { level: 1 });
  await poll(() => headings.count()).toBe(1);
  await poll(async () => (await headings.first().textContent())?.trim()).toMatch(heading);
  // Charts draw after their module loads; wait for pending work so the screenshot shows the page as read.
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `axe-core on ${name}`).toEqual([]);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Waits for a value in the page: longer than expect.poll's default second, as pages load data first. */
export function poll<T>(read: () => T | Promise<T>, timeout = 15_000) {
  return expect.poll(read, { timeout, interval: 100 });
}

export function expectNoBrowserProblems(visit: Visit): void {
  expect(visit.problems).toEqual([]);
}

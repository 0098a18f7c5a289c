import { describe, expect, it } from 'vitest';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';
import {
  checkPage,
  DESKTOP,
  expectNoBrowserProblems,
  launchBrowser,
  openContext,
  PHONE,
  poll,
  signIn,
} from './browser.js';

/**
 * The signed-in session of the dashboard across reloads, in Chromium against the real API (conventions §2: the
 * access token in memory, the refresh token in the tab's sessionStorage, renewed on every page load).
 */
const { api, client } = await setupApi();
const browser = await launchBrowser();

const STORED_REFRESH_TOKEN = "sessionStorage.getItem('feedback-analysis.refresh-token')";
const STORED_ATTEMPT = "sessionStorage.getItem('feedback-analysis.refresh-attempt')";
const STORED_TAB_ID = "sessionStorage.getItem('feedback-analysis.tab-id')";

/** A new browser context with the super admin signed in, and the Sign out button that shows it. */
async function signedIn() {
  const visit = await openContext(browser, api.baseUrl);
  const { page } = visit;
  await signIn(page, SUPER_ADMIN.username, SUPER_ADMIN.password);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await poll(() => signOut.count()).toBe(1);
  return { visit, page, signOut };
}

describe('the session across reloads', () => {
  it('stays signed in when a reload interrupts a refresh the API answered (outside audit: two quick reloads signed out)', async () => {
    const { visit, page, signOut } = await signedIn();
    const landing = new URL(page.url()).pathname;
    const first = await page.evaluate<string | null>(STORED_REFRESH_TOKEN);
    expect(first).toBeTruthy();

    // Load 1 renews the session with the tab's token: the API rotates it, but the answer never reaches the page,
    // which is reloaded first.
    let rotated: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (rotated = resolve));
    await page.route(
      '**/api/v1/auth/refresh',
      async (route) => {
        const response = await route.fetch();
        expect(response.status()).toBe(200);
        rotated();
      },
      { times: 1 },
    );
    await page.reload();
    await answered;
    expect(await page.evaluate(STORED_REFRESH_TOKEN)).toBe(first);
    expect(await page.evaluate(STORED_ATTEMPT)).toMatch(/^[0-9a-f]{32}$/);

    // Load 2 sends the same token with the same attempt id: a retry the API answers, not a reuse.
    await page.reload();
    await poll(() => page.evaluate<string | null>(STORED_ATTEMPT)).toBeNull();
    await poll(() => signOut.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(landing);
    const second = await page.evaluate<string | null>(STORED_REFRESH_TOKEN);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    // The token it holds is the session's live one: the next reload renews with it.
    await page.reload();
    await poll(() => page.evaluate<string | null>(STORED_REFRESH_TOKEN)).not.toBe(second);
    await poll(() => signOut.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(landing);

    // Reuse detection is intact: the first token sent again without its attempt id ends the session.
    expect((await client.post('/api/v1/auth/refresh', { refreshToken: first })).status).toBe(401);
    await page.reload();
    await poll(() => new URL(page.url()).pathname).toBe('/login');
    await poll(() => page.getByText(/^Your session has ended/).count()).toBe(1);
    expectNoBrowserProblems(visit);
    await visit.context.close();
  }, 60_000);

  it('sends a refresh whose answer was lost again by itself, within the API retry window, and stays signed in', async () => {
    const { visit, page, signOut } = await signedIn();
    const first = await page.evaluate<string | null>(STORED_REFRESH_TOKEN);

    // The API rotates the token on the page's renewal, and the connection drops before its answer arrives.
    let lost = 0;
    await page.route(
      '**/api/v1/auth/refresh',
      async (route) => {
        const response = await route.fetch();
        expect(response.status()).toBe(200);
        lost += 1;
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.reload();
    await poll(() => lost).toBe(1);
    // No reload and no click: the page sends the same token and attempt id again and is answered as a retry.
    await poll(() => page.evaluate<string | null>(STORED_ATTEMPT)).toBeNull();
    await poll(() => signOut.count()).toBe(1);
    const second = await page.evaluate<string | null>(STORED_REFRESH_TOKEN);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // The session is live with that token.
    expect((await client.post('/api/v1/auth/refresh', { refreshToken: second })).status).toBe(200);
    await visit.context.close();
  }, 60_000);

  it('still says why the session ended on the next page the tab loads, until someone signs in', async () => {
    const { visit, page, signOut } = await signedIn();
    // The session ends: a token the page has rotated since is sent again (a reuse).
    const first = await page.evaluate<string | null>(STORED_REFRESH_TOKEN);
    await page.reload();
    await poll(() => page.evaluate<string | null>(STORED_REFRESH_TOKEN)).not.toBe(first);
    expect((await client.post('/api/v1/auth/refresh', { refreshToken: first })).status).toBe(401);

    // The page's renewal is refused: the sign-in page says why.
    await page.reload();
    await poll(() => new URL(page.url()).pathname).toBe('/login');
    const ended = page.getByText(/^Your session has ended/);
    await poll(() => ended.count()).toBe(1);
    expect(await page.evaluate<string | null>(STORED_REFRESH_TOKEN)).toBeNull();

    // A reload (or a request of an earlier page that the API refused before the reload) leaves no token to renew
    // with; the reason is still shown.
    await page.reload();
    await poll(() => new URL(page.url()).pathname).toBe('/login');
    await poll(() => ended.count()).toBe(1);
    await checkPage(page, 'session-ended-after-reload', 'Sign in');
    await page.setViewportSize(PHONE);
    await checkPage(page, 'session-ended-after-reload-390', 'Sign in');
    await page.setViewportSize(DESKTOP);

    // Signing in again puts it away for good.
    await page.getByLabel('Username').fill(SUPER_ADMIN.username);
    await page.getByLabel('Password').fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await poll(() => signOut.count()).toBe(1);
    await signOut.click();
    await poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.reload();
    await poll(() => page.getByText('You have signed out.').count()).toBe(1);
    expect(await ended.count()).toBe(0);
    expectNoBrowserProblems(visit);
    await visit.context.close();
  }, 60_000);

  it('leaves a duplicated tab signed out, and the tab it was copied from signed in (the copy holds the same token)', async () => {
    const { visit, page, signOut } = await signedIn();
    const landing = new URL(page.url()).pathname;
    const tabId = await page.evaluate<string | null>(STORED_TAB_ID);
    expect(tabId).toMatch(/^[0-9a-f]{32}$/);

    // A window the page opens keeps its opener, so it starts with a copy of the tab's sessionStorage, as a
    // browser's "Duplicate tab" does: the refresh token and the tab id.
    const [copy] = await Promise.all([
      visit.context.waitForEvent('page'),
      page.evaluate("void window.open(window.location.href, '_blank')"),
    ]);
    const refreshes: string[] = [];
    copy.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh')) refreshes.push(request.url());
    });
    await poll(() => new URL(copy.url()).pathname).toBe('/login');
    await poll(() => copy.getByText(/^This tab was copied from another signed-in tab/).count()).toBe(1);
    await checkPage(copy, 'session-copied-tab', 'Sign in');
    expect(await copy.evaluate<string | null>(STORED_REFRESH_TOKEN)).toBeNull();
    const copyTabId = await copy.evaluate<string | null>(STORED_TAB_ID);
    expect(copyTabId).toMatch(/^[0-9a-f]{32}$/);
    expect(copyTabId).not.toBe(tabId);
    expect(refreshes).toEqual([]);

    // The first tab's session is whole: a reload renews it with its token, which no other page has used.
    await page.reload();
    await poll(() => signOut.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(landing);
    expect(await page.evaluate<string | null>(STORED_TAB_ID)).toBe(tabId);

    // The copy signs in on its own, and renews that session as any page does: its clock is moved past the access
    // token's renewal time (15 minutes), and the page sends its refresh without a reload.
    // Signed in on the page that showed the notice, without loading it again.
    await copy.clock.install();
    await copy.getByLabel('Username').fill(SUPER_ADMIN.username);
    await copy.getByLabel('Password').fill(SUPER_ADMIN.password);
    await copy.getByRole('button', { name: 'Sign in' }).click();
    const copySignOut = copy.getByRole('button', { name: 'Sign out' });
    await poll(() => copySignOut.count()).toBe(1);
    await copy.clock.fastForward('20:00');
    await poll(() => refreshes.length).toBe(1);
    await poll(() => copy.evaluate<string | null>(STORED_ATTEMPT)).toBeNull();
    await poll(() => copySignOut.count()).toBe(1);
    // Each tab keeps its session through a reload.
    await copy.reload();
    await poll(() => copySignOut.count()).toBe(1);
    expect(new URL(copy.url()).pathname).not.toBe('/login');
    await page.reload();
    await poll(() => signOut.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(landing);
    expectNoBrowserProblems(visit);
    await visit.context.close();
  }, 60_000);

  it('loads the account again when someone signs out and signs in on the same page', async () => {
    const { visit, page, signOut } = await signedIn();
    await signOut.click();
    await poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Username').fill(SUPER_ADMIN.username);
    await page.getByLabel('Password').fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await poll(() => signOut.count()).toBe(1);
    await poll(() => page.getByText('Loading your account…').count()).toBe(0);
    expectNoBrowserProblems(visit);
    await visit.context.close();
  }, 60_000);
});

describe('the API docs page', () => {
  it('renders its operations under the page rules of conventions §2, with no policy violation (outside audit AA)', async () => {
    const visit = await openContext(browser, api.baseUrl);
    const { page } = visit;
    await page.goto('/api/docs');
    await poll(() => page.locator('.opblock').count()).toBeGreaterThan(50);
    await poll(() => page.getByText('/api/v1/auth/login').count()).toBeGreaterThan(0);
    expectNoBrowserProblems(visit);
    await visit.context.close();
  });
});

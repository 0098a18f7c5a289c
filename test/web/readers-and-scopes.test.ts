import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/demo/demo-institution.js';
import { seedDemoStack, startPipelineStack } from '../support/pipeline-stack.js';
import { SUPER_ADMIN } from '../support/test-context.js';
import { checkPage, expectNoBrowserProblems, launchBrowser, openContext, PHONE, poll, signIn } from './browser.js';

/**
 * What the dashboard shows of the reader themselves: a faculty report opened by someone who may not read it (one
 * sentence, and no request or a single refused one), semester pickers that offer only the semesters of the reader's
 * campuses (conventions §4), and on a phone, who is signed in. Against the real API with the demo data, which has a
 * NORTH campus whose S12526 has the same code as MAIN's.
 */
const stack = await startPipelineStack();
const { api } = stack;
const browser = await launchBrowser();
const { people } = await seedDemoStack(stack);

const TIMEOUT = 120_000;

/** Every API request the page sends from now on, and how many of them the API refused. */
function watchRequests(page: Page) {
  const sent: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/') && !url.pathname.startsWith('/api/v1/auth/'))
      sent.push(`${url.pathname}${url.search}`);
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/v1/') && response.status() >= 400)
      refused.push(`${response.status()} ${response.url()}`);
  });
  return {
    sent,
    refused,
    /** The requests about one faculty member (their report's, and the analyses naming them). */
    about: (facultyId: string) => sent.filter((path) => path.includes(facultyId)),
  };
}

/** Signs in, opens `path` and waits for the page to settle (nothing more is asked for a while). */
async function openAs(username: string, password: string, path: string, viewport?: typeof PHONE) {
  const visit = await openContext(browser, api.baseUrl, viewport);
  await signIn(visit.page, username, password);
  const requests = watchRequests(visit.page);
  await visit.page.goto(path);
  return { ...visit, requests };
}

describe('the reader in the dashboard', () => {
  it(
    'a faculty report the reader may not read: one plain sentence, no request for roles that never read one, one refused request for a scoped role',
    async () => {
      const jose = people.get('jose.delacruz') ?? '';
      const ramon = people.get('ramon.villanueva') ?? '';
      const liza = people.get('liza.bautista') ?? '';

      // Roles that never read another person's report: a sentence, and not one report request.
      for (const [username, expected] of [
        ['student036', /^Faculty reports are for deans, chairpersons, campus heads, and the super admin/],
        ['admin.ops', /^Faculty reports are for deans, chairpersons, campus heads, and the super admin/],
        ['maria.santos', /^Faculty members read only their own report\./],
      ] as const) {
        const visit = await openAs(username, DEMO_PASSWORD, `/faculty/${jose}`);
        const { page, requests } = visit;
        await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
          'Evaluation report: not for your role',
        );
        await poll(() => page.getByText(expected).count()).toBe(1);
        await checkPage(page, `report-refused-${username}`, 'Evaluation report: not for your role');
        expect(requests.about(jose), username).toEqual([]);
        expect(requests.refused, username).toEqual([]);
        // No role constant of the API's, no report layout.
        expect(await page.getByText(/CAMPUS_HEAD|SUPER_ADMIN/).count(), username).toBe(0);
        expect(await page.getByLabel('Semester').count(), username).toBe(0);
        expectNoBrowserProblems(visit);
        await visit.context.close();
      }

      // A dean (CCS at MAIN) opens a CAS teacher's report, a chairperson (BSIT) a BSCS teacher's: the first question is
      // refused, and that is all the page asks and all it says.
      for (const [username, facultyId, scope] of [
        ['dean.ccs', ramon, 'department CCS at MAIN'],
        ['chair.bsit', liza, 'program BSIT at MAIN'],
      ] as const) {
        const visit = await openAs(username, DEMO_PASSWORD, `/faculty/${facultyId}`);
        const { page, requests } = visit;
        await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
          'Evaluation report: not in your scope',
        );
        const refusal = page.getByRole('alert');
        await poll(() => refusal.textContent()).toMatch(
          new RegExp(
            `^This faculty member is not in your scope in 1st Semester 2025-2026 \\(S12526, MAIN\\), so their report is not yours to read\\. You may read the reports of the faculty of ${scope}\\.`,
          ),
        );
        await page.waitForTimeout(1_500);
        expect(requests.refused.length, `${username}: ${requests.refused.join(', ')}`).toBe(1);
        expect(requests.about(facultyId), username).toHaveLength(1);
        expect(await page.getByRole('alert').count(), username).toBe(1);
        expect(await page.getByText(/No completed analysis|No evaluations of/).count(), username).toBe(0);
        expect(await page.getByText('scope not in your assigned access').count(), username).toBe(0);
        await checkPage(page, `report-out-of-scope-${username}`, 'Evaluation report: not in your scope');
        expectNoBrowserProblems(visit);
        await visit.context.close();
      }
    },
    TIMEOUT,
  );

  it(
    "semester pickers offer the semesters of the reader's campuses; the super admin's name the campus where codes repeat",
    async () => {
      const pages = ['/alerts', '/analysis', '/overview', '/trends'];
      const visit = await openAs('dean.ccs', DEMO_PASSWORD, pages[0] ?? '');
      const { page } = visit;
      for (const path of pages) {
        // A reload renews the session with the tab's refresh token: each waits for the page before it to settle.
        if (path !== pages[0]) await page.goto(path);
        const picker = page.getByLabel('Semester');
        await poll(() => picker.locator('option').count()).toBeGreaterThan(0);
        const offered = await picker.locator('option').allTextContents();
        expect(
          offered.filter((text) => !text.endsWith(', MAIN)')),
          `${path} offers another campus`,
        ).toEqual([]);
      }
      await visit.context.close();

      // A faculty member's own report: every semester they may have taught in, each named with its campus.
      const faculty = await openAs('maria.santos', DEMO_PASSWORD, '/my-report');
      const ownPicker = faculty.page.getByLabel('Semester');
      await poll(() => ownPicker.locator('option').count()).toBeGreaterThan(0);
      for (const text of await ownPicker.locator('option').allTextContents())
        expect(text).toMatch(/\(S\d{5}, (MAIN|NORTH)\)$/);
      expectNoBrowserProblems(faculty);
      await faculty.context.close();

      // The super admin reads every campus: NORTH's S12526 is on offer, and its empty list says which S12526.
      const root = await openAs(SUPER_ADMIN.username, SUPER_ADMIN.password, '/alerts');
      const rootPicker = root.page.getByLabel('Semester');
      await poll(() => rootPicker.locator('option').count()).toBeGreaterThan(1);
      await rootPicker.selectOption({ label: '1st Semester 2025-2026 (S12526, NORTH)' });
      await poll(() => root.page.getByText('No open alerts for S12526 (NORTH).').count()).toBe(1);
      await checkPage(root.page, 'alerts-super-admin-north', 'Alerts');
      expectNoBrowserProblems(root);
      await root.context.close();
    },
    TIMEOUT,
  );

  it(
    'on a phone, the header says who is signed in and in what role, menu open or closed',
    async () => {
      const visit = await openAs('dean.ccs', DEMO_PASSWORD, '/alerts', PHONE);
      const { page } = visit;
      const header = page.getByRole('banner');
      await poll(() => header.getByText('Ana Reyes').isVisible()).toBe(true);
      expect(await header.getByText('Dean', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Menu' }).click();
      await poll(() =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).isVisible(),
      ).toBe(true);
      expect(await header.getByText('Ana Reyes').isVisible()).toBe(true);
      await checkPage(page, 'phone-header-menu-open', 'Alerts');
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    TIMEOUT,
  );
});

import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/demo/demo-institution.js';
import { seedDemoStack, startPipelineStack } from '../support/pipeline-stack.js';
import { SUPER_ADMIN } from '../support/test-context.js';
import { checkPage, expectNoBrowserProblems, launchBrowser, openContext, PHONE, poll, signIn } from './browser.js';

/**
 * The Alerts page in Chromium, against the real API with the demo data and two comments the screen flags (a student
 * submits them as any student would): a dean handles the one in their department and never sees the other, the
 * super admin reveals the respondent (audited) and resolves it, and a faculty member is refused by the API.
 */
const stack = await startPipelineStack();
const { api, client, database } = stack;
const browser = await launchBrowser();

const { people, semester } = await seedDemoStack(stack);
const version = await database.db
  .selectFrom('questionnaire_versions as v')
  .innerJoin('questionnaires as q', 'q.id', 'v.questionnaire_id')
  .innerJoin('questionnaire_types as t', 't.id', 'q.type_id')
  .select('v.id')
  .where('t.code', '=', 'FACULTY_FEEDBACK')
  .where('v.status', '=', 'ACTIVE')
  .executeTakeFirstOrThrow();

/** A student of the course who has not evaluated its teacher yet submits `comment`; the alert it raised. */
async function flaggedSubmission(courseShortname: string, faculty: string, comment: string) {
  const course = await database.db
    .selectFrom('courses')
    .select('id')
    .where('shortname', '=', courseShortname)
    .executeTakeFirstOrThrow();
  const facultyId = people.get(faculty) ?? '';
  const student = await database.db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.username', 'u.full_name'])
    .where('e.course_id', '=', course.id)
    .where('e.role', '=', 'student')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('submissions as s')
            .select('s.id')
            .whereRef('s.respondent_id', '=', 'u.id')
            .where('s.course_id', '=', course.id)
            .where('s.faculty_id', '=', facultyId),
        ),
      ),
    )
    .orderBy('u.username')
    .executeTakeFirstOrThrow();
  const token = await client.login(student.username, DEMO_PASSWORD);
  const answers = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((questionId) => ({ questionId, value: 2 }));
  const response = await client.post(
    '/api/v1/submissions',
    {
      versionId: version.id,
      facultyId,
      courseId: course.id,
      answers: [...answers, { questionId: 'q7', value: 1 }],
      qualitativeComment: comment,
    },
    token,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const alert = await database.db
    .selectFrom('alerts')
    .select(['id', 'category'])
    .where('submission_id', '=', response.body.id)
    .executeTakeFirst();
  expect(alert, `"${comment}" raised no alert`).toBeDefined();
  return { ...alert!, comment, student };
}

// In the dean's department (CCS: IT101 is a BSIT course), and outside it (CAS: PSY101 is a BA Psychology course).
const inScope = await flaggedSubmission(
  'IT101-S12526',
  'maria.santos',
  'She calls us stupid and useless every meeting.',
);
const outOfScope = await flaggedSubmission(
  'PSY101-S12526',
  'ramon.villanueva',
  'If you pay 2,000 you pass the finals.',
);
expect(inScope.category).toBe('abuse');
expect(outOfScope.category).toBe('integrity');

const ACK_NOTE = 'Spoke with the faculty member and the class adviser.';
const RESOLVE_NOTE = 'Counselling arranged; the case is closed.';
const PATH_TIMEOUT = 120_000;

describe('the Alerts page in a browser', () => {
  it(
    'dean: opens Alerts from the menu, sees only their department, acknowledges with a note, finds it under acknowledged',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      await signIn(page, 'dean.ccs', DEMO_PASSWORD);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
      await poll(() => new URL(page.url()).pathname).toBe('/alerts');

      const article = page.getByRole('article').filter({ hasText: inScope.comment });
      await poll(() => article.count()).toBe(1);
      expect(await article.getByRole('heading', { name: 'Abuse · Maria Santos' }).count()).toBe(1);
      expect(await article.getByText('IT101-S12526', { exact: true }).count()).toBe(1);
      // The alert's score is the screen's confidence, said so, as a percentage.
      expect(await article.getByText(/^Screen confidence \d{1,3}%$/).count()).toBe(1);
      expect(await article.getByText(/^Score /).count()).toBe(0);
      expect(
        await article
          .getByRole('list', { name: 'History' })
          .getByText(/^Raised by the screen, /)
          .count(),
      ).toBe(1);
      expect(await page.getByRole('article').filter({ hasText: outOfScope.comment }).count()).toBe(0);
      // The count the page states is the API's, in the count-wording of the dashboard.
      const dean = await client.login('dean.ccs', DEMO_PASSWORD);
      const open = await client.get(`/api/v1/alerts?semesterId=${semester.id}&status=open`, dean);
      expect(open.status).toBe(200);
      const total = open.body.total as number;
      await poll(() =>
        page.getByText(`${total} open ${total === 1 ? 'alert' : 'alerts'} for S12526, newest first.`).count(),
      ).toBe(1);
      expect(await page.getByRole('article').count()).toBe(Math.min(total, 20));
      // Revealing a respondent is the super admin's alone.
      expect(await page.getByRole('button', { name: 'Reveal respondent' }).count()).toBe(0);
      await checkPage(page, 'dean-alerts', 'Alerts');

      await article.getByRole('button', { name: 'Acknowledge', exact: true }).click();
      await article.getByLabel(/^Note for the history/).fill(ACK_NOTE);
      await article.getByRole('button', { name: 'Acknowledge alert' }).click();
      await poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Acknowledged the abuse alert about Maria Santos; it is now listed under/ })
          .count(),
      ).toBe(1);
      // It leaves the open list...
      await poll(() => article.count()).toBe(0);
      // ...and is under "acknowledged" with who did it, when, and the note.
      await page.getByLabel('Status').selectOption('acknowledged');
      await poll(() => article.count()).toBe(1);
      const history = article.getByRole('list', { name: 'History' }).getByRole('listitem');
      expect(await history.count()).toBe(2);
      expect(await history.nth(1).textContent()).toMatch(new RegExp(`^Acknowledged by you, .+: “${ACK_NOTE}”$`));
      expect(await article.getByRole('button', { name: 'Acknowledge', exact: true }).count()).toBe(0);
      expect(await article.getByRole('button', { name: 'Resolve', exact: true }).count()).toBe(1);
      expect(await article.getByRole('button', { name: 'Reveal respondent' }).count()).toBe(0);
      await poll(() => page.getByText('1 acknowledged alert for S12526, newest first.').count()).toBe(1);

      // The category filter: nothing acknowledged about integrity, in the page's wording for none.
      await page.getByLabel('Category').selectOption('integrity');
      await poll(() => page.getByText('No acknowledged integrity alerts for S12526.').count()).toBe(1);
      expect(await article.count()).toBe(0);
      await page.getByLabel('Category').selectOption('abuse');
      await poll(() => article.count()).toBe(1);

      await page.setViewportSize(PHONE);
      await checkPage(page, 'dean-alerts-390', 'Alerts');
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    'super admin: reveals the respondent with a reason (audited, shown only on the page), then resolves the alert',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      const menu = page.getByRole('navigation', { name: 'Main' });
      await signIn(page, SUPER_ADMIN.username, SUPER_ADMIN.password);
      await menu.getByRole('link', { name: 'Alerts' }).click();
      await poll(() => page.getByLabel('Semester', { exact: true }).count()).toBe(1);
      await page.getByLabel('Semester', { exact: true }).selectOption(semester.id);
      await page.getByLabel('Status').selectOption('acknowledged');

      const article = page.getByRole('article').filter({ hasText: inScope.comment });
      await poll(() => article.count()).toBe(1);
      const history = article.getByRole('list', { name: 'History' }).getByRole('listitem');
      // The dean's step, with the name and username the API gives its actor.
      expect(await history.nth(1).textContent()).toMatch(
        new RegExp(`^Acknowledged by [^(]+ \\(dean\\.ccs\\), .+: “${ACK_NOTE}”$`),
      );
      // The super admin sees the alert outside the dean's department too.
      await page.getByLabel('Status').selectOption('open');
      await poll(() => page.getByRole('article').filter({ hasText: outOfScope.comment }).count()).toBe(1);
      await page.getByLabel('Status').selectOption('acknowledged');
      await poll(() => article.count()).toBe(1);

      await article.getByRole('button', { name: 'Reveal respondent' }).click();
      const form = article.getByRole('form', { name: /^Reveal the respondent of the abuse alert about Maria Santos$/ });
      await poll(() => form.getByText(/^Revealing who wrote this comment is audited/).count()).toBe(1);
      const reason = 'The comment names a pattern of abuse; student affairs must contact the student.';
      await form.getByLabel(/^Reason for revealing the respondent/).fill(reason);
      await form.getByRole('button', { name: 'Reveal and record in the audit log' }).click();
      await poll(() => article.getByText(inScope.student.username, { exact: true }).count()).toBe(1);
      expect(await article.getByText(inScope.student.full_name, { exact: true }).count()).toBe(1);
      expect(await article.getByText(/^This reveal is audited/).count()).toBe(1);
      await poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Revealed the respondent of the abuse alert about Maria Santos\./ })
          .count(),
      ).toBe(1);
      // Audited with the reason, as the API promises.
      const audit = await database.db
        .selectFrom('audit_records')
        .select(['actor_id', 'metadata'])
        .where('action', '=', 'alert.reveal')
        .where('target', '=', `alert:${inScope.id}`)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.metadata).toMatchObject({ reason });
      expect(audit[0]?.actor_id).toBe(people.get(SUPER_ADMIN.username));
      // Kept in the page's memory only.
      const stored = await page.evaluate<string>('JSON.stringify({ ...localStorage, ...sessionStorage })');
      expect(stored).not.toContain(inScope.student.username);
      await checkPage(page, 'admin-alerts-revealed', 'Alerts');
      await page.setViewportSize(PHONE);
      await checkPage(page, 'admin-alerts-revealed-390', 'Alerts');

      await article.getByRole('button', { name: 'Resolve', exact: true }).click();
      await article.getByLabel(/^Note for the history/).fill(RESOLVE_NOTE);
      await article.getByRole('button', { name: 'Resolve alert' }).click();
      await poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Resolved the abuse alert about Maria Santos; it is now listed under “Resolved”\.$/ })
          .count(),
      ).toBe(1);
      await poll(() => article.count()).toBe(0);
      await page.getByLabel('Status').selectOption('resolved');
      await poll(() => article.count()).toBe(1);
      expect(await history.count()).toBe(3);
      expect(await history.nth(2).textContent()).toMatch(new RegExp(`^Resolved by you, .+: “${RESOLVE_NOTE}”$`));
      // No step is left for a resolved alert; the respondent stays shown while the page is open.
      expect(await article.getByRole('button').count()).toBe(0);
      expect(await article.getByText(inScope.student.username, { exact: true }).count()).toBe(1);

      // Leaving the page forgets the respondent.
      await page.setViewportSize({ width: 1280, height: 900 });
      await menu.getByRole('link', { name: 'Audit log' }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Audit log');
      await menu.getByRole('link', { name: 'Alerts' }).click();
      await page.getByLabel('Semester', { exact: true }).selectOption(semester.id);
      await page.getByLabel('Status').selectOption('resolved');
      await poll(() => article.count()).toBe(1);
      expect(await article.getByText(inScope.student.username, { exact: true }).count()).toBe(0);
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    'faculty: no Alerts link, and /alerts says plainly whom the page is for, without asking the API',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      const menu = page.getByRole('navigation', { name: 'Main' });
      await signIn(page, 'maria.santos', DEMO_PASSWORD);
      await poll(() => menu.getByRole('link', { name: 'My report' }).count()).toBe(1);
      expect(await menu.getByRole('link', { name: 'Alerts' }).count()).toBe(0);

      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/alerts')) asked.push(request.url());
      });
      await page.goto('/alerts');
      await poll(() => page.getByText('This page is for deans, campus heads, and the super admin.').count()).toBe(1);
      expect(asked).toEqual([]);
      expect(await page.getByRole('article').count()).toBe(0);
      await checkPage(page, 'faculty-alerts-refused', 'Alerts: not for your role');
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );
});

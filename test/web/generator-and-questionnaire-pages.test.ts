import { describe, expect, it } from 'vitest';
import { seedDemoStack, startPipelineStack } from '../support/pipeline-stack.js';
import { SUPER_ADMIN } from '../support/test-context.js';
import { checkPage, expectNoBrowserProblems, launchBrowser, openContext, poll, signIn } from './browser.js';

/**
 * The generator and questionnaire pages in Chromium, against the real API with the demo data and three more
 * things: a course of 210 students (more than one commit of 200 takes), a second FACULTY_FEEDBACK questionnaire
 * with an active version and a draft, and an archived questionnaire that kept its draft.
 */
const stack = await startPipelineStack();
const { api, client, database } = stack;
const browser = await launchBrowser();
await seedDemoStack(stack);
const root = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);

async function expectStatus<T>(call: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const response = await call;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

const STUDENTS = 210;
const students = Array.from({ length: STUDENTS }, (_, index) => `bigclass${String(index + 1).padStart(3, '0')}`);
const course = { campus: 'MAIN', semester: 'S12526' };
await expectStatus(
  client.post(
    '/api/v1/admin/institution/import',
    {
      users: students.map((username) => ({ username, fullName: `Student ${username}`, roles: ['STUDENT'] })),
      courses: [{ ...course, program: 'BSIT', shortname: 'BIG101-S12526', fullname: 'Big Lecture Course' }],
      enrollments: [
        { ...course, username: 'ramon.villanueva', course: 'BIG101-S12526', role: 'faculty' },
        ...students.map((username) => ({ ...course, username, course: 'BIG101-S12526', role: 'student' })),
      ],
    },
    root,
  ),
  200,
);

const [demoVersion] = (
  await expectStatus(
    client.get<Array<{ id: string; status: string }>>('/api/v1/questionnaires/types/FACULTY_FEEDBACK/versions', root),
    200,
  )
).filter((version) => version.status === 'ACTIVE');
const { schemaSnapshot } = await expectStatus(
  client.get<{ schemaSnapshot: unknown }>(`/api/v1/questionnaires/versions/${demoVersion?.id}`, root),
  200,
);

/** A FACULTY_FEEDBACK questionnaire with version 1 published and version 2 left a draft. */
async function questionnaireWithDraft(title: string) {
  const questionnaire = await expectStatus(
    client.post<{ id: string }>('/api/v1/questionnaires', { title, typeCode: 'FACULTY_FEEDBACK' }, root),
    201,
  );
  const base = `/api/v1/questionnaires/${questionnaire.id}/versions`;
  const first = await expectStatus(client.post<{ id: string }>(base, { schema: schemaSnapshot }, root), 201);
  await expectStatus(client.post(`${base}/${first.id}/publish`, undefined, root), 200);
  const draft = await expectStatus(
    client.post<{ id: string }>(`${base}/from-template`, { sourceVersionId: first.id }, root),
    201,
  );
  return { id: questionnaire.id, draftId: draft.id };
}

const campusForm = await questionnaireWithDraft('North Campus Student Feedback');
const retired = await questionnaireWithDraft('Retired Student Feedback');
await expectStatus(client.post(`/api/v1/questionnaires/${retired.id}/archive`, undefined, root), 200);

const PATH_TIMEOUT = 120_000;

describe('the generator and questionnaire pages in a browser', () => {
  it(
    'generator: offers only the versions it can use, each named by its questionnaire',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      await signIn(page, SUPER_ADMIN.username, SUPER_ADMIN.password);
      await page.goto('/generator');
      const versionSelect = page.getByLabel('Questionnaire version');
      await poll(() => versionSelect.locator('option').count()).toBe(2);
      // The ACTIVE versions of the two questionnaires that have one, most recently published first; no draft, no
      // deprecated or archived questionnaire's version, no other type (the API refuses them all).
      const options = await versionSelect.locator('option').allTextContents();
      expect(options[0]).toMatch(
        /^North Campus Student Feedback, version 1 \(published [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/,
      );
      expect(options[1]).toMatch(/^Student Feedback on Teaching, version 1 \(published /);
      expect(await page.getByLabel('Questionnaire type').count()).toBe(0);

      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    'generator: 210 rows stored 200 at a time with progress; a failed batch stops it, says what was stored, and storing again resumes',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      await signIn(page, SUPER_ADMIN.username, SUPER_ADMIN.password);
      await page.goto('/generator');
      await page.getByLabel('Faculty member').selectOption('ramon.villanueva');
      await page.getByLabel('Course').selectOption({ label: 'BIG101-S12526: Big Lecture Course' });
      await poll(() => page.getByText('210 students enrolled, 0 already submitted, 210 available.').count()).toBe(1);
      await page.getByLabel('How many rows').fill('250');
      await page.getByLabel(/^Seed/).fill('5');
      await page.getByRole('button', { name: 'Preview rows' }).click();
      await poll(() => page.getByRole('table', { name: '210 generated rows' }).count()).toBe(1);

      // The first call is held until the progress has been read; the second is refused as a whole, as it would be
      // had someone deprecated the version meanwhile.
      const sizes: number[] = [];
      let releaseFirst = () => {};
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      await page.route('**/api/v1/admin/generate-submissions/commit', async (route) => {
        const rows = (route.request().postDataJSON() as { rows: unknown[] }).rows.length;
        sizes.push(rows);
        if (sizes.length === 1) await firstHeld;
        if (sizes.length === 2)
          await route.fulfill({
            status: 409,
            json: {
              statusCode: 409,
              error: 'Conflict',
              message: 'version 1 is DEPRECATED; only an ACTIVE version accepts submissions',
            },
          });
        else await route.continue();
      });
      await page.getByRole('button', { name: 'Store 210 rows' }).click();
      await poll(() =>
        page.getByRole('status').filter({ hasText: 'Storing 200 rows at a time: 0 of 210 rows sent.' }).count(),
      ).toBe(1);
      expect(await page.getByRole('progressbar', { name: 'Rows sent to be stored' }).count()).toBe(1);
      releaseFirst();
      const stopped = page.getByRole('alert').filter({ hasText: 'Storing stopped at batch 2 (rows 201 to 210)' });
      await poll(() => stopped.count()).toBe(1);
      expect(await stopped.textContent()).toContain(
        'version 1 is DEPRECATED; only an ACTIVE version accepts submissions',
      );
      expect(await stopped.textContent()).toContain(
        'Stored 200 of 210 rows before it (0 refused); the service stored none of batch 2, and rows after it were not sent.',
      );
      expect(sizes).toEqual([200, 10]);
      await checkPage(page, 'admin-generator-stopped', 'Synthetic submissions');

      await page.unroute('**/api/v1/admin/generate-submissions/commit');
      await page.getByRole('button', { name: 'Store the remaining 10 rows' }).click();
      await poll(() => page.getByRole('status').filter({ hasText: 'Stored 210 rows; 0 refused.' }).count()).toBe(1);
      expect(await stopped.count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Store/ }).isDisabled()).toBe(true);
      const stored = await database.db
        .selectFrom('submissions as s')
        .innerJoin('courses as c', 'c.id', 's.course_id')
        .select(({ fn }) => fn.countAll<string>().as('count'))
        .where('c.shortname', '=', 'BIG101-S12526')
        .executeTakeFirstOrThrow();
      expect(Number(stored.count)).toBe(STUDENTS);
      await poll(() => page.getByText('210 students enrolled, 210 already submitted, 0 available.').count()).toBe(1);
      await checkPage(page, 'admin-generator-stored', 'Synthetic submissions');
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    'archived questionnaire: the rows of its versions stay aligned with their Actions cells empty',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      await signIn(page, SUPER_ADMIN.username, SUPER_ADMIN.password);
      await page.goto(`/questionnaires/${retired.id}`);
      const versions = page.getByRole('table', { name: 'Versions of Retired Student Feedback' });
      await poll(() => versions.getByRole('row').count()).toBe(3);
      await checkPage(page, 'admin-questionnaire-archived', 'Questionnaire: Retired Student Feedback');
      // No action on an archived questionnaire; every cell of a row spans the row, the empty Actions cell too.
      expect(await versions.getByRole('button').count()).toBe(0);
      for (const name of [/^Version 2/, /^Version 1/]) {
        const row = versions.getByRole('row', { name });
        const rowBox = await row.boundingBox();
        const cells = [row.getByRole('rowheader'), ...(await row.getByRole('cell').all())];
        expect(cells).toHaveLength(5);
        for (const cell of cells) {
          const box = await cell.boundingBox();
          expect(Math.abs((box?.height ?? 0) - (rowBox?.height ?? 0))).toBeLessThan(0.5);
          expect(Math.abs((box?.y ?? 0) - (rowBox?.y ?? 0))).toBeLessThan(0.5);
        }
      }

      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    'a draft left on an archived questionnaire opens read-only by its address, saying why; another draft is still the editor',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      await signIn(page, SUPER_ADMIN.username, SUPER_ADMIN.password);
      // The draft archiving left, by its address: read-only, one sentence why, no Save or Publish.
      await page.goto(`/questionnaires/${retired.id}/versions/${retired.draftId}`);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Draft 2: Retired Student Feedback');
      await poll(() =>
        page
          .getByText(
            "This draft can no longer be edited or published: its questionnaire is archived, and an archived questionnaire's versions cannot change.",
          )
          .count(),
      ).toBe(1);
      expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Add|Remove)/ }).count()).toBe(0);
      expect(await page.getByLabel('Section title').first().isDisabled()).toBe(true);
      await checkPage(page, 'admin-draft-archived', 'Draft 2: Retired Student Feedback');

      // The other questionnaire's draft is still the editor.
      await page.goto(`/questionnaires/${campusForm.id}/versions/${campusForm.draftId}`);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Edit draft 2: North Campus Student Feedback',
      );
      expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(1);
      expect(await page.getByLabel('Section title').first().isDisabled()).toBe(false);
      expect(await page.getByText(/can no longer be edited/).count()).toBe(0);
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );
});

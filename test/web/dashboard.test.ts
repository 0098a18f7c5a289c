import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/demo/demo-institution.js';
import { AnalyticsViewsRepository } from '../../src/modules/analytics/views.repository.js';
import { startSimulator } from '../support/lms.js';
import { seedDemoStack, startPipelineStack, waitForStatus } from '../support/pipeline-stack.js';
import { SUPER_ADMIN } from '../support/test-context.js';
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
 * Each role's main path through the dashboard in Chromium, against the real API, job workers, analysis worker,
 * PostgreSQL and Redis with the demo data (and a learning-system simulator for provisioning). Every page visited
 * is checked for its landmark, heading and axe-core violations, and screenshotted under test-results/web/.
 */
const simulator = await startSimulator();
const stack = await startPipelineStack({ LMS_URL: simulator.url, LMS_TOKEN: simulator.token });
const { api, client } = stack;
const browser = await launchBrowser();

const { people, semester } = await seedDemoStack(stack);

// An analysis of one faculty member, so their own report has recommendations (the dean runs a department one).
const root = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
const facultyPipeline = await client.post(
  '/api/v1/analysis/pipelines',
  { semesterId: semester.id, scopeType: 'FACULTY', scopeId: people.get('maria.santos') },
  root,
);
expect(facultyPipeline.status, JSON.stringify(facultyPipeline.body)).toBe(201);
await client.post(`/api/v1/analysis/pipelines/${facultyPipeline.body.id}/confirm`, undefined, root);
await waitForStatus(client, root, facultyPipeline.body.id, ['COMPLETED']);
await api.app.get(AnalyticsViewsRepository).refresh();

const PATH_TIMEOUT = 180_000;

describe('the dashboard in a browser', () => {
  it(
    'dean: overview, sorting and filtering, a faculty report with its PDF, trends, then an analysis to recommendations',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      await signIn(page, 'dean.ccs', DEMO_PASSWORD);
      await poll(() => new URL(page.url()).pathname).toBe('/overview');

      const table = page.getByRole('table', { name: /^Faculty of S12526/ });
      await poll(() => table.getByRole('row').count()).toBe(4);
      for (const name of ['Maria Santos', 'Jose Dela Cruz', 'Liza Bautista'])
        await poll(() => table.getByRole('link', { name }).count()).toBe(1);
      const chart = page.getByRole('img', { name: /^Faculty members by average score: 0–9: \d+/ });
      await poll(() => chart.count()).toBe(1);
      await poll(() => page.getByText(/^Faculty members by average score:/).count()).toBe(1);
      await checkPage(page, 'dean-overview', 'Faculty overview');

      // Sort by score, both ways: the rows follow the figures the API answered.
      // The score is the second data cell of each row (after Department / program).
      const scores = async () => {
        const rows = (await table.getByRole('row').all()).slice(1);
        return Promise.all(rows.map(async (row) => Number(await row.getByRole('cell').nth(1).textContent())));
      };
      const scoreHeader = table.getByRole('columnheader', { name: 'Score (all forms)', exact: true });
      // The score says what it averages: every form, the observations included (a report shows each on its own).
      const scoreNote = await scoreHeader.getByRole('button').getAttribute('aria-describedby');
      expect(await page.locator(`#${scoreNote}`).textContent()).toMatch(
        /every evaluation form .*students' feedback and the dean's and chairperson's observations/,
      );
      // What the API answers for this semester decides what the table may leave out or must explain.
      const deanToken = await client.login('dean.ccs', DEMO_PASSWORD);
      const overviewAnswer = await client.get(`/api/v1/analytics/overview?semesterId=${semester.id}`, deanToken);
      const attentionAnswer = await client.get(`/api/v1/analytics/attention?semesterId=${semester.id}`, deanToken);
      const noPositiveChange = (overviewAnswer.body.faculty as Array<{ sentimentDelta: number | null }>).every(
        (row) => row.sentimentDelta === null,
      );
      // A change column empty in every row is left out, and the page says why.
      expect(await table.getByRole('columnheader', { name: 'Positive change' }).count()).toBe(noPositiveChange ? 0 : 1);
      expect(await page.getByText(/^Positive change is not shown: /).count()).toBe(noPositiveChange ? 1 : 0);
      // A declining trend says, where it shows, that it is the fitted line across all semesters, with its figures.
      const declining = (attentionAnswer.body.faculty as Array<{ flags: string[] }>).filter((row) =>
        row.flags.includes('declining_trend'),
      ).length;
      expect(
        await table
          .getByText(/^Across all semesters: .*[−+]\d+\.\d\d .*points per semester over \d+ semesters \(fit \d\.\d\d\)/)
          .count(),
      ).toBe(declining);
      expect(await scoreHeader.getAttribute('aria-sort')).toBe('descending');
      const descending = await scores();
      expect(descending).toEqual(descending.toSorted((a, b) => b - a));
      await scoreHeader.getByRole('button').click();
      await poll(() => scoreHeader.getAttribute('aria-sort')).toBe('ascending');
      expect(await scores()).toEqual(descending.toReversed());
      await page.getByLabel('Find faculty member').fill('liza');
      await poll(() => table.getByRole('row').count()).toBe(2);
      await poll(() => page.getByText('Showing 1 of 1 faculty members (filtered from 3).').count()).toBe(1);
      // A search that matches nobody says so, in place of an empty table, and offers to clear it.
      await page.getByLabel('Find faculty member').fill('zzz');
      await poll(() => page.getByText('None of the 3 faculty members of this semester matches “zzz”.').count()).toBe(1);
      expect(await table.count()).toBe(0);
      await page.getByRole('button', { name: 'Clear the search and the attention filter' }).click();
      await poll(() => table.getByRole('row').count()).toBe(4);
      expect(await page.getByLabel('Find faculty member').inputValue()).toBe('');
      // One program chosen, the others stay on offer (the list is the semester's, not the filtered rows').
      const program = page.getByLabel('Program', { exact: true });
      const offered = async () =>
        (await program.locator('option').allTextContents()).filter((text) => text !== 'All programs');
      const allPrograms = await offered();
      expect(allPrograms.length).toBeGreaterThan(1);
      await program.selectOption(allPrograms[0] ?? '');
      await poll(() => table.getByRole('row').count()).toBeLessThan(4);
      expect(await offered()).toEqual(allPrograms);
      await program.selectOption('');
      await poll(() => table.getByRole('row').count()).toBe(4);

      // The filters and the sort live in the address: Back from a report brings them back.
      await program.selectOption(allPrograms[0] ?? '');
      await page.getByLabel('Attention').selectOption('');
      await page.getByLabel('Find faculty member').fill('a');
      const nameHeader = table.getByRole('columnheader', { name: 'Faculty member' });
      await nameHeader.getByRole('button').click();
      await poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
      await poll(() => new URL(page.url()).searchParams.get('q')).toBe('a');
      const address = new URL(page.url());
      expect(address.searchParams.get('program')).toBe(allPrograms[0]);
      expect(address.searchParams.get('sort')).toBe('facultyName');
      const firstName = await table.getByRole('row').nth(1).getByRole('link').textContent();
      await table.getByRole('link', { name: firstName ?? '' }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Evaluation report: ${firstName}`);
      await page.goBack();
      await poll(() => program.inputValue()).toBe(allPrograms[0]);
      expect(await page.getByLabel('Find faculty member').inputValue()).toBe('a');
      await poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
      await page.getByLabel('Find faculty member').fill('');
      await program.selectOption('');
      await poll(() => table.getByRole('row').count()).toBe(4);

      // A faculty member's report, opened from the table.
      await table.getByRole('link', { name: 'Maria Santos' }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Evaluation report: Maria Santos');
      await poll(() => page.getByText('Composite rating (0–100)').count()).toBe(1);
      await poll(() => page.getByRole('img', { name: /^Average rating per dimension: / }).count()).toBe(1);
      const themes = page.getByRole('region', { name: 'Themes in the comments' });
      await poll(() => themes.getByRole('listitem').count()).toBeGreaterThan(0);
      // The dean reads student quotes; a faculty member reading their own report does not (below).
      await poll(() => themes.getByRole('blockquote').count()).toBeGreaterThan(0);
      const comments = page.getByRole('region', { name: 'Comments' });
      const matching = comments.getByText(/^(?:1 comment matches|\d+ comments match)\.$/);
      await poll(() => matching.count()).toBe(1);
      const allComments = Number((await matching.textContent())?.split(' ')[0]);
      await comments.getByLabel('Sentiment').selectOption('negative');
      await poll(async () => Number((await matching.textContent())?.split(' ')[0])).toBeLessThan(allComments);
      await checkPage(page, 'dean-faculty-report', 'Evaluation report: Maria Santos');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^report-maria-santos-S12526-FACULTY_FEEDBACK\.pdf$/);
      const pdf = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of pdf) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

      // A report opened without ?semester= (a bookmark): only the semesters the dean may read are asked for and
      // offered (no NORTH one, no refusal), and the classroom observations' caution does not speak of students.
      const refusals: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/api/v1/') && response.status() === 403)
          refusals.push(response.url());
      });
      await page.goto(`/faculty/${people.get('liza.bautista')}`);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Evaluation report: Liza Bautista');
      const semesterChoices = await page.getByLabel('Semester').locator('option').allTextContents();
      expect(semesterChoices.length).toBeGreaterThan(0);
      expect(semesterChoices.filter((text) => !text.includes('MAIN'))).toEqual([]);
      const questionnaire = page.getByLabel('Questionnaire');
      const inClassroom = (await questionnaire.locator('option').allTextContents()).find((text) =>
        text.startsWith('Faculty In-Classroom Evaluation'),
      );
      await questionnaire.selectOption({ label: inClassroom ?? '' });
      await poll(() =>
        page
          .getByText(/written by deans and chairpersons, and there are few of them: read the figures with care\.$/)
          .count(),
      ).toBe(1);
      expect(await page.getByText(/Few students responded/).count()).toBe(0);
      await checkPage(page, 'dean-report-in-classroom', 'Evaluation report: Liza Bautista');
      expect(refusals).toEqual([]);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trends' }).click();
      await poll(() =>
        page
          .getByRole('table', { name: /steepest decline first/ })
          .getByRole('row')
          .count(),
      ).toBeGreaterThan(1);
      await checkPage(page, 'dean-trends', 'Score trends');
      // The figures read as the overview's: two decimals, a real minus sign, the fit beside each slope; and the page
      // says where the trends end, whatever semester is chosen.
      const trendsTable = page.getByRole('table', { name: /steepest decline first/ });
      const slopes = await trendsTable.getByRole('row').nth(1).getByRole('cell').nth(4).textContent();
      expect(slopes).toMatch(/^(?:[−+]\d+\.\d\d|0\.00) \((?:\d\.\d\d|—)\)$/);
      expect(await trendsTable.getByText(/(?:^|\s)-\d/).count()).toBe(0);
      expect(
        await trendsTable
          .getByRole('columnheader', { name: /per semester, in (?:percentage )?points \(fit\)$/ })
          .count(),
      ).toBe(2);
      await poll(() => page.getByText(/^These trends run to .*\(S12526, MAIN\)/).count()).toBe(1);
      // A value that is no number is refused by the form, once, and never sent as NaN.
      const sentNaN: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('NaN')) sentNaN.push(request.url());
      });
      await page.getByLabel('Minimum semesters').fill('abc');
      await page.getByRole('button', { name: 'Apply' }).click();
      await poll(() => page.getByLabel('Minimum semesters').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByText('Enter a whole number of semesters, such as 3.').count()).toBe(1);
      expect(sentNaN).toEqual([]);
      // The API's refusal of a setting shows next to that setting, and only there.
      await page.getByLabel('Minimum semesters').fill('1');
      await page.getByRole('button', { name: 'Apply' }).click();
      await poll(() => page.getByLabel('Minimum semesters').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('alert').filter({ hasText: 'validation failed' }).count()).toBe(0);
      await page.getByLabel('Minimum semesters').fill('3');
      await page.getByRole('button', { name: 'Apply' }).click();
      await poll(() => page.getByLabel('Minimum semesters').getAttribute('aria-invalid')).toBe(null);

      // Run analysis: create → confirmation with coverage and warnings → progress → recommendations.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Run analysis' }).click();
      const scopeSelect = page.getByLabel('Scope');
      await poll(() => scopeSelect.locator('option:checked').textContent()).toBe(
        'Department CCS: College of Computer Studies',
      );
      expect(await scopeSelect.locator('option').allTextContents()).toContain('Faculty member Liza Bautista');
      await checkPage(page, 'dean-run-analysis', 'Run analysis');
      await page.getByRole('button', { name: 'Create analysis' }).click();
      await poll(() => page.getByRole('heading', { name: 'Confirm the analysis' }).count()).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(
        /^Analysis of College of Computer Studies, S12526$/,
      );
      const coverage = page.getByRole('definition').filter({ hasText: /^[\d,]+$/ });
      expect(await coverage.count()).toBeGreaterThanOrEqual(3);
      // The rate names its students, so it reconciles with the enrolled count (evaluations count every form).
      const figures = page.getByLabel('Coverage', { exact: true });
      expect(await figures.getByText('Evaluations (all forms)').count()).toBe(1);
      const enrolled = (await figures.getByRole('definition').first().textContent())?.replace(/,/g, '');
      const rate = await figures.getByRole('definition').last().textContent();
      expect(rate).toMatch(new RegExp(`^\\d+\\.\\d% \\(\\d+ of ${enrolled} students\\)$`));
      await checkPage(page, 'dean-analysis-confirm', /^Analysis of /);
      await page.getByRole('button', { name: 'Confirm and start' }).click();
      // The button gives way to the progress line, which takes keyboard focus.
      await poll(() => page.evaluate<string | null | undefined>("document.activeElement?.getAttribute('role')")).toBe(
        'status',
      );
      await poll(
        () => page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').count(),
        90_000,
      ).toBeGreaterThanOrEqual(3);
      const stages = page.getByRole('list', { name: 'Stages' });
      // In the order they run; stage states in words, not the API's codes.
      expect(await stages.locator('.stage__name').allTextContents()).toEqual([
        'Sentiment analysis',
        'Sentiment gate',
        'Embeddings',
        'Topic modelling',
        'Topic labelling',
        'Recommendations',
      ]);
      expect(await stages.getByText('Done', { exact: true }).count()).toBe(6);
      expect(await stages.getByText(/^(?:pending|processing|completed)$/).count()).toBe(0);
      const firstCard = page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').first();
      expect(await firstCard.getByText(/^(Strength|Improvement)$/).count()).toBe(1);
      expect(await firstCard.getByText(/priority$/).count()).toBe(1);
      expect(await firstCard.getByText(/^Confidence: /).count()).toBe(1);
      // The evidence behind the cards: topics with their sentiment split and quotes (and dimension averages).
      const recommendations = page.getByRole('list', { name: 'Recommendations' });
      for (const evidence of await recommendations.getByText(/^Evidence \(\d+ sources?\)$/).all())
        await evidence.click();
      await poll(() => recommendations.getByText(/^Topic: /).count()).toBeGreaterThan(0);
      expect(await recommendations.getByRole('blockquote').count()).toBeGreaterThan(0);
      await checkPage(page, 'dean-analysis-recommendations', /^Analysis of /);

      // The same overview on a phone: the menu folds behind a button, the table scrolls in its own region.
      await page.setViewportSize(PHONE);
      await page.goto('/overview');
      await poll(() => table.getByRole('row').count()).toBe(4);
      await page.getByRole('button', { name: 'Menu' }).click();
      await poll(() =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trends' }).isVisible(),
      ).toBe(true);
      await checkPage(page, 'dean-overview-390', 'Faculty overview');
      await page.goto('/trends');
      await poll(() => page.getByText(/^These trends run to /).count()).toBe(1);
      await checkPage(page, 'dean-trends-390', 'Score trends');
      await page.goto('/overview');
      await poll(() => table.getByRole('row').count()).toBe(4);
      await page.getByRole('button', { name: 'Menu' }).click();
      // Escape closes the menu and gives focus back to its button.
      await page.keyboard.press('Escape');
      await poll(() => page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate<string | null | undefined>('document.activeElement?.textContent')).toBe('Menu');
      // A report's wide tables scroll in regions a keyboard can reach (axe-core, in checkPage).
      await page.goto(`/faculty/${people.get('maria.santos')}?semester=${semester.id}`);
      await poll(() =>
        page.getByRole('region', { name: /^Answers of .* \(scrolls sideways\)$/ }).count(),
      ).toBeGreaterThan(0);
      await checkPage(page, 'dean-report-390', 'Evaluation report: Maria Santos');

      // Signing out revokes the session: the tab's refresh token no longer works.
      const refreshToken = await page.evaluate<string | null>(
        "sessionStorage.getItem('feedback-analysis.refresh-token')",
      );
      expect(refreshToken).toBeTruthy();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await poll(() => page.getByRole('status').filter({ hasText: 'You have signed out.' }).count()).toBe(1);
      expect(await page.evaluate("sessionStorage.getItem('feedback-analysis.refresh-token')")).toBeNull();
      expect((await client.post('/api/v1/auth/refresh', { refreshToken })).status).toBe(401);
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    'faculty: their own report and recommendations, without the student quotes the API withholds',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      await signIn(page, 'maria.santos', DEMO_PASSWORD);
      await poll(() => new URL(page.url()).pathname).toBe('/my-report');
      await poll(() => page.getByText("Student quotes are withheld in a faculty member's own report.").count()).toBe(1);
      await poll(() =>
        page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem').count(),
      ).toBeGreaterThanOrEqual(3);
      const comments = page.getByRole('region', { name: 'Comments' });
      await poll(() => comments.getByText('Comment text withheld.').count()).toBeGreaterThan(0);
      for (const evidence of await page.getByText(/^Evidence \(\d+ sources?\)$/).all()) await evidence.click();
      expect(await page.getByRole('blockquote').count()).toBe(0);
      await checkPage(page, 'faculty-my-report', 'My evaluation report');

      // A reload keeps the page and the session (the refresh token lives in the tab).
      await page.reload();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('My evaluation report');

      // A page that is not for faculty says so plainly, without asking the API for what it would refuse.
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/analytics/overview')) asked.push(request.url());
      });
      await page.goto('/overview');
      await poll(() => page.getByText('This page is for deans and the super admin.').count()).toBe(1);
      await checkPage(page, 'faculty-deep-link-overview', 'Overview: not for your role');
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(asked).toEqual([]);
      await page.goto('/analysis');
      await poll(() =>
        page.getByText('This page is for deans, chairpersons, campus heads, and the super admin.').count(),
      ).toBe(1);
      expect(await page.getByRole('button', { name: 'Create analysis' }).count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).count()).toBe(
        0,
      );
      // An address whose id cannot be one has no page: the app's not-found page, not the API's validation refusal.
      const askedWithBadId: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('not-a-uuid')) askedWithBadId.push(request.url());
      });
      for (const address of ['/faculty/not-a-uuid', '/analysis/not-a-uuid']) {
        await page.goto(address);
        await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
        expect(await page.getByText(/validation failed|Invalid UUID/).count()).toBe(0);
      }
      await checkPage(page, 'faculty-bad-id', 'Page not found');
      expect(askedWithBadId.filter((url) => url.includes('/api/'))).toEqual([]);
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    "student: this semester's courses, a form with required answers enforced, the thank-you, the course shown done",
    async () => {
      const visit = await openContext(browser, api.baseUrl, PHONE);
      const { page } = visit;
      await signIn(page, 'student036', DEMO_PASSWORD);
      await poll(() => new URL(page.url()).pathname).toBe('/courses');
      const todo = page.getByText(/^\d+ evaluations? to do\.$/);
      await poll(() => todo.count()).toBe(1);
      const before = Number((await todo.textContent())?.split(' ')[0]);
      const evaluatedBefore = await page.getByText('Evaluated', { exact: true }).count();
      await checkPage(page, 'student-courses', 'My courses');

      const evaluate = page.getByRole('link', { name: /^Evaluate / }).first();
      const teacher = (await evaluate.textContent())?.replace(/^Evaluate /, '') ?? '';
      await evaluate.click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Evaluate ${teacher}`);
      await checkPage(page, 'student-evaluation-form', `Evaluate ${teacher}`);

      // Required answers first: nothing is sent, each unanswered question says so.
      await page.getByRole('button', { name: 'Submit evaluation' }).click();
      await poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: /answers are missing/ })
          .count(),
      ).toBe(1);
      const required = page.getByRole('group').filter({ has: page.getByText('(required)') });
      const questions = await required.count();
      expect(questions).toBeGreaterThan(0);
      expect(await page.getByText('Please answer this question.').count()).toBe(questions);
      await checkPage(page, 'student-evaluation-missing-answers', `Evaluate ${teacher}`);

      for (let index = 0; index < questions; index += 1) {
        const radios = required.nth(index).getByRole('radio');
        // "4 · Agree" on a 1-5 scale, "Yes" on a yes/no question.
        await radios.nth((await radios.count()) === 2 ? 1 : 3).check();
      }
      await page
        .getByLabel(/^Comments/)
        .fill('Clear explanations and fair quizzes; more examples in the lab would help.');
      await page.getByRole('button', { name: 'Submit evaluation' }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you!');
      // The form gave way to the thank-you: keyboard focus is on its heading, not lost on the page's body.
      await poll(() => page.evaluate<string | undefined>('document.activeElement?.tagName')).toBe('H1');
      await checkPage(page, 'student-thank-you', 'Thank you!');

      await page.getByRole('link', { name: 'Back to my courses' }).click();
      await poll(async () => Number((await todo.textContent())?.split(' ')[0])).toBe(before - 1);
      expect(await page.getByText('Evaluated', { exact: true }).count()).toBe(evaluatedBefore + 1);
      await checkPage(page, 'student-courses-after', 'My courses');
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    'chairperson and campus head: Run analysis offers the scopes the service accepts from them, and names who started each',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      const menu = page.getByRole('navigation', { name: 'Main' });
      await signIn(page, 'chair.bsit', DEMO_PASSWORD);
      await menu.getByRole('link', { name: 'Run analysis' }).click();
      const scopeSelect = page.getByLabel('Scope');
      await poll(() => scopeSelect.locator('option:checked').textContent()).toBe('Program BSIT (department CCS)');
      const chairOffers = await scopeSelect.locator('option').allTextContents();
      expect(chairOffers.filter((text) => text.startsWith('Faculty member ')).length).toBeGreaterThan(0);
      await checkPage(page, 'chair-run-analysis', 'Run analysis');
      const teacher = chairOffers.find((text) => text.startsWith('Faculty member ')) ?? '';
      await scopeSelect.selectOption({ label: teacher });
      await page.getByRole('button', { name: 'Create analysis' }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
        `Analysis of ${teacher.replace('Faculty member ', '')}, S12526`,
      );
      await page.getByRole('button', { name: 'Cancel analysis' }).click();
      await poll(() => page.getByRole('status').filter({ hasText: 'Cancelled' }).count()).toBe(1);
      await poll(() => page.evaluate<string | null | undefined>("document.activeElement?.getAttribute('role')")).toBe(
        'status',
      );
      await menu.getByRole('link', { name: 'Run analysis' }).click();
      const recent = page.getByRole('table', { name: /^The 10 most recent analyses/ });
      await poll(() => recent.count()).toBe(1);
      await checkPage(page, 'chair-recent-analyses', 'Run analysis');
      await poll(() => recent.getByRole('row').filter({ hasText: 'Carlo Mendoza' }).count()).toBeGreaterThan(0);
      expect(await recent.getByText('A person', { exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Sign out' }).click();

      await signIn(page, 'head.main', DEMO_PASSWORD);
      await menu.getByRole('link', { name: 'Run analysis' }).click();
      await poll(() => scopeSelect.locator('option:checked').textContent()).toMatch(/^Campus MAIN/);
      const headOffers = await scopeSelect.locator('option').allTextContents();
      expect(headOffers).toContain('Department CCS: College of Computer Studies');
      expect(headOffers.filter((text) => text.startsWith('Faculty member ')).length).toBeGreaterThan(0);
      await checkPage(page, 'head-run-analysis', 'Run analysis');
      await page.setViewportSize(PHONE);
      await checkPage(page, 'head-run-analysis-390', 'Run analysis');
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    'a refusal is asked once, not in a loop; a page whose code cannot be downloaded leaves the shell usable',
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      let refused = 0;
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/api/v1/') && response.status() >= 400) refused += 1;
      });
      await signIn(page, 'maria.santos', DEMO_PASSWORD);
      // Another teacher's report: a faculty member reads only their own, so the page says so and asks nothing.
      await page.goto(`/faculty/${people.get('jose.delacruz')}`);
      await poll(() => page.getByText('Faculty members read only their own report.').count()).toBe(1);
      await page.waitForTimeout(2_000);
      expect(refused).toBe(0);
      // An analysis the reader may not see: asked once, not polled every second.
      await page.goto(`/analysis/${crypto.randomUUID()}`);
      await poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
      const pollingBefore = refused;
      await page.waitForTimeout(3_000);
      expect(refused - pollingBefore).toBe(0);

      // The code of a page cannot be downloaded (a dropped connection, or the dashboard updated meanwhile).
      await page.route('**/assets/my-report-page-*.js', (route) => route.abort());
      await page.goto('/my-report');
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('This page could not be loaded');
      expect(await page.getByRole('button', { name: 'Reload the page' }).count()).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );

  it(
    "administrator: a questionnaire draft with the API's errors by their fields, publish, ingestion dry run and commit, generator, provisioning, audit",
    async () => {
      const visit = await openContext(browser, api.baseUrl);
      const { page } = visit;
      const menu = page.getByRole('navigation', { name: 'Main' });
      await signIn(page, SUPER_ADMIN.username, SUPER_ADMIN.password);
      await menu.getByRole('link', { name: 'Questionnaires' }).click();
      await poll(() => page.getByRole('link', { name: 'Student Feedback on Teaching' }).count()).toBe(1);
      await checkPage(page, 'admin-questionnaires', 'Questionnaires');
      // Types and statuses in words: the API's names and plain statuses, not its codes.
      const questionnaireList = page.getByRole('table', { name: 'Questionnaires, newest first' });
      await poll(() => questionnaireList.getByText('Faculty Feedback', { exact: true }).count()).toBeGreaterThan(0);
      expect(await questionnaireList.getByText(/^[A-Z]+(?:_[A-Z]+)*$/).count()).toBe(0);

      // The API's validation, next to the field it is about.
      await page.getByLabel('Type').selectOption('FACULTY_OUT_OF_CLASSROOM');
      await page.getByRole('button', { name: 'Create questionnaire' }).click();
      await poll(() => page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
      const titleProblem = await page.getByLabel('Title').getAttribute('aria-describedby');
      expect(await page.locator(`#${titleProblem}`).textContent()).toMatch(/\S/);
      await page.getByLabel('Title').fill('Laboratory Supervision');
      await page.getByRole('button', { name: 'Create questionnaire' }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Questionnaire: Laboratory Supervision',
      );
      await poll(() => page.getByText('Faculty Out-of-Classroom Evaluation · Draft', { exact: true }).count()).toBe(1);
      await page.getByRole('button', { name: 'New empty draft' }).click();
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Edit draft 1: Laboratory Supervision',
      );

      const section = page.getByRole('group', { name: /^Section 1:/ });
      await section.getByLabel('Section title').fill('Supervision');
      await section.getByLabel(/^Weight/).fill('90');
      await section.getByLabel('Question text').fill('Checks on every group during the laboratory session');
      // A second question, left without text and given the first one's id.
      await section.getByRole('button', { name: 'Add question to Section 1' }).click();
      const secondQuestion = section.getByRole('group', { name: /^Question 2:/ });
      await secondQuestion.getByLabel('Question id').fill('q1');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await poll(() => page.getByRole('alert').filter({ hasText: 'The service refused the draft' }).count()).toBe(1);
      // Focus moves to the refusal (the button stays where it was), and the button says it was not saved.
      await poll(() => page.evaluate<string | undefined>('document.activeElement?.textContent')).toMatch(
        /^The service refused the draft/,
      );
      expect(await page.getByRole('link', { name: 'What the service refused' }).count()).toBe(1);
      const sectionsProblem = page
        .getByRole('group', { name: 'Sections' })
        .getByText(/sum to 90; they must sum to exactly 100/);
      await poll(() => sectionsProblem.count()).toBe(1);
      // The problems read with the editor's labels, in the summary and beside their fields, never as schema paths
      // or zod's wording.
      const refusal = page.getByRole('alert').filter({ hasText: 'The service refused the draft' });
      for (const line of [
        'Section Supervision › Question 2 › Question id: the id q1 is already used by Section Supervision › Question 1',
        'Section Supervision › Question 2 › Question text: must not be empty',
      ])
        expect(await refusal.getByRole('listitem').filter({ hasText: line }).count()).toBe(1);
      expect(await page.getByText(/schema\.sections|Too small|expected string/).count()).toBe(0);
      const secondId = secondQuestion.getByLabel('Question id');
      expect(await secondId.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`#${await secondId.getAttribute('aria-describedby')}`).textContent()).toBe(
        'the id q1 is already used by Section Supervision › Question 1',
      );
      await refusal.getByRole('link', { name: 'Section Supervision › Question 2 › Question text' }).click();
      await poll(() => page.evaluate<string | undefined>('document.activeElement?.id')).toBe(
        'schema-sections-0-questions-1-text',
      );
      await checkPage(page, 'admin-draft-errors', 'Edit draft 1: Laboratory Supervision');
      await page.setViewportSize(PHONE);
      await checkPage(page, 'admin-draft-errors-390', 'Edit draft 1: Laboratory Supervision');
      await page.setViewportSize(DESKTOP);
      await section.getByRole('button', { name: 'Remove question 2' }).click();
      await section.getByLabel(/^Weight/).fill('100');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await poll(() => page.getByRole('status').filter({ hasText: 'Draft saved.' }).count()).toBe(1);
      // Publishing is final: it asks first, as archiving does, and Keep leaves the draft as it was.
      await page.getByRole('button', { name: 'Publish this version…' }).click();
      const confirmPublish = page.getByRole('group', { name: 'Confirm publishing' });
      await poll(() => confirmPublish.count()).toBe(1);
      await poll(() => page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe(
        'Yes, publish version 1',
      );
      await confirmPublish.getByRole('button', { name: 'Keep it as a draft' }).click();
      await poll(() => confirmPublish.count()).toBe(0);
      expect(await page.getByRole('status').filter({ hasText: 'is published' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Publish this version…' }).click();
      await confirmPublish.getByRole('button', { name: 'Yes, publish version 1' }).click();
      await poll(() =>
        page.getByRole('status').filter({ hasText: 'Version 1 is published and accepts submissions.' }).count(),
      ).toBe(1);
      await poll(() => page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe(
        'Version 1 is published and accepts submissions.',
      );
      await page.getByRole('link', { name: 'Back to the questionnaire' }).click();
      await poll(() => page.getByRole('button', { name: 'Deprecate version 1' }).count()).toBe(1);
      expect(await page.getByText('Active', { exact: true }).count()).toBe(1);
      expect(await page.getByText(/^(?:ACTIVE|DRAFT|PUBLISHED)$/).count()).toBe(0);
      await checkPage(page, 'admin-questionnaire', 'Questionnaire: Laboratory Supervision');

      // Bulk ingestion: a dry run with per-row results, then the commit.
      await menu.getByRole('link', { name: 'Bulk ingestion' }).click();
      await poll(() => page.getByLabel('Version').inputValue()).not.toBe('');
      // Each version is named by its questionnaire's title: two questionnaires of a type each have a version 1.
      await poll(() =>
        page.evaluate<string | undefined>("document.getElementById('ingest-version')?.selectedOptions[0]?.textContent"),
      ).toMatch(/^(?!Untitled questionnaire)[^,]+, version \d+ \(active\)$/);
      // Without a file: the problem is said once, beside the field, and the alert points there.
      await page.getByRole('button', { name: 'Dry run' }).click();
      await poll(() => page.getByRole('alert').filter({ hasText: 'Correct the marked field.' }).count()).toBe(1);
      expect(await page.getByText(/Choose a (CSV or XLSX )?file/).count()).toBe(1);
      const answers = 'q1,q2,q3,q4,q5,q6,q7';
      const csv = [
        `respondent_username,faculty_username,course_shortname,${answers},comment`,
        'student037,maria.santos,IT101-S12526,5,4,4,5,4,5,1,Very organised lessons and the quizzes match what we study.',
        'student038,maria.santos,IT101-S12526,4,4,3,4,4,4,1,Good teacher but the pace is fast for some of us.',
        'student999,maria.santos,IT101-S12526,3,3,3,3,3,3,1,Nobody by this name is enrolled.',
      ].join('\n');
      await page
        .getByLabel('File (CSV or XLSX)')
        .setInputFiles({ name: 'feedback.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Dry run' }).click();
      await poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: 'Dry run (nothing stored): 2 of 3 rows would be stored, 1 refused.' })
          .count(),
      ).toBe(1);
      const results = page.getByRole('table', { name: /^Result per data row/ });
      expect(await results.getByRole('row').filter({ hasText: 'Refused' }).count()).toBe(1);
      await checkPage(page, 'admin-ingestion-dry-run', 'Bulk ingestion');
      await page.getByRole('button', { name: 'Commit' }).click();
      await poll(() =>
        page.getByRole('status').filter({ hasText: 'Stored: 2 of 3 rows stored, 1 refused.' }).count(),
      ).toBe(1);

      // The synthetic generator: preview, then store.
      await menu.getByRole('link', { name: 'Generator' }).click();
      await page.getByLabel('Faculty member').selectOption('jose.delacruz');
      await page.getByLabel('Course').selectOption({ label: 'IT202-S12526: Web Systems and Technologies' });
      await poll(() => page.getByText(/students enrolled, \d+ already submitted, \d+ available\./).count()).toBe(1);
      await page.getByLabel('How many rows').fill('0');
      await page.getByRole('button', { name: 'Preview rows' }).click();
      await poll(() => page.getByLabel('How many rows').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('alert').filter({ hasText: 'Correct the marked field.' }).count()).toBe(1);
      expect(await page.getByText(/Too small/).count()).toBe(1);
      await page.getByLabel('How many rows').fill('3');
      await page.getByRole('button', { name: 'Preview rows' }).click();
      await poll(() => page.getByRole('table', { name: '3 generated rows' }).getByRole('row').count()).toBe(4);
      await checkPage(page, 'admin-generator', 'Synthetic submissions');
      await page.getByRole('button', { name: 'Store 3 rows' }).click();
      await poll(() => page.getByRole('status').filter({ hasText: 'Stored 3 rows; 0 refused.' }).count()).toBe(1);
      expect(await page.getByText('Nothing is stored yet.').count()).toBe(0);

      // Learning-system provisioning: preview a category plan against the simulator, then create it.
      await menu.getByRole('link', { name: 'Learning system' }).click();
      await poll(() => page.getByText(/^\d+ categories, read /).count()).toBe(1);
      await page.getByLabel('Campuses (codes, comma-separated)').fill('MAIN');
      await page.getByLabel('Start date').fill('2026-08-03');
      await page.getByLabel('End date').fill('2026-12-18');
      await page.getByLabel(/^Departments and programs/).fill('CCS: BSIT, BSDS');
      await page.getByRole('button', { name: 'Preview categories' }).click();
      const plan = page.getByRole('table', { name: 'Category plan' });
      await poll(() => plan.getByRole('row').count()).toBeGreaterThan(1);
      expect(await plan.getByText('Will be created').count()).toBeGreaterThan(0);
      await checkPage(page, 'admin-provisioning-preview', 'Learning system');
      await page.getByRole('button', { name: /^Create \d+ categories$/ }).click();
      await poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Created \d+ categories/ })
          .count(),
      ).toBe(1);
      // The plan now says what was done.
      expect(await plan.getByText('Will be created').count()).toBe(0);
      expect(await plan.getByText('Created', { exact: true }).count()).toBeGreaterThan(0);

      // The audit log records what was just done.
      await menu.getByRole('link', { name: 'Audit log' }).click();
      const records = page.getByRole('table', { name: /^Audit records/ });
      for (const action of ['submissions.ingest', 'submissions.generate', 'lms.provision.categories'])
        await poll(() => records.getByText(action, { exact: true }).count()).toBeGreaterThan(0);
      await page.getByLabel('Action').fill('submissions.ingest');
      await page.getByRole('button', { name: 'Filter' }).click();
      // Only ingestions are left (the demo's own and the two above: the dry run and the commit).
      await poll(() => records.getByRole('row').filter({ hasText: 'submissions.generate' }).count()).toBe(0);
      const ingestions = await records.getByText('submissions.ingest', { exact: true }).count();
      expect(ingestions).toBeGreaterThanOrEqual(2);
      expect(await records.getByRole('row').count()).toBe(ingestions + 1);
      // Target and details read as words: the kind and a short id, the details as names and values.
      expect(await records.getByText(/questionnaire_version:/).count()).toBe(0);
      const newest = records.getByRole('row').nth(1);
      expect(await newest.getByRole('cell').nth(2).textContent()).toMatch(/^Questionnaire version [0-9a-f]{8}…$/);
      await newest.getByText('Show', { exact: true }).click();
      await poll(() =>
        newest
          .getByRole('term')
          .filter({ hasText: /^Format$/ })
          .count(),
      ).toBe(1);
      expect(await newest.getByText(/^\s*\{/).count()).toBe(0);
      await checkPage(page, 'admin-audit', 'Audit log');
      await page.setViewportSize(PHONE);
      await checkPage(page, 'admin-audit-390', 'Audit log');
      expectNoBrowserProblems(visit);
      await visit.context.close();
    },
    PATH_TIMEOUT,
  );
});

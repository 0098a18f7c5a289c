import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLACEHOLDER,
  PLACEHOLDER_NOTE,
  renderFacultyReportPdf,
} from '../../src/modules/analytics/faculty-report-pdf.js';
import { LONG_DIMENSION_NAME, sampleReportContent } from '../support/faculty-report-fixtures.js';
import { PASSWORD } from '../support/institution-fixtures.js';
import { pdfPages, type PdfPage } from '../support/pdf-text.js';
import {
  activeVersion,
  createDimensions,
  simpleSchema,
  submissionInstitution,
} from '../support/questionnaire-fixtures.js';
import { setupApi, SUPER_ADMIN } from '../support/test-context.js';

/**
 * Issue 21: the faculty report PDF. Its text is read back from the content streams (test/support/pdf-text.ts)
 * with each run's position and width, so the tests check what a reader sees: page numbers and footer, the
 * legend of the rating columns, yes/no questions as a share of yes, the 1-5 axis, the low-response warning,
 * and nothing drawn past the right margin. The response rate comes from the real service over HTTP.
 */
const MARGIN = 50;
const GENERATED_AT = new Date('2025-11-20T08:15:00Z');
const flat = (text: string) => text.replace(/\s+/g, ' ');
const words = (page: PdfPage) => flat(page.text);

const LOW = { enrolledCount: 30, responseRate: 0.1333, lowResponse: true, submissionCount: 4 };

function expectInsideMargins(pages: PdfPage[]) {
  for (const [index, page] of pages.entries())
    for (const run of page.runs) {
      const where = `page ${index + 1}: ${JSON.stringify(run.text)} at x ${run.x.toFixed(1)}, width ${run.width.toFixed(1)}`;
      expect(run.x, where).toBeGreaterThanOrEqual(MARGIN - 0.01);
      expect(run.x + run.width, where).toBeLessThanOrEqual(page.width - MARGIN + 0.01);
    }
}

describe('renderFacultyReportPdf', () => {
  it('"Page N of M" and the footer (name, semester, generated time, Confidential) on every page', async () => {
    const pages = pdfPages(await renderFacultyReportPdf(sampleReportContent(), { generatedAt: GENERATED_AT }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [index, page] of pages.entries()) {
      const text = words(page);
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(text).toContain('Maria Cristina Dela Cruz-Santos - 1st Semester 2025-2026 (S12526) - Faculty Feedback');
      expect(text).toContain('Confidential');
      expect(text).toContain('Generated 2025-11-20 08:15 UTC');
      // The footer sits in the bottom margin, below everything else on the page.
      const footer = page.runs.find((run) => run.text.startsWith('Page '))!;
      expect(footer.top).toBeGreaterThan(page.height - MARGIN);
      for (const run of page.runs.filter((candidate) => candidate.top < page.height - MARGIN))
        expect(run.top).toBeLessThan(footer.top - 8);
    }
  });

  it('keeps every piece of text inside the left and right margins, wrapping or cutting long labels', async () => {
    const content = sampleReportContent(LOW);
    content.report.faculty.fullName = 'Maria Cristina Dela Cruz-Santos y Villanueva de los Reyes '.repeat(3).trim();
    content.report.sections[0]!.questions[0]!.text =
      'Explains the lessons clearly, relates them to earlier topics and to practice, and checks that the class ' +
      'follows before moving on to the next part of the lesson';
    for (const pages of [
      pdfPages(await renderFacultyReportPdf(sampleReportContent(), { generatedAt: GENERATED_AT })),
      pdfPages(await renderFacultyReportPdf(content, { generatedAt: GENERATED_AT })),
    ])
      expectInsideMargins(pages);
  });

  it('a long dimension name is wrapped to two lines and ends in an ellipsis', async () => {
    const [first] = pdfPages(await renderFacultyReportPdf(sampleReportContent(), { generatedAt: GENERATED_AT }));
    expect(words(first!)).not.toContain(LONG_DIMENSION_NAME);
    const label = first!.runs.filter((run) => run.x === MARGIN && LONG_DIMENSION_NAME.includes(run.text.trim()));
    const cut = first!.runs.find((run) => run.x === MARGIN && run.text.endsWith('…'));
    expect(label.map((run) => run.text.trim())).toEqual(['Professionalism, punctuality']);
    expect(LONG_DIMENSION_NAME.startsWith(`Professionalism, punctuality ${cut!.text.slice(0, -1)}`)).toBe(true);
    expect(cut!.top - label[0]!.top).toBeGreaterThan(5);
  });

  it('the dimension axis runs 1 to 5 (no 0 tick); a yes/no dimension is a share of yes, off that axis', async () => {
    const [first] = pdfPages(await renderFacultyReportPdf(sampleReportContent(), { generatedAt: GENERATED_AT }));
    const caption = first!.runs.find((run) => run.text === 'average rating')!;
    const ticks = first!.runs.filter((run) => Math.abs(run.top - (caption.top - 10)) < 1);
    expect(ticks.map((run) => run.text)).toEqual(['1', '2', '3', '4', '5']);
    expect(ticks.every((run, index) => index === 0 || run.x > ticks[index - 1]!.x)).toBe(true);
    const text = words(first!);
    expect(text).toContain('Bars run from 1 (lowest) to 5 (highest)');
    expect(text).toContain('3.74 Very Good'); // Clarity, on the axis
    // Punctuality is only yes/no answers: 72% yes, not its 1..5 mapping 3.88 on the axis.
    expect(text).not.toContain('3.88 Very Good');
    const punctuality = first!.runs.find((run) => run.text === 'Punctuality')!;
    expect(punctuality.top).toBeGreaterThan(caption.top);
    const share = first!.runs.find((run) => Math.abs(run.top - punctuality.top) < 1 && run.x > punctuality.x)!;
    expect(share.text).toBe('72% yes (18 of 25)');
  });

  it('the rating columns have a header and a legend; a yes/no question shows "% yes", not an average', async () => {
    const [first] = pdfPages(await renderFacultyReportPdf(sampleReportContent(), { generatedAt: GENERATED_AT }));
    const text = words(first!);
    expect(text).toContain('Columns 1-5: how many responses gave each rating, 1 (lowest) to 5 (highest).');
    const question = first!.runs.find((run) => run.text.startsWith('Explains the lessons clearly'))!;
    const header = first!.runs.filter((run) => run.top < question.top && question.top - run.top < 20);
    expect(header.map((run) => run.text)).toEqual(['Question', 'Avg', '1', '2', '3', '4', '5', 'n']);
    const row = first!.runs.filter((run) => Math.abs(run.top - question.top) < 1).map((run) => run.text);
    expect(row).toEqual(['Explains the lessons clearly', '3.40', '1', '1', '11', '11', '1', '25']);
    const yesNo = first!.runs.find((run) => run.text === 'Starts classes on time')!;
    const yesNoRow = first!.runs.filter((run) => Math.abs(run.top - yesNo.top) < 1).map((run) => run.text);
    expect(yesNoRow).toEqual(['Starts classes on time', '72% yes (18 of 25)', '25']);
  });

  it('warns about a low response rate and few responses; says nothing of the kind for a well-covered report', async () => {
    const [low] = pdfPages(await renderFacultyReportPdf(sampleReportContent(LOW), { generatedAt: GENERATED_AT }));
    expect(words(low!)).toContain('Responses: 4 of 30 enrolled students (response rate 13%)');
    expect(words(low!)).toContain(
      'Low response rate (13%, 4 of 30 students) and only 4 responses (fewer than 10): read these ratings with caution.',
    );
    const rateOnly = sampleReportContent({
      enrolledCount: 300,
      responseRate: 0.1333,
      lowResponse: true,
      submissionCount: 40,
    });
    expect(words(pdfPages(await renderFacultyReportPdf(rateOnly))[0]!)).toContain(
      'Low response rate (13%, 40 of 300 students): read these ratings with caution.',
    );
    const [high] = pdfPages(await renderFacultyReportPdf(sampleReportContent(), { generatedAt: GENERATED_AT }));
    expect(words(high!)).toContain('Responses: 25 of 30 enrolled students (response rate 83%)');
    expect(words(high!)).not.toMatch(/caution|Low response/);
  });

  // Outside audit S, S-10: "1 comments", "Overall rating: n/a / 100", a theme heading alone at the bottom of
  // a page with its quotes on the next, and a quote printed with a space before its closing mark.
  it('writes counts in words by their number: "1 comment", "1 response", "1 enrolled student"', async () => {
    const content = sampleReportContent({ enrolledCount: 1, responseRate: 1, lowResponse: true, submissionCount: 1 });
    content.report.sections[0]!.responseCount = 1;
    content.summary.themes[1]!.count = 1;
    const text = flat(
      pdfPages(await renderFacultyReportPdf(content))
        .map((page) => page.text)
        .join('\n'),
    );
    expect(text).toContain('Late starts - 1 comment (0+ / 1= / 4-)');
    expect(text).toContain('Clear explanations - 11 comments');
    expect(text).toContain('rating 71.50 / 100 1 response');
    expect(text).toContain('rating 64.00 / 100 1 response');
    expect(text).toContain('Responses: 1 of 1 enrolled student (response rate 100%)');
    expect(text).not.toMatch(/\b1 (comments|responses|students|enrolled students)\b/);
  });

  it('no responses: "Overall rating: n/a (no responses)", and a section without answers has no "/ 100"', async () => {
    const content = sampleReportContent({ enrolledCount: 30, responseRate: 0, lowResponse: true, submissionCount: 0 });
    content.report.overall.rating = null;
    content.report.sections[0]!.rating = null;
    const text = flat(
      pdfPages(await renderFacultyReportPdf(content))
        .map((page) => page.text)
        .join('\n'),
    );
    expect(text).toContain('Overall rating: n/a (no responses)');
    expect(text).toContain('rating n/a 0 responses');
    expect(text).not.toContain('n/a / 100');
  });

  it('keeps each theme heading on the page of its first quote, wherever the page breaks', async () => {
    let headings = 0;
    for (let lines = 1; lines <= 8; lines += 1) {
      const content = sampleReportContent();
      content.summary.themes = Array.from({ length: 30 }, (_, index) => ({
        themeId: `theme-${index}`,
        label: `Theme ${index + 1}`,
        count: 4,
        sentimentSplit: { positive: 2, neutral: 1, negative: 1 },
        // The first theme's quote runs to `lines` lines, so each report breaks its pages at other places.
        sampleQuotes: [index === 0 ? 'The lessons are well prepared and clear. '.repeat(lines * 2).trim() : 'Clear.'],
      }));
      for (const page of pdfPages(await renderFacultyReportPdf(content))) {
        const body = page.runs.filter((run) => run.top < page.height - MARGIN);
        for (const [index, run] of body.entries()) {
          if (!/^Theme \d+ - 4 comments/.test(run.text)) continue;
          headings += 1;
          expect(body[index + 1]?.text, `${run.text} (quote of ${lines} lines)`).toMatch(/^"/);
        }
      }
    }
    expect(headings).toBe(8 * 30);
  });

  it('a quote ending in a space or an invisible mark closes its quotation marks right after the last word', async () => {
    const content = sampleReportContent();
    content.summary.themes[1]!.sampleQuotes = [
      'Maraming salamat po sa pasensya ninyo sa amin. Pagpalain po kayo ng Diyos. ',
      'Always on time po si Sir.\u200b',
    ];
    const text = pdfPages(await renderFacultyReportPdf(content))
      .map((page) => page.text)
      .join('\n');
    expect(text).toContain('Pagpalain po kayo ng Diyos."');
    expect(text).toContain('"Always on time po si Sir."');
    expect(text).not.toMatch(/\s"(\s|$)/);
  });

  // Outside audit Q, F5: Helvetica (WinAnsi) dropped every other character, so "Νίκος 王小明 Nguyễn Trọng" printed
  // as "Nguyn Trng" and Greek, Cyrillic and Chinese quotes as blank quotation marks.
  describe('text beyond Windows-1252 (embedded DejaVu Sans Condensed)', () => {
    /** Vietnamese as a keyboard may send it, with combining marks (NFD): the PDF prints the composed letters. */
    const NAME = 'Νίκος Παπαδόπουλος 王小明 Nguyễn Trọng Đạt Андрей'.normalize('NFD');
    const multilingual = () => {
      const content = sampleReportContent();
      content.report.faculty.fullName = NAME;
      content.summary.faculty = content.report.faculty;
      content.report.dimensions[0]!.displayName = 'Σαφήνεια / Ясность';
      content.report.sections[0]!.questions[0]!.text = 'Giảng bài rõ ràng (Ερώτηση, вопрос), Ñoño';
      const [first, second] = content.summary.themes;
      first!.label = 'Other: Για Είναι Интересные Лекции Tiếng Việt 😊';
      first!.sampleQuotes = [
        'Ο καθηγητής εξηγεί πολύ καλά',
        'Интересные лекции,\nспасибо!', // a line break: a space, not nothing
        'Thầy dạy rất dễ hiểu 👍🏽',
        "Salamat kaayo, Ma'am! Nindot kaayo ang klase ❤️ señor",
      ];
      second!.label = 'Other: الدروس الطلاب';
      second!.sampleQuotes = ['老师讲课非常清楚', 'करत मदद 👨‍👩‍👧'];
      return content;
    };

    it('prints Vietnamese, Greek and Cyrillic names, labels and quotes, in the embedded faces', async () => {
      const pdf = await renderFacultyReportPdf(multilingual(), { generatedAt: GENERATED_AT });
      const pages = pdfPages(pdf);
      const text = flat(pages.map((page) => page.text).join('\n'));
      const name = `Νίκος Παπαδόπουλος ${PLACEHOLDER.repeat(3)} Nguyễn Trọng Đạt Андрей`;
      expect(
        flat(
          pages[0]!.runs
            .filter((run) => run.size === 20)
            .map((run) => run.text)
            .join(' '),
        ),
      ).toBe(name);
      for (const shown of [
        'Σαφήνεια / Ясность',
        'Giảng bài rõ ràng (Ερώτηση, вопрос), Ñoño',
        `Other: Για Είναι Интересные Лекции Tiếng Việt ${PLACEHOLDER} - 11 comments`,
        '"Ο καθηγητής εξηγεί πολύ καλά"',
        '"Интересные лекции, спасибо!"',
        `"Thầy dạy rất dễ hiểu ${PLACEHOLDER}"`, // the thumb and its skin tone: one character, one placeholder
        '"Salamat kaayo, Ma\'am! Nindot kaayo ang klase ❤ señor"', // the font's heart, without the emoji selector
      ])
        expect(text).toContain(shown);
      for (const page of pages) expect(flat(page.text)).toContain(`${name} - 1st Semester 2025-2026 (S12526)`);
      const fonts = new Set(pages.flatMap((page) => page.runs.map((run) => run.font)));
      expect([...fonts].sort()).toEqual([
        'DejaVuSansCondensed',
        'DejaVuSansCondensed-Bold',
        'DejaVuSansCondensed-Oblique',
      ]);
      expectInsideMargins(pages);
      // The document's title (metadata, a UTF-16 string the viewer draws) keeps the full name, Chinese included.
      const raw = pdf.toString('latin1');
      const title = new RegExp(`\\n${/\/Title (\d+) 0 R/.exec(raw)![1]} 0 obj\\n\\((.*?)\\)\\nendobj`, 's').exec(
        raw,
      )![1]!;
      const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      const bytes = Buffer.from(
        title.replace(/\\([nrtbf()\\])/g, (_, c: string) => escapes[c] ?? c),
        'latin1',
      );
      expect(bytes.subarray(0, 2).toString('hex')).toBe('feff');
      expect(Buffer.from(bytes.subarray(2)).swap16().toString('utf16le')).toBe(
        `Faculty report: ${NAME.normalize('NFC')}, S12526`,
      );
    });

    it('shows each character no face has (CJK, Arabic, Devanagari, emoji) as a placeholder, with one note', async () => {
      const pages = pdfPages(await renderFacultyReportPdf(multilingual(), { generatedAt: GENERATED_AT }));
      const text = flat(pages.map((page) => page.text).join('\n'));
      expect(text).toContain(`Other: ${PLACEHOLDER.repeat(6)} ${PLACEHOLDER.repeat(6)} - 5 comments`);
      expect(text).toContain(`"${PLACEHOLDER.repeat(8)}"`);
      // One placeholder a character as a reader counts them: the family emoji (three people joined) is one.
      expect(text).toContain(`"${PLACEHOLDER.repeat(3)} ${PLACEHOLDER.repeat(3)} ${PLACEHOLDER}"`);
      expect(flat(pages[0]!.text)).toContain(PLACEHOLDER_NOTE);
      expect(text.split(PLACEHOLDER_NOTE)).toHaveLength(2);
      // Only when something was replaced: none for the English sample, none for Greek, Cyrillic and Vietnamese.
      const covered = multilingual();
      covered.report.faculty.fullName = 'Νίκος Nguyễn Trọng Андрей';
      covered.summary.themes = covered.summary.themes.slice(0, 1);
      covered.summary.themes[0]!.label = 'Ευγένεια';
      covered.summary.themes[0]!.sampleQuotes = ['Ο καθηγητής εξηγεί πολύ καλά ❤️'];
      for (const content of [sampleReportContent(), covered]) {
        const plain = flat(
          pdfPages(await renderFacultyReportPdf(content))
            .map((page) => page.text)
            .join('\n'),
        );
        expect(plain).not.toContain(PLACEHOLDER);
        expect(plain).not.toContain(PLACEHOLDER_NOTE);
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Over HTTP: the response rate of /report and the PDF built from it
// ---------------------------------------------------------------------------------------------------------

const { client, database } = await setupApi();
const db = database.db;
const token: Record<string, string> = {};
const user: Record<string, string> = {};
const course: Record<string, string> = {};
const version: Record<string, string> = {};
let semesterId = '';
const BASE = '/api/v1/analytics/faculty';
const FB = 'FACULTY_FEEDBACK';
const OUT = 'FACULTY_OUT_OF_CLASSROOM';
const SEMESTER = 'S12526';
const STUDENTS = Array.from({ length: 30 }, (_, index) => `stu.p${String(index + 1).padStart(2, '0')}`);

/** fac.low teaches LOW101 (30 students, 4 answer: 13%); fac.high teaches HIGH101 (12 students, all answer). */
function institution() {
  const base = submissionInstitution();
  const on = (username: string, shortname: string, role: 'student' | 'faculty') => ({
    username,
    course: shortname,
    campus: 'MAIN',
    semester: SEMESTER,
    role,
  });
  return {
    ...base,
    courses: [
      ...base.courses,
      { campus: 'MAIN', semester: SEMESTER, program: 'BSIT', shortname: 'LOW101-MAIN', fullname: 'Data Structures' },
      { campus: 'MAIN', semester: SEMESTER, program: 'BSIT', shortname: 'HIGH101-MAIN', fullname: 'Networks' },
    ],
    users: [
      ...base.users,
      { username: 'fac.low', fullName: 'Lea Lopez', password: PASSWORD, roles: ['FACULTY'] },
      { username: 'fac.high', fullName: 'Hans Herrera', password: PASSWORD, roles: ['FACULTY'] },
      ...STUDENTS.map((username) => ({
        username,
        fullName: `Student ${username}`,
        password: PASSWORD,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: [
      ...base.enrollments,
      on('fac.low', 'LOW101-MAIN', 'faculty'),
      on('fac.high', 'HIGH101-MAIN', 'faculty'),
      ...STUDENTS.map((username) => on(username, 'LOW101-MAIN', 'student')),
      ...STUDENTS.slice(0, 12).map((username) => on(username, 'HIGH101-MAIN', 'student')),
    ],
  };
}

async function submit(who: string, faculty: string, type: string, shortname: string, q3: number) {
  const response = await client.post(
    '/api/v1/submissions',
    {
      versionId: version[type],
      facultyId: user[faculty],
      courseId: course[shortname],
      answers: [
        { questionId: 'q1', value: 5 },
        { questionId: 'q2', value: 4 },
        { questionId: 'q3', value: q3 },
      ],
    },
    token[who],
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

beforeAll(async () => {
  token.admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const imported = await client.post('/api/v1/admin/institution/import', institution(), token.admin);
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  for (const username of ['dean.main', ...STUDENTS.slice(0, 12)])
    token[username] = await client.login(username, PASSWORD);
  for (const row of await db.selectFrom('users').select(['id', 'username']).execute()) user[row.username] = row.id;
  for (const row of await db.selectFrom('courses').select(['id', 'shortname']).execute())
    course[row.shortname] = row.id;
  semesterId = (
    await db
      .selectFrom('semesters as s')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select('s.id')
      .where('c.code', '=', 'MAIN')
      .executeTakeFirstOrThrow()
  ).id;
  await createDimensions(client, token.admin);
  for (const type of [FB, OUT])
    version[type] = (await activeVersion(client, token.admin, type, simpleSchema())).versionId;
  // fac.low: 4 of 30 students answer; q3 yes from 3 of them.
  for (const [index, student] of STUDENTS.slice(0, 4).entries())
    await submit(student, 'fac.low', FB, 'LOW101-MAIN', index < 3 ? 1 : 0);
  // fac.high: all 12 students answer; q3 yes from 9 (75%). One out-of-classroom evaluation by the dean.
  for (const [index, student] of STUDENTS.slice(0, 12).entries())
    await submit(student, 'fac.high', FB, 'HIGH101-MAIN', index < 9 ? 1 : 0);
  await submit('dean.main', 'fac.high', OUT, 'HIGH101-MAIN', 1);
}, 180_000);

const search = (params: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries({ semesterId, ...params }).filter((entry): entry is [string, string] => !!entry[1]),
  );

const report = (faculty: string, questionnaireTypeCode: string, courseId?: string) =>
  client.get(`${BASE}/${user[faculty]}/report?${search({ questionnaireTypeCode, courseId })}`, token.admin);

async function pdf(faculty: string) {
  const response = await fetch(
    `${client.baseUrl}${BASE}/${user[faculty]}/report.pdf?${search({ questionnaireTypeCode: FB })}`,
    {
      headers: { authorization: `Bearer ${token.admin}` },
    },
  );
  expect(response.status).toBe(200);
  return pdfPages(Buffer.from(await response.arrayBuffer()));
}

describe('report: response rate over HTTP', () => {
  it("student feedback: submissions per student enrollment of the faculty member's courses", async () => {
    const low = await report('fac.low', FB);
    expect(low.status, JSON.stringify(low.body)).toBe(200);
    expect(low.body).toMatchObject({
      overall: { submissionCount: 4 },
      enrolledCount: 30,
      responseRate: 0.1333,
      lowResponse: true,
    });
    const high = await report('fac.high', FB);
    expect(high.body).toMatchObject({
      overall: { submissionCount: 12 },
      enrolledCount: 12,
      responseRate: 1,
      lowResponse: false,
    });
    // courseId narrows the enrollment to that course: fac.high does not teach LOW101.
    const otherCourse = await report('fac.high', FB, course['LOW101-MAIN']);
    expect(otherCourse.body).toMatchObject({ enrolledCount: 0, responseRate: null, lowResponse: true });
    const ownCourse = await report('fac.high', FB, course['HIGH101-MAIN']);
    expect(ownCourse.body).toMatchObject({ enrolledCount: 12, responseRate: 1, lowResponse: false });
  });

  it('a type students do not answer has no enrollment-based rate; one response is still flagged as few', async () => {
    const out = await report('fac.high', OUT);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({
      overall: { submissionCount: 1 },
      enrolledCount: null,
      responseRate: null,
      lowResponse: true,
    });
  });

  it('a yes/no dimension carries its yes count beside the 1..5 average', async () => {
    const high = await report('fac.high', FB);
    const fairness = (high.body.dimensions as Array<{ code: string }>).find((entry) => entry.code === 'FAIRNESS');
    // 9 yes → 5, 3 no → 1: (45 + 3) / 12 = 4
    expect(fairness).toMatchObject({ average: 4, responseCount: 12, yesNo: { yesCount: 9, responseCount: 12 } });
    const clarity = (high.body.dimensions as Array<{ code: string }>).find((entry) => entry.code === 'CLARITY');
    expect(clarity).toMatchObject({ responseCount: 24, yesNo: null });
  });
});

describe('report.pdf over HTTP', () => {
  it('13% response rate: the rate and the warning are on the page; every page is numbered', async () => {
    const pages = await pdf('fac.low');
    const text = flat(pages.map((page) => page.text).join('\n'));
    expect(text).toContain('Responses: 4 of 30 enrolled students (response rate 13%)');
    expect(text).toContain(
      'Low response rate (13%, 4 of 30 students) and only 4 responses (fewer than 10): read these ratings with caution.',
    );
    expect(text).toContain('Grades fairly');
    expect(text).toContain('75% yes (3 of 4)');
    for (const [index, page] of pages.entries()) {
      expect(words(page)).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(words(page)).toContain('Lea Lopez - 1st Semester 2025-2026 (S12526)');
      expect(words(page)).toContain('Confidential');
    }
    expectInsideMargins(pages);
  });

  it('every student answered: the rate, and no warning', async () => {
    const pages = await pdf('fac.high');
    const text = flat(pages.map((page) => page.text).join('\n'));
    expect(text).toContain('Responses: 12 of 12 enrolled students (response rate 100%)');
    expect(text).toContain('75% yes (9 of 12)');
    expect(text).not.toMatch(/caution|Low response/);
    expectInsideMargins(pages);
  });
});

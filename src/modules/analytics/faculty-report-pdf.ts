import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { RESPONSE_COVERAGE_THRESHOLDS } from './faculty-report-calculations.js';
import type { QualitativeSummaryView, ReportView } from './faculty-reports.schemas.js';

export interface FacultyReportPdfContent {
  report: ReportView;
  /** Per-type ratings only (spec: "PDF exports show per-type ratings only"), in FEEDBACK, OUT, IN order. */
  contributions: ReadonlyArray<{ questionnaireTypeCode: string; rating: number | null; submissionCount: number }>;
  summary: QualitativeSummaryView;
}

export interface FacultyReportPdfOptions {
  /** The time printed in every page's footer; now by default. */
  generatedAt?: Date;
}

const TYPE_NAMES: Record<string, string> = {
  FACULTY_FEEDBACK: 'Student feedback',
  FACULTY_OUT_OF_CLASSROOM: 'Out-of-classroom evaluation',
  FACULTY_IN_CLASSROOM: 'In-classroom observation',
};

const MARGIN = 50;
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#2563eb';
const RULE = '#d1d5db';
const TRACK = '#eef2ff';
const WARNING_INK = '#92400e';
const WARNING_FILL = '#fef3c7';
const WARNING_BORDER = '#f59e0b';

/** The dimension chart's axis: the Likert scale itself, 1 (lowest) to 5 (highest), never 0. */
const SCALE_MIN = 1;
const SCALE_MAX = 5;

/**
 * The faces embedded in every report (data/fonts/README.md): DejaVu Sans Condensed, cut to Latin (Vietnamese and
 * every accent included), Greek, Cyrillic, punctuation and a few symbols; widths within about 2% of Helvetica's,
 * which the report used before. Read next to this module, as the engines' data files are (src/engine/<name>/data),
 * and copied into dist/ with them by the build (scripts/copy-assets.mjs): nothing comes from the system's fonts.
 */
export const REPORT_FONT_FILES = {
  regular: new URL('data/fonts/DejaVuSansCondensed.ttf', import.meta.url),
  bold: new URL('data/fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url),
  oblique: new URL('data/fonts/DejaVuSansCondensed-Oblique.ttf', import.meta.url),
} as const;
type Face = keyof typeof REPORT_FONT_FILES;
const REGULAR: Face = 'regular';
const BOLD: Face = 'bold';
const OBLIQUE: Face = 'oblique';

/** Drawn instead of a character none of the faces has (emoji, CJK, Arabic, Indic scripts…). */
export const PLACEHOLDER = '\u25a1';
/** The report's one line on placeholders, printed under the header when a report has any. */
export const PLACEHOLDER_NOTE =
  `${PLACEHOLDER} marks a character the PDF's fonts lack (emoji, Chinese, Arabic, …); ` +
  'the dashboard and the API show the full text.';

interface ReportFaces {
  fonts: Record<Face, fontkit.Font>;
  /** Whether every face has a glyph for the code point, so it prints whatever the font of its line. */
  covers: (codePoint: number) => boolean;
}

let faces: ReportFaces | undefined;
/**
 * The faces, read and opened once per process (0.6 MB) and shared by every report: fontkit keeps what it has
 * parsed (glyphs, the shaping tables) on the font, so a report does not parse the files again; each report
 * embeds only the glyphs it uses.
 */
function reportFaces(): ReportFaces {
  if (!faces) {
    const fonts = {
      regular: fontkit.create(readFileSync(REPORT_FONT_FILES.regular)),
      bold: fontkit.create(readFileSync(REPORT_FONT_FILES.bold)),
      oblique: fontkit.create(readFileSync(REPORT_FONT_FILES.oblique)),
    };
    const all = Object.values(fonts);
    faces = { fonts, covers: (codePoint) => all.every((font) => font.hasGlyphForCodePoint(codePoint)) };
  }
  return faces;
}

/** Spaces and invisible marks at either end of a quote, left out of its quotation marks. */
const QUOTE_ENDS = /^[\s\p{Default_Ignorable_Code_Point}]+|[\s\p{Default_Ignorable_Code_Point}]+$/gu;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Tabs and line breaks (a quote's paragraphs): a space, so the words either side stay apart. */
const SPACING = /^[\t\n\v\f\r\u0085\u2028\u2029]+$/u;
/** Marks that draw nothing by themselves: variation selectors (the emoji style of ❤), joiners, direction marks. */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}]$/u;

/**
 * Text as the embedded faces can draw it: NFC (Vietnamese written with combining marks becomes the precomposed
 * letters the fonts have), a tab or line break as a space, and each user-perceived character (grapheme: a flag, a skin
 * toned or joined emoji counts once) that the faces lack shown as PLACEHOLDER, never dropped. `placeholders`
 * counts them, for the report's note.
 */
function printer(covers: (codePoint: number) => boolean) {
  const state = { placeholders: 0 };
  const printable = (text: string): string => {
    // Most of a report is plain ASCII, which every face has.
    if (/^[\x20-\x7e]*$/.test(text)) return text;
    let printed = '';
    for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
      if (SPACING.test(segment)) {
        printed += ' ';
        continue;
      }
      // An invisible mark the faces lack (U+FE0F after ❤) is left out; any other missing code point
      // makes the whole grapheme a placeholder.
      const shown = Array.from(segment).filter((point) => !(INVISIBLE.test(point) && !covers(point.codePointAt(0)!)));
      if (shown.every((point) => covers(point.codePointAt(0)!))) printed += shown.join('');
      else {
        printed += PLACEHOLDER;
        state.placeholders += 1;
      }
    }
    return printed;
  };
  return { printable, state };
}

/**
 * The content with every text the PDF prints (names, labels, titles, questions, themes, quotes) made printable,
 * and how many placeholders that took. Codes and numbers print as they are.
 */
function printableContent(content: FacultyReportPdfContent, covers: (codePoint: number) => boolean) {
  const { printable, state } = printer(covers);
  const { report, summary } = content;
  const printed: FacultyReportPdfContent = {
    contributions: content.contributions,
    report: {
      ...report,
      faculty: { ...report.faculty, fullName: printable(report.faculty.fullName) },
      semester: { ...report.semester, code: printable(report.semester.code), label: printable(report.semester.label) },
      questionnaireType: {
        code: printable(report.questionnaireType.code),
        name: printable(report.questionnaireType.name),
      },
      version: report.version && {
        ...report.version,
        questionnaireTitle: printable(report.version.questionnaireTitle),
      },
      sections: report.sections.map((section) => ({
        ...section,
        title: printable(section.title),
        path: section.path.map(printable),
        questions: section.questions.map((question) => ({ ...question, text: printable(question.text) })),
      })),
      dimensions: report.dimensions.map((dimension) => ({
        ...dimension,
        displayName: printable(dimension.displayName),
      })),
    },
    summary: {
      ...summary,
      themes: summary.themes.map((theme) => ({
        ...theme,
        label: printable(theme.label),
        ...(theme.sampleQuotes && { sampleQuotes: theme.sampleQuotes.map(printable) }),
      })),
    },
  };
  return { content: printed, placeholders: state.placeholders };
}

const formatRating = (rating: number | null) => (rating === null ? 'n/a' : rating.toFixed(2));
/** "1 comment", "2 comments": every count the PDF writes in words agrees with its number. */
const counted = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const yesShare = (yes: number, total: number) => `${percent(yes / total)} yes (${yes} of ${total})`;

/**
 * The reader's caution when the ratings rest on few voices (report.lowResponse), or null. Names the rate
 * when enrollment measures it, the count otherwise.
 */
function responseWarning(report: ReportView): string | null {
  if (!report.lowResponse) return null;
  const count = report.overall.submissionCount;
  const students = report.enrolledCount === 1 ? 'student' : 'students';
  const rate =
    report.responseRate === null
      ? null
      : `${percent(report.responseRate)}, ${count} of ${report.enrolledCount} ${students}`;
  if (count === 0) return `No responses yet${rate === null ? '' : ` (${rate})`}: there are no ratings to read.`;
  const lowRate =
    report.responseRate !== null && report.responseRate < RESPONSE_COVERAGE_THRESHOLDS.minimumResponseRate;
  const few = count < RESPONSE_COVERAGE_THRESHOLDS.minimumResponses;
  const fewText = `${count === 1 ? 'only 1 response' : `only ${count} responses`} (fewer than ${RESPONSE_COVERAGE_THRESHOLDS.minimumResponses})`;
  const reason = lowRate
    ? `Low response rate (${rate})${few ? ` and ${fewText}` : ''}`
    : `${fewText.charAt(0).toUpperCase()}${fewText.slice(1)}`;
  return `${reason}: read these ratings with caution.`;
}

/** The header's coverage line: how many answered, of how many could. */
function responseLine(report: ReportView): string {
  const count = report.overall.submissionCount;
  if (report.enrolledCount === null) return `Responses: ${count} (observations; not measured against enrollment)`;
  if (report.responseRate === null) return `Responses: ${count} (no students enrolled on record)`;
  return `Responses: ${count} of ${counted(report.enrolledCount, 'enrolled student')} (response rate ${percent(report.responseRate)})`;
}

/** The header's overall rating: out of 100, or why there is none. */
function overallLine(report: ReportView): string {
  const { rating, submissionCount } = report.overall;
  if (rating !== null) return `Overall rating: ${formatRating(rating)} / 100`;
  return `Overall rating: n/a (${submissionCount === 0 ? 'no responses' : 'no rated answers'})`;
}

/**
 * What the sections cover when submissions were made on several questionnaire versions (a type may have several
 * questionnaires, each with versions): the sections are the latest version's, and an answer of another version
 * counts toward one of its questions only when it is the same question (sameQuestion). Null for one version.
 */
function versionsLine(report: ReportView): string | null {
  if (report.versionsIncluded < 2) return null;
  return (
    `Covers ${counted(report.overall.submissionCount, 'submission')} on ${report.versionsIncluded} questionnaire ` +
    "versions, laid out as the latest one's questions; answers are matched by question id, type and dimension, " +
    "so a question's n counts only the answers to that same question."
  );
}

/**
 * Renders the faculty report as a PDF in-process with pdfkit (no browser): header with the response rate
 * and a low-coverage warning, per-type ratings, a bar chart of dimension averages on the 1-5 scale (yes/no
 * dimensions apart, as a share of yes), the section tables with headed rating columns and the qualitative
 * themes; every page carries a footer and "Page N of M". Quotes appear only when the summary carries them
 * (never for a faculty member reading their own report). All text stays inside the page margins: long
 * labels wrap or end in an ellipsis.
 */
export function renderFacultyReportPdf(
  content: FacultyReportPdfContent,
  options: FacultyReportPdfOptions = {},
): Promise<Buffer> {
  const { fonts, covers } = reportFaces();
  const printed = printableContent(content, covers);
  const { report, contributions, summary } = printed.content;
  const generatedAt = options.generatedAt ?? new Date();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Pages stay in memory until the end, so each footer can say how many pages there are.
    bufferPages: true,
    // The regular face from the start: pdfkit would otherwise load Helvetica's metrics for every report.
    font: fonts.regular as unknown as string,
    info: {
      // Metadata is UTF-16 (the viewer's fonts draw it): the full name, placeholders or not.
      Title: `Faculty report: ${content.report.faculty.fullName.normalize('NFC')}, ${content.report.semester.code}`,
      Author: 'Feedback Analysis Service',
    },
  });
  // pdfkit takes an opened fontkit font as well as a file's bytes (PDFFontFactory.open: anything with layout());
  // @types/pdfkit does not list it.
  for (const face of [REGULAR, BOLD, OBLIQUE]) doc.registerFont(face, fonts[face] as unknown as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;
  const bottom = () => doc.page.height - MARGIN;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  /** One line of text cut with an ellipsis to fit `lineWidth`, at the current font and size. */
  const oneLine = (text: string, x: number, y: number, lineWidth: number, align: 'left' | 'right' = 'left') => {
    doc.text(text, x, y, { width: lineWidth, height: doc.currentLineHeight(true) * 1.5, ellipsis: true, align });
  };
  const heading = (text: string) => {
    ensure(60);
    doc.moveDown(0.8).font(BOLD).fontSize(13).fillColor(INK).text(text, MARGIN, doc.y, { width });
    const y = doc.y + 2;
    doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.moveDown(0.5);
  };
  const note = (text: string, color = MUTED) => {
    doc.font(REGULAR).fontSize(8.5).fillColor(color).text(text, MARGIN, doc.y, { width });
  };

  // Header
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.font(BOLD).fontSize(20).fillColor(INK).text(report.faculty.fullName, MARGIN, MARGIN, { width });
  doc
    .font(REGULAR)
    .fontSize(11)
    .fillColor(MUTED)
    .text(`${report.semester.label} (${report.semester.code})`, { width })
    .text(
      `${report.questionnaireType.name} (${report.questionnaireType.code})` +
        (report.version ? ` - ${report.version.questionnaireTitle}, version ${report.version.versionNumber}` : ''),
      { width },
    )
    .text(overallLine(report), { width })
    .text(responseLine(report), { width });
  const versions = versionsLine(report);
  if (versions) note(versions);
  if (printed.placeholders > 0) note(PLACEHOLDER_NOTE);
  const warning = responseWarning(report);
  if (warning) {
    doc.moveDown(0.6);
    doc.font(BOLD).fontSize(10);
    const padding = 8;
    const boxHeight = doc.heightOfString(warning, { width: width - 2 * padding }) + 2 * padding;
    const top = doc.y;
    doc.rect(MARGIN, top, width, boxHeight).lineWidth(1).fillAndStroke(WARNING_FILL, WARNING_BORDER);
    doc.fillColor(WARNING_INK).text(warning, MARGIN + padding, top + padding, { width: width - 2 * padding });
    doc.y = top + boxHeight;
    doc.x = MARGIN;
  }

  // Per-type ratings
  heading('Ratings by questionnaire type (0-100)');
  const columns = [MARGIN, MARGIN + 260, MARGIN + 380];
  doc.font(BOLD).fontSize(10).fillColor(MUTED);
  let y = doc.y;
  doc
    .text('Questionnaire type', columns[0]!, y, { width: 250 })
    .text('Rating', columns[1]!, y, { width: 110 })
    .text('Submissions', columns[2]!, y, { width: right - columns[2]! });
  doc.font(REGULAR).fillColor(INK);
  for (const entry of contributions) {
    y = doc.y + 4;
    doc
      .text(TYPE_NAMES[entry.questionnaireTypeCode] ?? entry.questionnaireTypeCode, columns[0]!, y, { width: 250 })
      .text(formatRating(entry.rating), columns[1]!, y, { width: 110 })
      .text(String(entry.submissionCount), columns[2]!, y, { width: right - columns[2]! });
  }

  // Dimension chart: Likert dimensions on the 1-5 axis; yes/no-only dimensions apart, as a share of yes.
  const onScale = report.dimensions.filter((dimension) => dimension.yesNo?.responseCount !== dimension.responseCount);
  const yesNoOnly = report.dimensions.filter((dimension) => dimension.yesNo?.responseCount === dimension.responseCount);
  heading(`Dimension averages (${SCALE_MIN}-${SCALE_MAX} scale)`);
  if (report.dimensions.length === 0) doc.font(REGULAR).fontSize(10).fillColor(MUTED).text('No answers yet.');
  if (warning && report.overall.submissionCount > 0)
    note(
      `Based on ${report.overall.submissionCount === 1 ? '1 response' : `${report.overall.submissionCount} responses`}: ` +
        'see the response warning above.',
      WARNING_INK,
    );
  const labelWidth = 140;
  const valueWidth = 92;
  const chartX = MARGIN + labelWidth + 8;
  const chartWidth = right - valueWidth - 8 - chartX;
  const tickX = (value: number) => chartX + (chartWidth * (value - SCALE_MIN)) / (SCALE_MAX - SCALE_MIN);
  if (onScale.length > 0) {
    note(
      `Bars run from ${SCALE_MIN} (lowest) to ${SCALE_MAX} (highest), the scale of the rating questions.` +
        (onScale.some((dimension) => dimension.yesNo) ? ' * also counts yes/no answers as 1 (no) or 5 (yes).' : ''),
    );
    doc.moveDown(0.4);
  }
  for (const dimension of onScale) {
    doc.font(REGULAR).fontSize(10);
    const label = dimension.displayName + (dimension.yesNo ? ' *' : '');
    // At most two lines of label; a longer name ends in an ellipsis.
    const labelHeight = Math.min(doc.heightOfString(label, { width: labelWidth }), doc.currentLineHeight(true) * 2);
    const rowHeight = Math.max(16, labelHeight + 4);
    ensure(rowHeight + 4);
    y = doc.y;
    doc.fillColor(INK).text(label, MARGIN, y + 2, {
      width: labelWidth,
      height: doc.currentLineHeight(true) * 2.5,
      ellipsis: true,
    });
    const barY = y + (rowHeight - 14) / 2;
    doc.rect(chartX, barY, chartWidth, 14).fill(TRACK);
    const clamped = Math.max(SCALE_MIN, Math.min(SCALE_MAX, dimension.average));
    if (clamped > SCALE_MIN) doc.rect(chartX, barY, tickX(clamped) - chartX, 14).fill(ACCENT);
    for (let tick = SCALE_MIN + 1; tick < SCALE_MAX; tick += 1)
      doc
        .moveTo(tickX(tick), barY)
        .lineTo(tickX(tick), barY + 14)
        .lineWidth(0.5)
        .strokeColor('#ffffff')
        .stroke();
    doc.font(REGULAR).fontSize(10).fillColor(INK);
    oneLine(`${dimension.average.toFixed(2)}  ${dimension.interpretation}`, right - valueWidth, barY + 2, valueWidth);
    doc.y = y + rowHeight + 4;
    doc.x = MARGIN;
  }
  if (onScale.length > 0) {
    y = doc.y;
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    for (let tick = SCALE_MIN; tick <= SCALE_MAX; tick += 1)
      doc.text(String(tick), tickX(tick) - 10, y, { width: 20, align: 'center', lineBreak: false });
    doc.text('average rating', chartX, y + 10, { width: chartWidth, align: 'center', lineBreak: false });
    doc.y = y + 24;
    doc.x = MARGIN;
  }
  if (yesNoOnly.length > 0) {
    ensure(40);
    doc.moveDown(0.4).font(BOLD).fontSize(10).fillColor(INK);
    doc.text('Yes/no dimensions (share answering yes)', MARGIN, doc.y, { width });
    doc.moveDown(0.2);
    for (const dimension of yesNoOnly) {
      const { yesCount, responseCount } = dimension.yesNo!;
      doc.font(REGULAR).fontSize(10);
      ensure(18);
      y = doc.y;
      doc.fillColor(INK).text(dimension.displayName, MARGIN, y, {
        width: labelWidth,
        height: doc.currentLineHeight(true) * 2.5,
        ellipsis: true,
      });
      const after = doc.y;
      oneLine(yesShare(yesCount, responseCount), chartX, y, right - chartX);
      doc.y = Math.max(after, y + doc.currentLineHeight(true)) + 4;
      doc.x = MARGIN;
    }
  }

  // Section tables: per-question counts under headed columns, yes/no questions as a share of yes.
  heading('Sections');
  if (report.sections.length === 0) doc.font(REGULAR).fontSize(10).fillColor(MUTED).text('No answers yet.');
  else {
    note(
      'Columns 1-5: how many responses gave each rating, 1 (lowest) to 5 (highest). Avg: mean rating on the 1-5 ' +
        'scale. n: responses. Yes/no questions show the share answering yes instead.',
    );
    doc.moveDown(0.4);
  }
  const countWidth = 26;
  const nWidth = 30;
  const nX = right - nWidth;
  const countX = (index: number) => nX - countWidth * (5 - index);
  const averageWidth = 40;
  const averageX = countX(0) - averageWidth;
  const questionX = MARGIN + 12;
  const questionWidth = averageX - 8 - questionX;
  const cell = (text: string, x: number, top: number, cellWidth: number, align: 'left' | 'right' = 'right') =>
    oneLine(text, x, top, cellWidth, align);
  const columnHeader = (label: string) => {
    const top = doc.y;
    doc.font(BOLD).fontSize(8).fillColor(MUTED);
    cell(label, questionX, top, questionWidth, 'left');
    cell('Avg', averageX, top, averageWidth);
    for (let index = 0; index < 5; index += 1) cell(String(index + 1), countX(index), top, countWidth);
    cell('n', nX, top, nWidth);
    const ruleY = top + doc.currentLineHeight(true) + 1;
    doc.moveTo(questionX, ruleY).lineTo(right, ruleY).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y = ruleY + 2;
  };
  const questionRowHeight = (text: string) =>
    doc.font(REGULAR).fontSize(9).heightOfString(text, { width: questionWidth }) + 2;
  for (const section of report.sections) {
    doc.font(BOLD).fontSize(10);
    const title = [...section.path, section.title].join(' / ');
    const titleHeight = doc.heightOfString(title, { width: width - 170 });
    const rowsHeight = section.questions.reduce((sum, question) => sum + questionRowHeight(question.text), 0);
    // A short section stays on one page; a long one starts with at least its header and first rows.
    ensure(titleHeight + 16 + Math.min(rowsHeight, 120));
    y = doc.y;
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor(INK)
      .text(title, MARGIN, y, { width: width - 170 });
    const after = doc.y;
    doc.font(REGULAR).fillColor(INK);
    const sectionRating = section.rating === null ? 'rating n/a' : `rating ${formatRating(section.rating)} / 100`;
    cell(`${sectionRating}   ${counted(section.responseCount, 'response')}`, right - 165, y, 165);
    doc.y = Math.max(after, doc.y) + 2;
    columnHeader('Question');
    for (const question of section.questions) {
      const text = question.text;
      const height = questionRowHeight(text);
      if (doc.y + height > bottom()) {
        doc.addPage();
        columnHeader(`Question (${section.title}, continued)`);
      }
      doc.font(REGULAR).fontSize(9);
      y = doc.y + 2;
      doc.fillColor(INK).text(text, questionX, y, { width: questionWidth });
      const next = doc.y;
      doc.fillColor(MUTED);
      if (question.type === 'YES_NO') {
        const yes = question.ratingCounts['1'] ?? 0;
        const shown = question.responseCount === 0 ? 'no answers' : yesShare(yes, question.responseCount);
        cell(shown, averageX, y, nX - averageX);
      } else {
        cell(question.average === null ? 'n/a' : question.average.toFixed(2), averageX, y, averageWidth);
        for (let index = 0; index < 5; index += 1)
          cell(String(question.ratingCounts[String(index + 1)] ?? 0), countX(index), y, countWidth);
      }
      cell(String(question.responseCount), nX, y, nWidth);
      doc.y = Math.max(next, y + doc.currentLineHeight(true));
      doc.x = MARGIN;
    }
    doc.moveDown(0.6);
  }

  // Qualitative themes
  heading('Qualitative summary');
  const { positive, neutral, negative } = summary.sentimentDistribution;
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(INK)
    .text(`Sentiment: ${positive} positive, ${neutral} neutral, ${negative} negative`, MARGIN, doc.y, { width });
  if (summary.themes.length === 0) doc.fillColor(MUTED).text('No themes yet.', { width });
  const quoteX = MARGIN + 12;
  // A quote as printed: no space or invisible mark (a zero-width space draws as one) inside its quotation marks.
  const quoted = (quote: string) => `"${quote.replace(QUOTE_ENDS, '')}"`;
  const quoteHeight = (quote: string) =>
    doc
      .font(OBLIQUE)
      .fontSize(9)
      .heightOfString(quoted(quote), { width: right - quoteX });
  for (const theme of summary.themes) {
    const split = theme.sentimentSplit;
    const title = `${theme.label} - ${counted(theme.count, 'comment')} (${split.positive}+ / ${split.neutral}= / ${split.negative}-)`;
    const quotes = theme.sampleQuotes ?? [];
    // The heading stays with its first quote: never a heading alone at the bottom of a page.
    const titleHeight = doc.font(BOLD).fontSize(10).heightOfString(title, { width });
    ensure(doc.currentLineHeight(true) * 0.4 + titleHeight + (quotes[0] === undefined ? 0 : quoteHeight(quotes[0])));
    doc.moveDown(0.4);
    doc.font(BOLD).fontSize(10).fillColor(INK).text(title, MARGIN, doc.y, { width });
    for (const quote of quotes) {
      ensure(Math.min(quoteHeight(quote), 40));
      doc
        .font(OBLIQUE)
        .fontSize(9)
        .fillColor(MUTED)
        .text(quoted(quote), quoteX, doc.y, { width: right - quoteX });
    }
  }
  if (summary.redacted)
    doc
      .moveDown(0.5)
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text('Student quotes are not shown to the faculty member evaluated.', MARGIN, doc.y, { width });

  // Footer on every page, written once the page count is known.
  const stamp = `${generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const identity = `${report.faculty.fullName} - ${report.semester.label} (${report.semester.code}) - ${report.questionnaireType.name}`;
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // The footer lives in the bottom margin: lift the margin so pdfkit does not flow it onto a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    const top = doc.page.height - MARGIN + 8;
    doc.moveTo(MARGIN, top).lineTo(right, top).lineWidth(0.5).strokeColor(RULE).stroke();
    const pageLabel = `Page ${index - start + 1} of ${count}`;
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    const pageLabelWidth = doc.widthOfString(pageLabel) + 2;
    oneLine(identity, MARGIN, top + 5, width - pageLabelWidth - 12);
    oneLine(pageLabel, right - pageLabelWidth, top + 5, pageLabelWidth, 'right');
    doc.font(BOLD).fillColor(WARNING_INK);
    oneLine('Confidential', MARGIN, top + 16, 60);
    doc.font(REGULAR).fillColor(MUTED);
    oneLine(`Generated ${stamp}`, MARGIN + 62, top + 16, width - 62);
    doc.page.margins = margins;
  }

  doc.end();
  return done;
}

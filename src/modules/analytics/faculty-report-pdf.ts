import PDFDocument from 'pdfkit';
import type { QualitativeSummaryView, ReportView } from './faculty-reports.schemas.js';

export interface FacultyReportPdfContent {
  report: ReportView;
  /** Per-type ratings only (spec: "PDF exports show per-type ratings only"), in FEEDBACK, OUT, IN order. */
  contributions: ReadonlyArray<{ questionnaireTypeCode: string; rating: number | null; submissionCount: number }>;
  summary: QualitativeSummaryView;
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

/** The standard PDF fonts speak WinAnsi only: anything else (emoji, CJK) would print as garbage. */
function printable(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/gu, '');
}

const formatRating = (rating: number | null) => (rating === null ? 'n/a' : rating.toFixed(2));

/**
 * Renders the faculty report as a PDF in-process with pdfkit (no browser): header, per-type ratings, a bar
 * chart of dimension averages (drawn with rectangles), the section table and the qualitative themes. Quotes
 * appear only when the summary carries them (never for a faculty member reading their own report).
 */
export function renderFacultyReportPdf(content: FacultyReportPdfContent): Promise<Buffer> {
  const { report, contributions, summary } = content;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: printable(`Faculty report: ${report.faculty.fullName}, ${report.semester.code}`),
      Author: 'Feedback Analysis Service',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(40);
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, MARGIN, doc.y);
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.5);
  };

  // Header
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(printable(report.faculty.fullName), MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(printable(`${report.semester.label} (${report.semester.code})`))
    .text(
      printable(
        `${report.questionnaireType.name} (${report.questionnaireType.code})` +
          (report.version ? ` - ${report.version.questionnaireTitle}, version ${report.version.versionNumber}` : ''),
      ),
    )
    .text(
      `Submissions: ${report.overall.submissionCount}    Overall rating: ${formatRating(report.overall.rating)} / 100`,
    );

  // Per-type ratings
  heading('Ratings by questionnaire type (0-100)');
  const columns = [MARGIN, MARGIN + 260, MARGIN + 380];
  doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED);
  let y = doc.y;
  doc.text('Questionnaire type', columns[0]!, y).text('Rating', columns[1]!, y).text('Submissions', columns[2]!, y);
  doc.font('Helvetica').fillColor(INK);
  for (const entry of contributions) {
    y = doc.y + 4;
    doc
      .text(TYPE_NAMES[entry.questionnaireTypeCode] ?? entry.questionnaireTypeCode, columns[0]!, y)
      .text(formatRating(entry.rating), columns[1]!, y)
      .text(String(entry.submissionCount), columns[2]!, y);
  }

  // Bar chart of dimension averages (1..5)
  heading('Dimension averages (1-5)');
  if (report.dimensions.length === 0) doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('No answers yet.');
  const labelWidth = 150;
  const chartWidth = width - labelWidth - 60;
  for (const dimension of report.dimensions) {
    ensure(22);
    y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(printable(dimension.displayName), MARGIN, y + 3, {
        width: labelWidth - 8,
        ellipsis: true,
        lineBreak: false,
      });
    doc.rect(MARGIN + labelWidth, y, chartWidth, 14).fill('#eef2ff');
    doc.rect(MARGIN + labelWidth, y, (chartWidth * Math.max(0, Math.min(5, dimension.average))) / 5, 14).fill(ACCENT);
    doc
      .fillColor(INK)
      .text(
        `${dimension.average.toFixed(2)}  ${dimension.interpretation}`,
        MARGIN + labelWidth + chartWidth + 6,
        y + 3,
        {
          width: 80,
          lineBreak: false,
        },
      );
    doc.y = y + 20;
    doc.x = MARGIN;
  }
  // Scale ticks under the chart.
  y = doc.y;
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  for (let tick = 0; tick <= 5; tick += 1)
    doc.text(String(tick), MARGIN + labelWidth + (chartWidth * tick) / 5 - 3, y, { lineBreak: false });
  doc.y = y + 12;
  doc.x = MARGIN;

  // Section table
  heading('Sections');
  for (const section of report.sections) {
    ensure(30);
    y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(printable([...section.path, section.title].join(' / ')), MARGIN, y, { width: width - 170 });
    const after = doc.y;
    doc
      .font('Helvetica')
      .text(`rating ${formatRating(section.rating)}   responses ${section.responseCount}`, MARGIN + width - 165, y, {
        width: 165,
        align: 'right',
      });
    doc.y = Math.max(after, doc.y);
    for (const question of section.questions) {
      ensure(16);
      y = doc.y + 2;
      const counts = Object.entries(question.ratingCounts)
        .map(([value, count]) => `${value}:${count}`)
        .join('  ');
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(INK)
        .text(printable(question.text), MARGIN + 12, y, { width: width - 230 });
      const next = doc.y;
      doc
        .fillColor(MUTED)
        .text(
          `avg ${question.average === null ? 'n/a' : question.average.toFixed(2)}   ${counts}`,
          MARGIN + width - 215,
          y,
          {
            width: 215,
            align: 'right',
          },
        );
      doc.y = Math.max(next, doc.y);
    }
    doc.moveDown(0.4);
  }

  // Qualitative themes
  heading('Qualitative summary');
  const { positive, neutral, negative } = summary.sentimentDistribution;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(`Sentiment: ${positive} positive, ${neutral} neutral, ${negative} negative`, MARGIN, doc.y);
  if (summary.themes.length === 0) doc.fillColor(MUTED).text('No themes yet.');
  for (const theme of summary.themes) {
    ensure(30);
    doc.moveDown(0.4);
    const split = theme.sentimentSplit;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(
        printable(
          `${theme.label} - ${theme.count} comments (${split.positive}+ / ${split.neutral}= / ${split.negative}-)`,
        ),
        MARGIN,
        doc.y,
      );
    for (const quote of theme.sampleQuotes ?? []) {
      ensure(20);
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .fillColor(MUTED)
        .text(printable(`"${quote}"`), MARGIN + 12, doc.y, { width: width - 12 });
    }
  }
  if (summary.redacted)
    doc
      .moveDown(0.5)
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text('Student quotes are not shown to the faculty member evaluated.', MARGIN, doc.y);

  doc.end();
  return done;
}

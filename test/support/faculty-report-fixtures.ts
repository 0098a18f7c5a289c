import type { FacultyReportPdfContent } from '../../src/modules/analytics/faculty-report-pdf.js';
import type { ReportView } from '../../src/modules/analytics/faculty-reports.schemas.js';

export const LONG_DIMENSION_NAME =
  'Professionalism, punctuality and respectful conduct toward students in and outside the classroom';

type Question = ReportView['sections'][number]['questions'][number];

const likert = (id: string, text: string, dimensionCode: string, counts: number[]): Question => {
  const responseCount = counts.reduce((sum, count) => sum + count, 0);
  const total = counts.reduce((sum, count, index) => sum + count * (index + 1), 0);
  return {
    id,
    text,
    type: 'LIKERT_5',
    dimensionCode,
    responseCount,
    average: responseCount === 0 ? null : Math.round((total / responseCount) * 100) / 100,
    ratingCounts: Object.fromEntries(counts.map((count, index) => [String(index + 1), count])),
  };
};

const yesNo = (id: string, text: string, dimensionCode: string, no: number, yes: number): Question => ({
  id,
  text,
  type: 'YES_NO',
  dimensionCode,
  responseCount: no + yes,
  average: no + yes === 0 ? null : Math.round((yes / (no + yes)) * 100) / 100,
  ratingCounts: { '0': no, '1': yes },
});

/**
 * A realistic student-feedback report: 25 responses of 30 enrolled students (or `coverage` to change that),
 * a dimension with a name too long for any label column, a yes/no-only dimension, one that mixes both kinds
 * of answer, and enough sections to run onto a second page.
 */
export function sampleReportContent(
  coverage: Pick<ReportView, 'enrolledCount' | 'responseRate' | 'lowResponse'> & { submissionCount?: number } = {
    enrolledCount: 30,
    responseRate: 0.8333,
    lowResponse: false,
  },
): FacultyReportPdfContent {
  const submissionCount = coverage.submissionCount ?? 25;
  const filler = Array.from({ length: 6 }, (_, index) => ({
    id: `extra-${index}`,
    title: `Course delivery part ${index + 1}`,
    path: ['Teaching'],
    weight: 5,
    responseCount: submissionCount,
    rating: 70 + index,
    questions: [
      likert(
        `x${index}a`,
        'Uses class time well and starts and ends each session on schedule',
        'CLARITY',
        [1, 2, 5, 9, 8],
      ),
      likert(`x${index}b`, 'Gives assignments that help me understand the lessons', 'ENGAGEMENT', [0, 1, 11, 11, 2]),
      yesNo(`x${index}c`, 'Returns graded work within two weeks', 'PROMPTNESS', 7, 18),
    ],
  }));
  const report: ReportView = {
    faculty: { id: '3f1c9a5e-2b7d-4c1e-9a0b-0d6e5f4a3b21', fullName: 'Maria Cristina Dela Cruz-Santos' },
    semester: { id: '7a9e2c41-5d3b-4f6a-8e1c-2b0d9f8a7c65', code: 'S12526', label: '1st Semester 2025-2026' },
    questionnaireType: { code: 'FACULTY_FEEDBACK', name: 'Faculty Feedback' },
    courseId: null,
    version: {
      id: '9c8b7a65-4d3e-4f21-8a0b-1c2d3e4f5a6b',
      versionNumber: 2,
      questionnaireTitle: 'Student Evaluation of Teaching',
    },
    versionsIncluded: 1,
    sections: [
      {
        id: 'clarity',
        title: 'Clarity of instruction and the organisation of lessons, materials and assessments across the term',
        path: ['Teaching'],
        weight: 40,
        responseCount: submissionCount,
        rating: 71.5,
        questions: [
          likert('q1', 'Explains the lessons clearly', 'CLARITY', [1, 1, 11, 11, 1]),
          likert('q2', 'Answers questions in a way I understand', 'CLARITY', [0, 2, 6, 10, 7]),
          yesNo('q3', 'Provides a course syllabus in the first week', 'CLARITY', 2, 23),
        ],
      },
      {
        id: 'conduct',
        title: 'Conduct',
        path: ['Professionalism'],
        weight: 30,
        responseCount: submissionCount,
        rating: 64,
        questions: [
          likert('q4', 'Treats students with respect', 'CONDUCT', [0, 1, 3, 9, 12]),
          yesNo('q5', 'Starts classes on time', 'PUNCTUALITY', 7, 18),
        ],
      },
      ...filler,
    ],
    dimensions: [
      {
        code: 'CLARITY',
        displayName: 'Clarity',
        average: 3.74,
        responseCount: 75,
        interpretation: 'Very Good',
        yesNo: { yesCount: 23, responseCount: 25 },
      },
      {
        code: 'CONDUCT',
        displayName: LONG_DIMENSION_NAME,
        average: 4.28,
        responseCount: 25,
        interpretation: 'Very Good',
        yesNo: null,
      },
      {
        code: 'ENGAGEMENT',
        displayName: 'Engagement',
        average: 3.56,
        responseCount: 25,
        interpretation: 'Very Good',
        yesNo: null,
      },
      {
        code: 'PUNCTUALITY',
        displayName: 'Punctuality',
        average: 3.88,
        responseCount: 25,
        interpretation: 'Very Good',
        yesNo: { yesCount: 18, responseCount: 25 },
      },
    ],
    overall: { rating: 72.4, submissionCount },
    enrolledCount: coverage.enrolledCount,
    responseRate: coverage.responseRate,
    lowResponse: coverage.lowResponse,
  };
  return {
    report,
    contributions: [
      { questionnaireTypeCode: 'FACULTY_FEEDBACK', rating: 72.4, submissionCount },
      { questionnaireTypeCode: 'FACULTY_OUT_OF_CLASSROOM', rating: 80, submissionCount: 1 },
      { questionnaireTypeCode: 'FACULTY_IN_CLASSROOM', rating: null, submissionCount: 0 },
    ],
    summary: {
      faculty: report.faculty,
      semester: report.semester,
      questionnaireType: report.questionnaireType,
      courseId: null,
      redacted: false,
      analysis: {
        pipelineId: 'd3e4f5a6-b7c8-4d9e-8f0a-1b2c3d4e5f6a',
        scopeType: 'FACULTY',
        analysedAt: '2025-11-18T22:00:00.000Z',
      },
      sentimentDistribution: { positive: 14, neutral: 6, negative: 5 },
      themes: [
        {
          themeId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
          label: 'Clear explanations',
          count: 11,
          sentimentSplit: { positive: 9, neutral: 2, negative: 0 },
          sampleQuotes: [
            'The examples on the board made recursion finally make sense to me, and the exercises after each ' +
              'lesson were the right size for practice before the long exam.',
            'Explains slowly and checks that everybody follows.',
          ],
        },
        {
          themeId: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f',
          label: 'Late starts',
          count: 5,
          sentimentSplit: { positive: 0, neutral: 1, negative: 4 },
          sampleQuotes: ['Class often starts fifteen minutes late.'],
        },
      ],
    },
  };
}

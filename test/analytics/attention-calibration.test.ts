import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsViewsRepository } from '../../src/modules/analytics/views.repository.js';
import { SUPER_ADMIN, setupApi } from '../support/test-context.js';

/**
 * Issue 21: the attention flags and the trend figures calibrated on faculty built to deserve a flag or not, read
 * over HTTP after a real refresh of the views. One campus, department CCS, semesters S1 < S2 < S3; the asked
 * semester is S3. Every submission of a faculty member in a semester has the same normalized score, and one
 * completed department pipeline per semester labels the first `positive + neutral + negative` of them.
 * Sentiment score = positive / (positive + negative); quant_qual_gap when |score / 100 − it| > 0.2 with ≥ 10
 * analyzed.
 *
 *   calm     S3 87.00, 20 analyzed 12/6/2 → 12/14 = 0.857, gap 0.013: no flag (the bare positive rate 0.6 gave 0.27)
 *   gil      S3 51.50, 50 analyzed 7/8/35 (14% positive) → 7/42 = 0.167, gap 0.348: quant_qual_gap
 *   harsh    S3 85.00, 20 analyzed 4/4/12 → 0.25, gap 0.6: quant_qual_gap (high score, negative comments)
 *   kind     S3 40.00, 20 analyzed 16/4/0 → 1, gap 0.6: quant_qual_gap (low score, positive comments)
 *   neutral  S3 50.00, 20 analyzed 2/16/2 → 0.5, gap 0: no flag (the bare positive rate 0.1 gave 0.4)
 *   sparse   S3 70.00, 20 submissions, 9 analyzed, all positive: low_coverage only (9 < 10 analyzed: no gap)
 *   decline  S1 80, S2 72, S3 61, 20 analyzed each, positive 16, 14, 12 (rates .8, .7, .6, no neutral):
 *            score slope Sxy / Sxx = (−9 − 10) / 2 = −9.5, R² = 19² / (2 · 182) = 0.99176 → 0.992; sentiment
 *            slope −0.1 (R² 1): declining_trend only (S3 gap |0.61 − 0.6| = 0.01)
 *   noisy    S1 70, S2 80, S3 66, 20 analyzed each at 14/0/6 (0.7): slope −2 with R² 16 / 208 = 0.0769 → 0.077,
 *            sentiment flat: no flag
 */
const PASSWORD = 'calibration-password-1';
const SEMESTERS = [
  { key: 'S1', code: 'S12324', year: '2023-2024', start: '2023-08-01', end: '2023-12-20' },
  { key: 'S2', code: 'S22324', year: '2023-2024', start: '2024-01-15', end: '2024-05-30' },
  { key: 'S3', code: 'S12425', year: '2024-2025', start: '2024-08-01', end: '2024-12-20' },
] as const;
type SemesterKey = (typeof SEMESTERS)[number]['key'];

interface Cohort {
  score: number;
  submissions: number;
  labels: [positive: number, neutral: number, negative: number];
}
const cohort = (score: number, labels: Cohort['labels'], submissions = labels[0] + labels[1] + labels[2]) => ({
  score,
  submissions,
  labels,
});

const FACULTY: Record<string, { name: string; semesters: Partial<Record<SemesterKey, Cohort>> }> = {
  calm: { name: 'Carla Calm', semesters: { S3: cohort(87, [12, 6, 2]) } },
  gil: { name: 'Gil Gap', semesters: { S3: cohort(51.5, [7, 8, 35]) } },
  harsh: { name: 'Hana Harsh', semesters: { S3: cohort(85, [4, 4, 12]) } },
  kind: { name: 'Ken Kind', semesters: { S3: cohort(40, [16, 4, 0]) } },
  neutral: { name: 'Nora Neutral', semesters: { S3: cohort(50, [2, 16, 2]) } },
  sparse: { name: 'Sam Sparse', semesters: { S3: cohort(70, [9, 0, 0], 20) } },
  decline: {
    name: 'Dan Decline',
    semesters: { S1: cohort(80, [16, 0, 4]), S2: cohort(72, [14, 0, 6]), S3: cohort(61, [12, 0, 8]) },
  },
  noisy: {
    name: 'Nico Noisy',
    semesters: { S1: cohort(70, [14, 0, 6]), S2: cohort(80, [14, 0, 6]), S3: cohort(66, [14, 0, 6]) },
  },
};
const STUDENTS = 50;

const { client, database, api } = await setupApi();
const semesterId: Record<string, string> = {};
let deanToken = '';

beforeAll(async () => {
  const db = database.db;
  const admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const imported = await client.post(
    '/api/v1/admin/institution/import',
    {
      campuses: [{ code: 'MAIN', name: 'Main Campus' }],
      semesters: SEMESTERS.map((s) => ({
        campus: 'MAIN',
        code: s.code,
        label: s.code,
        academicYear: s.year,
        startDate: s.start,
        endDate: s.end,
      })),
      departments: SEMESTERS.map((s) => ({ campus: 'MAIN', semester: s.code, code: 'CCS', name: 'Computer Studies' })),
      users: [
        {
          username: 'dean.main',
          fullName: 'Dean Main',
          password: PASSWORD,
          roles: ['DEAN'],
          assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CCS' }],
        },
        ...Object.entries(FACULTY).map(([key, faculty]) => ({
          username: `fac.${key}`,
          fullName: faculty.name,
          roles: ['FACULTY'],
        })),
        ...Array.from({ length: STUDENTS }, (_, i) => ({
          username: `stu.${i}`,
          fullName: `Student ${i}`,
          roles: ['STUDENT'],
        })),
      ],
    },
    admin,
  );
  expect(imported.status, JSON.stringify(imported.body)).toBeLessThan(300);
  deanToken = await client.login('dean.main', PASSWORD);

  const { rows: semesterRows } = await sql<{ id: string; code: string; department: string }>`
    SELECT s.id, s.code, d.id AS department FROM semesters s JOIN departments d ON d.semester_id = s.id`.execute(db);
  for (const s of SEMESTERS) semesterId[s.key] = semesterRows.find((row) => row.code === s.code)!.id;
  const { rows: version } = await sql<{ id: string; questionnaireId: string }>`
    WITH q AS (
      INSERT INTO questionnaires (title, type_id, status)
      SELECT 'Feedback', id, 'PUBLISHED' FROM questionnaire_types WHERE code = 'FACULTY_FEEDBACK' RETURNING id
    )
    INSERT INTO questionnaire_versions (questionnaire_id, version_number, status, schema_snapshot, published_at)
    SELECT id, 1, 'ACTIVE', '{}'::jsonb, now() FROM q
    RETURNING id, questionnaire_id AS "questionnaireId"`.execute(db);
  const { id: versionId, questionnaireId } = version[0]!;

  for (const [index, s] of SEMESTERS.entries()) {
    const department = semesterRows.find((row) => row.code === s.code)!.department;
    const at = `2025-0${index + 1}-01T00:00:00Z`;
    const { rows: pipeline } = await sql<{ run: string }>`
      WITH p AS (
        INSERT INTO analysis_pipelines (semester_id, scope_type, scope_id, department_id, status, completed_at)
        VALUES (${semesterId[s.key]}, 'DEPARTMENT', ${department}, ${department}, 'COMPLETED', ${at}) RETURNING id
      )
      INSERT INTO sentiment_runs (pipeline_id, status) SELECT id, 'COMPLETED' FROM p RETURNING id AS run`.execute(db);
    for (const [key, faculty] of Object.entries(FACULTY)) {
      const group = faculty.semesters[s.key];
      if (!group) continue;
      const { rows: submissions } = await sql<{ id: string }>`
        INSERT INTO submissions (version_id, questionnaire_id, questionnaire_type_code, respondent_id, faculty_id,
          semester_id, campus_id, department_id, qualitative_comment, cleaned_comment, normalized_score,
          campus_code_snapshot, campus_name_snapshot, department_code_snapshot, department_name_snapshot,
          faculty_username_snapshot, faculty_name_snapshot, semester_code_snapshot, semester_label_snapshot,
          academic_year_snapshot)
        SELECT ${versionId}, ${questionnaireId}, 'FACULTY_FEEDBACK', student.id, faculty.id, s.id, s.campus_id,
          ${department}, 'a comment', 'a comment', ${group.score}, c.code, c.name, 'CCS', 'Computer Studies',
          faculty.username, faculty.full_name, s.code, s.label, s.academic_year
        FROM generate_series(0, ${group.submissions - 1}) AS n
        JOIN users student ON student.username = 'stu.' || n
        JOIN users faculty ON faculty.username = ${`fac.${key}`}
        JOIN semesters s ON s.id = ${semesterId[s.key]}
        JOIN campuses c ON c.id = s.campus_id
        ORDER BY n
        RETURNING id`.execute(db);
      const [positive, neutral, negative] = group.labels;
      const labels = [
        ...Array<string>(positive).fill('positive'),
        ...Array<string>(neutral).fill('neutral'),
        ...Array<string>(negative).fill('negative'),
      ];
      await sql`
        INSERT INTO sentiment_results (run_id, submission_id, positive, neutral, negative, label)
        SELECT ${pipeline[0]!.run}, submission_id, 0.8 * (label = 'positive')::int + 0.1,
          0.8 * (label = 'neutral')::int + 0.1, 0.8 * (label = 'negative')::int + 0.1, label
        FROM unnest(${submissions.slice(0, labels.length).map((row) => row.id)}::uuid[], ${labels}::text[])
          AS l(submission_id, label)`.execute(db);
    }
  }
  await api.app.get(AnalyticsViewsRepository).refresh();
}, 60_000);

interface Flagged {
  facultyName: string;
  flags: string[];
  avgNormalizedScore: number;
  positiveRate: number;
  sentimentScore: number | null;
  coverageRate: number;
  scoreSlope: number | null;
  scoreR2: number | null;
  sentimentSlope: number | null;
  sentimentR2: number | null;
}

const decimals = (value: number) => (Number.isInteger(value) ? 0 : String(value).split('.')[1]!.length);

describe('attention flags, calibrated', () => {
  it('flags exactly the faculty built to deserve a flag, each with the flag it deserves', async () => {
    const response = await client.get(`/api/v1/analytics/attention?semesterId=${semesterId.S3}`, deanToken);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const faculty = response.body.faculty as Flagged[];
    expect(Object.fromEntries(faculty.map((row) => [row.facultyName, row.flags]))).toEqual({
      'Dan Decline': ['declining_trend'],
      'Gil Gap': ['quant_qual_gap'],
      'Hana Harsh': ['quant_qual_gap'],
      'Ken Kind': ['quant_qual_gap'],
      'Sam Sparse': ['low_coverage'],
    });
    const byName = Object.fromEntries(faculty.map((row) => [row.facultyName, row]));
    expect(byName['Gil Gap']).toMatchObject({ avgNormalizedScore: 51.5, positiveRate: 0.14, sentimentScore: 0.1667 });
    expect(byName['Hana Harsh']).toMatchObject({ avgNormalizedScore: 85, sentimentScore: 0.25 });
    expect(byName['Ken Kind']).toMatchObject({ avgNormalizedScore: 40, sentimentScore: 1 });
    expect(byName['Sam Sparse']).toMatchObject({ coverageRate: 0.45, sentimentScore: 1 });
    expect(byName['Dan Decline']).toMatchObject({
      avgNormalizedScore: 61,
      sentimentScore: 0.6,
      scoreSlope: -9.5,
      scoreR2: 0.992,
      sentimentSlope: -0.1,
      sentimentR2: 1,
    });
  });

  it('leaves alone 87/100 with 60% positive, 30% neutral, 10% negative, and a middling score with neutral comments', async () => {
    const overview = await client.get(`/api/v1/analytics/overview?semesterId=${semesterId.S3}`, deanToken);
    const rows = Object.fromEntries(
      (overview.body.faculty as Array<Record<string, unknown>>).map((row) => [row.facultyName, row]),
    );
    // The rows exist with the figures built above, so their absence from /attention is a decision, not a gap.
    expect(rows['Carla Calm']).toMatchObject({ avgNormalizedScore: 87, positiveRate: 0.6, analyzedCount: 20 });
    expect(rows['Nora Neutral']).toMatchObject({ avgNormalizedScore: 50, positiveRate: 0.1, analyzedCount: 20 });
    expect(rows['Nico Noisy']).toMatchObject({ avgNormalizedScore: 66, analyzedCount: 20 });
    const attention = await client.get(`/api/v1/analytics/attention?semesterId=${semesterId.S3}`, deanToken);
    const flagged = (attention.body.faculty as Flagged[]).map((row) => row.facultyName);
    for (const name of ['Carla Calm', 'Nora Neutral', 'Nico Noisy']) expect(flagged).not.toContain(name);
  });
});

describe('trends, rounded for display', () => {
  it('answers slopes to 4 decimals and R² to 3, and decides the direction on those figures', async () => {
    const response = await client.get(`/api/v1/analytics/trends?semesterId=${semesterId.S3}`, deanToken);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rows = response.body.faculty as Array<Flagged & { trendDirection: string }>;
    expect(rows.map((row) => [row.facultyName, row.trendDirection])).toEqual([
      ['Dan Decline', 'declining'],
      ['Nico Noisy', 'stable'],
    ]);
    const [decline, noisy] = rows;
    expect(decline).toMatchObject({ scoreSlope: -9.5, scoreR2: 0.992, sentimentSlope: -0.1, sentimentR2: 1 });
    expect(noisy).toMatchObject({ scoreSlope: -2, scoreR2: 0.077, sentimentSlope: 0, sentimentR2: 1 });
    for (const row of rows) {
      for (const slope of [row.scoreSlope, row.sentimentSlope]) expect(decimals(slope!)).toBeLessThanOrEqual(4);
      for (const r2 of [row.scoreR2, row.sentimentR2]) expect(decimals(r2!)).toBeLessThanOrEqual(3);
    }
  });
});

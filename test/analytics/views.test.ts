import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENTION_THRESHOLDS,
  attentionFlags,
  sentimentScore,
} from '../../src/modules/analytics/analytics.attention.js';
import { trendDirection } from '../../src/modules/analytics/analytics.service.js';
import { AnalyticsViewsRepository } from '../../src/modules/analytics/views.repository.js';
import { SUPER_ADMIN, setupApi, type ApiClient } from '../support/test-context.js';

/**
 * The analytics views against real PostgreSQL, on a hand-built data set whose every figure is computed by hand
 * below, and the three endpoints over HTTP.
 *
 * Campuses MAIN and NORTH. MAIN semesters S1..S4 (S12324, S22324, S12425, S22425); S1 was back-filled: it
 * was created last but starts first, so it must stay first in the series. NORTH semesters N3, N4.
 * Faculty: Ana (F1) and Ben (F2) teach CCS at MAIN; Cora (F3) teaches CCS at NORTH (same department code); Ana
 * also teaches CCS at NORTH in N3 and N4, whose start dates are those of S3 and S4.
 * Every group below has comments on every submission unless said otherwise. Every sentiment result passed the topic
 * gate unless said otherwise.
 *
 * F1 (CCS, BSIT) per semester: 10 submissions, all analyzed by that semester's completed pipeline.
 *   S1 scores 5×78 + 5×82 → avg 80, positive 8 → rate 0.8
 *   S2 10×75 → 75, positive 7 → 0.7;  S3 10×70 → 70, positive 6 → 0.6;  S4 10×62 → 62, positive 2 → 0.2
 *   plus, in S1, 2 submissions with NO department snapshot (score 90, no comment, not analyzed): their own row
 *   under department '' (the concurrent refresh's unique index must accept it).
 *   S4 faculty name snapshots: 7 'Ana Reyes', 3 'Ana R. Reyes' → mode 'Ana Reyes'.
 *   S4 topics: dominant T1 on 6 submissions, T2 on 4; also non-dominant T3 on all 10 → distinct_topic_count 2.
 *   At NORTH (F1N): N3 one submission at 10, positive; N4 one at 0, negative. A trend of its own (campus NORTH):
 *   2 semesters, score slope −10, rate slope −1, R² 1; the MAIN trend stays the 4 MAIN semesters below. N4's
 *   delta against N3: −10.
 * F2 (CCS, BSCS): S1..S3 10 submissions each, scores 70, 72, 74, positive 7 of 10 each (0.7).
 *   S4: 10 submissions at 76. Pipeline A (COMPLETED first) labels submissions 0-3 all negative; pipeline B
 *   (COMPLETED later, same scope) labels the same 0-3 as 3 positive + 1 neutral; pipeline C (FAILED) labels
 *   4-9 positive. Latest completed wins → analyzed 4 (not 8, not 10), positive 3, neutral 1, negative 0,
 *   rate 0.75. Topics: A's run puts dominant topics A1, A2, A3, A1 on 0-3; B's run puts B1 on 0-1, submission
 *   2 did not pass B's gate (B's topic model never received it) and submission 3 passed it but is an outlier in B
 *   (no assignment). Each submission counts in its latest completed topic-model run that received it: 0-1 → B1,
 *   2 → A3 (A is its latest run), 3 → none (B is its latest run; A's A1 is older) → distinct_topic_count 2.
 * F3 (CCS at NORTH, BSIT): N3 9 submissions 8×60.00 + 1×60.01 → avg 540.01/9 = 60.001111 → 60.0011 (4 decimals),
 *   positive 5 of 9; N4 10×50, positive 9 of 10 → 0.9.
 *
 * Trends, ordinal x = 1..n by start date:
 *   F1 score y = 80, 75, 70, 62: x̄ 2.5, ȳ 71.75, Sxx 5, Sxy = −1.5·8.25 − 0.5·3.25 + 0.5·(−1.75) + 1.5·(−9.75)
 *     = −29.5 → slope −5.9; Syy = 8.25² + 3.25² + 1.75² + 9.75² = 176.75 → R² = 29.5² / (5 · 176.75) = 0.984724
 *   F1 positive rate y = .8, .7, .6, .2: ȳ .575, Sxy = −1.5·.225 − .5·.125 + .5·.025 − 1.5·.375 = −0.95
 *     → slope −0.19; Syy = .2075 → R² = 0.9025 / 1.0375 = 0.869880
 *   F2 score 70, 72, 74, 76 → slope 2, R² 1; rate .7, .7, .7, .75: Sxy 0.075 → slope 0.015,
 *     Syy = 3·.0125² + .0375² = 0.001875 → R² = 0.075² / (5 · 0.001875) = 0.6
 *   F3 two points: score slope 50 − 60.0011 = −10.0011, R² 1; rate slope 0.9 − 5/9 = 0.344444, R² 1
 *   (F1, CCS, NORTH) two points: score slope −10, R² 1; rate slope −1, R² 1
 *   (F1, '') one semester: slopes null.
 *
 * Attention at S4 (MAIN): F1 declining_trend (slopes < 0, R² ≥ 0.5, 4 semesters) and quant_qual_gap
 *   (sentiment score (2 + 3/2) / 10 = 0.35: |0.62 − 0.35| = 0.27 > 0.2 with 10 analyzed); F2 low_coverage
 *   (4/10 = 0.4 < 0.5), no gap (4 analyzed < 10).
 * Attention at N4: F3 quant_qual_gap ((9 + 1/2) / 10 = 0.95: |0.5 − 0.95| = 0.45), no declining_trend (2 semesters < 3);
 *   F1 at NORTH: nothing (2 NORTH semesters, 1 analyzed, fully covered), whatever MAIN's trend says.
 */

const PASSWORD = 'analytics-password-1';

const semesters = [
  { key: 'S1', campus: 'MAIN', code: 'S12324', year: '2023-2024', start: '2023-08-01', end: '2023-12-20' },
  { key: 'S2', campus: 'MAIN', code: 'S22324', year: '2023-2024', start: '2024-01-15', end: '2024-05-30' },
  { key: 'S3', campus: 'MAIN', code: 'S12425', year: '2024-2025', start: '2024-08-01', end: '2024-12-20' },
  { key: 'S4', campus: 'MAIN', code: 'S22425', year: '2024-2025', start: '2025-01-15', end: '2025-05-30' },
  { key: 'N3', campus: 'NORTH', code: 'S12425', year: '2024-2025', start: '2024-08-01', end: '2024-12-20' },
  { key: 'N4', campus: 'NORTH', code: 'S22425', year: '2024-2025', start: '2025-01-15', end: '2025-05-30' },
] as const;
type SemesterKey = (typeof semesters)[number]['key'];

function institution() {
  return {
    campuses: [
      { code: 'MAIN', name: 'Main Campus' },
      { code: 'NORTH', name: 'North Campus' },
    ],
    semesters: semesters.map((s) => ({
      campus: s.campus,
      code: s.code,
      label: s.code,
      academicYear: s.year,
      startDate: s.start,
      endDate: s.end,
    })),
    departments: semesters.map((s) => ({ campus: s.campus, semester: s.code, code: 'CCS', name: 'Computer Studies' })),
    programs: semesters.flatMap((s) => [
      { campus: s.campus, semester: s.code, department: 'CCS', code: 'BSIT', name: 'BS IT' },
      { campus: s.campus, semester: s.code, department: 'CCS', code: 'BSCS', name: 'BS CS' },
    ]),
    users: [
      {
        username: 'dean.main',
        fullName: 'Dean Main',
        password: PASSWORD,
        roles: ['DEAN'],
        assignments: [{ role: 'DEAN', campus: 'MAIN', department: 'CCS' }],
      },
      {
        username: 'dean.north',
        fullName: 'Dean North',
        password: PASSWORD,
        roles: ['DEAN'],
        assignments: [{ role: 'DEAN', campus: 'NORTH', department: 'CCS' }],
      },
      // Passes the role guard as a DEAN but is assigned only as chairperson of BSIT: its program codes are a list.
      {
        username: 'chair.dean',
        fullName: 'Chair Dean',
        password: PASSWORD,
        roles: ['DEAN', 'CHAIRPERSON'],
        assignments: [{ role: 'CHAIRPERSON', campus: 'MAIN', program: 'BSIT' }],
      },
      { username: 'fac.ana', fullName: 'Ana Reyes', password: PASSWORD, roles: ['FACULTY'] },
      { username: 'fac.ben', fullName: 'Ben Cruz', password: PASSWORD, roles: ['FACULTY'] },
      { username: 'fac.cora', fullName: 'Cora Lim', password: PASSWORD, roles: ['FACULTY'] },
      ...Array.from({ length: 12 }, (_, i) => ({ username: `stu.${i}`, fullName: `Student ${i}`, roles: ['STUDENT'] })),
    ],
  };
}

interface Group {
  faculty: 'ana' | 'ben' | 'cora';
  semester: SemesterKey;
  department: string | null;
  program: string;
  scores: number[];
  comments: boolean;
  names?: string[];
  firstStudent?: number;
}

const repeat = <T>(value: T, count: number) => Array.from({ length: count }, () => value);

const GROUPS: Record<string, Group> = {
  anaS1: {
    faculty: 'ana',
    semester: 'S1',
    department: 'CCS',
    program: 'BSIT',
    scores: [...repeat(78, 5), ...repeat(82, 5)],
    comments: true,
  },
  anaS1NoDept: {
    faculty: 'ana',
    semester: 'S1',
    department: null,
    program: 'BSIT',
    scores: repeat(90, 2),
    comments: false,
    firstStudent: 10,
  },
  anaS2: { faculty: 'ana', semester: 'S2', department: 'CCS', program: 'BSIT', scores: repeat(75, 10), comments: true },
  anaS3: { faculty: 'ana', semester: 'S3', department: 'CCS', program: 'BSIT', scores: repeat(70, 10), comments: true },
  anaS4: {
    faculty: 'ana',
    semester: 'S4',
    department: 'CCS',
    program: 'BSIT',
    scores: repeat(62, 10),
    comments: true,
    names: [...repeat('Ana Reyes', 7), ...repeat('Ana R. Reyes', 3)],
  },
  benS1: { faculty: 'ben', semester: 'S1', department: 'CCS', program: 'BSCS', scores: repeat(70, 10), comments: true },
  benS2: { faculty: 'ben', semester: 'S2', department: 'CCS', program: 'BSCS', scores: repeat(72, 10), comments: true },
  benS3: { faculty: 'ben', semester: 'S3', department: 'CCS', program: 'BSCS', scores: repeat(74, 10), comments: true },
  benS4: { faculty: 'ben', semester: 'S4', department: 'CCS', program: 'BSCS', scores: repeat(76, 10), comments: true },
  coraN3: {
    faculty: 'cora',
    semester: 'N3',
    department: 'CCS',
    program: 'BSIT',
    scores: [...repeat(60, 8), 60.01],
    comments: true,
  },
  coraN4: {
    faculty: 'cora',
    semester: 'N4',
    department: 'CCS',
    program: 'BSIT',
    scores: repeat(50, 10),
    comments: true,
  },
  anaN3: { faculty: 'ana', semester: 'N3', department: 'CCS', program: 'BSIT', scores: [10], comments: true },
  anaN4: { faculty: 'ana', semester: 'N4', department: 'CCS', program: 'BSIT', scores: [0], comments: true },
};

const labels = (positive: number, neutral: number, negative: number) => [
  ...repeat('positive', positive),
  ...repeat('neutral', neutral),
  ...repeat('negative', negative),
];

const byKey: Record<string, string> = {};
let client: ApiClient;
let context: Awaited<ReturnType<typeof setupApi>>;
const tokens: Record<string, string> = {};

async function get(path: string, who: string) {
  return client.get(`/api/v1/analytics/${path}`, tokens[who]);
}

beforeAll(async () => {
  context = await setupApi();
  client = context.client;
  const db = context.database.db;
  tokens.admin = await client.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const imported = await client.post('/api/v1/admin/institution/import', institution(), tokens.admin);
  expect(imported.status, JSON.stringify(imported.body)).toBeLessThan(300);
  for (const who of ['dean.main', 'dean.north', 'chair.dean']) tokens[who] = await client.login(who, PASSWORD);

  const { rows: semesterRows } = await sql<{ id: string; code: string; campus: string; campusId: string }>`
    SELECT s.id, s.code, c.code AS campus, c.id AS "campusId" FROM semesters s JOIN campuses c ON c.id = s.campus_id`.execute(
    db,
  );
  for (const s of semesters)
    byKey[s.key] = semesterRows.find((row) => row.code === s.code && row.campus === s.campus)!.id;
  // S1 back-filled: created after every other semester, but it starts first.
  await sql`UPDATE semesters SET created_at = now() + interval '1 day' WHERE id = ${byKey.S1}`.execute(db);

  const { rows: users } = await sql<{ id: string; username: string }>`SELECT id, username FROM users`.execute(db);
  const userId = (username: string) => users.find((user) => user.username === username)!.id;

  const { rows: version } = await sql<{ id: string; questionnaireId: string }>`
    WITH q AS (
      INSERT INTO questionnaires (title, type_id, status)
      SELECT 'Feedback', id, 'PUBLISHED' FROM questionnaire_types WHERE code = 'FACULTY_FEEDBACK' RETURNING id
    )
    INSERT INTO questionnaire_versions (questionnaire_id, version_number, status, schema_snapshot, published_at)
    SELECT id, 1, 'ACTIVE', '{}'::jsonb, now() FROM q
    RETURNING id, questionnaire_id AS "questionnaireId"`.execute(db);
  const { id: versionId, questionnaireId } = version[0]!;

  const submissions: Record<string, string[]> = {};
  for (const [key, group] of Object.entries(GROUPS)) {
    const semester = semesters.find((s) => s.key === group.semester)!;
    const facultyUsername = `fac.${group.faculty}`;
    const facultyName = { ana: 'Ana Reyes', ben: 'Ben Cruz', cora: 'Cora Lim' }[group.faculty];
    const ids: string[] = [];
    for (const [index, score] of group.scores.entries()) {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO submissions (version_id, questionnaire_id, questionnaire_type_code, respondent_id, faculty_id,
          semester_id, campus_id, qualitative_comment, cleaned_comment, normalized_score, campus_code_snapshot,
          campus_name_snapshot, department_code_snapshot, department_name_snapshot, program_code_snapshot,
          faculty_username_snapshot, faculty_name_snapshot, semester_code_snapshot, semester_label_snapshot,
          academic_year_snapshot)
        SELECT ${versionId}, ${questionnaireId}, 'FACULTY_FEEDBACK', ${userId(`stu.${(group.firstStudent ?? 0) + index}`)},
          ${userId(facultyUsername)}, s.id, s.campus_id, ${group.comments ? `comment ${index}` : null},
          ${group.comments ? `comment ${index}` : null}, ${score}, c.code, c.name, ${group.department},
          ${group.department ? 'Computer Studies' : null}, ${group.program}, ${facultyUsername},
          ${group.names?.[index] ?? facultyName}, s.code, s.label, s.academic_year
        FROM semesters s JOIN campuses c ON c.id = s.campus_id WHERE s.id = ${byKey[semester.key]}
        RETURNING id`.execute(db);
      ids.push(rows[0]!.id);
    }
    submissions[key] = ids;
  }

  /** A pipeline with its sentiment run and results, and optionally a topic run: label i goes to submission i. */
  async function pipeline(options: {
    semester: SemesterKey;
    scope: ['FACULTY', string] | ['DEPARTMENT', string];
    status: 'COMPLETED' | 'FAILED';
    at: string;
    /** `outsideGate`: offsets (within `labels`) whose result did not pass the topic gate. */
    results: Array<{ group: string; from: number; labels: string[]; outsideGate?: number[] }>;
    topics?: Array<{ group: string; from: number; dominant: string[]; secondary?: string }>;
  }) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO analysis_pipelines (semester_id, scope_type, scope_id, status, created_at, completed_at, stages)
      VALUES (${byKey[options.semester]}, ${options.scope[0]}, ${options.scope[1]}, ${options.status},
        ${options.at}::timestamptz - interval '1 hour', ${options.status === 'COMPLETED' ? options.at : null}, '{}')
      RETURNING id`.execute(db);
    const pipelineId = rows[0]!.id;
    const { rows: run } = await sql<{ id: string }>`
      INSERT INTO sentiment_runs (pipeline_id, status, created_at) VALUES (${pipelineId}, 'COMPLETED', ${options.at})
      RETURNING id`.execute(db);
    for (const result of options.results)
      for (const [offset, label] of result.labels.entries()) {
        const scores = { positive: label === 'positive' ? 0.9 : 0.05, neutral: label === 'neutral' ? 0.9 : 0.05 };
        await sql`
          INSERT INTO sentiment_results (run_id, submission_id, positive, neutral, negative, label, passed_topic_gate,
            created_at)
          VALUES (${run[0]!.id}, ${submissions[result.group]![result.from + offset]}, ${scores.positive},
            ${scores.neutral}, ${1 - scores.positive - scores.neutral}, ${label},
            ${!(result.outsideGate ?? []).includes(offset)}, ${options.at})`.execute(db);
      }
    if (!options.topics) return;
    const { rows: topicRun } = await sql<{ id: string }>`
      INSERT INTO topic_model_runs (pipeline_id, topic_count, outlier_count, document_count, metrics, created_at)
      VALUES (${pipelineId}, 3, 0, 10, '{}', ${options.at}) RETURNING id`.execute(db);
    const topicIds: Record<string, string> = {};
    const topicId = async (name: string) => {
      if (topicIds[name]) return topicIds[name];
      const { rows: topic } = await sql<{ id: string }>`
        INSERT INTO topics (run_id, topic_index, raw_label, keywords, doc_count)
        VALUES (${topicRun[0]!.id}, ${Object.keys(topicIds).length}, ${name}, '{}', 1) RETURNING id`.execute(db);
      return (topicIds[name] = topic[0]!.id);
    };
    for (const assignment of options.topics)
      for (const [offset, name] of assignment.dominant.entries()) {
        const submissionId = submissions[assignment.group]![assignment.from + offset];
        await sql`INSERT INTO topic_assignments (topic_id, submission_id, probability, is_dominant)
          VALUES (${await topicId(name)}, ${submissionId}, 0.8, true)`.execute(db);
        if (assignment.secondary)
          await sql`INSERT INTO topic_assignments (topic_id, submission_id, probability, is_dominant)
            VALUES (${await topicId(assignment.secondary)}, ${submissionId}, 0.1, false)`.execute(db);
      }
  }

  const { rows: departments } = await sql<{ id: string; semesterId: string }>`
    SELECT id, semester_id AS "semesterId" FROM departments`.execute(db);
  const department = (key: SemesterKey) => departments.find((d) => d.semesterId === byKey[key])!.id;
  await pipeline({
    semester: 'S1',
    scope: ['DEPARTMENT', department('S1')],
    status: 'COMPLETED',
    at: '2024-01-01T00:00:00Z',
    results: [
      { group: 'anaS1', from: 0, labels: labels(8, 1, 1) },
      { group: 'benS1', from: 0, labels: labels(7, 2, 1) },
    ],
  });
  await pipeline({
    semester: 'S2',
    scope: ['DEPARTMENT', department('S2')],
    status: 'COMPLETED',
    at: '2024-06-01T00:00:00Z',
    results: [
      { group: 'anaS2', from: 0, labels: labels(7, 3, 0) },
      { group: 'benS2', from: 0, labels: labels(7, 0, 3) },
    ],
  });
  await pipeline({
    semester: 'S3',
    scope: ['DEPARTMENT', department('S3')],
    status: 'COMPLETED',
    at: '2025-01-01T00:00:00Z',
    results: [
      { group: 'anaS3', from: 0, labels: labels(6, 2, 2) },
      { group: 'benS3', from: 0, labels: labels(7, 3, 0) },
    ],
  });
  await pipeline({
    semester: 'S4',
    scope: ['FACULTY', userId('fac.ana')],
    status: 'COMPLETED',
    at: '2025-06-01T00:00:00Z',
    results: [{ group: 'anaS4', from: 0, labels: labels(2, 3, 5) }],
    topics: [{ group: 'anaS4', from: 0, dominant: [...repeat('T1', 6), ...repeat('T2', 4)], secondary: 'T3' }],
  });
  // Ben's S4 reruns: A, then B (wins), then a FAILED C whose labels count for nothing.
  await pipeline({
    semester: 'S4',
    scope: ['FACULTY', userId('fac.ben')],
    status: 'COMPLETED',
    at: '2025-06-02T00:00:00Z',
    results: [{ group: 'benS4', from: 0, labels: labels(0, 0, 4) }],
    topics: [{ group: 'benS4', from: 0, dominant: ['A1', 'A2', 'A3', 'A1'] }],
  });
  await pipeline({
    semester: 'S4',
    scope: ['FACULTY', userId('fac.ben')],
    status: 'COMPLETED',
    at: '2025-06-03T00:00:00Z',
    // Submission 2 did not pass B's gate; submission 3 did, and is an outlier of B's topic model.
    results: [{ group: 'benS4', from: 0, labels: labels(3, 1, 0), outsideGate: [2] }],
    topics: [{ group: 'benS4', from: 0, dominant: repeat('B1', 2) }],
  });
  await pipeline({
    semester: 'S4',
    scope: ['FACULTY', userId('fac.ben')],
    status: 'FAILED',
    at: '2025-06-04T00:00:00Z',
    results: [{ group: 'benS4', from: 4, labels: labels(6, 0, 0) }],
  });
  await pipeline({
    semester: 'N3',
    scope: ['DEPARTMENT', department('N3')],
    status: 'COMPLETED',
    at: '2025-01-01T00:00:00Z',
    results: [
      { group: 'coraN3', from: 0, labels: labels(5, 4, 0) },
      { group: 'anaN3', from: 0, labels: ['positive'] },
    ],
  });
  await pipeline({
    semester: 'N4',
    scope: ['DEPARTMENT', department('N4')],
    status: 'COMPLETED',
    at: '2025-06-01T00:00:00Z',
    results: [
      { group: 'coraN4', from: 0, labels: labels(9, 1, 0) },
      { group: 'anaN4', from: 0, labels: ['negative'] },
    ],
  });

  await context.api.app.get(AnalyticsViewsRepository).refresh();
});

describe('mv_faculty_semester_stats', () => {
  it('holds exactly the hand-computed rows', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT f.username, s.semester_code, s.campus_code, s.department_code_snapshot AS dept, s.submission_count::int,
        s.comment_count::int, s.avg_normalized_score::text AS avg, s.positive_count::int AS pos,
        s.neutral_count::int AS neu, s.negative_count::int AS neg, s.analyzed_count::int AS analyzed,
        s.distinct_topic_count::int AS topics, s.faculty_name, s.department_name, s.academic_year, s.program_code
      FROM mv_faculty_semester_stats s JOIN users f ON f.id = s.faculty_id
      ORDER BY f.username, s.campus_code, s.semester_order_key, s.department_code_snapshot`.execute(
      context.database.db,
    );
    const row = (
      username: string,
      semester: string,
      campus: string,
      dept: string,
      counts: [number, number, string],
      sentiment: [number, number, number, number],
      topics: number,
      name: string,
      year: string,
      program: string,
    ) => ({
      username,
      semester_code: semester,
      campus_code: campus,
      dept,
      submission_count: counts[0],
      comment_count: counts[1],
      avg: counts[2],
      pos: sentiment[0],
      neu: sentiment[1],
      neg: sentiment[2],
      analyzed: sentiment[3],
      topics,
      faculty_name: name,
      department_name: dept ? 'Computer Studies' : null,
      academic_year: year,
      program_code: program,
    });
    expect(rows).toEqual([
      row('fac.ana', 'S12324', 'MAIN', '', [2, 0, '90.0000'], [0, 0, 0, 0], 0, 'Ana Reyes', '2023-2024', 'BSIT'),
      row('fac.ana', 'S12324', 'MAIN', 'CCS', [10, 10, '80.0000'], [8, 1, 1, 10], 0, 'Ana Reyes', '2023-2024', 'BSIT'),
      row('fac.ana', 'S22324', 'MAIN', 'CCS', [10, 10, '75.0000'], [7, 3, 0, 10], 0, 'Ana Reyes', '2023-2024', 'BSIT'),
      row('fac.ana', 'S12425', 'MAIN', 'CCS', [10, 10, '70.0000'], [6, 2, 2, 10], 0, 'Ana Reyes', '2024-2025', 'BSIT'),
      row('fac.ana', 'S22425', 'MAIN', 'CCS', [10, 10, '62.0000'], [2, 3, 5, 10], 2, 'Ana Reyes', '2024-2025', 'BSIT'),
      row('fac.ana', 'S12425', 'NORTH', 'CCS', [1, 1, '10.0000'], [1, 0, 0, 1], 0, 'Ana Reyes', '2024-2025', 'BSIT'),
      row('fac.ana', 'S22425', 'NORTH', 'CCS', [1, 1, '0.0000'], [0, 0, 1, 1], 0, 'Ana Reyes', '2024-2025', 'BSIT'),
      row('fac.ben', 'S12324', 'MAIN', 'CCS', [10, 10, '70.0000'], [7, 2, 1, 10], 0, 'Ben Cruz', '2023-2024', 'BSCS'),
      row('fac.ben', 'S22324', 'MAIN', 'CCS', [10, 10, '72.0000'], [7, 0, 3, 10], 0, 'Ben Cruz', '2023-2024', 'BSCS'),
      row('fac.ben', 'S12425', 'MAIN', 'CCS', [10, 10, '74.0000'], [7, 3, 0, 10], 0, 'Ben Cruz', '2024-2025', 'BSCS'),
      // The rerun: B's labels on 0-3 replace A's; C failed. 4 analyzed, not 8 or 10. Topics: B1 (0-1, B's run),
      // A3 (2: outside B's gate, so A's run is its latest); 3, B's outlier, counts no topic (not A's A1).
      row('fac.ben', 'S22425', 'MAIN', 'CCS', [10, 10, '76.0000'], [3, 1, 0, 4], 2, 'Ben Cruz', '2024-2025', 'BSCS'),
      row('fac.cora', 'S12425', 'NORTH', 'CCS', [9, 9, '60.0011'], [5, 4, 0, 9], 0, 'Cora Lim', '2024-2025', 'BSIT'),
      row('fac.cora', 'S22425', 'NORTH', 'CCS', [10, 10, '50.0000'], [9, 1, 0, 10], 0, 'Cora Lim', '2024-2025', 'BSIT'),
    ]);
  });
});

describe('mv_faculty_trends', () => {
  it('regresses over the start-date ordinal (the back-filled S1 stays first) with the hand-computed slopes', async () => {
    const { rows } = await sql<Record<string, number | string | null>>`
      SELECT f.username, t.department_code_snapshot AS dept, c.code AS campus, t.semester_count::int,
        sem.code AS latest, sem.campus_id = t.campus_id AS latest_at_campus,
        t.latest_avg_normalized_score AS latest_score, t.latest_positive_rate AS latest_rate,
        t.score_slope, t.score_r2, t.sentiment_slope, t.sentiment_r2,
        t.score_semester_count::int AS score_points, t.sentiment_semester_count::int AS sentiment_points
      FROM mv_faculty_trends t JOIN users f ON f.id = t.faculty_id JOIN semesters sem ON sem.id = t.latest_semester_id
        JOIN campuses c ON c.id = t.campus_id
      ORDER BY f.username, t.department_code_snapshot, c.code`.execute(context.database.db);
    // One row per faculty member, department and campus: Ana's CCS at MAIN and at NORTH are two series.
    expect(rows.map((r) => [r.username, r.dept, r.campus, r.semester_count, r.latest, r.latest_at_campus])).toEqual([
      ['fac.ana', '', 'MAIN', 1, 'S12324', true],
      ['fac.ana', 'CCS', 'MAIN', 4, 'S22425', true],
      ['fac.ana', 'CCS', 'NORTH', 2, 'S22425', true],
      ['fac.ben', 'CCS', 'MAIN', 4, 'S22425', true],
      ['fac.cora', 'CCS', 'NORTH', 2, 'S22425', true],
    ]);
    // The semesters each regression was fit on: (F1, '') has a score but no analysed comment.
    expect(rows.map((r) => [r.username, r.dept, r.campus, r.score_points, r.sentiment_points])).toEqual([
      ['fac.ana', '', 'MAIN', 1, 0],
      ['fac.ana', 'CCS', 'MAIN', 4, 4],
      ['fac.ana', 'CCS', 'NORTH', 2, 2],
      ['fac.ben', 'CCS', 'MAIN', 4, 4],
      ['fac.cora', 'CCS', 'NORTH', 2, 2],
    ]);
    const [anaNoDept, ana, anaNorth, ben, cora] = rows as Array<Record<string, number | null>>;
    expect(anaNorth).toMatchObject({ latest_score: 0, latest_rate: 0, score_r2: 1, sentiment_r2: 1 });
    expect(anaNorth!.score_slope).toBeCloseTo(-10, 10);
    expect(anaNorth!.sentiment_slope).toBeCloseTo(-1, 10);
    expect(anaNoDept).toMatchObject({ latest_score: 90, latest_rate: null, score_slope: null, sentiment_slope: null });
    expect(ana!.latest_score).toBe(62);
    expect(ana!.latest_rate).toBeCloseTo(0.2, 10);
    expect(ana!.score_slope).toBeCloseTo(-5.9, 10);
    expect(ana!.score_r2).toBeCloseTo(870.25 / 883.75, 10);
    expect(ana!.sentiment_slope).toBeCloseTo(-0.19, 10);
    expect(ana!.sentiment_r2).toBeCloseTo(0.9025 / 1.0375, 10);
    expect(ben!.score_slope).toBeCloseTo(2, 10);
    expect(ben!.score_r2).toBeCloseTo(1, 10);
    expect(ben!.latest_rate).toBeCloseTo(0.75, 10);
    expect(ben!.sentiment_slope).toBeCloseTo(0.015, 10);
    expect(ben!.sentiment_r2).toBeCloseTo(0.6, 10);
    expect(cora!.score_slope).toBeCloseTo(-10.0011, 10);
    expect(cora!.score_r2).toBeCloseTo(1, 10);
    expect(cora!.sentiment_slope).toBeCloseTo(0.9 - 5 / 9, 10);
  });

  it('refreshes concurrently again and records analytics_last_refreshed_at', async () => {
    const before = Date.now();
    const at = await context.api.app.get(AnalyticsViewsRepository).refresh();
    const { rows } = await sql<{ value: string }>`
      SELECT value #>> '{}' AS value FROM system_config WHERE key = 'analytics_last_refreshed_at'`.execute(
      context.database.db,
    );
    expect(new Date(rows[0]!.value).getTime()).toBe(at.getTime());
    expect(at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });
});

describe('GET /analytics/overview', () => {
  it('gives a MAIN dean the CCS faculty of MAIN with ranks, deltas versus S3 and the summary', async () => {
    const response = await get(`overview?semesterId=${byKey.S4}`, 'dean.main');
    expect(response.status).toBe(200);
    expect(response.body.lastRefreshedAt).toEqual(expect.any(String));
    expect(response.body.summary).toEqual({
      facultyCount: 2,
      submissionCount: 20,
      commentCount: 20,
      analyzedCount: 14,
      positiveCount: 5,
      neutralCount: 4,
      negativeCount: 5,
    });
    const faculty = response.body.faculty.map((f: Record<string, unknown>) => [
      f.facultyName,
      f.campusCode,
      f.avgNormalizedScore,
      f.positiveRate,
      f.percentileRank,
      f.scoreDelta,
      f.sentimentDelta,
    ]);
    // Ana 62 − 70 = −8, 0.2 − 0.6 = −0.4; Ben 76 − 74 = 2, 0.75 − 0.7 = 0.05. Ranks within CCS: 0 and 100.
    expect(faculty).toEqual([
      ['Ana Reyes', 'MAIN', 62, 0.2, 0, -8, -0.4],
      ['Ben Cruz', 'MAIN', 76, 0.75, 100, 2, 0.05],
    ]);
  });

  it('answers from the last refresh until the next one, in every process, then from the new rows', async () => {
    const scores = async () =>
      (await get(`overview?semesterId=${byKey.S4}`, 'dean.main')).body.faculty.map((f: Record<string, unknown>) => [
        f.facultyName,
        f.avgNormalizedScore,
        f.scoreDelta,
      ]);
    const refresh = () => context.api.app.get(AnalyticsViewsRepository).refresh();
    const before = [
      ['Ana Reyes', 62, -8],
      ['Ben Cruz', 76, 2],
    ];
    expect(await scores()).toEqual(before);
    const db = context.database.db;
    const setAnaS4 = (score: number) =>
      sql`UPDATE submissions SET normalized_score = ${score}
        WHERE semester_id = ${byKey.S4} AND faculty_name_snapshot LIKE 'Ana %'`.execute(db);
    await setAnaS4(72);
    try {
      expect(await scores()).toEqual(before);
      // Refreshed elsewhere (the job workers): only the database tells this process.
      const { rows } = await sql<{ at: string }>`SELECT now()::text AS at`.execute(db);
      await sql`REFRESH MATERIALIZED VIEW CONCURRENTLY mv_faculty_semester_stats`.execute(db);
      await sql`UPDATE system_config SET value = to_jsonb(${rows[0]!.at}::timestamptz)
        WHERE key = 'analytics_last_refreshed_at'`.execute(db);
      expect(await scores()).toEqual([
        ['Ana Reyes', 72, 2],
        ['Ben Cruz', 76, 2],
      ]);
    } finally {
      await setAnaS4(62);
      await refresh();
    }
    expect(await scores()).toEqual(before);
  });

  it('takes the previous semester by start date: S2 compares with the back-filled S1', async () => {
    const response = await get(`overview?semesterId=${byKey.S2}`, 'dean.main');
    expect(response.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.scoreDelta])).toEqual([
      ['Ana Reyes', -5],
      ['Ben Cruz', 2],
    ]);
    const first = await get(`overview?semesterId=${byKey.S1}`, 'admin');
    expect(first.body.faculty.map((f: Record<string, unknown>) => [f.departmentCode, f.scoreDelta])).toEqual([
      [null, null],
      ['CCS', null],
      ['CCS', null],
    ]);
  });

  it('never shows a MAIN dean the NORTH CCS, and the NORTH dean only NORTH', async () => {
    const mainAtNorth = await get(`overview?semesterId=${byKey.N4}`, 'dean.main');
    expect(mainAtNorth.status).toBe(200);
    expect(mainAtNorth.body.faculty).toEqual([]);
    const north = await get(`overview?semesterId=${byKey.N4}`, 'dean.north');
    expect(north.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.campusCode, f.scoreDelta])).toEqual(
      [
        ['Ana Reyes', 'NORTH', -10],
        ['Cora Lim', 'NORTH', -10.0011],
      ],
    );
    const northAtMain = await get(`overview?semesterId=${byKey.S4}`, 'dean.north');
    expect(northAtMain.body.faculty).toEqual([]);
  });

  it("counts each submission's dominant topic in its latest completed topic-model run that received it", async () => {
    // Ben's submission 3 was an outlier in run B, its latest: A's older A1 no longer counts (B1 and A3 do).
    const response = await get(`overview?semesterId=${byKey.S4}`, 'dean.main');
    expect(response.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.distinctTopicCount])).toEqual([
      ['Ana Reyes', 2],
      ['Ben Cruz', 2],
    ]);
  });

  it('filters by program snapshot without moving the rank', async () => {
    const response = await get(`overview?semesterId=${byKey.S4}&programCode=%20BSCS%20`, 'dean.main');
    expect(response.body.programCode).toBe('BSCS');
    expect(response.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.percentileRank])).toEqual([
      ['Ben Cruz', 100],
    ]);
    expect(response.body.summary.facultyCount).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['blank', '%20%20%20'],
    ['21 characters', 'A'.repeat(21)],
  ])('answers 400 for a %s programCode on overview and attention', async (_name, value) => {
    for (const path of ['overview', 'attention']) {
      const response = await get(`${path}?semesterId=${byKey.S4}&programCode=${value}`, 'dean.main');
      expect(response.status).toBe(400);
      expect(response.body.details[0].path).toBe('query.programCode');
    }
  });

  it('accepts a 20-character programCode (the limit)', async () => {
    const response = await get(`overview?semesterId=${byKey.S4}&programCode=${'A'.repeat(20)}`, 'dean.main');
    expect(response.status).toBe(200);
    expect(response.body.faculty).toEqual([]);
  });

  it('answers an out-of-scope programCode with a well-formed empty payload, never 403', async () => {
    const overview = await get(`overview?semesterId=${byKey.S4}&programCode=BSCS`, 'chair.dean');
    expect(overview.status).toBe(200);
    expect(overview.body).toEqual({
      semesterId: byKey.S4,
      programCode: 'BSCS',
      lastRefreshedAt: expect.any(String),
      summary: {
        facultyCount: 0,
        submissionCount: 0,
        commentCount: 0,
        analyzedCount: 0,
        positiveCount: 0,
        neutralCount: 0,
        negativeCount: 0,
      },
      faculty: [],
    });
    const attention = await get(`attention?semesterId=${byKey.S4}&programCode=BSCS`, 'chair.dean');
    expect(attention.status).toBe(200);
    expect(attention.body).toEqual({
      semesterId: byKey.S4,
      programCode: 'BSCS',
      lastRefreshedAt: expect.any(String),
      faculty: [],
    });
  });

  it('answers 404 for an unknown semester and 403 for a faculty member', async () => {
    const unknown = await get('overview?semesterId=00000000-0000-4000-8000-000000000000', 'dean.main');
    expect(unknown.status).toBe(404);
    const faculty = await client.login('fac.ana', PASSWORD);
    const forbidden = await client.get(`/api/v1/analytics/overview?semesterId=${byKey.S4}`, faculty);
    expect(forbidden.status).toBe(403);
  });
});

describe('GET /analytics/attention', () => {
  it('flags MAIN faculty for a MAIN dean only', async () => {
    const response = await get(`attention?semesterId=${byKey.S4}`, 'dean.main');
    expect(response.status).toBe(200);
    expect(response.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.flags, f.coverageRate])).toEqual(
      [
        ['Ana Reyes', ['declining_trend', 'quant_qual_gap'], 1],
        ['Ben Cruz', ['low_coverage'], 0.4],
      ],
    );
    // Ana at NORTH: two NORTH semesters, no declining_trend from her four MAIN ones.
    const north = await get(`attention?semesterId=${byKey.N4}`, 'dean.north');
    expect(north.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.flags])).toEqual([
      ['Cora Lim', ['quant_qual_gap']],
    ]);
    const mainAtNorth = await get(`attention?semesterId=${byKey.N4}`, 'dean.main');
    expect(mainAtNorth.body.faculty).toEqual([]);
  });

  it("reads the trend of the row's own campus: Ana's MAIN figures leave out her NORTH semesters", async () => {
    const main = await get(`attention?semesterId=${byKey.S4}`, 'dean.main');
    const ana = main.body.faculty.find((f: Record<string, unknown>) => f.facultyName === 'Ana Reyes');
    expect(ana).toMatchObject({
      campusCode: 'MAIN',
      semesterCount: 4,
      scoreSlope: -5.9,
      scoreR2: 0.985,
      sentimentSlope: -0.19,
      sentimentR2: 0.87,
      scoreSemesterCount: 4,
      sentimentSemesterCount: 4,
    });
    // The same member at NORTH in N4 reads her NORTH trend (2 semesters): no declining_trend from MAIN's four.
    const north = await get(`attention?semesterId=${byKey.N4}`, 'dean.north');
    expect(north.body.faculty.map((f: Record<string, unknown>) => f.facultyName)).toEqual(['Cora Lim']);
  });
});

describe('GET /analytics/trends', () => {
  it('defaults to 3 semesters and R² 0.5, ordered by score slope ascending, within the dean campus', async () => {
    const response = await get('trends', 'dean.main');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ semesterId: byKey.S4, minSemesters: 3, minR2: 0.5 });
    expect(response.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.trendDirection])).toEqual([
      ['Ana Reyes', 'declining'],
      ['Ben Cruz', 'improving'],
    ]);
  });

  it('keeps NORTH apart at any minimum', async () => {
    const main = await get('trends?minSemesters=2', 'dean.main');
    expect(main.body.faculty.map((f: Record<string, unknown>) => f.facultyName)).toEqual(['Ana Reyes', 'Ben Cruz']);
    const north = await get('trends?minSemesters=2', 'dean.north');
    expect(north.body.semesterId).toBe(byKey.N4);
    expect(
      north.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.campusCode, f.trendDirection]),
    ).toEqual([
      ['Cora Lim', 'NORTH', 'declining'],
      ['Ana Reyes', 'NORTH', 'declining'],
    ]);
    const mainWithNorthSemester = await get(`trends?minSemesters=2&semesterId=${byKey.N4}`, 'dean.main');
    expect(mainWithNorthSemester.body.faculty).toEqual([]);
    // The super admin: one row per faculty member, department and campus.
    const admin = await get('trends?minSemesters=2', 'admin');
    expect(
      admin.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.campusCode, f.semesterCount]),
    ).toEqual([
      ['Cora Lim', 'NORTH', 2],
      ['Ana Reyes', 'NORTH', 2],
      ['Ana Reyes', 'MAIN', 4],
      ['Ben Cruz', 'MAIN', 4],
    ]);
  });

  it("gives a MAIN dean the trend of MAIN's semesters only for a member who also teaches at NORTH", async () => {
    // Audit: a single NORTH submission at 0 (N4, the start date of S4) was Ana's "latest" for the MAIN dean.
    const response = await get('trends', 'dean.main');
    expect(response.body.faculty[0]).toEqual({
      facultyId: expect.any(String),
      facultyName: 'Ana Reyes',
      departmentCode: 'CCS',
      campusCode: 'MAIN',
      semesterCount: 4,
      latestSemesterId: byKey.S4,
      latestAvgNormalizedScore: 62,
      latestPositiveRate: 0.2,
      scoreSlope: -5.9,
      scoreR2: 0.985,
      sentimentSlope: -0.19,
      sentimentR2: 0.87,
      scoreSemesterCount: 4,
      sentimentSemesterCount: 4,
      trendDirection: 'declining',
    });
    const north = await get('trends?minSemesters=2', 'dean.north');
    expect(north.body.faculty[1]).toMatchObject({
      facultyName: 'Ana Reyes',
      campusCode: 'NORTH',
      semesterCount: 2,
      latestSemesterId: byKey.N4,
      latestAvgNormalizedScore: 0,
      latestPositiveRate: 0,
      scoreSlope: -10,
      scoreR2: 1,
    });
  });

  it('calls a slope stable below minR2 and rejects bad parameters', async () => {
    const strict = await get('trends?minR2=0.99', 'dean.main');
    expect(strict.body.faculty.map((f: Record<string, unknown>) => [f.facultyName, f.trendDirection])).toEqual([
      ['Ana Reyes', 'stable'],
      ['Ben Cruz', 'improving'],
    ]);
    for (const query of ['minSemesters=1', 'minSemesters=abc', 'minR2=1.5', 'semesterId=nope'])
      expect((await get(`trends?${query}`, 'dean.main')).status).toBe(400);
  });

  it('refuses a blank minR2 or minSemesters instead of reading it as 0', async () => {
    for (const query of ['minR2=', 'minR2=%20', 'minSemesters=', 'minSemesters=3&minR2=']) {
      const response = await get(`trends?${query}`, 'dean.main');
      expect(response.status, query).toBe(400);
      expect(response.body.details[0].path, query).toMatch(/^query\.min(R2|Semesters)$/);
    }
  });
});

describe('ATTENTION_THRESHOLDS', () => {
  const base = {
    submissionCount: 10,
    analyzedCount: 10,
    positiveCount: 7,
    neutralCount: 0,
    avgNormalizedScore: 70,
    semesterCount: 3,
    scoreSlope: 1,
    scoreR2: 1,
    sentimentSlope: 0.1,
    sentimentR2: 1,
    scoreSemesterCount: 3,
    sentimentSemesterCount: 3,
  };

  it('has the spec values', () => {
    expect(ATTENTION_THRESHOLDS).toEqual({
      decliningMinR2: 0.5,
      decliningMinSemesters: 3,
      gapMinDifference: 0.2,
      gapMinAnalyzed: 10,
      coverageMinRate: 0.5,
    });
    expect(attentionFlags(base)).toEqual([]);
  });

  it('declining_trend: R² 0.5 over 3 semesters triggers; R² just under, or 2 semesters, or a flat slope does not', () => {
    expect(attentionFlags({ ...base, scoreSlope: -1, scoreR2: 0.5 })).toEqual(['declining_trend']);
    expect(attentionFlags({ ...base, sentimentSlope: -0.01, sentimentR2: 0.5 })).toEqual(['declining_trend']);
    expect(attentionFlags({ ...base, scoreSlope: -1, scoreR2: 0.4999 })).toEqual([]);
    expect(attentionFlags({ ...base, scoreSlope: -1, scoreR2: 0.9, semesterCount: 2 })).toEqual([]);
    expect(attentionFlags({ ...base, scoreSlope: 0, scoreR2: 1 })).toEqual([]);
    // Three semesters of submissions, but only two with analysed comments: the sentiment line runs through two
    // points (R² 1 by construction) and is no trend; the score's, fit on three, still is.
    expect(attentionFlags({ ...base, sentimentSlope: -0.17, sentimentR2: 1, sentimentSemesterCount: 2 })).toEqual([]);
    expect(attentionFlags({ ...base, scoreSlope: -1, scoreR2: 1, sentimentSemesterCount: 2 })).toEqual([
      'declining_trend',
    ]);
    expect(attentionFlags({ ...base, scoreSlope: -1, scoreR2: 1, scoreSemesterCount: 2 })).toEqual([]);
    expect(
      attentionFlags({ ...base, scoreSlope: null, scoreR2: null, sentimentSlope: null, sentimentR2: null }),
    ).toEqual([]);
  });

  /** `analyzed` comments split positive / neutral / the rest negative. */
  const comments = (positiveCount: number, neutralCount: number, analyzedCount = 100) => ({
    submissionCount: analyzedCount,
    analyzedCount,
    positiveCount,
    neutralCount,
  });

  it('quant_qual_gap compares score / 100 with positive / (positive + negative): over 0.2 triggers, exactly 0.2 does not', () => {
    expect(sentimentScore(comments(60, 30))).toBeCloseTo(60 / 70, 10);
    expect(sentimentScore(comments(0, 100))).toBeNull();
    expect(sentimentScore(comments(0, 0, 0))).toBeNull();
    expect(attentionFlags({ ...base, ...comments(49, 0), avgNormalizedScore: 70 })).toEqual(['quant_qual_gap']);
    expect(attentionFlags({ ...base, ...comments(75, 0), avgNormalizedScore: 50 })).toEqual(['quant_qual_gap']);
    expect(attentionFlags({ ...base, ...comments(50, 0), avgNormalizedScore: 70 })).toEqual([]);
    // Neutral comments take no side: 30 positive and 30 negative is 0.5, within 0.2 of 70, where the positive rate 0.3 is not.
    expect(attentionFlags({ ...base, ...comments(30, 40), avgNormalizedScore: 70 })).toEqual([]);
    expect(attentionFlags({ ...base, ...comments(29, 40), avgNormalizedScore: 70 })).toEqual(['quant_qual_gap']);
    // 0.9 − 0.7 is 0.20000000000000007 in floating point: still exactly the threshold, so no flag.
    expect(attentionFlags({ ...base, ...comments(70, 0), avgNormalizedScore: 90 })).toEqual([]);
    expect(attentionFlags({ ...base, ...comments(70, 0), avgNormalizedScore: 90.01 })).toEqual(['quant_qual_gap']);
    expect(attentionFlags({ ...base, ...comments(3, 0, 9), avgNormalizedScore: 70 })).toEqual([]);
  });

  it('quant_qual_gap on the cases of issue 21: 87 with 60/30/10% is not flagged; 51.5 with 14% positive, mostly negative, is', () => {
    // Under the bare positive rate the first would be flagged (0.87 − 0.60 = 0.27); 60 of 70 opinions is 0.86.
    expect(attentionFlags({ ...base, ...comments(60, 30), avgNormalizedScore: 87 })).toEqual([]);
    // 7 positive, 8 neutral, 35 negative of 50: 7 / 42 = 0.17, 0.515 − 0.17 = 0.35.
    // The demo's 51.5 with 14% positive, 46% neutral and 40% negative comments: 4 / 15.5 ≈ 0.26, flagged.
    expect(attentionFlags({ ...base, ...comments(7, 8, 50), avgNormalizedScore: 51.5 })).toEqual(['quant_qual_gap']);
    expect(attentionFlags({ ...base, ...comments(4, 13, 28), avgNormalizedScore: 51.5 })).toEqual(['quant_qual_gap']);
    // A middling score with mostly neutral comments agrees with itself: 50 vs 10 / 20.
    expect(attentionFlags({ ...base, ...comments(10, 80), avgNormalizedScore: 50 })).toEqual([]);
  });

  it('low_coverage: under 50% analyzed triggers; exactly 50% does not', () => {
    expect(attentionFlags({ ...base, submissionCount: 20, analyzedCount: 9 })).toEqual(['low_coverage']);
    expect(attentionFlags({ ...base, submissionCount: 20, analyzedCount: 10 })).toEqual([]);
  });

  it('trendDirection needs R² at minR2 for a direction', () => {
    expect(trendDirection(-1, 0.5, 0.5)).toBe('declining');
    expect(trendDirection(1, 0.5, 0.5)).toBe('improving');
    expect(trendDirection(1, 0.49, 0.5)).toBe('stable');
    expect(trendDirection(0, 1, 0.5)).toBe('stable');
    expect(trendDirection(null, null, 0.5)).toBe('stable');
  });
});

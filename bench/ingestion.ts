import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { createApp } from '../src/app.js';
import { IngestionService } from '../src/modules/ingestion/ingestion.service.js';
import { InstitutionImportService } from '../src/modules/institution/institution-import.service.js';
import { institutionImportBody } from '../src/modules/institution/institution.schemas.js';
import {
  BENCH_ADMIN,
  benchInstitution,
  benchSettings,
  createBenchDatabase,
  peakRssMegabytes,
} from './support/bench-service.js';
import { runWhenInvoked } from './support/run-main.js';

/**
 * `npm run bench:ingestion`: 5,000 generated rows through bulk ingestion (the same service the
 * endpoint and the CLI use), as CSV and as XLSX, against a database of its own. Baseline in the same
 * run: the same CSV path at concurrency 1. Target: ≥ 500 rows/s.
 */
const STUDENTS = 100;
const COURSES = 50;
const ROWS = STUDENTS * COURSES;
const COMMENTS = [
  'Very clear explanations and always on time, thank you sir',
  'Sana po mas mabagal ang discussion, medyo mabilis po kasi',
  'Maayo kaayo siya mutudlo, klaro ang iyang pagpasabot',
  'The quizzes were unfair and feedback came very late',
  'n/a',
  '',
  'Magaling magturo pero minsan late pumapasok si maam',
];

function schema() {
  const likert = (id: string, dimensionCode: string) => ({
    id,
    text: `Question ${id}`,
    type: 'LIKERT_5',
    dimensionCode,
    required: true,
  });
  return {
    sections: [
      {
        id: 'clarity',
        title: 'Clarity',
        weight: 50,
        questions: ['q1', 'q2', 'q3', 'q4'].map((id) => likert(id, 'CLARITY')),
      },
      {
        id: 'engagement',
        title: 'Engagement',
        weight: 30,
        questions: ['q5', 'q6', 'q7'].map((id) => likert(id, 'ENGAGEMENT')),
      },
      {
        id: 'fairness',
        title: 'Fairness',
        weight: 20,
        questions: ['q8', 'q9', 'q10'].map((id) => likert(id, 'FAIRNESS')),
      },
    ],
    qualitativeFeedback: { enabled: true, required: false, maxLength: 2000 },
  };
}

/** Deterministic rows: student s answers about course c (taught by faculty c). */
function rows(count: number): string[][] {
  const pad = (n: number) => String(n).padStart(5, '0');
  const out: string[][] = [];
  for (let i = 0; i < count; i += 1) {
    const student = i % STUDENTS;
    const course = Math.floor(i / STUDENTS);
    const answers = Array.from({ length: 10 }, (_, q) => String(1 + ((i * 7 + q * 3) % 5)));
    out.push([
      `stu${pad(student)}`,
      `fac${pad(course)}`,
      `BENCH${pad(course)}-S12526`,
      ...answers,
      COMMENTS[i % COMMENTS.length] as string,
    ]);
  }
  return out;
}

const HEADER = [
  'respondent_username',
  'faculty_username',
  'course_shortname',
  ...Array.from({ length: 10 }, (_, q) => `Q${q + 1}`),
  'Comment',
];

function toCsv(data: string[][]): Buffer {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return Buffer.from([HEADER, ...data].map((row) => row.map(quote).join(',')).join('\n'));
}

async function toXlsx(data: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Responses');
  sheet.addRow(HEADER);
  for (const row of data) sheet.addRow(row.map((cell, index) => (index >= 3 && index < 13 ? Number(cell) : cell)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function runIngestionBench(): Promise<Record<string, number>> {
  const database = await createBenchDatabase();
  const settings = benchSettings(database.url);
  const app = await createApp(settings);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
  try {
    await app
      .get(InstitutionImportService)
      .import(institutionImportBody.parse(benchInstitution(STUDENTS, COURSES)), null);
    const call = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body ?? {}),
      });
      const json = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    const token = (await call('/auth/login', BENCH_ADMIN)).accessToken as string;
    for (const [code, displayName] of [
      ['CLARITY', 'Clarity'],
      ['ENGAGEMENT', 'Engagement'],
      ['FAIRNESS', 'Fairness'],
    ])
      await call('/dimensions', { code, displayName }, token);
    const newVersion = async () => {
      const questionnaire = await call(
        '/questionnaires',
        { title: 'Bench evaluation', typeCode: 'FACULTY_FEEDBACK' },
        token,
      );
      const version = await call(`/questionnaires/${questionnaire.id as string}/versions`, { schema: schema() }, token);
      await call(`/questionnaires/${questionnaire.id as string}/versions/${version.id as string}/publish`, {}, token);
      return version.id as string;
    };

    const ingestion = app.get(IngestionService);
    const data = rows(ROWS);
    const measure = async (versionId: string, file: Buffer, count: number, concurrency?: number) => {
      const started = performance.now();
      const result = await ingestion.ingest(null, versionId, file, { concurrency });
      const seconds = (performance.now() - started) / 1000;
      if (result.total !== count || result.succeeded !== count)
        throw new Error(
          `expected ${count} stored rows, got ${result.succeeded} of ${result.total}: ${JSON.stringify(result.results.find((r) => r.status === 'error'))}`,
        );
      return { seconds, rowsPerSecond: count / seconds };
    };

    const baselineRows = 1000;
    const baseline = await measure(await newVersion(), toCsv(data.slice(0, baselineRows)), baselineRows, 1);
    const csv = await measure(await newVersion(), toCsv(data), ROWS);
    const xlsxFile = await toXlsx(data);
    const xlsx = await measure(await newVersion(), xlsxFile, ROWS);
    const figures = {
      rows: ROWS,
      csvSeconds: csv.seconds,
      csvRowsPerSecond: csv.rowsPerSecond,
      xlsxSeconds: xlsx.seconds,
      xlsxRowsPerSecond: xlsx.rowsPerSecond,
      baselineRowsPerSecond: baseline.rowsPerSecond,
      peakRssMb: peakRssMegabytes(),
    };
    const fixed = (n: number) => n.toFixed(1);
    process.stdout.write(
      [
        `bulk ingestion, ${ROWS} rows (10 answers and a comment each), concurrency 6`,
        `  CSV:   ${fixed(csv.seconds)} s, ${fixed(csv.rowsPerSecond)} rows/s`,
        `  XLSX:  ${fixed(xlsx.seconds)} s, ${fixed(xlsx.rowsPerSecond)} rows/s (${Math.round(xlsxFile.length / 1024)} KiB file)`,
        `  baseline (CSV, concurrency 1, ${baselineRows} rows): ${fixed(baseline.rowsPerSecond)} rows/s`,
        `  ratio CSV / baseline: ${(csv.rowsPerSecond / baseline.rowsPerSecond).toFixed(2)}x`,
        `  peak RSS: ${figures.peakRssMb} MB`,
        `  target ≥ 500 rows/s: ${csv.rowsPerSecond >= 500 && xlsx.rowsPerSecond >= 500 ? 'met' : 'NOT met'}`,
        '',
      ].join('\n'),
    );
    return figures;
  } finally {
    await app.close();
    await database.drop();
  }
}

runWhenInvoked(import.meta.url, runIngestionBench);

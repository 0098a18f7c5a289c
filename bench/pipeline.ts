/**
 * Pipeline throughput: 1,000, 10,000 and 50,000 comments from confirm to COMPLETED on the local engine, with
 * the API, the job worker and the analysis worker each a process of its own started from dist/ (as deployed).
 *
 * Measured:
 * - confirm → COMPLETED: `completed_at − confirmed_at` of the pipeline row (both written by the service);
 * - each stage: the job worker's own log lines ("stage started" / "stage finished" with `durationMs`, one
 *   clock, millisecond timestamps), so a stage's time is its handler's time from reading the pipeline to the
 *   commit of its results, and of it the guarded commit (`commitMs`: the transaction that writes them); what the
 *   stages leave of the total is queue hand-off (enqueue → pick-up);
 * - peak RSS per process: VmHWM of /proc/<pid>/status, reset before each size (clear_refs 5);
 * - CPU per process and kind of thread (user + system, /proc/<pid>/task/<tid>/stat), PostgreSQL's too, from confirm to
 *   COMPLETED: on a machine whose cores are all busy, their sum over the cores is the floor of the wall time;
 * - a baseline in the same run: the engine alone, in this process, on the same corpus (sentiment of every
 *   comment; embeddings and the topic model of the comments that pass the sentiment gate), the median of three
 *   runs, so the ratio shows what the pipeline adds (HTTP and JSON, PostgreSQL, the queue, labels and
 *   recommendations).
 *
 * Before the sizes, one unmeasured pipeline of WARM_UP_SIZE comments warms the processes (as a deployed service is).
 *
 * Submissions are written with SQL in bulk (the bench measures the pipeline, not ingestion), in a database of
 * the bench's own, dropped at the end. Run: npm run bench:pipeline [-- 1000,10000]; a size given more than once
 * (`-- 10000,10000,10000`) runs again on a scope of its own, and the bench then prints each run's ratio and their
 * median (one run's time moves by up to 40% on a shared 2-core machine).
 *
 * BENCH_CPU_PROF=1 starts the job worker and the analysis worker under `node --cpu-prof` and prints, for each of
 * their threads (the analysis worker's engine threads too), the profile's top entries over the measured pipelines
 * (confirm → COMPLETED of each size, nothing else).
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { analysisWorkerSettingsSchema } from '../src/analysis-worker/settings.js';
import { DEMO_DIMENSIONS, DEMO_QUESTIONNAIRES } from '../src/demo/demo-evaluations.js';
import { embedText } from '../src/engine/embeddings/index.js';
import { dominantLabel } from '../src/engine/sentiment/index.js';
import { loadSentimentScorer } from '../src/engine/sentiment/load-lexicon.js';
import { cleanComment, wordCount } from '../src/engine/text/index.js';
import { buildTopicModel } from '../src/engine/topics/index.js';
import { GATE_POSITIVE_MINIMUM_WORDS } from '../src/modules/analysis/pipeline-orchestrator.js';
import { EMBEDDING_KEY_BYTES } from '../src/contracts/float32-frame.js';
import { fromEmbeddingBytes } from '../src/modules/analysis/results.repository.js';
import { generateCorpus } from './corpus/generate.js';
import { summariseCpuProfile, type TimeWindow } from './support/cpu-profile.js';
import {
  BENCH_ADMIN,
  benchEnvironment,
  createBenchDatabase,
  freePort,
  type BenchDatabase,
} from './support/bench-service.js';
import { runWhenInvoked } from './support/run-main.js';

const DEFAULT_SIZES = [1_000, 10_000, 50_000];
/**
 * Before the measured sizes, one pipeline of this many comments on a scope of its own, not measured: the processes'
 * first pipeline runs before the JIT has compiled their code (the first of three runs of 10,000 took 4.25 s against
 * 3.52 and 3.25 s), where a deployed service has run pipelines before, and the baseline is the median of three runs in
 * one process, its cold first run most often left out.
 */
const WARM_UP_SIZE = 1_000;
const WARM_UP_KEY = 'warmup';
/** Seconds from confirm to COMPLETED. */
const TARGETS: Record<number, number> = { 10_000: 30, 50_000: 150 };
const COURSES_PER_DEPARTMENT = 50;
const STAGE_ORDER = ['sentiment', 'sentimentGate', 'embeddings', 'topicModeling', 'topicLabeling', 'recommendations'];
const SEMESTER = 'S12526';
/** The analysis worker's default ANALYSIS_WORKER_BODY_LIMIT. */
const DEFAULT_BODY_LIMIT = analysisWorkerSettingsSchema.parse({}).ANALYSIS_WORKER_BODY_LIMIT;

/**
 * The bench's worker takes topics requests up to the worker's default limit (ANALYSIS_WORKER_BODY_LIMIT
 * overrides it): the figures printed show a 50,000-comment scope's request size against it. Chunking the request
 * is no way out: the topic model clusters the whole corpus at once.
 */
function benchBodyLimit(): number {
  return Number(process.env.ANALYSIS_WORKER_BODY_LIMIT ?? DEFAULT_BODY_LIMIT);
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

interface BenchProcess {
  name: string;
  child: ChildProcess;
  lines: string[];
  stop(): Promise<void>;
}

function startProcess(
  name: string,
  entry: string,
  environment: Record<string, string>,
  nodeArguments: readonly string[] = [],
): BenchProcess {
  const script = fileURLToPath(new URL(`../src/${entry}`, import.meta.url));
  const child = spawn(process.execPath, [...nodeArguments, script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    lines,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, delay(10_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

async function waitForHealth(url: string, running: BenchProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (running.child.exitCode !== null)
      throw new Error(`${running.name} exited:\n${running.lines.slice(-20).join('\n')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await delay(100);
  }
  throw new Error(`${running.name} did not answer ${url}`);
}

async function waitForLine(running: BenchProcess, text: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (running.lines.some((line) => line.includes(text))) return;
    if (running.child.exitCode !== null)
      throw new Error(`${running.name} exited:\n${running.lines.slice(-20).join('\n')}`);
    await delay(100);
  }
  throw new Error(`${running.name} did not log ${text}`);
}

/** Peak resident set of a process since the last reset, in MB (VmHWM). */
function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

/** Resets VmHWM to the current RSS, so the next reading is the peak of what follows. */
function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not permitted here: the readings are then peaks since the process started.
  }
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** User + system CPU seconds in a /proc stat line (fields 14 and 15), with the thread's or process's name. */
function statCpu(path: string): { name: string; seconds: number } | undefined {
  let line: string;
  try {
    line = readFileSync(path, 'utf8');
  } catch {
    return undefined; // ended meanwhile
  }
  const close = line.lastIndexOf(')');
  const fields = line.slice(close + 2).split(' ');
  return {
    name: line.slice(line.indexOf('(') + 1, close),
    seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
  };
}

/**
 * CPU seconds of a process by kind of thread: Node names its main thread `MainThread`, a worker thread (the analysis
 * worker's engine threads) `WorkerThread`, V8's helpers (garbage collection, compilation) `V8Worker`.
 */
function threadCpu(pid: number): Record<string, number> {
  const byName: Record<string, number> = {};
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName; // ended
  }
  for (const task of tasks) {
    const cpu = statCpu(`/proc/${pid}/task/${task}/stat`);
    if (!cpu) continue;
    const kind = ['MainThread', 'WorkerThread', 'V8Worker'].includes(cpu.name) ? cpu.name : 'other';
    byName[kind] = (byName[kind] ?? 0) + cpu.seconds;
  }
  return byName;
}

/**
 * CPU seconds of every PostgreSQL process of this machine (the bench's database is the only busy one), by pid: a
 * backend that ends between two readings (a pool closing an idle connection) takes its seconds with it, so a sum over
 * the processes read 0 when the connections that inserted the corpus closed during the run; spent time is counted
 * per process (`cpuSpent`).
 */
function postgresCpu(): Record<string, number> {
  const byPid: Record<string, number> = {};
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cpu = statCpu(`/proc/${entry}/stat`);
    if (cpu && (cpu.name === 'postgres' || cpu.name.startsWith('postgres:'))) byPid[entry] = cpu.seconds;
  }
  return byPid;
}

type CpuReading = Record<string, Record<string, number>>;

function cpuReading(processes: readonly BenchProcess[]): CpuReading {
  const reading: CpuReading = Object.fromEntries(
    processes.map((running) => [running.name, threadCpu(running.child.pid as number)]),
  );
  reading.PostgreSQL = postgresCpu();
  return reading;
}

/** What each process (and kind of thread) spent between two readings. */
function cpuSpent(before: CpuReading, after: CpuReading): CpuReading {
  const spent = (name: string, key: string, seconds: number) => Math.max(0, seconds - (before[name]?.[key] ?? 0));
  return Object.fromEntries(
    Object.entries(after).map(([name, threads]) => [
      name,
      // PostgreSQL's processes are read by pid (a backend that started meanwhile counts whole) and shown as one.
      name === 'PostgreSQL'
        ? { all: Object.entries(threads).reduce((sum, [pid, seconds]) => sum + spent(name, pid, seconds), 0) }
        : Object.fromEntries(Object.entries(threads).map(([kind, seconds]) => [kind, spent(name, kind, seconds)])),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Data

class Api {
  constructor(
    readonly baseUrl: string,
    private token = '',
  ) {}

  async request<Answer = { id: string }>(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as Answer;
  }

  async login(): Promise<void> {
    const answer = await this.request<{ accessToken: string }>('POST', '/auth/login', BENCH_ADMIN);
    this.token = answer.accessToken;
  }
}

/** A run of the bench: a size, and the key of the department (its own scope) that holds its submissions. */
interface RunSpec {
  size: number;
  key: string;
}

const departmentCode = (key: string) => `D${key}`;
const pad = (value: number) => String(value).padStart(5, '0');

/** One campus and semester; a department per run with its courses, each taught by its own faculty member. */
async function importInstitution(api: Api, keys: readonly string[]): Promise<void> {
  const campus = 'MAIN';
  const courses = keys.flatMap((key) => Array.from({ length: COURSES_PER_DEPARTMENT }, (_, index) => ({ key, index })));
  await api.request('POST', '/admin/institution/import', {
    campuses: [{ code: campus, name: 'Main Campus' }],
    semesters: [{ campus, code: SEMESTER, label: '1st Semester 2025-2026' }],
    departments: keys.map((key) => ({
      campus,
      semester: SEMESTER,
      code: departmentCode(key),
      name: `Dept ${key}`,
    })),
    programs: keys.map((key) => ({
      campus,
      semester: SEMESTER,
      department: departmentCode(key),
      code: `P${key}`,
      name: `Program ${key}`,
    })),
    courses: courses.map(({ key, index }) => ({
      campus,
      semester: SEMESTER,
      program: `P${key}`,
      shortname: `C${key}-${pad(index)}-${SEMESTER}`,
      fullname: `Course ${index} of ${key}`,
    })),
    users: courses.map(({ key, index }) => ({
      username: `fac${key}-${pad(index)}`,
      fullName: `Faculty ${index} of ${key}`,
      roles: ['FACULTY'],
    })),
    enrollments: courses.map(({ key, index }) => ({
      username: `fac${key}-${pad(index)}`,
      course: `C${key}-${pad(index)}-${SEMESTER}`,
      campus,
      semester: SEMESTER,
      role: 'faculty',
    })),
  });
}

/** The demo's student-feedback questionnaire, published; answers its version id. */
async function publishQuestionnaire(api: Api): Promise<string> {
  for (const dimension of DEMO_DIMENSIONS) await api.request('POST', '/dimensions', dimension);
  const definition = DEMO_QUESTIONNAIRES.find((candidate) => candidate.typeCode === 'FACULTY_FEEDBACK');
  if (!definition) throw new Error('the demo has no FACULTY_FEEDBACK questionnaire');
  const questionnaire = await api.request('POST', '/questionnaires', {
    title: definition.title,
    typeCode: definition.typeCode,
  });
  const version = await api.request('POST', `/questionnaires/${questionnaire.id}/versions`, {
    schema: definition.schema,
  });
  await api.request('POST', `/questionnaires/${questionnaire.id}/versions/${version.id}/publish`);
  return version.id;
}

interface Leaf {
  sectionId: string;
  questions: Array<{ id: string; dimensionCode: string }>;
}

function leavesOf(sections: ReadonlyArray<Record<string, unknown>>): Leaf[] {
  return sections.flatMap((section) =>
    Array.isArray(section.sections)
      ? leavesOf(section.sections as Array<Record<string, unknown>>)
      : [{ sectionId: section.id as string, questions: section.questions as Leaf['questions'] }],
  );
}

/**
 * `texts.length` submissions in the department of `size`, with their answers, in a few statements: students
 * as needed (submission i: course i mod 50, student i div 50), comments cleaned as the submission service cleans
 * them. Answers how many submissions have a cleaned comment.
 */
async function insertSubmissions(
  bench: BenchDatabase,
  key: string,
  texts: readonly string[],
  versionId: string,
): Promise<number> {
  const db = bench.db;
  const students = Math.ceil(texts.length / COURSES_PER_DEPARTMENT);
  await sql`
    INSERT INTO users (username, full_name)
    SELECT 'stu' || lpad(n::text, 6, '0'), 'Student ' || n FROM generate_series(0, ${students - 1}) AS n
    ON CONFLICT DO NOTHING`.execute(db);
  const cleaned = texts.map((text) => cleanComment(text));
  const schema = (await db
    .selectFrom('questionnaire_versions')
    .select(['schema_snapshot', 'questionnaire_id'])
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow()) as {
    schema_snapshot: { sections: Array<Record<string, unknown>> };
    questionnaire_id: string;
  };
  const questions = leavesOf(schema.schema_snapshot.sections).flatMap((leaf) =>
    leaf.questions.map((question) => ({ ...question, sectionId: leaf.sectionId })),
  );
  await sql`
    WITH dept AS (
      SELECT d.id AS department_id, d.code AS department_code, d.name AS department_name, s.id AS semester_id,
        s.code AS semester_code, s.label AS semester_label, s.academic_year, c.id AS campus_id, c.code AS campus_code,
        c.name AS campus_name
      FROM departments d JOIN semesters s ON s.id = d.semester_id JOIN campuses c ON c.id = s.campus_id
      WHERE d.code = ${departmentCode(key)}
    ),
    course AS (
      SELECT row_number() OVER (ORDER BY co.shortname) - 1 AS position, co.id AS course_id, co.shortname,
        co.fullname, p.id AS program_id, p.code AS program_code, p.name AS program_name, u.id AS faculty_id,
        u.username AS faculty_username, u.full_name AS faculty_name
      FROM courses co JOIN programs p ON p.id = co.program_id JOIN dept ON dept.department_id = p.department_id
      JOIN enrollments e ON e.course_id = co.id AND e.role = 'faculty' JOIN users u ON u.id = e.user_id
    ),
    comment AS (
      SELECT t.text, t.cleaned, t.n - 1 AS n
      FROM unnest(${sql.val(texts)}::text[], ${sql.val(cleaned)}::text[]) WITH ORDINALITY AS t(text, cleaned, n)
    )
    INSERT INTO submissions (version_id, questionnaire_id, questionnaire_type_code, respondent_id, faculty_id,
      course_id, semester_id, campus_id, department_id, program_id, qualitative_comment, cleaned_comment,
      normalized_score, campus_code_snapshot, campus_name_snapshot, department_code_snapshot,
      department_name_snapshot, program_code_snapshot, program_name_snapshot, course_shortname_snapshot,
      course_fullname_snapshot, faculty_username_snapshot, faculty_name_snapshot, semester_code_snapshot,
      semester_label_snapshot, academic_year_snapshot)
    SELECT ${versionId}, ${schema.questionnaire_id}, 'FACULTY_FEEDBACK', stu.id, course.faculty_id,
      course.course_id, dept.semester_id, dept.campus_id, dept.department_id, course.program_id, comment.text,
      comment.cleaned, round((40 + (comment.n * 7919 % 60))::numeric, 2), dept.campus_code, dept.campus_name,
      dept.department_code, dept.department_name, course.program_code, course.program_name, course.shortname,
      course.fullname, course.faculty_username, course.faculty_name, dept.semester_code, dept.semester_label,
      dept.academic_year
    FROM comment CROSS JOIN dept
    JOIN course ON course.position = comment.n % ${COURSES_PER_DEPARTMENT}
    JOIN users stu ON stu.username = 'stu' || lpad((comment.n / ${COURSES_PER_DEPARTMENT})::text, 6, '0')
  `.execute(db);
  await sql`
    INSERT INTO submission_answers (submission_id, question_id, section_id, dimension_code, value)
    SELECT s.id, q.id, q.section_id, q.dimension_code, 1 + abs(hashtext(s.id::text || q.id)) % 5
    FROM submissions s
    JOIN departments d ON d.id = s.department_id AND d.code = ${departmentCode(key)}
    CROSS JOIN unnest(${sql.val(questions.map((question) => question.id))}::text[],
      ${sql.val(questions.map((question) => question.sectionId))}::text[],
      ${sql.val(questions.map((question) => question.dimensionCode))}::text[]) AS q(id, section_id, dimension_code)
  `.execute(db);
  await sql`ANALYZE submissions`.execute(db);
  await sql`ANALYZE submission_answers`.execute(db);
  return cleaned.filter((text) => text !== null).length;
}

// ---------------------------------------------------------------------------------------------------------------
// Measurements

interface Baseline {
  sentiment: number;
  embeddings: number;
  topicModel: number;
  total: number;
  gatePassing: number;
  /** Every run's total, in the order run (the figures above are the median run's). */
  runs: number[];
}

/**
 * Runs of the baseline a size takes; the median run is the baseline. One run moved by up to 40% from one bench to
 * the next (8.0-11.4 s at 50,000 comments on the same code; its first run in the process is also the engine's first,
 * before the JIT has warmed it), and the ratio with it.
 */
const BASELINE_RUNS = 3;

function seconds(started: number): number {
  return (performance.now() - started) / 1000;
}

/** The middle one of `items` (not empty) by `value`: the median, for an odd count. */
function middle<T>(items: readonly T[], value: (item: T) => number): T {
  return [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)] as T;
}

/** The median of BASELINE_RUNS runs of the engine alone (`runBaseline`). */
function medianBaseline(texts: readonly string[]): Baseline {
  const runs = Array.from({ length: BASELINE_RUNS }, () => runBaseline(texts));
  return { ...middle(runs, (run) => run.total), runs: runs.map((run) => run.total) };
}

/** The engine alone on the corpus the pipeline gets: what the stages compute, without anything around them. */
function runBaseline(texts: readonly string[]): Omit<Baseline, 'runs'> {
  const { scoreSentiment } = loadSentimentScorer();
  let started = performance.now();
  const passing = texts.filter((text) => {
    const label = dominantLabel(scoreSentiment(text));
    return label !== 'positive' || wordCount(text) >= GATE_POSITIVE_MINIMUM_WORDS;
  });
  const sentiment = seconds(started);
  started = performance.now();
  // Stored as float32 by the service; the topic model gets them back as numbers.
  const vectors = passing.map((text) => Array.from(new Float32Array(embedText(text))));
  const embeddings = seconds(started);
  started = performance.now();
  buildTopicModel(
    passing.map((text, index) => ({ id: `b${index}`, text, embedding: vectors[index] as number[] })),
    { seed: 42 },
  );
  const topicModel = seconds(started);
  return { sentiment, embeddings, topicModel, total: sentiment + embeddings + topicModel, gatePassing: passing.length };
}

interface StageTime {
  stage: string;
  seconds: number;
  /** Of which the guarded commit (the stage's results written in one transaction). */
  commitSeconds: number;
  attempts: number;
}

/** Stage times of one pipeline from the job worker's log lines; the runs of a retried stage add up. */
function stageTimes(lines: readonly string[], pipelineId: string): StageTime[] {
  const times = new Map<string, StageTime>();
  for (const line of lines) {
    if (!line.includes(pipelineId) || !/stage (finished|failed)/.test(line)) continue;
    let entry: { stage?: string; durationMs?: number; commitMs?: number; pipelineId?: string; msg?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (!['stage finished', 'stage failed'].includes(entry.msg ?? '') || entry.pipelineId !== pipelineId) continue;
    if (!entry.stage) continue;
    const known = times.get(entry.stage) ?? { stage: entry.stage, seconds: 0, commitSeconds: 0, attempts: 0 };
    known.seconds += (entry.durationMs ?? 0) / 1000;
    known.commitSeconds += (entry.commitMs ?? 0) / 1000;
    known.attempts += 1;
    times.set(entry.stage, known);
  }
  return [...times.values()].sort((a, b) => STAGE_ORDER.indexOf(a.stage) - STAGE_ORDER.indexOf(b.stage));
}

interface PipelineRun {
  size: number;
  comments: number;
  status: string;
  errorMessage: string | null;
  totalSeconds: number;
  stages: StageTime[];
  peaks: Record<string, number>;
  /** CPU seconds spent from confirm to COMPLETED, by process and kind of thread. */
  cpu: CpuReading;
  /** Bytes of the topics request as JSON (what a JSON-only worker gets), rebuilt from what the pipeline stored. */
  topicsRequestBytes: number;
  /** The same as a float32 frame, and as a reference frame (keys only); and how the pipeline sent it. */
  topicsFrameBytes: number;
  topicsReferenceBytes: number;
  topicsTransport: string;
  topicItems: number;
  baseline: Baseline;
}

async function runPipeline(
  api: Api,
  bench: BenchDatabase,
  { size, key }: RunSpec,
  processes: BenchProcess[],
  jobWorker: BenchProcess,
): Promise<
  Omit<
    PipelineRun,
    'baseline' | 'comments' | 'topicsRequestBytes' | 'topicsFrameBytes' | 'topicsReferenceBytes' | 'topicItems'
  > & { window: TimeWindow }
> {
  const department = await bench.db
    .selectFrom('departments as d')
    .innerJoin('semesters as s', 's.id', 'd.semester_id')
    .select(['d.id', 's.id as semesterId'])
    .where('d.code', '=', departmentCode(key))
    .executeTakeFirstOrThrow();
  const created = await api.request('POST', '/analysis/pipelines', {
    semesterId: department.semesterId,
    scopeType: 'DEPARTMENT',
    scopeId: department.id,
  });
  for (const running of processes) resetPeakRss(running.child.pid as number);
  const cpuBefore = cpuReading(processes);
  const fromMicros = monotonicMicros();
  await api.request('POST', `/analysis/pipelines/${created.id}/confirm`);
  const deadline = Date.now() + 30 * 60_000;
  let row;
  for (;;) {
    row = await bench.db
      .selectFrom('analysis_pipelines')
      .select(['status', 'error_message', 'confirmed_at', 'completed_at', 'updated_at'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(row.status)) break;
    if (Date.now() > deadline) throw new Error(`pipeline of ${size} still ${row.status} after 30 minutes`);
    await delay(100);
  }
  const window = { fromMicros, toMicros: monotonicMicros() };
  const cpu = cpuSpent(cpuBefore, cpuReading(processes));
  for (const running of processes)
    if (running.child.exitCode !== null || running.child.signalCode !== null)
      throw new Error(`the ${running.name} process exited:\n${running.lines.slice(-30).join('\n')}`);
  const peaks = Object.fromEntries(processes.map((running) => [running.name, peakRss(running.child.pid as number)]));
  // The last "stage finished" line is written right after the commit: give the log a moment to arrive.
  await delay(300);
  const ended = row.completed_at ?? row.updated_at;
  return {
    size,
    status: row.status,
    errorMessage: row.error_message,
    totalSeconds: (ended.getTime() - (row.confirmed_at as Date).getTime()) / 1000,
    stages: stageTimes(jobWorker.lines, created.id),
    topicsTransport: topicsTransport(jobWorker.lines, created.id),
    peaks,
    cpu,
    window,
  };
}

/** The monotonic clock in µs: the clock of V8's profile timestamps. */
function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/**
 * Piscina's idle loop in an engine thread: it blocks in `Atomics.wait`, which the profiler counts as running
 * JavaScript. Left out of a thread's busy time and of its entries.
 */
const THREAD_IDLE_ENTRY = /^atomicsWaitLoop \(piscina:/;

/**
 * The top entries of a process's CPU profiles over the measured pipelines: its main thread's, and its worker
 * threads' (the analysis worker's engine threads: `node --cpu-prof` names each file
 * `CPU.<date>.<time>.<pid>.<thread id>.<sequence>.cpuprofile`, thread 0 the main thread). A thread's profile is
 * written when it stops, with its process at the end of the bench.
 */
function printProfiles(name: string, directory: string, windows: TimeWindow[]): void {
  const files = readdirSync(directory)
    .filter((entry) => entry.endsWith('.cpuprofile'))
    .map((file) => ({ file, thread: Number(file.split('.').at(-3)) }))
    .sort((a, b) => a.thread - b.thread);
  if (files.length === 0) console.log(`\n${name}: no .cpuprofile in ${directory}`);
  for (const { file, thread } of files)
    printProfile(thread === 0 ? name : `${name}, worker thread ${thread}`, join(directory, file), windows);
}

/** The top entries of one thread's CPU profile over the measured pipelines. */
function printProfile(name: string, path: string, windows: TimeWindow[]): void {
  const summary = summariseCpuProfile(path, windows);
  const idle = summary.entries
    .filter((entry) => THREAD_IDLE_ENTRY.test(entry.name))
    .reduce((sum, entry) => sum + entry.selfMicros, 0);
  summary.busyMicros -= idle;
  summary.entries = summary.entries.filter((entry) => !THREAD_IDLE_ENTRY.test(entry.name));
  summary.places = summary.places
    .map((place) => (place.place === 'piscina' ? { ...place, selfMicros: place.selfMicros - idle } : place))
    .sort((a, b) => b.selfMicros - a.selfMicros);
  const ms = (micros: number) => `${(micros / 1000).toFixed(0).padStart(7)} ms`;
  const share = (micros: number) => `${((100 * micros) / Math.max(1, summary.busyMicros)).toFixed(1)}%`.padStart(6);
  console.log(`\n${name}: CPU profile ${path}, ${ms(summary.busyMicros)} busy in the pipelines`);
  console.log('  top self time:');
  for (const entry of summary.entries.slice(0, 20))
    console.log(`  ${ms(entry.selfMicros)} ${share(entry.selfMicros)}  ${entry.name}`);
  console.log('  by place (self time):');
  for (const place of summary.places.slice(0, 12))
    console.log(`  ${ms(place.selfMicros)} ${share(place.selfMicros)}  ${place.place}`);
  console.log('  top inclusive time in the project:');
  for (const entry of summary.entries
    .filter((candidate) => candidate.name.includes('src/'))
    .sort((a, b) => b.totalMicros - a.totalMicros)
    .slice(0, 20))
    console.log(`  ${ms(entry.totalMicros)} ${share(entry.totalMicros)}  ${entry.name}`);
}

/**
 * The size of the topics request of a pipeline, rebuilt as the orchestrator builds it (gate-passing comments with
 * their stored float32 embeddings as JSON numbers): what must fit in the worker's ANALYSIS_WORKER_BODY_LIMIT.
 */
async function topicsRequestSize(
  bench: BenchDatabase,
  key: string,
): Promise<{ bytes: number; frameBytes: number; referenceBytes: number; items: number }> {
  const rows = await bench.db
    .selectFrom('sentiment_results as r')
    .innerJoin('sentiment_runs as run', 'run.id', 'r.run_id')
    .innerJoin('analysis_pipelines as p', 'p.id', 'run.pipeline_id')
    .innerJoin('departments as d', 'd.id', 'p.department_id')
    .innerJoin('submissions as s', 's.id', 'r.submission_id')
    .innerJoin('submission_embeddings as e', 'e.submission_id', 'r.submission_id')
    .select(['r.submission_id as submissionId', 's.cleaned_comment as text', 'e.embedding'])
    .where('d.code', '=', departmentCode(key))
    .where('r.passed_topic_gate', '=', true)
    .execute();
  const envelope = {
    jobId: randomUUID(),
    version: '1.0',
    type: 'topic-model',
    metadata: { pipelineId: randomUUID(), runId: randomUUID() },
    publishedAt: new Date().toISOString(),
    params: { seed: 42 },
  };
  const body = JSON.stringify({
    input: {
      ...envelope,
      items: rows.map((row) => ({
        submissionId: row.submissionId,
        text: row.text,
        embedding: fromEmbeddingBytes(row.embedding),
      })),
    },
  });
  const head = JSON.stringify({
    input: {
      ...envelope,
      items: rows.map((row) => ({ submissionId: row.submissionId, text: row.text })),
      embeddings: { dimensions: (rows[0]?.embedding.length ?? 0) / 4 },
    },
  });
  const headBytes = 4 + Buffer.byteLength(head) + 3;
  const vectorBytes = rows.reduce((sum, row) => sum + row.embedding.length, 0);
  return {
    bytes: Buffer.byteLength(body),
    frameBytes: headBytes + vectorBytes,
    referenceBytes: headBytes + rows.length * EMBEDDING_KEY_BYTES,
    items: rows.length,
  };
}

/** How the job worker sent the pipeline's topics request (its "topics request sent" log line). */
function topicsTransport(lines: readonly string[], pipelineId: string): string {
  const transports = lines
    .filter((line) => line.includes(pipelineId) && line.includes('topics request sent'))
    .map((line) => {
      try {
        return (JSON.parse(line) as { transport?: string }).transport ?? '?';
      } catch {
        return '?';
      }
    });
  return transports.length > 0 ? transports.join(', ') : 'not logged';
}

function printRun(run: PipelineRun): void {
  const figure = (value: number) => value.toFixed(2).padStart(8);
  console.log(`\n== ${run.size.toLocaleString('en')} comments (${run.comments.toLocaleString('en')} after cleaning)`);
  console.log(
    `  confirm → ${run.status.padEnd(10)} ${figure(run.totalSeconds)} s${run.errorMessage ? `  (${run.errorMessage})` : ''}`,
  );
  const target = TARGETS[run.size];
  if (target !== undefined)
    console.log(
      `  ${run.status === 'COMPLETED' && run.totalSeconds <= target ? 'MET ' : 'MISS'} target: <= ${target} s`,
    );
  for (const stage of run.stages)
    console.log(
      `    ${stage.stage.padEnd(18)} ${figure(stage.seconds)} s  (commit ${figure(stage.commitSeconds)} s)${stage.attempts > 1 ? `  (${stage.attempts} runs)` : ''}`,
    );
  const staged = run.stages.reduce((sum, stage) => sum + stage.seconds, 0);
  console.log(
    `    ${'queue hand-offs'.padEnd(18)} ${figure(Math.max(0, run.totalSeconds - staged))} s  (total − Σ stages)`,
  );
  console.log(
    `  peak RSS: ${Object.entries(run.peaks)
      .map(([name, megabytes]) => `${name} ${megabytes} MB`)
      .join(', ')}`,
  );
  // Where the machine's time went: on a machine whose cores are all busy, the total is the floor of the wall time.
  const cpuTotal = Object.values(run.cpu).reduce(
    (sum, threads) => sum + Object.values(threads).reduce((inner, seconds) => inner + seconds, 0),
    0,
  );
  const cores = availableParallelism();
  console.log(
    `  CPU (user + system): ${Object.entries(run.cpu)
      .map(([name, threads]) => {
        const total = Object.values(threads).reduce((sum, seconds) => sum + seconds, 0);
        const parts = Object.entries(threads).filter(([, seconds]) => seconds >= 0.005);
        return `${name} ${figure(total)} s${
          parts.length > 1 ? ` (${parts.map(([kind, seconds]) => `${kind} ${figure(seconds)}`).join(', ')})` : ''
        }`;
      })
      .join('; ')}`,
  );
  console.log(
    `    total ${figure(cpuTotal)} CPU-s in ${figure(run.totalSeconds)} s on ${cores} cores: ` +
      `${Math.round((100 * cpuTotal) / (cores * run.totalSeconds))}% of the machine; ` +
      `the engine alone ${figure(run.baseline.total)} s on one core`,
  );
  const perItem = run.topicsRequestBytes / Math.max(1, run.topicItems);
  const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const holds = (limit: number) => Math.floor(limit / perItem).toLocaleString('en');
  console.log(
    `  topics request sent by ${run.topicsTransport}: ${megabytes(run.topicsReferenceBytes)} MB by reference, ` +
      `${megabytes(run.topicsFrameBytes)} MB as a float32 frame`,
  );
  console.log(
    `  topics request as JSON: ${megabytes(run.topicsRequestBytes)} MB for ${run.topicItems.toLocaleString('en')} comments ` +
      `(${(perItem / 1024).toFixed(2)} KB each); the bench's worker limit ${megabytes(benchBodyLimit())} MB holds ` +
      `about ${holds(benchBodyLimit())} such comments, the default ${megabytes(DEFAULT_BODY_LIMIT)} MB ` +
      `about ${holds(DEFAULT_BODY_LIMIT)}`,
  );
  const { baseline } = run;
  console.log(
    `  baseline (engine in-process, same corpus, ${baseline.gatePassing.toLocaleString('en')} past the gate): ` +
      `sentiment ${baseline.sentiment.toFixed(2)} s, embeddings ${baseline.embeddings.toFixed(2)} s, ` +
      `topic model ${baseline.topicModel.toFixed(2)} s = ${baseline.total.toFixed(2)} s ` +
      `(the median of ${baseline.runs.length} runs: ${baseline.runs.map((total) => total.toFixed(2)).join(', ')} s); ` +
      `pipeline / baseline = ${(run.totalSeconds / baseline.total).toFixed(2)}x`,
  );
}

/** For each size run more than once: every run's time and ratio to its baseline, and the median ratio. */
function printRepeats(runs: readonly PipelineRun[]): void {
  const bySize = new Map<number, PipelineRun[]>();
  for (const run of runs) bySize.set(run.size, [...(bySize.get(run.size) ?? []), run]);
  const repeated = [...bySize].filter(([, ofSize]) => ofSize.length > 1);
  if (repeated.length === 0) return;
  console.log('\n== runs of the same size (each on its own scope)');
  for (const [size, ofSize] of repeated) {
    const ratios = ofSize.map((run) => run.totalSeconds / run.baseline.total);
    const median = middle(ratios, (ratio) => ratio);
    console.log(
      `  ${size.toLocaleString('en')}: ${ofSize.map((run, index) => `${run.totalSeconds.toFixed(2)} s / ${run.baseline.total.toFixed(2)} s = ${(ratios[index] as number).toFixed(2)}x`).join('; ')}; median ${median.toFixed(2)}x`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------

export async function runPipelineBench(sizes: readonly number[] = DEFAULT_SIZES): Promise<PipelineRun[]> {
  // A size given more than once is run again, each time on a scope of its own (new comments, nothing embedded yet).
  const seen = new Map<number, number>();
  const specs: RunSpec[] = sizes.map((size) => {
    const repeat = (seen.get(size) ?? 0) + 1;
    seen.set(size, repeat);
    return { size, key: repeat === 1 ? String(size) : `${size}r${repeat}` };
  });
  const bench = await createBenchDatabase();
  const processes: BenchProcess[] = [];
  const profiled = process.env.BENCH_CPU_PROF ? new Map<string, string>() : undefined;
  const profileArguments = (name: string) => {
    if (!profiled) return [];
    const directory = mkdtempSync(join(tmpdir(), 'fas-bench-pipeline-'));
    profiled.set(name, directory);
    return ['--cpu-prof', `--cpu-prof-dir=${directory}`];
  };
  const windows: TimeWindow[] = [];
  try {
    const workerPort = await freePort();
    const apiPort = await freePort();
    const workerUrl = `http://127.0.0.1:${workerPort}`;
    const workerUrls = {
      SENTIMENT_WORKER_URL: `${workerUrl}/sentiment`,
      EMBEDDINGS_WORKER_URL: `${workerUrl}/embeddings`,
      TOPIC_MODEL_WORKER_URL: `${workerUrl}/topics`,
    };
    const base = benchEnvironment(bench.url, apiPort);
    const analysisWorker = startProcess(
      'analysis worker',
      'analysis-worker/main.js',
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        ANALYSIS_WORKER_PORT: String(workerPort),
        ANALYSIS_WORKER_BODY_LIMIT: String(benchBodyLimit()),
        // The engine threads of the worker under test, when the bench is run with the setting (an A/B of its value).
        ...(process.env.ANALYSIS_WORKER_THREADS
          ? { ANALYSIS_WORKER_THREADS: process.env.ANALYSIS_WORKER_THREADS }
          : {}),
      },
      profileArguments('analysis worker'),
    );
    processes.push(analysisWorker);
    const apiProcess = startProcess('API', 'main.js', { ...base, ...workerUrls });
    processes.push(apiProcess);
    const jobWorker = startProcess(
      'job worker',
      'worker.js',
      { ...base, ...workerUrls, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      profileArguments('job worker'),
    );
    processes.push(jobWorker);
    await waitForHealth(`${workerUrl}/health`, analysisWorker);
    await waitForHealth(`http://127.0.0.1:${apiPort}/api/v1/health`, apiProcess);
    await waitForLine(jobWorker, 'job worker started');

    const api = new Api(`http://127.0.0.1:${apiPort}`);
    await api.login();
    await importInstitution(api, [WARM_UP_KEY, ...specs.map((spec) => spec.key)]);
    const versionId = await publishQuestionnaire(api);
    const total = sizes.reduce((sum, size) => sum + size, WARM_UP_SIZE);
    let started = performance.now();
    const corpus = generateCorpus(total).map((comment) => comment.text);
    console.log(`Generated ${total.toLocaleString('en')} comments in ${seconds(started).toFixed(1)} s (not timed)`);

    await insertSubmissions(bench, WARM_UP_KEY, corpus.slice(0, WARM_UP_SIZE), versionId);
    const warmUp = await runPipeline(api, bench, { size: WARM_UP_SIZE, key: WARM_UP_KEY }, processes, jobWorker);
    console.log(
      `Warm-up: one pipeline of ${WARM_UP_SIZE.toLocaleString('en')} comments, ${warmUp.status}, ${warmUp.totalSeconds.toFixed(2)} s (not measured: the processes' first, before the JIT has warmed them)`,
    );

    const runs: PipelineRun[] = [];
    let offset = WARM_UP_SIZE;
    for (const spec of specs) {
      const { size } = spec;
      const texts = corpus.slice(offset, offset + size);
      offset += size;
      started = performance.now();
      const comments = await insertSubmissions(bench, spec.key, texts, versionId);
      console.log(
        `\nInserted ${size.toLocaleString('en')} submissions in ${seconds(started).toFixed(1)} s (not timed)`,
      );
      const { window, ...measured } = await runPipeline(api, bench, spec, processes, jobWorker);
      windows.push(window);
      const cleaned = texts.map((text) => cleanComment(text)).filter((text): text is string => text !== null);
      const request = await topicsRequestSize(bench, spec.key);
      const run = {
        ...measured,
        comments,
        topicsRequestBytes: request.bytes,
        topicsFrameBytes: request.frameBytes,
        topicsReferenceBytes: request.referenceBytes,
        topicItems: request.items,
        baseline: medianBaseline(cleaned),
      };
      printRun(run);
      runs.push(run);
    }
    printRepeats(runs);
    return runs;
  } finally {
    for (const running of processes) await running.stop();
    await bench.drop();
    for (const [name, directory] of profiled ?? []) printProfiles(name, directory, windows);
  }
}

runWhenInvoked(import.meta.url, async () => {
  const argument = process.argv[2];
  const sizes = argument ? argument.split(',').map((value) => Number(value.replaceAll('_', ''))) : DEFAULT_SIZES;
  await runPipelineBench(sizes);
});

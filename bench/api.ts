import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options as AutocannonOptions, type Result } from 'autocannon';
import { sql } from 'kysely';
import { summariseCpuProfile, type TimeWindow } from './support/cpu-profile.js';
import {
  benchIds,
  benchSettings,
  createBenchDatabase,
  freePort,
  mintTokens,
  seedFeedbackQuestionnaire,
  startApiProcess,
  type BenchDatabase,
} from './support/bench-service.js';
import { runWhenInvoked } from './support/run-main.js';

/**
 * `npm run bench:api [-- types,me,health,submissions]`: the request hot path against a bare Fastify hello.
 *
 * The built API (dist/src/main.js, API only) runs in a process of its own on a database of the bench's own
 * (created, seeded, dropped), with LOG_LEVEL info (the default, so the per-request log lines are written, to
 * /dev/null); the hello runs in another process. autocannon, in this process, drives each for BENCH_DURATION
 * seconds after BENCH_WARMUP seconds of warm-up, 50 connections for the GETs:
 * - `GET /api/v1/questionnaires/types` (cached), `GET /api/v1/auth/me`, each connection a different student;
 * - `GET /api/v1/health` (no credential);
 * - `POST /api/v1/submissions` with 16 clients, each a student sending their evaluations one course after the
 *   other, then the next student (every request a real submission: version lock, enrolment and teaching
 *   checks, scoring, comment cleaning and screening, snapshots), BENCH_SUBMISSIONS of them after a warm-up.
 * Server CPU per request is the server process's own utime + stime (/proc/<pid>/stat) over the measured run,
 * divided by the 2xx answers; "DB" is the same for the PostgreSQL backends connected to the bench's database.
 * The hello runs before the first request and after each: every ratio is to the mean of the hello runs just
 * before and just after it, so a change in the machine's load during the run cancels out as far as it can.
 * BENCH_CPU_PROF=1 starts the API under `node --cpu-prof` and prints the profile's top entries (measured runs
 * only), per request.
 */
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const GET_CONNECTIONS = 50;
const SUBMISSION_CLIENTS = 16;
const STUDENTS = 200;
const COURSES = 50;
const SUBMISSION_WARMUP = 1000;
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 6000);
const TARGETS = ['types', 'me', 'health', 'submissions'] as const;
type Target = (typeof TARGETS)[number];
const GOALS: Record<Target, { ratio?: number; requestsPerSecond?: number }> = {
  types: { ratio: 0.3 },
  me: { ratio: 0.25 },
  health: { ratio: 0.4 },
  submissions: { requestsPerSecond: 800 },
};
const CLOCK_TICKS_PER_SECOND = 100;

interface Measurement {
  label: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMicrosPerRequest: number;
  /** CPU of the PostgreSQL backends serving the bench's database, per request (none for the hello). */
  databaseCpuMicrosPerRequest?: number;
  answered: number;
  /** When the measured run went, on the monotonic clock (for the CPU profile). */
  window: TimeWindow;
}

/** The process's user + system CPU time so far, in microseconds (all its threads). */
function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU so far of each PostgreSQL backend connected to the bench's database, by process id. */
async function databaseCpu(database: BenchDatabase): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(
    database.db,
  );
  const result = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      result.set(pid, cpuMicros(pid));
    } catch {
      // ended meanwhile
    }
  }
  return result;
}

function cannon(options: AutocannonOptions): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error: unknown, result: Result) => (error ? reject(error as Error) : resolve(result)));
  });
}

async function measure(
  label: string,
  pid: number,
  options: AutocannonOptions,
  warmup: AutocannonOptions,
  database?: BenchDatabase,
) {
  await cannon(warmup);
  const databaseBefore = database ? await databaseCpu(database) : undefined;
  const before = cpuMicros(pid);
  const fromMicros = Number(process.hrtime.bigint() / 1000n);
  const result = await cannon(options);
  const toMicros = Number(process.hrtime.bigint() / 1000n);
  const spent = cpuMicros(pid) - before;
  let databaseSpent: number | undefined;
  if (database && databaseBefore) {
    databaseSpent = 0;
    for (const [backend, micros] of await databaseCpu(database))
      databaseSpent += micros - (databaseBefore.get(backend) ?? 0);
  }
  const answered = result['2xx'];
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${label}: ${result.non2xx} non-2xx answers and ${result.errors} errors of ${answered + result.non2xx}`,
    );
  return {
    label,
    connections: result.connections,
    requestsPerSecond: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicrosPerRequest: spent / answered,
    databaseCpuMicrosPerRequest: databaseSpent === undefined ? undefined : databaseSpent / answered,
    answered,
    window: { fromMicros, toMicros },
  } satisfies Measurement;
}

async function startHello(): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const server = fileURLToPath(new URL('./support/hello-server.js', import.meta.url));
  const child = spawn(process.execPath, [server, String(port)], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}/hello`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Seeded {
  versionId: string;
  /** Access tokens of the students, in order. */
  studentTokens: string[];
  /** Every (student, course) pair as a submission body and the student's token, course by course. */
  submissions: Array<{ token: string; body: string }>;
}

/** The institution, a published FACULTY_FEEDBACK questionnaire and a token per student, through a first API. */
async function seed(database: BenchDatabase): Promise<Seeded> {
  const api = await startApiProcess(database.url);
  try {
    await seedFeedbackQuestionnaire(api.baseUrl, { students: STUDENTS, courses: COURSES }, [
      { id: 'a', weight: 60, questions: ['q1', 'q2', 'q3'] },
      { id: 'b', weight: 40, questions: ['q4', 'q5'] },
    ]);
  } finally {
    await api.stop();
  }
  const pad = (n: number) => String(n).padStart(5, '0');
  const students = Array.from({ length: STUDENTS }, (_, i) => `stu${pad(i)}`);
  const tokens = await mintTokens(database.db, benchSettings(database.url), students);
  const { users: ids, courses } = await benchIds(database.db);
  const version = await database.db
    .selectFrom('questionnaire_versions')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  const submissions = Array.from({ length: STUDENTS * COURSES }, (_, n) => {
    const student = students[n % STUDENTS] as string;
    const course = Math.floor(n / STUDENTS);
    return {
      token: tokens.get(student) as string,
      body: JSON.stringify({
        versionId: version.id,
        facultyId: ids.get(`fac${pad(course)}`),
        courseId: courses.get(`BENCH${pad(course)}-S12526`),
        answers: ['q1', 'q2', 'q3', 'q4', 'q5'].map((questionId, q) => ({ questionId, value: 1 + ((n + q) % 5) })),
        qualitativeComment:
          n % 2 === 0 ? 'Malinaw magpaliwanag si sir, pero sana mas maaga ang feedback sa quizzes' : null,
      }),
    };
  });
  return { versionId: version.id, studentTokens: students.map((name) => tokens.get(name) as string), submissions };
}

/** autocannon options for a GET where each connection is a different student. */
function getOptions(url: string, tokens: string[], seconds: number): AutocannonOptions {
  let connection = 0;
  return {
    url,
    connections: GET_CONNECTIONS,
    duration: seconds,
    setupClient:
      tokens.length === 0
        ? undefined
        : (client) => client.setHeaders({ authorization: `Bearer ${tokens[connection++ % tokens.length]}` }),
  };
}

/**
 * Submission pairs handed out student by student: each client takes the next student and sends that student's
 * evaluations one after the other, course by course (as a student does, on one session), then takes the next.
 */
function submissionQueue(pairs: Seeded['submissions']) {
  let nextStudent = 0;
  return {
    /** The pairs of one client, in the order it sends them. */
    client(): () => Seeded['submissions'][number] {
      let student = -1;
      let course = COURSES;
      return () => {
        if (course >= COURSES) {
          student = nextStudent++;
          course = 0;
        }
        const pair = pairs[course * STUDENTS + student];
        if (!pair) throw new Error('more submissions asked for than (student, course) pairs seeded');
        course += 1;
        return pair;
      };
    },
  };
}

/** autocannon options for `count` submissions from `queue`, each connection a client of its own. */
function submissionOptions(url: string, queue: ReturnType<typeof submissionQueue>, count: number): AutocannonOptions {
  return {
    url,
    method: 'POST',
    connections: SUBMISSION_CLIENTS,
    amount: count,
    // A run of `amount` requests ends at the next sample tick: at autocannon's 1 s default, 6,000 submissions sent in
    // 4.2 s or 6.1 s were timed as 5 s or 7 s (the req/s came out quantised: 1,500, 1,200, 857). 10 ms ticks time it.
    sampleInt: 10,
    // autocannon's request context starts afresh after every request: the client's own sequence lives here.
    setupClient: (client) => {
      const next = queue.client();
      client.setRequests([
        {
          method: 'POST',
          setupRequest: (request) => {
            const pair = next();
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.token}` },
              body: pair.body,
            };
          },
        },
      ]);
    },
  };
}

/** The mean of some runs of the hello, as one row. */
function meanOf(runs: Measurement[]): Measurement {
  const mean = (pick: (run: Measurement) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return {
    ...(runs[0] as Measurement),
    requestsPerSecond: mean((run) => run.requestsPerSecond),
    p50: mean((run) => run.p50),
    p99: mean((run) => run.p99),
    cpuMicrosPerRequest: mean((run) => run.cpuMicrosPerRequest),
  };
}

/** Each row beside the hello measured just before and just after it (`baselines[i]`), so drift in load cancels. */
function table(rows: Measurement[], baselines: Measurement[], hello: Measurement): string {
  // autocannon's latencies are whole milliseconds: a hello's p50 is often 0, and a ratio to it says nothing.
  const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(3)}×` : '-');
  const lines = [
    [
      'request'.padEnd(34),
      'conns',
      'req/s'.padStart(8),
      '÷hello'.padStart(8),
      'p50 ms'.padStart(7),
      '÷hello'.padStart(7),
      'p99 ms'.padStart(7),
      '÷hello'.padStart(7),
      'CPU µs/req'.padStart(10),
      '÷hello'.padStart(8),
      'DB µs/req'.padStart(9),
    ].join('  '),
  ];
  const line = (row: Measurement, base: Measurement) =>
    [
      row.label.padEnd(34),
      String(row.connections).padStart(5),
      row.requestsPerSecond.toFixed(0).padStart(8),
      ratio(row.requestsPerSecond, base.requestsPerSecond).padStart(8),
      row.p50.toFixed(1).padStart(7),
      ratio(row.p50, base.p50).padStart(7),
      row.p99.toFixed(1).padStart(7),
      ratio(row.p99, base.p99).padStart(7),
      row.cpuMicrosPerRequest.toFixed(1).padStart(10),
      ratio(row.cpuMicrosPerRequest, base.cpuMicrosPerRequest).padStart(8),
      (row.databaseCpuMicrosPerRequest === undefined ? '-' : row.databaseCpuMicrosPerRequest.toFixed(1)).padStart(9),
    ].join('  ');
  lines.push(line(hello, hello));
  rows.forEach((row, index) => lines.push(line(row, baselines[index] as Measurement)));
  return lines.join('\n');
}

function printProfile(directory: string, rows: Measurement[]): void {
  const requests = rows.reduce((sum, row) => sum + row.answered, 0);
  const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
  if (!file) {
    process.stdout.write(`no .cpuprofile in ${directory}\n`);
    return;
  }
  const summary = summariseCpuProfile(
    join(directory, file),
    rows.map((row) => row.window),
  );
  const perRequest = (micros: number) => (micros / requests).toFixed(1).padStart(7);
  const share = (micros: number) => `${((100 * micros) / summary.busyMicros).toFixed(1)}%`.padStart(6);
  const lines = [
    `CPU profile ${join(directory, file)}, measured runs only: ${(summary.busyMicros / 1000).toFixed(0)} ms busy ` +
      `over ${requests} requests, ${(summary.busyMicros / requests).toFixed(1)} µs a request; per request:`,
    'top self time:',
    ...summary.entries.slice(0, 25).map((e) => `  ${perRequest(e.selfMicros)} ${share(e.selfMicros)}  ${e.name}`),
    'by place (self time):',
    ...summary.places.slice(0, 20).map((p) => `  ${perRequest(p.selfMicros)} ${share(p.selfMicros)}  ${p.place}`),
    'top inclusive time in the project:',
    ...summary.entries
      .filter((e) => e.name.includes('src/'))
      .sort((a, b) => b.totalMicros - a.totalMicros)
      .slice(0, 25)
      .map((e) => `  ${perRequest(e.totalMicros)} ${share(e.totalMicros)}  ${e.name}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

export async function runApiBench(targets: Target[] = [...TARGETS]): Promise<Record<string, number>> {
  // Each of the two runs may leave every client's last student part-sent.
  if (SUBMISSIONS + SUBMISSION_WARMUP + 2 * SUBMISSION_CLIENTS * COURSES > STUDENTS * COURSES)
    throw new Error(`BENCH_SUBMISSIONS ${SUBMISSIONS} is more than the ${STUDENTS * COURSES} pairs seeded allow`);
  const database = await createBenchDatabase();
  const profileDirectory = process.env.BENCH_CPU_PROF ? mkdtempSync(join(tmpdir(), 'fas-bench-api-')) : undefined;
  const hello = await startHello();
  try {
    const seeded = await seed(database);
    const api = await startApiProcess(database.url, {
      nodeArguments: profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : [],
      environment: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
      stdout: 'ignore',
    });
    const apiPid = api.child.pid as number;
    // Should this process die (an exception in autocannon's callbacks), the servers go with it.
    const orphans = () => {
      api.child.kill();
      hello.child.kill();
    };
    process.once('exit', orphans);
    const rows: Measurement[] = [];
    const helloRuns: Measurement[] = [];
    try {
      const runHello = async () =>
        helloRuns.push(
          await measure(
            'GET /hello (bare Fastify)',
            hello.child.pid as number,
            getOptions(hello.url, [], DURATION_SECONDS),
            getOptions(hello.url, [], WARMUP_SECONDS),
          ),
        );
      await runHello();
      const base = `${api.baseUrl}/api/v1`;
      const tokens = seeded.studentTokens.slice(0, GET_CONNECTIONS);
      for (const target of targets) {
        let row: Measurement;
        if (target === 'submissions') {
          const url = `${base}/submissions`;
          const queue = submissionQueue(seeded.submissions);
          row = await measure(
            `POST /submissions (${SUBMISSION_CLIENTS} clients)`,
            apiPid,
            submissionOptions(url, queue, SUBMISSIONS),
            submissionOptions(url, queue, SUBMISSION_WARMUP),
            database,
          );
        } else {
          const path = { types: '/questionnaires/types', me: '/auth/me', health: '/health' }[target];
          const withTokens = target === 'health' ? [] : tokens;
          row = await measure(
            `GET ${path}`,
            apiPid,
            getOptions(`${base}${path}`, withTokens, DURATION_SECONDS),
            getOptions(`${base}${path}`, withTokens, WARMUP_SECONDS),
            database,
          );
        }
        rows.push(row);
        await runHello();
      }
    } finally {
      await api.stop();
    }
    const baselines = rows.map((_, index) => meanOf(helloRuns.slice(index, index + 2)));
    const goals = rows.map((row, index) => {
      const goal = GOALS[targets[index] as Target];
      const baseline = baselines[index] as Measurement;
      const ratio = row.requestsPerSecond / baseline.requestsPerSecond;
      const cpuRatio = baseline.cpuMicrosPerRequest / row.cpuMicrosPerRequest;
      if (goal.ratio !== undefined)
        return `  ${row.label}: ${ratio.toFixed(3)}× the hello's req/s, ${cpuRatio.toFixed(3)}× its CPU per request; goal ≥ ${goal.ratio}×: ${ratio >= goal.ratio ? 'met' : 'NOT met'}`;
      return `  ${row.label}: ${row.requestsPerSecond.toFixed(0)} req/s; goal ≥ ${goal.requestsPerSecond}/s: ${row.requestsPerSecond >= (goal.requestsPerSecond ?? 0) ? 'met' : 'NOT met'}`;
    });
    process.stdout.write(
      [
        `API in its own process (LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}), bare Fastify hello in another, autocannon here; ` +
          `${DURATION_SECONDS} s per GET after ${WARMUP_SECONDS} s warm-up, ${SUBMISSIONS} submissions after ${SUBMISSION_WARMUP}`,
        table(rows, baselines, meanOf(helloRuns)),
        `  hello runs: ${helloRuns.map((run) => `${run.requestsPerSecond.toFixed(0)} req/s, ${run.cpuMicrosPerRequest.toFixed(1)} µs`).join('; ')}`,
        'goals:',
        ...goals,
        '',
      ].join('\n'),
    );
    if (profileDirectory) printProfile(profileDirectory, rows);
    return Object.fromEntries(rows.map((row, index) => [targets[index] as string, row.requestsPerSecond]));
  } finally {
    await hello.stop();
    await database.drop();
  }
}

function targetsFromArguments(): Target[] {
  const given = process.argv[2];
  if (!given) return [...TARGETS];
  const names = given.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(TARGETS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown target(s) ${unknown.join(', ')}; choose from ${TARGETS.join(', ')}`);
  return names as Target[];
}

runWhenInvoked(import.meta.url, () => runApiBench(targetsFromArguments()));

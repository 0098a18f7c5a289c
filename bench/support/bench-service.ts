import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createDatabase, migrateToLatest, type DatabaseClient } from '../../src/common/database/database.js';
import { settingsSchema, type Settings } from '../../src/config/settings.js';
import { TokenService } from '../../src/modules/auth/token.service.js';

/**
 * What the HTTP and ingestion benchmarks share: a database of their own (dropped at the end), a
 * generated institution, and access tokens minted for its users without running the password hash for
 * thousands of logins. Reach PostgreSQL and Redis through BENCH_DATABASE_URL and BENCH_REDIS_URL.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const BENCH_ADMIN = { username: 'bench.admin', password: 'bench-admin-password' };
/** Every Redis key of this bench run starts with it; `drop()` deletes them and only them. */
const CACHE_PREFIX = `fas-bench:${randomBytes(4).toString('hex')}:`;

export interface BenchDatabase {
  url: string;
  db: DatabaseClient;
  drop(): Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `fas_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), { poolSize: 4 });
  await migrateToLatest(db);
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.destroy();
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        process.stdout.write(`BENCH_KEEP_DATABASE=1: kept ${url.toString()} (drop it yourself)\n`);
        return;
      }
      const redis = new Redis(REDIS_URL);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${CACHE_PREFIX}*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        await redis.quit();
      }
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export function benchEnvironment(databaseUrl: string, port = 0): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    CACHE_URL: REDIS_URL,
    CACHE_KEY_PREFIX: CACHE_PREFIX,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-keys',
    SUPER_ADMIN_USERNAME: BENCH_ADMIN.username,
    SUPER_ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
}

export function benchSettings(databaseUrl: string): Settings {
  return settingsSchema.parse(benchEnvironment(databaseUrl));
}

/**
 * One campus, one semester, `courses` courses each taught by its own faculty member, and `students`
 * students enrolled in every course: students × courses distinct (respondent, faculty, course) triples.
 * Students have no local password (they sign in through the learning system in real life).
 */
export function benchInstitution(students: number, courses: number) {
  const semester = 'S12526';
  const pad = (n: number) => String(n).padStart(5, '0');
  const courseNames = Array.from({ length: courses }, (_, i) => `BENCH${pad(i)}-S12526`);
  return {
    campuses: [{ code: 'MAIN', name: 'Main Campus' }],
    semesters: [{ campus: 'MAIN', code: semester, label: '1st Semester 2025-2026' }],
    departments: [{ campus: 'MAIN', semester, code: 'CCS', name: 'Computer Studies' }],
    programs: [{ campus: 'MAIN', semester, department: 'CCS', code: 'BSIT', name: 'BS IT' }],
    courses: courseNames.map((shortname, i) => ({
      campus: 'MAIN',
      semester,
      program: 'BSIT',
      shortname,
      fullname: `Bench Course ${i}`,
    })),
    users: [
      ...Array.from({ length: courses }, (_, i) => ({
        username: `fac${pad(i)}`,
        fullName: `Faculty ${i}`,
        roles: ['FACULTY'],
      })),
      ...Array.from({ length: students }, (_, i) => ({
        username: `stu${pad(i)}`,
        fullName: `Student ${i}`,
        roles: ['STUDENT'],
      })),
    ],
    enrollments: [
      ...courseNames.map((course, i) => ({
        username: `fac${pad(i)}`,
        course,
        campus: 'MAIN',
        semester,
        role: 'faculty',
      })),
      ...courseNames.flatMap((course) =>
        Array.from({ length: students }, (_, s) => ({
          username: `stu${pad(s)}`,
          course,
          campus: 'MAIN',
          semester,
          role: 'student',
        })),
      ),
    ],
  };
}

/** Access tokens for the named users: one session row each, signed like a login would. */
export async function mintTokens(
  db: DatabaseClient,
  settings: Settings,
  usernames: string[],
): Promise<Map<string, string>> {
  const tokens = new TokenService(settings);
  const users = await db.selectFrom('users').select(['id', 'username']).where('username', 'in', usernames).execute();
  const sessions = await db
    .insertInto('auth_sessions')
    .values(users.map((user) => ({ user_id: user.id })))
    .returning(['id', 'user_id'])
    .execute();
  const byUser = new Map(users.map((user) => [user.id, user.username]));
  const result = new Map<string, string>();
  for (const session of sessions)
    result.set(
      byUser.get(session.user_id) as string,
      await tokens.signAccessToken({ userId: session.user_id, sessionId: session.id }),
    );
  return result;
}

/**
 * Through a running API: the bench institution (`students` students, `courses` courses, one faculty member each),
 * a CLARITY dimension and a published FACULTY_FEEDBACK questionnaire whose sections hold LIKERT_5 questions with
 * the given ids. Answers the version's id.
 */
export async function seedFeedbackQuestionnaire(
  baseUrl: string,
  institution: { students: number; courses: number },
  sections: Array<{ id: string; weight: number; questions: string[] }>,
): Promise<{ versionId: string }> {
  const call = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const admin = (await call('/auth/login', BENCH_ADMIN)).accessToken as string;
  await call('/admin/institution/import', benchInstitution(institution.students, institution.courses), admin);
  await call('/dimensions', { code: 'CLARITY', displayName: 'Clarity' }, admin);
  const questionnaire = await call('/questionnaires', { title: 'Bench', typeCode: 'FACULTY_FEEDBACK' }, admin);
  const likert = (id: string) => ({ id, text: id, type: 'LIKERT_5', dimensionCode: 'CLARITY', required: true });
  const schema = {
    sections: sections.map((section) => ({
      id: section.id,
      title: section.id.toUpperCase(),
      weight: section.weight,
      questions: section.questions.map(likert),
    })),
  };
  const version = await call(`/questionnaires/${questionnaire.id as string}/versions`, { schema }, admin);
  await call(`/questionnaires/${questionnaire.id as string}/versions/${version.id as string}/publish`, {}, admin);
  return { versionId: version.id as string };
}

/** Ids of the bench's users by username and of its courses by shortname. */
export async function benchIds(
  db: DatabaseClient,
): Promise<{ users: Map<string, string>; courses: Map<string, string> }> {
  const users = await db.selectFrom('users').select(['id', 'username']).execute();
  const courses = await db.selectFrom('courses').select(['id', 'shortname']).execute();
  return {
    users: new Map(users.map((row) => [row.username, row.id])),
    courses: new Map(courses.map((row) => [row.shortname, row.id])),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** How `startApiProcess` starts the API: node flags (`--cpu-prof`), settings over the bench's, its log lines. */
export interface ApiProcessOptions {
  nodeArguments?: string[];
  environment?: Record<string, string>;
  /** `ignore` sends the API's stdout (its JSON log lines) to /dev/null. Default: inherit. */
  stdout?: 'inherit' | 'ignore';
}

/** The built API (dist/src/main.js) in a process of its own, so the load generator does not share its CPU time. */
export async function startApiProcess(
  databaseUrl: string,
  options: ApiProcessOptions = {},
): Promise<{ baseUrl: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../../src/main.js', import.meta.url));
  const child = spawn(process.execPath, [...(options.nodeArguments ?? []), main], {
    env: { ...process.env, ...benchEnvironment(databaseUrl, port), ...options.environment },
    stdio: ['ignore', options.stdout ?? 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function peakRssMegabytes(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

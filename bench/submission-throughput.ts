import { performance } from 'node:perf_hooks';
import {
  benchIds,
  benchSettings,
  createBenchDatabase,
  mintTokens,
  seedFeedbackQuestionnaire,
  startApiProcess,
} from './support/bench-service.js';
import { runWhenInvoked } from './support/run-main.js';

/**
 * `npm run bench:submissions`: single-submission POSTs against the built API running in a process of its
 * own, with a database of its own. Every request is a real submission by a different (student, course)
 * pair: enrollment and teaching checks, schema validation, scoring, comment cleaning and snapshots, in one
 * transaction. Baseline in the same run: one request at a time. Target: ≥ 300 requests/s.
 */
const STUDENTS = 100;
const COURSES = 50;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REQUESTS = 3000;
const BASELINE_REQUESTS = 300;

export async function runSubmissionThroughput(): Promise<Record<string, number>> {
  const database = await createBenchDatabase();
  const api = await startApiProcess(database.url);
  try {
    const { versionId } = await seedFeedbackQuestionnaire(api.baseUrl, { students: STUDENTS, courses: COURSES }, [
      { id: 'a', weight: 60, questions: ['q1', 'q2', 'q3'] },
      { id: 'b', weight: 40, questions: ['q4', 'q5'] },
    ]);

    const settings = benchSettings(database.url);
    const pad = (n: number) => String(n).padStart(5, '0');
    const tokens = await mintTokens(
      database.db,
      settings,
      Array.from({ length: STUDENTS }, (_, i) => `stu${pad(i)}`),
    );
    const { users, courses } = await benchIds(database.db);
    const request = (n: number) => {
      const student = `stu${pad(n % STUDENTS)}`;
      const course = Math.floor(n / STUDENTS);
      return {
        token: tokens.get(student) as string,
        body: {
          versionId,
          facultyId: users.get(`fac${pad(course)}`),
          courseId: courses.get(`BENCH${pad(course)}-S12526`),
          answers: ['q1', 'q2', 'q3', 'q4', 'q5'].map((questionId, q) => ({ questionId, value: 1 + ((n + q) % 5) })),
          qualitativeComment:
            n % 2 === 0 ? 'Malinaw magpaliwanag si sir, pero sana mas maaga ang feedback sa quizzes' : null,
        },
      };
    };

    const run = async (from: number, count: number, concurrency: number) => {
      let next = from;
      let failures = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < from + count) {
            const { token, body } = request(next++);
            const response = await fetch(`${api.baseUrl}/api/v1/submissions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify(body),
            });
            await response.arrayBuffer();
            if (response.status !== 201) failures += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      if (failures > 0) throw new Error(`${failures} of ${count} submissions failed`);
      return count / seconds;
    };

    const baseline = await run(0, BASELINE_REQUESTS, 1);
    const concurrent = await run(BASELINE_REQUESTS, REQUESTS, CONCURRENCY);
    process.stdout.write(
      [
        `single-submission POST /api/v1/submissions, API in its own process (2 cores shared with this load generator)`,
        `  ${REQUESTS} requests, ${CONCURRENCY} concurrent: ${concurrent.toFixed(1)} req/s`,
        `  baseline, ${BASELINE_REQUESTS} requests one at a time: ${baseline.toFixed(1)} req/s`,
        `  ratio: ${(concurrent / baseline).toFixed(2)}x`,
        `  target ≥ 300 req/s: ${concurrent >= 300 ? 'met' : 'NOT met'}`,
        '',
      ].join('\n'),
    );
    return { requestsPerSecond: concurrent, baselineRequestsPerSecond: baseline };
  } finally {
    await api.stop();
    await database.drop();
  }
}

runWhenInvoked(import.meta.url, runSubmissionThroughput);

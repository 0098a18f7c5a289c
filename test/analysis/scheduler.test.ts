import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { Cron, scheduledJobs } from 'croner';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRootLogger, runWithLogger } from '../../src/common/logging/logger.js';
import { workerSettingsSchema, type WorkerSettings } from '../../src/config/settings.js';
import type { ScopeType } from '../../src/db/schema.js';
import { seedDemo } from '../../src/demo/demo-seed.js';
import { DomainModule } from '../../src/domain.module.js';
import { PIPELINE_QUEUE, PipelineJob, stageJobId } from '../../src/modules/analysis/pipeline-stages.js';
import { PipelinesService } from '../../src/modules/analysis/pipelines.service.js';
import { SchedulerModule } from '../../src/modules/analysis/scheduler/scheduler.module.js';
import { SchedulerRepository } from '../../src/modules/analysis/scheduler/scheduler.repository.js';
import { TierSchedule } from '../../src/modules/analysis/scheduler/tier-schedule.js';
import {
  schedulerToday,
  TieredPipelineScheduler,
  type TierRunReport,
} from '../../src/modules/analysis/scheduler/tiered-pipeline-scheduler.js';
import {
  nextScheduledRunAt,
  registerTierJob,
  SCHEDULER_TIERS,
  tierFiring,
  unregisterTierJob,
} from '../../src/modules/analysis/scheduler/tiers.js';
import { startJobWorker } from '../../src/processes.js';
import { startWorker } from '../analysis-worker/worker-harness.js';
import { testRedisUrl } from '../support/database-urls.js';
import { runEntryPoint } from '../support/processes.js';
import { createRedisPrefix, createTestDatabase, SUPER_ADMIN } from '../support/test-context.js';

/*
 * The tiered scheduler against real PostgreSQL and Redis, on the demo institution. The scheduling composition
 * has no queue consumers, so the pipelines a tier creates stay where confirm put them (SENTIMENT_ANALYSIS, with
 * their stage job waiting in Redis); a pipeline's completion is written directly where a test needs one, except
 * in one test, where a job worker runs a scheduled pipeline that lacks coverage to the end.
 */

/**
 * Demo semesters: MAIN S12425 (2024-08-01..12-31), MAIN S22425 (2025-01-01..05-31), MAIN and NORTH S12526
 * (2025-08-01..12-31).
 */
const IN_S12526 = new Date('2025-10-01T04:00:00Z');

createRootLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
const database = await createTestDatabase();
const prefix = createRedisPrefix();
const analysisWorker = await startWorker({ environment: { WORKER_VERSION: '' } });
const environment: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: database.url,
  DATABASE_POOL_SIZE: '5',
  CACHE_URL: testRedisUrl(),
  CACHE_KEY_PREFIX: prefix,
  SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
  SENTIMENT_WORKER_URL: `${analysisWorker.url}/sentiment`,
  EMBEDDINGS_WORKER_URL: `${analysisWorker.url}/embeddings`,
  TOPIC_MODEL_WORKER_URL: `${analysisWorker.url}/topics`,
  RECONCILE_INTERVAL_MS: '1000',
  JOB_LOCK_DURATION_MS: '5000',
};
const settings: WorkerSettings = workerSettingsSchema.parse(environment);

/** The scheduler's composition without consumers: the domain core and the tier runs. */
const context: INestApplicationContext = await NestFactory.createApplicationContext(
  { module: SchedulerModule, imports: [DomainModule.forRoot(settings)] },
  { logger: false },
);
const scheduler = context.get(TieredPipelineScheduler);
const pipelines = context.get(PipelinesService);
const queue = new Queue(PIPELINE_QUEUE, { connection: { url: testRedisUrl() }, prefix: `${prefix}bull` });
const otherProcessRedis = new Redis(testRedisUrl());
afterAll(async () => {
  await queue.close();
  otherProcessRedis.disconnect();
  await context.close();
  await analysisWorker.close();
});

const db = database.db;
let adminId = '';

beforeAll(async () => {
  const admin = await db
    .insertInto('users')
    .values({ username: SUPER_ADMIN.username, full_name: 'Root Admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  adminId = admin.id;
  await db.insertInto('user_roles').values({ user_id: adminId, role: 'SUPER_ADMIN' }).execute();
  await seedDemo(context);
}, 120_000);

/** Another scheduler over the same database and Redis, as another worker process would have one. */
function otherScheduler(overrides: { SUPER_ADMIN_USERNAME?: string | undefined } = {}): TieredPipelineScheduler {
  return new TieredPipelineScheduler(context.get(SchedulerRepository), pipelines, otherProcessRedis, {
    CACHE_KEY_PREFIX: prefix,
    SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
    ...overrides,
  });
}

/** Runs `work` with every log line of it captured (getLogger follows the async context). */
async function captureLogs<T>(work: () => Promise<T>): Promise<{ result: T; lines: Array<Record<string, any>> }> {
  const lines: Array<Record<string, any>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const result = await runWithLogger(logger, work);
  return { result, lines };
}

async function semesterId(campus: string, code: string): Promise<string> {
  const row = await db
    .selectFrom('semesters as s')
    .innerJoin('campuses as c', 'c.id', 's.campus_id')
    .select('s.id')
    .where('c.code', '=', campus)
    .where('s.code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The scope ids of a tier with submissions in a semester, computed here independently of the scheduler. */
async function scopesWithSubmissions(tier: ScopeType, semester: string): Promise<string[]> {
  const column = { FACULTY: 'faculty_id', DEPARTMENT: 'department_id', CAMPUS: 'campus_id' } as const;
  const rows = await db
    .selectFrom('submissions')
    .select(`${column[tier]} as id`)
    .distinct()
    .where('semester_id', '=', semester)
    .execute();
  return rows.map((row) => row.id as string).sort();
}

function schedulerPipelines(tier: ScopeType, semester: string) {
  return db
    .selectFrom('analysis_pipelines')
    .selectAll()
    .where('scope_type', '=', tier)
    .where('semester_id', '=', semester)
    .where('trigger', '=', 'SCHEDULER')
    .orderBy('created_at')
    .execute();
}

/** What a pipeline that ran to the end leaves in the row the scheduler reads. */
async function markCompleted(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('analysis_pipelines')
    .set({ status: 'COMPLETED', completed_at: new Date() })
    .where('id', 'in', ids)
    .execute();
}

/** A new submission for the faculty member, by a respondent who has not answered yet (a copy of one of theirs). */
async function newSubmissionFor(facultyId: string, semester: string): Promise<void> {
  const respondent = await db
    .insertInto('users')
    .values({ username: `late.respondent.${Date.now()}`, full_name: 'Late Respondent' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO submissions (version_id, questionnaire_id, questionnaire_type_code, respondent_id, faculty_id,
      course_id, semester_id, campus_id, department_id, program_id, qualitative_comment, cleaned_comment,
      normalized_score, campus_code_snapshot, campus_name_snapshot, department_code_snapshot,
      department_name_snapshot, program_code_snapshot, program_name_snapshot, course_shortname_snapshot,
      course_fullname_snapshot, faculty_username_snapshot, faculty_name_snapshot, semester_code_snapshot,
      semester_label_snapshot, academic_year_snapshot)
    SELECT version_id, questionnaire_id, questionnaire_type_code, ${respondent.id}, faculty_id, course_id,
      semester_id, campus_id, department_id, program_id, qualitative_comment, cleaned_comment, normalized_score,
      campus_code_snapshot, campus_name_snapshot, department_code_snapshot, department_name_snapshot,
      program_code_snapshot, program_name_snapshot, course_shortname_snapshot, course_fullname_snapshot,
      faculty_username_snapshot, faculty_name_snapshot, semester_code_snapshot, semester_label_snapshot,
      academic_year_snapshot
    FROM submissions WHERE faculty_id = ${facultyId} AND semester_id = ${semester} LIMIT 1
  `.execute(db);
}

const COVERAGE_WARNINGS = ['low_response_rate', 'insufficient_submissions', 'insufficient_comments'];

describe('the tiers and their crons', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the spec's cron expression and name per tier, and answers nextScheduledRunAt for a fixed now", () => {
    expect(SCHEDULER_TIERS).toEqual({
      FACULTY: { cron: '0 1 * * 0', name: 'TieredPipelineSchedulerJob.RunFacultyTier' },
      DEPARTMENT: { cron: '0 2 * * 0', name: 'TieredPipelineSchedulerJob.RunDepartmentTier' },
      CAMPUS: { cron: '0 3 * * 0', name: 'TieredPipelineSchedulerJob.RunCampusTier' },
    });
    // Wednesday 2025-10-01 12:00 in Manila: the tiers fire on Sunday 2025-10-05 at 01:00, 02:00 and 03:00 there.
    expect(nextScheduledRunAt('FACULTY', IN_S12526)).toBe('2025-10-04T17:00:00.000Z');
    expect(nextScheduledRunAt('DEPARTMENT', IN_S12526)).toBe('2025-10-04T18:00:00.000Z');
    expect(nextScheduledRunAt('CAMPUS', IN_S12526)).toBe('2025-10-04T19:00:00.000Z');
  });

  it('registers one live croner job per tier with SCHEDULER_ENABLED, and none without', async () => {
    const names: string[] = Object.values(SCHEDULER_TIERS).map((tier) => tier.name);
    const disabled = new TierSchedule(scheduler, { SCHEDULER_ENABLED: false });
    disabled.onApplicationBootstrap();
    expect(scheduledJobs.filter((job) => names.includes(job.name ?? ''))).toHaveLength(0);

    const schedule = new TierSchedule(scheduler, { SCHEDULER_ENABLED: true });
    schedule.onApplicationBootstrap();
    try {
      for (const [tier, { cron, name }] of Object.entries(SCHEDULER_TIERS)) {
        const job = scheduledJobs.find((candidate) => candidate.name === name);
        expect(job?.getPattern(), name).toBe(cron);
        expect(nextScheduledRunAt(tier as ScopeType, IN_S12526)).toBe(job?.nextRun(IN_S12526)?.toISOString());
      }
      // The status answer reads the registered job: a job registered in its place is what it answers from.
      const moved = new Cron('0 5 * * 1', { timezone: 'UTC', paused: true });
      registerTierJob('CAMPUS', moved);
      expect(nextScheduledRunAt('CAMPUS', IN_S12526)).toBe('2025-10-06T05:00:00.000Z');
      unregisterTierJob('CAMPUS', moved);
    } finally {
      await schedule.onApplicationShutdown();
    }
    expect(scheduledJobs.filter((job) => names.includes(job.name ?? ''))).toHaveLength(0);
  });

  it('fires each tier at its time on a fake clock; a tier still running skips its next firing, the others do not wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Saturday 16:59 UTC is Sunday 00:59 in Manila.
    vi.setSystemTime(new Date('2025-10-04T16:59:00Z'));
    const fired: Array<{ tier: ScopeType; at: string }> = [];
    const firings: string[] = [];
    let releaseFaculty: () => void = () => undefined;
    const stub = {
      runTier: (tier: ScopeType, options: { firing?: Date }) => {
        fired.push({ tier, at: new Date().toISOString() });
        firings.push(`${tier}@${options.firing?.toISOString()}`);
        // The first faculty run lasts more than a week; every other run ends at once.
        if (tier === 'FACULTY' && fired.filter((run) => run.tier === 'FACULTY').length === 1)
          return new Promise<TierRunReport>((resolve) => (releaseFaculty = () => resolve({} as TierRunReport)));
        return Promise.resolve({} as TierRunReport);
      },
    } as unknown as TieredPipelineScheduler;
    const schedule = new TierSchedule(stub, { SCHEDULER_ENABLED: true });
    schedule.onApplicationBootstrap();
    try {
      await vi.advanceTimersByTimeAsync(90_000);
      expect(fired).toEqual([{ tier: 'FACULTY', at: '2025-10-04T17:00:00.000Z' }]);
      await vi.advanceTimersByTimeAsync(2 * 3600_000);
      expect(fired.map((run) => `${run.tier}@${run.at}`)).toEqual([
        'FACULTY@2025-10-04T17:00:00.000Z',
        'DEPARTMENT@2025-10-04T18:00:00.000Z',
        'CAMPUS@2025-10-04T19:00:00.000Z',
      ]);
      // Each run names its firing: the tier's scheduled time, which every process firing for it names alike.
      expect(firings).toEqual(fired.map((run) => `${run.tier}@${run.at}`));

      // A week later: the faculty tier's previous run is still going, so its firing is skipped; the department
      // and campus tiers fire as usual.
      vi.setSystemTime(new Date('2025-10-11T16:59:30Z'));
      await vi.advanceTimersByTimeAsync(3 * 3600_000);
      expect(fired.slice(3).map((run) => `${run.tier}@${run.at.slice(0, 16)}`)).toEqual([
        'DEPARTMENT@2025-10-11T18:00',
        'CAMPUS@2025-10-11T19:00',
      ]);

      // Once that run ends, the next Sunday's firing runs.
      releaseFaculty();
      vi.setSystemTime(new Date('2025-10-18T16:59:30Z'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fired.at(-1)).toMatchObject({ tier: 'FACULTY' });
      expect(fired.at(-1)?.at.slice(0, 16)).toBe('2025-10-18T17:00');
    } finally {
      await schedule.onApplicationShutdown();
    }
  });
});

describe('shutdown', () => {
  it('tells a run in progress to stop after its current scope, and waits for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2025-10-04T16:59:00Z'));
    const signals: AbortSignal[] = [];
    let ended = false;
    const stub = {
      runTier: (_tier: ScopeType, options: { signal: AbortSignal }) => {
        signals.push(options.signal);
        return new Promise((resolve) =>
          options.signal.addEventListener('abort', () => {
            ended = true;
            resolve({});
          }),
        );
      },
    } as unknown as TieredPipelineScheduler;
    const schedule = new TierSchedule(stub, { SCHEDULER_ENABLED: true });
    schedule.onApplicationBootstrap();
    try {
      await vi.advanceTimersByTimeAsync(90_000);
      expect(signals).toHaveLength(1);
      expect(signals[0]?.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
      await schedule.onApplicationShutdown();
    }
    expect(signals[0]?.aborted).toBe(true);
    expect(ended).toBe(true);
  });

  it('a run whose signal is aborted stops before the next scope and reports it', async () => {
    const report = await scheduler.runTier('FACULTY', { now: IN_S12526, signal: AbortSignal.abort() });
    expect(report).toMatchObject({ outcome: 'interrupted', created: 0, skipped: 0, failed: 0 });
    expect(report.problem).toMatch(/the process is stopping/);
    expect(report.scopes).toBeGreaterThan(0);
  });
});

describe('active scopes: the current semester of each campus', () => {
  it('is the semester containing today in Manila, else the most recent one that has started', async () => {
    const repository = context.get(SchedulerRepository);
    const [mainS22425, mainS12526, northS12526] = await Promise.all([
      semesterId('MAIN', 'S22425'),
      semesterId('MAIN', 'S12526'),
      semesterId('NORTH', 'S12526'),
    ]);
    const semestersOn = async (day: string) =>
      [...new Set((await repository.activeScopes('FACULTY', day)).map((scope) => scope.semesterId))].sort();
    expect(await semestersOn('2025-03-01')).toEqual([mainS22425]);
    // Between the two: the one that ended (S22425) is still the most recent to have started.
    expect(await semestersOn('2025-07-01')).toEqual([mainS22425]);
    expect(await semestersOn('2025-10-01')).toEqual([mainS12526]);
    expect(await semestersOn('2026-11-23')).toEqual([mainS12526]);
    expect(await semestersOn('2024-06-01')).toEqual([]);
    // NORTH S12526 is current there too, but it has no submissions: no scope of it is active.
    expect((await repository.activeScopes('CAMPUS', '2025-10-01')).map((scope) => scope.semesterId)).not.toContain(
      northS12526,
    );
    // 2025-07-31 17:00 UTC is already 2025-08-01 in Manila: S12526 has begun.
    expect(schedulerToday(new Date('2025-07-31T17:00:00Z'))).toBe('2025-08-01');
  });
});

describe('a tier run', () => {
  it('creates and confirms a SCHEDULER pipeline per active scope, attributed to the super admin', async () => {
    const semester = await semesterId('MAIN', 'S12526');
    const expected = await scopesWithSubmissions('FACULTY', semester);
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const { result: report, lines } = await captureLogs(() => scheduler.runTier('FACULTY', { now: IN_S12526 }));
    expect(report).toMatchObject({
      tier: 'FACULTY',
      job: 'TieredPipelineSchedulerJob.RunFacultyTier',
      outcome: 'completed',
      scopes: expected.length,
      created: expected.length,
      skipped: 0,
      failed: 0,
    });
    const summary = lines.filter((line) => line.msg === 'tier run finished');
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatchObject({ tier: 'FACULTY', created: expected.length, skipped: 0, failed: 0 });

    const created = await schedulerPipelines('FACULTY', semester);
    expect(created.map((pipeline) => pipeline.scope_id).sort()).toEqual(expected);
    for (const pipeline of created) {
      expect(pipeline).toMatchObject({ trigger: 'SCHEDULER', created_by: adminId, status: 'SENTIMENT_ANALYSIS' });
      expect(pipeline.confirmed_at).not.toBeNull();
      const job = await queue.getJob(stageJobId(pipeline.id, PipelineJob.SENTIMENT, 1));
      expect(job?.data, 'the sentiment job is enqueued').toEqual({ pipelineId: pipeline.id, attempt: 1 });
    }
    // Only the current semester's scopes: nothing for S22425.
    expect(await schedulerPipelines('FACULTY', await semesterId('MAIN', 'S22425'))).toHaveLength(0);
  });

  it("stores 'insufficient_coverage_at_schedule_time' on a pipeline that lacks coverage, and still confirms it", async () => {
    const semester = await semesterId('MAIN', 'S12526');
    const created = await schedulerPipelines('FACULTY', semester);
    const lacking = created.filter((pipeline) => pipeline.warnings.some((w) => COVERAGE_WARNINGS.includes(w)));
    expect(lacking.length, 'the demo has faculty members under 30 submissions').toBeGreaterThan(0);
    for (const pipeline of created) {
      expect(pipeline.warnings.includes('insufficient_coverage_at_schedule_time'), pipeline.scope_id).toBe(
        lacking.includes(pipeline),
      );
    }
    for (const pipeline of lacking) expect(pipeline.status).toBe('SENTIMENT_ANALYSIS');
    // Through the API's view too: the warning, the trigger and the attribution.
    const admin = { id: adminId, roles: ['SUPER_ADMIN'] as const };
    const view = await pipelines.status(admin, (lacking[0] as { id: string }).id);
    expect(view).toMatchObject({ trigger: 'SCHEDULER', createdBy: adminId });
    expect(view.warnings).toContain('insufficient_coverage_at_schedule_time');
  });

  it('runs such a pipeline to COMPLETED, with its warning kept', async () => {
    const semester = await semesterId('MAIN', 'S12526');
    const admin = { id: adminId, roles: ['SUPER_ADMIN'] as const };
    const created = await schedulerPipelines('FACULTY', semester);
    const target = created.find((pipeline) => pipeline.warnings.includes('insufficient_coverage_at_schedule_time'));
    expect(target).toBeDefined();
    // Only this one runs: the others are cancelled (the next test writes their completion directly).
    for (const pipeline of created) if (pipeline.id !== target?.id) await pipelines.cancel(admin, pipeline.id);

    const worker = await startJobWorker(settings);
    try {
      const deadline = Date.now() + 60_000;
      let status = '';
      while (Date.now() < deadline && !['COMPLETED', 'FAILED'].includes(status)) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await pipelines.status(admin, target?.id as string)).status;
      }
    } finally {
      await worker.close();
    }
    const done = await pipelines.status(admin, target?.id as string);
    expect(done.errorMessage).toBeNull();
    expect(done).toMatchObject({ status: 'COMPLETED', trigger: 'SCHEDULER', createdBy: adminId });
    expect(done.warnings).toContain('insufficient_coverage_at_schedule_time');
  }, 90_000);

  it('skips every scope whose last completed pipeline saw all its submissions', async () => {
    const semester = await semesterId('MAIN', 'S12526');
    const before = await schedulerPipelines('FACULTY', semester);
    await markCompleted(before.map((pipeline) => pipeline.id));

    const report = await scheduler.runTier('FACULTY', { now: IN_S12526 });
    expect(report).toMatchObject({ outcome: 'completed', scopes: before.length, created: 0, failed: 0 });
    expect(report.skipped).toBe(before.length);
    expect(report.alreadyActive).toBe(0);
    expect(await schedulerPipelines('FACULTY', semester)).toHaveLength(before.length);
  });

  it('creates a pipeline again for the one scope with a submission since its last completed pipeline', async () => {
    const semester = await semesterId('MAIN', 'S12526');
    const [faculty, ...others] = await scopesWithSubmissions('FACULTY', semester);
    await newSubmissionFor(faculty as string, semester);

    const report = await scheduler.runTier('FACULTY', { now: IN_S12526 });
    expect(report).toMatchObject({ outcome: 'completed', created: 1, skipped: others.length, failed: 0 });
    const latest = (await schedulerPipelines('FACULTY', semester)).at(-1);
    expect(latest).toMatchObject({ scope_id: faculty, status: 'SENTIMENT_ANALYSIS', created_by: adminId });
  });

  it('leaves alone an active pipeline that holds the scope (a running one, or a user awaiting confirmation)', async () => {
    const semester = await semesterId('MAIN', 'S12526');
    const [faculty] = await scopesWithSubmissions('FACULTY', semester);
    // The faculty member's pipeline of the previous test is still running; another submission arrives.
    await newSubmissionFor(faculty as string, semester);
    const facultyReport = await scheduler.runTier('FACULTY', { now: IN_S12526 });
    expect(facultyReport).toMatchObject({ created: 0, alreadyActive: 1, failed: 0 });

    // A user created a department pipeline and has not confirmed it yet: the department tier does not confirm it.
    const [department, ...otherDepartments] = await scopesWithSubmissions('DEPARTMENT', semester);
    const admin = { id: adminId, roles: ['SUPER_ADMIN'] as const };
    const mine = await pipelines.create(admin, { semesterId: semester, scopeType: 'DEPARTMENT', scopeId: department });
    expect(mine.pipeline.status).toBe('AWAITING_CONFIRMATION');
    const departmentReport = await scheduler.runTier('DEPARTMENT', { now: IN_S12526 });
    expect(departmentReport).toMatchObject({
      outcome: 'completed',
      created: otherDepartments.length,
      skipped: 1,
      alreadyActive: 1,
      failed: 0,
    });
    expect((await pipelines.status(admin, mine.pipeline.id)).status).toBe('AWAITING_CONFIRMATION');
  });

  it('without SUPER_ADMIN_USERNAME, or with a user who is not an active super admin: an error log, nothing enqueued', async () => {
    const countPipelines = async () =>
      Number(
        (
          await db
            .selectFrom('analysis_pipelines')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const jobs = async () => Object.values(await queue.getJobCounts()).reduce((sum, n) => sum + n, 0);
    const pipelinesBefore = await countPipelines();
    const jobsBefore = await jobs();

    for (const [username, problem] of [
      [undefined, /SUPER_ADMIN_USERNAME is not set/],
      ['nobody.here', /no active user 'nobody.here'/],
      ['dean.ccs', /'dean.ccs' \(SUPER_ADMIN_USERNAME\) is not a super admin/],
    ] as const) {
      const { result: report, lines } = await captureLogs(() =>
        otherScheduler({ SUPER_ADMIN_USERNAME: username }).runTier('CAMPUS', { now: IN_S12526 }),
      );
      expect(report, String(username)).toMatchObject({ outcome: 'no-attribution', created: 0, skipped: 0, failed: 0 });
      const errors = lines.filter((line) => line.level === 50);
      expect(errors, String(username)).toHaveLength(1);
      expect(errors[0]?.msg).toMatch(problem);
      expect(errors[0]?.msg).toMatch(/nothing enqueued/);
    }
    expect(await countPipelines()).toBe(pipelinesBefore);
    expect(await jobs()).toBe(jobsBefore);
  });
});

describe('no overlap', () => {
  it('two schedulers sharing Redis fire the same tier at once: one runs, the other skips; other tiers run alongside', async () => {
    const semester = await semesterId('MAIN', 'S12526');
    const campuses = await scopesWithSubmissions('CAMPUS', semester);
    const [first, second, department] = await Promise.all([
      scheduler.runTier('CAMPUS', { now: IN_S12526 }),
      otherScheduler().runTier('CAMPUS', { now: IN_S12526 }),
      otherScheduler().runTier('DEPARTMENT', { now: IN_S12526 }),
    ]);
    expect([first.outcome, second.outcome].sort()).toEqual(['completed', 'overlapping']);
    const ran = first.outcome === 'completed' ? first : second;
    const skipped = first.outcome === 'completed' ? second : first;
    expect(ran).toMatchObject({ scopes: campuses.length, created: campuses.length });
    expect(skipped).toMatchObject({ scopes: 0, created: 0, skipped: 0, failed: 0 });
    // The department tier took its own lock: it ran to the end (its scopes are all held by active pipelines).
    expect(department.outcome).toBe('completed');
    expect(await schedulerPipelines('CAMPUS', semester)).toHaveLength(campuses.length);

    // The lock is released at the end of a run: the next firing runs (and finds the campus pipeline active).
    expect(await otherScheduler().runTier('CAMPUS', { now: IN_S12526 })).toMatchObject({
      outcome: 'completed',
      alreadyActive: campuses.length,
    });
  });

  it('a lock another process holds makes the tier skip until it is released or expires', async () => {
    const lock = `${prefix}scheduler:FACULTY:lock`;
    await otherProcessRedis.set(lock, 'another-process', 'PX', 60_000);
    expect((await scheduler.runTier('FACULTY', { now: IN_S12526 })).outcome).toBe('overlapping');
    // The other process's lock is not ours to free: the skipped run left it in place.
    expect(await otherProcessRedis.get(lock)).toBe('another-process');
    await otherProcessRedis.del(lock);
    expect((await scheduler.runTier('FACULTY', { now: IN_S12526 })).outcome).toBe('completed');
  });

  it('runs a firing once: a process whose cron fires for the same Sunday after the first run ended does nothing', async () => {
    const semester = await semesterId('MAIN', 'S12526');
    const [faculty] = await scopesWithSubmissions('FACULTY', semester);
    await markCompleted((await schedulerPipelines('FACULTY', semester)).map((pipeline) => pipeline.id));
    await newSubmissionFor(faculty as string, semester);
    // Sunday 2025-09-28 01:00 in Manila, as tierFiring names it however late a process's timer ran.
    const firing = tierFiring('FACULTY', new Date('2025-09-27T17:00:03.500Z')) as Date;
    expect(firing.toISOString()).toBe('2025-09-27T17:00:00.000Z');

    const first = await scheduler.runTier('FACULTY', { now: IN_S12526, firing });
    expect(first).toMatchObject({ outcome: 'completed', created: 1, firing: '2025-09-27T17:00:00.000Z' });
    // Its pipeline failed at once (as a scope without a comment to analyse does): the scope is due again, and the
    // tier lock is free again.
    await db
      .updateTable('analysis_pipelines')
      .set({ status: 'FAILED', completed_at: new Date() })
      .where('id', 'in', first.pipelineIds)
      .execute();
    const count = async () => (await schedulerPipelines('FACULTY', semester)).length;
    const before = await count();

    // Another process, its clock 3 s behind, fires for the same Sunday: the firing is claimed, it does nothing.
    const { result: late, lines } = await captureLogs(() =>
      otherScheduler().runTier('FACULTY', { now: IN_S12526, firing }),
    );
    expect(late).toMatchObject({ outcome: 'already-run', scopes: 0, created: 0, failed: 0 });
    expect(lines.some((line) => line.msg === 'tier run skipped: this firing has already been run')).toBe(true);
    expect(await count()).toBe(before);
    expect(await otherProcessRedis.pttl(`${prefix}scheduler:FACULTY:fired:2025-09-27T17:00:00.000Z`)).toBeGreaterThan(
      23 * 3600_000,
    );

    // The next Sunday's firing runs, and so does a run asked for by hand (no firing).
    const nextWeek = new Date(firing.getTime() + 7 * 24 * 3600_000);
    expect(await otherScheduler().runTier('FACULTY', { now: IN_S12526, firing: nextWeek })).toMatchObject({
      outcome: 'completed',
      created: 1,
    });
    expect((await scheduler.runTier('FACULTY', { now: IN_S12526 })).outcome).toBe('completed');
  });
});

describe('npm run cli -- schedule run <tier>', () => {
  it('fires a tier now and prints its counts', async () => {
    // No job worker consumes here: the pipelines stay running, so the command does not wait for them.
    const result = await runEntryPoint('cli', ['schedule', 'run', 'department', '--wait', '0'], environment, {
      timeoutMs: 30_000,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as TierRunReport;
    expect(report).toMatchObject({ tier: 'DEPARTMENT', outcome: 'completed', failed: 0 });
    expect(report.scopes).toBe(report.created + report.skipped);
  });

  it('answers an unknown tier with the usage and exit code 2', async () => {
    const result = await runEntryPoint('cli', ['schedule', 'run', 'college'], environment);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: schedule: unknown tier 'college' \(expected: faculty, department or campus\)/,
    );
  });

  it('exits 2 naming the setting when SUPER_ADMIN_USERNAME is unset', async () => {
    const { SUPER_ADMIN_USERNAME: _unset, ...withoutUser } = environment;
    const result = await runEntryPoint('cli', ['schedule', 'run', 'campus'], withoutUser);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/SUPER_ADMIN_USERNAME: required by schedule run/);
    expect(result.stdout).toBe('');
  });

  it('exits 1 naming the problem when the attribution user is missing', async () => {
    const result = await runEntryPoint('cli', ['schedule', 'run', 'campus'], {
      ...environment,
      SUPER_ADMIN_USERNAME: 'nobody.here',
    });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ outcome: 'no-attribution', created: 0 });
    expect(result.stderr).toMatch(/no active user 'nobody.here'/);
  });
});

import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SETTINGS } from '../../../common/core/tokens.js';
import { getLogger } from '../../../common/logging/logger.js';
import type { ScopeType } from '../../../db/schema.js';
import type { Caller } from '../pipeline-access.js';
import { PipelinesService } from '../pipelines.service.js';
import { SchedulerRepository, type ScheduledScope } from './scheduler.repository.js';
import { TierLock } from './tier-lock.js';
import { SCHEDULER_TIERS, SCHEDULER_TIME_ZONE } from './tiers.js';

/**
 * How long a tier's lock lives without renewal. A run renews it every third of this while it lasts, so a long run
 * keeps it; a run whose process died frees it after this.
 */
export const TIER_LOCK_TTL_MS = 10 * 60_000;

/**
 * How long the claim of a firing lives (`firing` of runTier): far longer than any two processes' crons can be apart
 * for one firing (clocks seconds apart, a timer late behind a busy event loop), far shorter than a week between
 * firings of a tier.
 */
export const FIRING_CLAIM_TTL_MS = 24 * 60 * 60_000;

/**
 * How a tier run ended: `completed` (every active scope was looked at), `overlapping` (another run of the tier
 * holds its lock: this one did nothing), `no-attribution` (SUPER_ADMIN_USERNAME unset or not an active super
 * admin: nothing enqueued), `interrupted` (the process is stopping, or the lock was lost midway; the scopes not
 * yet looked at wait for the next run), `failed` (an unexpected error, e.g. PostgreSQL unreachable, ended it; runTier throws it),
 * `already-run` (another process, or this one, has claimed the same firing: this one did nothing).
 */
export type TierRunOutcome = 'completed' | 'overlapping' | 'no-attribution' | 'interrupted' | 'failed' | 'already-run';

export interface TierRunReport {
  tier: ScopeType;
  job: string;
  /** The cron firing the run belongs to (ISO 8601 UTC); absent for a run asked for by hand (`schedule run`). */
  firing?: string;
  outcome: TierRunOutcome;
  /** Active scopes of the tier (see SchedulerRepository.activeScopes). */
  scopes: number;
  /** Pipelines created and confirmed. */
  created: number;
  /** Scopes without new submissions, plus scopes an active pipeline already holds. */
  skipped: number;
  /** Of `skipped`: the scopes an active pipeline already holds. */
  alreadyActive: number;
  /** Scopes whose create or confirm threw, or whose confirm failed the pipeline (no sentiment worker). */
  failed: number;
  durationMs: number;
  /** Why the run ended early (outcomes other than `completed`). */
  problem?: string;
  /**
   * Every pipeline the run confirmed, running or FAILED at confirm: what `schedule run` waits for and reports.
   * Not logged (the per-scope lines name them).
   */
  pipelineIds: string[];
  /** The scopes whose create or confirm threw, and why (the other part of `failed`). Not logged either. */
  scopeErrors: Array<{ semesterId: string; semesterCode: string; scopeId: string; message: string }>;
}

/** Today's date (YYYY-MM-DD) where the university is: semesters are calendar dates there. */
export function schedulerToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SCHEDULER_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * One run of a tier (spec, "Tiered scheduler"): for every active scope of the tier, skip it when no submission
 * was created since its last completed pipeline, else create and confirm a pipeline with trigger SCHEDULER,
 * attributed to the super admin named by SUPER_ADMIN_USERNAME. A tier never overlaps itself, across every worker
 * process (a Redis lock per tier); tiers are independent (a lock each). A firing of a tier's cron runs once across
 * every process that schedules it: the first to claim it (a Redis key per tier and firing, kept after the run) runs
 * it, and a process whose cron fires for the same Sunday later (its clock behind, its timer late) finds it claimed,
 * where the tier lock alone, free again once the first run ended, let it run the tier a second time (outside audit
 * R: a scope whose pipeline fails at once got a second scheduled pipeline from one firing). The crons live in
 * TierSchedule; the CLI (`schedule run <tier>`) calls runTier directly, outside any firing.
 */
@Injectable()
export class TieredPipelineScheduler {
  constructor(
    @Inject(SchedulerRepository) private readonly repository: SchedulerRepository,
    @Inject(PipelinesService) private readonly pipelines: PipelinesService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SETTINGS) private readonly settings: { CACHE_KEY_PREFIX: string; SUPER_ADMIN_USERNAME?: string },
  ) {}

  /**
   * `now`: the clock of the run (which semester is current). `signal`: aborted when the process stops; the run
   * ends after the scope it is on (`interrupted`), and the next run picks up the rest. `firing`: the cron firing the
   * run belongs to (tierFiring); a firing already claimed is not run again (`already-run`). The claim stays when the
   * run ends, however it ends: the scopes a run did not reach wait for the next firing, or for `schedule run`.
   */
  async runTier(
    tier: ScopeType,
    options: { now?: Date; signal?: AbortSignal; firing?: Date } = {},
  ): Promise<TierRunReport> {
    const now = options.now ?? new Date();
    const started = performance.now();
    const report: TierRunReport = {
      tier,
      job: SCHEDULER_TIERS[tier].name,
      outcome: 'completed',
      scopes: 0,
      created: 0,
      skipped: 0,
      alreadyActive: 0,
      failed: 0,
      durationMs: 0,
      pipelineIds: [],
      scopeErrors: [],
    };
    if (options.firing !== undefined) report.firing = options.firing.toISOString();
    // The run's lines carry `tier` and `job` through the report itself.
    const logger = getLogger('scheduler');
    const finish = (outcome: TierRunOutcome) => {
      report.outcome = outcome;
      report.durationMs = Math.round(performance.now() - started);
      return report;
    };

    if (report.firing !== undefined) {
      const claimed = await this.redis.set(
        this.firingKey(tier, report.firing),
        String(process.pid),
        'PX',
        FIRING_CLAIM_TTL_MS,
        'NX',
      );
      if (claimed !== 'OK') {
        report.problem = 'this firing has already been run';
        logger.info(finish('already-run'), 'tier run skipped: this firing has already been run');
        return report;
      }
    }
    const lock = await TierLock.acquire(this.redis, this.lockKey(tier), TIER_LOCK_TTL_MS);
    if (!lock) {
      report.problem = 'its previous run is still in progress';
      logger.info(finish('overlapping'), 'tier run skipped: its previous run is still in progress');
      return report;
    }
    try {
      const attribution = await this.attribution();
      if ('problem' in attribution) {
        report.problem = attribution.problem;
        return finish('no-attribution');
      }
      const scopes = await this.repository.activeScopes(tier, schedulerToday(now));
      report.scopes = scopes.length;
      for (const scope of scopes) {
        if (!lock.held || options.signal?.aborted) {
          report.problem = `${lock.held ? 'the process is stopping' : 'the tier lock was lost'}; the remaining scopes wait for the next run`;
          return finish('interrupted');
        }
        await this.schedule(tier, scope, attribution.caller, report);
      }
      return finish('completed');
    } catch (error) {
      report.problem = error instanceof Error ? error.message : String(error);
      finish('failed');
      throw error;
    } finally {
      await lock.release();
      // A faculty tier confirms hundreds of pipelines: the lists would make one line of tens of kilobytes.
      const { pipelineIds: _pipelineIds, scopeErrors: _scopeErrors, ...counts } = report;
      if (report.outcome === 'completed') logger.info(counts, 'tier run finished');
      else if (report.outcome === 'interrupted') logger.warn(counts, `tier run ended early: ${report.problem}`);
      else logger.error(counts, `tier run ended early: ${report.problem}`);
    }
  }

  private lockKey(tier: ScopeType): string {
    return `${this.settings.CACHE_KEY_PREFIX}scheduler:${tier}:lock`;
  }

  private firingKey(tier: ScopeType, firing: string): string {
    return `${this.settings.CACHE_KEY_PREFIX}scheduler:${tier}:fired:${firing}`;
  }

  /** The caller scheduled pipelines are created as (spec, Authentication 4), or why there is none. */
  private async attribution(): Promise<{ caller: Caller } | { problem: string }> {
    const username = this.settings.SUPER_ADMIN_USERNAME;
    if (!username) return { problem: 'SUPER_ADMIN_USERNAME is not set; nothing enqueued' };
    const user = await this.repository.activeUser(username);
    if (!user) return { problem: `no active user '${username}' (SUPER_ADMIN_USERNAME); nothing enqueued` };
    if (!user.roles.includes('SUPER_ADMIN'))
      return { problem: `'${username}' (SUPER_ADMIN_USERNAME) is not a super admin; nothing enqueued` };
    return { caller: { id: user.id, roles: user.roles } };
  }

  /** One scope: skip, or create and confirm its pipeline. A failure is counted and logged; the run goes on. */
  private async schedule(tier: ScopeType, scope: ScheduledScope, caller: Caller, report: TierRunReport) {
    const logger = getLogger('scheduler').child({ tier, semesterId: scope.semesterId, scopeId: scope.scopeId });
    if (!scope.hasNewSubmissions) {
      report.skipped += 1;
      logger.debug({ lastCompletedPipelineId: scope.lastCompletedPipelineId }, 'no new submissions; skipped');
      return;
    }
    try {
      const { pipeline, created } = await this.pipelines.create(
        caller,
        { semesterId: scope.semesterId, scopeType: tier, scopeId: scope.scopeId },
        'SCHEDULER',
      );
      // A scheduler pipeline left awaiting confirmation (its run stopped between create and confirm) is confirmed
      // now; any other active pipeline holding the scope, a user's or a running one, is left alone.
      const ours = pipeline.trigger === 'SCHEDULER' && pipeline.status === 'AWAITING_CONFIRMATION';
      if (!created && !ours) {
        report.skipped += 1;
        report.alreadyActive += 1;
        logger.debug({ pipelineId: pipeline.id, status: pipeline.status }, 'an active pipeline holds the scope');
        return;
      }
      const confirmed = await this.pipelines.confirm(caller, pipeline.id);
      report.pipelineIds.push(pipeline.id);
      if (confirmed.status === 'FAILED') {
        report.failed += 1;
        logger.warn({ pipelineId: pipeline.id, errorMessage: confirmed.errorMessage }, 'scheduled pipeline failed');
        return;
      }
      report.created += 1;
      logger.info(
        { pipelineId: pipeline.id, status: confirmed.status, warnings: confirmed.warnings },
        'scheduled pipeline started',
      );
    } catch (error) {
      report.failed += 1;
      report.scopeErrors.push({
        semesterId: scope.semesterId,
        semesterCode: scope.semesterCode,
        scopeId: scope.scopeId,
        message: error instanceof Error ? error.message : String(error),
      });
      logger.warn({ err: error }, 'could not schedule a pipeline for the scope');
    }
  }
}

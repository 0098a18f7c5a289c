import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Cron, scheduledJobs } from 'croner';
import { SETTINGS } from '../../../common/core/tokens.js';
import { getLogger } from '../../../common/logging/logger.js';
import type { ScopeType } from '../../../db/schema.js';
import { TieredPipelineScheduler } from './tiered-pipeline-scheduler.js';
import { registerTierJob, SCHEDULER_TIERS, SCHEDULER_TIME_ZONE, tierFiring, unregisterTierJob } from './tiers.js';

/**
 * The crons of the tiered scheduler, in the job-worker process with SCHEDULER_ENABLED: one croner job per tier,
 * with the spec's expression and name, each registered so status answers read nextScheduledRunAt from the live
 * job. `protect` keeps a tier from starting while its previous run in this process is still going; the tier's
 * Redis lock does the same across processes, and each run names its firing, which runs once across them. A failed run is logged; the next firing runs as usual. At shutdown
 * a run in progress is told to stop after its current scope, and awaited.
 */
@Injectable()
export class TierSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs = new Map<ScopeType, Cron>();
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    @Inject(TieredPipelineScheduler) private readonly scheduler: TieredPipelineScheduler,
    @Inject(SETTINGS) private readonly settings: { SCHEDULER_ENABLED?: boolean },
  ) {}

  onApplicationBootstrap(): void {
    if (!this.settings.SCHEDULER_ENABLED) return;
    const logger = getLogger('scheduler');
    for (const tier of Object.keys(SCHEDULER_TIERS) as ScopeType[]) {
      const { cron, name } = SCHEDULER_TIERS[tier];
      // croner names are unique per process: a second composition in this process (a test, say) leaves the tier
      // to the first, whose runs take the same lock anyway.
      if (scheduledJobs.some((job) => job.name === name)) {
        logger.warn({ tier, job: name }, 'the tier is already scheduled in this process');
        continue;
      }
      const job = new Cron(
        cron,
        {
          name,
          timezone: SCHEDULER_TIME_ZONE,
          protect: (blocked) => logger.info({ tier, job: blocked.name }, 'tier firing skipped: its run is going'),
          catch: (error) => logger.error({ tier, job: name, err: error }, 'tier run failed'),
        },
        async () => {
          const firing = tierFiring(tier) ?? undefined;
          const run = this.scheduler.runTier(tier, { signal: this.stopping.signal, firing });
          this.running.add(run);
          try {
            await run;
          } finally {
            this.running.delete(run);
          }
        },
      );
      this.jobs.set(tier, job);
      registerTierJob(tier, job);
    }
    logger.info(
      Object.fromEntries([...this.jobs].map(([tier, job]) => [tier, job.nextRun()?.toISOString() ?? null])),
      'tiered scheduler running; next runs',
    );
  }

  /** Stops the crons; a run in progress ends after its current scope (before the database closes). */
  async onApplicationShutdown(): Promise<void> {
    for (const [tier, job] of this.jobs) {
      job.stop();
      unregisterTierJob(tier, job);
    }
    this.jobs.clear();
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }
}

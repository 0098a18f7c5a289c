import { Cron } from 'croner';
import type { ScopeType } from '../../../db/schema.js';

/** Spec, "Tiered scheduler": one cron per tier, each independent of the others. */
export const SCHEDULER_TIERS = {
  FACULTY: { cron: '0 1 * * 0', name: 'TieredPipelineSchedulerJob.RunFacultyTier' },
  DEPARTMENT: { cron: '0 2 * * 0', name: 'TieredPipelineSchedulerJob.RunDepartmentTier' },
  CAMPUS: { cron: '0 3 * * 0', name: 'TieredPipelineSchedulerJob.RunCampusTier' },
} as const satisfies Record<ScopeType, { cron: string; name: string }>;

/** The crons' time zone: the university's (Sunday 01:00 means Sunday 01:00 there). */
export const SCHEDULER_TIME_ZONE = 'Asia/Manila';

const registered = new Map<ScopeType, Cron>();

/** Called by the scheduler when it registers a tier's job, so status answers come from the live job. */
export function registerTierJob(tier: ScopeType, job: Cron): void {
  registered.set(tier, job);
}

/** Called when the scheduler stops a tier's job; a job registered since by another scheduler stays. */
export function unregisterTierJob(tier: ScopeType, job: Cron): void {
  if (registered.get(tier) === job) registered.delete(tier);
}

/**
 * When the tier of a scope type fires next (ISO 8601 UTC): from the registered job when this process runs the
 * scheduler, else by parsing the tier's cron expression.
 */
export function nextScheduledRunAt(tier: ScopeType, now: Date = new Date()): string | null {
  const job =
    registered.get(tier) ?? new Cron(SCHEDULER_TIERS[tier].cron, { timezone: SCHEDULER_TIME_ZONE, paused: true });
  return job.nextRun(now)?.toISOString() ?? null;
}

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

/**
 * The firing a tier's run at `now` belongs to: the tier's latest scheduled time at or before `now` (Sunday 01:00 in
 * Manila, as an instant). Every process whose cron fires for that Sunday names the same instant, however late its
 * timer ran or however far its clock is from the others', so a firing can be run once across them
 * (TieredPipelineScheduler, `firing`). Null only if the cron never fired before `now`.
 */
export function tierFiring(tier: ScopeType, now: Date = new Date()): Date | null {
  const job = new Cron(SCHEDULER_TIERS[tier].cron, { timezone: SCHEDULER_TIME_ZONE, paused: true });
  // previousRuns gives the occurrences strictly before its reference: one second on, a firing at exactly `now` counts.
  return job.previousRuns(1, new Date(now.getTime() + 1000))[0] ?? null;
}

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

import { Inject, Injectable } from '@nestjs/common';
import { TERMINAL_STATUSES } from '../pipelines.repository.js';
import { SchedulerRepository, type ScheduledPipelineState } from './scheduler.repository.js';

export interface WatchOptions {
  /** Give up after this long; the pipelines go on in the job workers. */
  timeoutMs: number;
  pollMs?: number;
  /** Hears every status change (and each pipeline's state at the first read). */
  onChange?: (state: ScheduledPipelineState) => void;
}

export interface WatchResult {
  /** Each pipeline's state at the last read, in the order asked. */
  states: ScheduledPipelineState[];
  /** Those not yet COMPLETED, FAILED or CANCELLED when the time ran out (none when every one ended). */
  unfinished: ScheduledPipelineState[];
}

/**
 * Follows the pipelines a tier run started until each has ended, for `npm run cli -- schedule run`. The job workers
 * run the stages, possibly on other machines; their progress is read where it is stored, in PostgreSQL.
 */
@Injectable()
export class ScheduledPipelinesWatch {
  constructor(@Inject(SchedulerRepository) private readonly repository: SchedulerRepository) {}

  async untilEnded(ids: readonly string[], options: WatchOptions): Promise<WatchResult> {
    const deadline = Date.now() + options.timeoutMs;
    const seen = new Map<string, string>();
    for (;;) {
      const states = await this.repository.pipelineStates(ids);
      for (const state of states) {
        if (seen.get(state.id) !== state.status) options.onChange?.(state);
        seen.set(state.id, state.status);
      }
      const unfinished = states.filter((state) => !TERMINAL_STATUSES.includes(state.status));
      if (unfinished.length === 0 || Date.now() >= deadline) return { states, unfinished };
      await new Promise((resolve) => setTimeout(resolve, Math.min(options.pollMs ?? 500, deadline - Date.now())));
    }
  }
}

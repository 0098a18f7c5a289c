import { Inject, Injectable } from '@nestjs/common';
import { getLogger } from '../../../common/logging/logger.js';
import { AnalyticsViewsRepository } from '../../analytics/views.repository.js';

/**
 * The analytics refresh a completed pipeline asks for (spec, Events): refreshes mv_faculty_semester_stats, then
 * mv_faculty_trends, concurrently, then records 'analytics_last_refreshed_at'. Its failure leaves the pipeline
 * COMPLETED (the job has its own attempts, set by the producer).
 */
@Injectable()
export class AnalyticsRefreshJob {
  constructor(@Inject(AnalyticsViewsRepository) private readonly views: AnalyticsViewsRepository) {}

  async run(pipelineId: string): Promise<void> {
    const started = performance.now();
    const refreshedAt = await this.views.refresh();
    getLogger('analytics').info(
      { pipelineId, refreshedAt, durationMs: Math.round(performance.now() - started) },
      'analytics views refreshed',
    );
  }
}

import { Module, type DynamicModule } from '@nestjs/common';
import type { WorkerSettings } from './config/settings.js';
import { DomainModule } from './domain.module.js';
import { AlertWebhookWorker } from './modules/alerts/jobs/alert-webhook.job.js';
import { PipelineWorkers } from './modules/analysis/jobs/pipeline-workers.js';
import { SchedulerModule } from './modules/analysis/scheduler/scheduler.module.js';
import { TierSchedule } from './modules/analysis/scheduler/tier-schedule.js';
import { HealthModule } from './modules/health/health.module.js';
import { WorkerHealthServer } from './modules/health/worker-health-server.js';
import { LmsJobsModule } from './modules/lms/jobs/lms-jobs.module.js';
import { ScrapeCollectors } from './modules/metrics/scrape-collectors.js';
import { WorkerMetricsServer } from './modules/metrics/worker-metrics-server.js';

/**
 * The job-worker process: the domain core plus the queue consumers (pipeline stages, analytics refresh), the
 * reconciler and the tiered scheduler, /metrics on METRICS_PORT and the probes on HEALTH_PORT; no API, no
 * authentication settings.
 */
@Module({})
export class WorkerModule {
  static forRoot(settings: WorkerSettings): DynamicModule {
    return {
      module: WorkerModule,
      imports: [DomainModule.forRoot(settings), LmsJobsModule, SchedulerModule, HealthModule],
      providers: [
        PipelineWorkers,
        AlertWebhookWorker,
        TierSchedule,
        ScrapeCollectors,
        WorkerMetricsServer,
        WorkerHealthServer,
      ],
    };
  }
}

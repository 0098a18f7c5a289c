import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { InstitutionModule } from '../institution/institution.module.js';
import { languageModelProvider } from './language-model.provider.js';
import { PipelineOrchestrator } from './pipeline-orchestrator.js';
import { PipelineQueue } from './pipeline-queue.js';
import { PipelineReconciler } from './pipeline-reconciler.js';
import { PipelinesRepository } from './pipelines.repository.js';
import { PipelinesService } from './pipelines.service.js';
import { RecommendationsService } from './recommendations.service.js';
import { ResultsRepository } from './results.repository.js';
import { AnalyticsRefreshJob } from './jobs/analytics-refresh.job.js';

/** Pipelines: creation and reads (API), stage orchestration (job workers), the reconciler. */
@Module({
  imports: [InstitutionModule, AnalyticsModule],
  providers: [
    PipelinesRepository,
    ResultsRepository,
    PipelineQueue,
    PipelinesService,
    RecommendationsService,
    PipelineOrchestrator,
    PipelineReconciler,
    AnalyticsRefreshJob,
    languageModelProvider,
  ],
  exports: [
    PipelinesService,
    RecommendationsService,
    PipelineOrchestrator,
    PipelineReconciler,
    AnalyticsRefreshJob,
    PipelinesRepository,
    ResultsRepository,
  ],
})
export class AnalysisModule {}

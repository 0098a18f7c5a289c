import { Module, type DynamicModule } from '@nestjs/common';
import { CacheModule } from './common/cache/cache.module.js';
import { CoreModule } from './common/core/core.module.js';
import { QueueModule } from './common/queue/queue.module.js';
import type { CoreSettings } from './config/settings.js';
import { AlertsModule } from './modules/alerts/alerts.module.js';
import { AnalysisModule } from './modules/analysis/analysis.module.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { FacultyReportsModule } from './modules/analytics/faculty-reports.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { EnrollmentsModule } from './modules/enrollments/enrollments.module.js';
import { GeneratorModule } from './modules/generator/generator.module.js';
import { IngestionModule } from './modules/ingestion/ingestion.module.js';
import { InstitutionModule } from './modules/institution/institution.module.js';
import { LmsModule } from './modules/lms/lms.module.js';
import { QuestionnairesModule } from './modules/questionnaires/questionnaires.module.js';
import { SubmissionsModule } from './modules/submissions/submissions.module.js';

/** The feature modules of the domain: repositories and services, no HTTP. */
const FEATURES = [
  AuditModule,
  InstitutionModule,
  EnrollmentsModule,
  QuestionnairesModule,
  AlertsModule,
  SubmissionsModule,
  IngestionModule,
  GeneratorModule,
  LmsModule,
  AnalysisModule,
  AnalyticsModule,
  FacultyReportsModule,
];

/**
 * The domain core: database, cache, queue producers and every domain service. The API, the job-worker process,
 * the CLI and the demo each compose it with what they need (HTTP, queue consumers, nothing), so none of them
 * boots the others.
 */
@Module({})
export class DomainModule {
  static forRoot(settings: CoreSettings): DynamicModule {
    return {
      module: DomainModule,
      imports: [CoreModule.forRoot(settings), CacheModule, QueueModule, ...FEATURES],
      exports: FEATURES,
    };
  }
}

import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './common/auth/auth.guard.js';
import { GlobalExceptionFilter } from './common/http/exception-filter.js';
import { RequestValidationGuard } from './common/http/request-validation.guard.js';
import type { Settings } from './config/settings.js';
import { DomainModule } from './domain.module.js';
import { AlertsController } from './modules/alerts/alerts.controller.js';
import { PipelinesController } from './modules/analysis/pipelines.controller.js';
import { AnalyticsController } from './modules/analytics/analytics.controller.js';
import { FacultyReportsController } from './modules/analytics/faculty-reports.controller.js';
import { AuditController } from './modules/audit/audit.controller.js';
import { AuthController } from './modules/auth/auth.controller.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { EnrollmentsController } from './modules/enrollments/enrollments.controller.js';
import { GeneratorController } from './modules/generator/generator.controller.js';
import { HealthController } from './modules/health/health.controller.js';
import { HealthModule } from './modules/health/health.module.js';
import { IngestionController } from './modules/ingestion/ingestion.controller.js';
import {
  InstitutionFiltersController,
  InstitutionImportController,
  ReferenceDataController,
} from './modules/institution/institution.controller.js';
import { LmsProvisionController, LmsSyncController } from './modules/lms/lms.controller.js';
import { ScrapeCollectors } from './modules/metrics/scrape-collectors.js';
import {
  DimensionsController,
  QuestionnaireFiltersController,
  QuestionnairesController,
} from './modules/questionnaires/questionnaires.controller.js';
import { SubmissionsController } from './modules/submissions/submissions.controller.js';

/** Every controller of the API: the routes, and the source of the OpenAPI document. */
export const API_CONTROLLERS = [
  HealthController,
  AuthController,
  ReferenceDataController,
  InstitutionImportController,
  InstitutionFiltersController,
  QuestionnairesController,
  DimensionsController,
  QuestionnaireFiltersController,
  SubmissionsController,
  IngestionController,
  EnrollmentsController,
  AuditController,
  GeneratorController,
  LmsProvisionController,
  LmsSyncController,
  PipelinesController,
  AnalyticsController,
  FacultyReportsController,
  AlertsController,
];

/**
 * The API process: the domain core plus what only HTTP needs: authentication, the controllers, the global
 * guard (deny by default), the exception filter (domain errors → error body) and request validation.
 */
@Module({})
export class ApiModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: ApiModule,
      imports: [DomainModule.forRoot(settings), AuthModule, HealthModule],
      controllers: API_CONTROLLERS,
      providers: [
        // In this order: authentication and roles first, then the input.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: RequestValidationGuard },
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        ScrapeCollectors,
      ],
    };
  }
}

import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AuthGuard } from './common/auth/auth.guard.js';
import { CacheModule } from './common/cache/cache.module.js';
import { CoreModule } from './common/core/core.module.js';
import { GlobalExceptionFilter } from './common/http/exception-filter.js';
import { RequestValidationInterceptor } from './common/http/request-validation.interceptor.js';
import type { Settings } from './config/settings.js';
import { AuditController } from './modules/audit/audit.controller.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { EnrollmentsController, EnrollmentsRepository } from './modules/enrollments/enrollments.controller.js';
import { HealthController } from './modules/health/health.controller.js';
import { IngestionModule } from './modules/ingestion/ingestion.module.js';
import { InstitutionModule } from './modules/institution/institution.module.js';
import { QuestionnairesModule } from './modules/questionnaires/questionnaires.module.js';
import { SubmissionsModule } from './modules/submissions/submissions.module.js';

@Module({})
export class AppModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(settings),
        CacheModule,
        AuthModule,
        InstitutionModule,
        QuestionnairesModule,
        SubmissionsModule,
        IngestionModule,
      ],
      controllers: [HealthController, EnrollmentsController, AuditController],
      providers: [
        EnrollmentsRepository,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: RequestValidationInterceptor },
      ],
    };
  }
}

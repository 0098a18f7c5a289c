import { Module } from '@nestjs/common';
import { InstitutionModule } from '../institution/institution.module.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsService } from './analytics.service.js';
import { AnalyticsViewsRepository } from './views.repository.js';

/** Analytics: the materialized views (refresh and reads) and the endpoints' services. */
@Module({
  imports: [InstitutionModule],
  providers: [AnalyticsViewsRepository, AnalyticsRepository, AnalyticsService],
  exports: [AnalyticsViewsRepository, AnalyticsService],
})
export class AnalyticsModule {}

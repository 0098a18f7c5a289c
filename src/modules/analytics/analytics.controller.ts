import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { Route } from '../../common/http/route.js';
import { analyticsSemesterQuery, attentionView, overviewView, trendsQuery, trendsView } from './analytics.schemas.js';
import { AnalyticsService } from './analytics.service.js';

/** Spec, "Analytics (materialized-view based)": read from the views, as fresh as their last refresh. */
@Controller('analytics')
@Roles('DEAN', 'SUPER_ADMIN')
export class AnalyticsController {
  constructor(@Inject(AnalyticsService) private readonly analytics: AnalyticsService) {}

  @Get('overview')
  @Route({
    summary:
      'Per-faculty statistics of a semester in scope: percentile rank within the department, deltas versus the previous semester of the campus, summary counts',
    tags: ['analytics'],
    query: analyticsSemesterQuery,
    response: overviewView,
  })
  overview(@CurrentUser() user: AuthenticatedUser, @Query() query: z.infer<typeof analyticsSemesterQuery>) {
    return this.analytics.overview(user, query);
  }

  @Get('attention')
  @Route({
    summary: 'Faculty of a semester in scope flagged for review (declining_trend, quant_qual_gap, low_coverage)',
    tags: ['analytics'],
    query: analyticsSemesterQuery,
    response: attentionView,
  })
  attention(@CurrentUser() user: AuthenticatedUser, @Query() query: z.infer<typeof analyticsSemesterQuery>) {
    return this.analytics.attention(user, query);
  }

  @Get('trends')
  @Route({
    summary: 'Faculty with enough semesters of data, score slope ascending, each with a trend direction',
    tags: ['analytics'],
    query: trendsQuery,
    response: trendsView,
  })
  trends(@CurrentUser() user: AuthenticatedUser, @Query() query: z.infer<typeof trendsQuery>) {
    return this.analytics.trends(user, query);
  }
}

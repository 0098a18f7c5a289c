import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import type { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { Route } from '../../common/http/route.js';
import {
  alertItem,
  alertNoteBody,
  alertParams,
  alertRevealBody,
  alertsPage,
  alertsQuery,
  revealResponse,
} from './alerts.schemas.js';
import { AlertsService } from './alerts.service.js';

/**
 * Comments that need a person (conventions §11). FACULTY, CHAIRPERSON, STUDENT and ADMIN are refused by the role
 * list; scope and the faculty-member exclusion are the service's.
 */
@Controller('alerts')
@Roles('SUPER_ADMIN', 'DEAN', 'CAMPUS_HEAD')
export class AlertsController {
  constructor(@Inject(AlertsService) private readonly alerts: AlertsService) {}

  @Get()
  @Route({
    summary: 'Alerts in your scope, newest first (never one about yourself; no respondent identity)',
    tags: ['alerts'],
    query: alertsQuery,
    response: alertsPage,
  })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: z.infer<typeof alertsQuery>) {
    return this.alerts.list(
      user,
      { semesterId: query.semesterId, status: query.status, category: query.category },
      { page: query.page, limit: query.limit },
    );
  }

  @Post(':id/acknowledge')
  @HttpCode(200)
  @Route({
    summary: 'Acknowledge an open alert (409 from any other status); audited as alert.acknowledge',
    tags: ['alerts'],
    params: alertParams,
    body: alertNoteBody,
    response: alertItem,
  })
  acknowledge(
    @CurrentUser() user: AuthenticatedUser,
    @Param() params: z.infer<typeof alertParams>,
    @Body() body: z.infer<typeof alertNoteBody>,
  ) {
    return this.alerts.acknowledge(user, params.id, body.note);
  }

  @Post(':id/resolve')
  @HttpCode(200)
  @Route({
    summary: 'Resolve an open or acknowledged alert (409 when resolved); audited as alert.resolve',
    tags: ['alerts'],
    params: alertParams,
    body: alertNoteBody,
    response: alertItem,
  })
  resolve(
    @CurrentUser() user: AuthenticatedUser,
    @Param() params: z.infer<typeof alertParams>,
    @Body() body: z.infer<typeof alertNoteBody>,
  ) {
    return this.alerts.resolve(user, params.id, body.note);
  }

  @Post(':id/reveal')
  @HttpCode(200)
  @Route({
    summary: 'Name the respondent of a flagged comment (SUPER_ADMIN); audited as alert.reveal with the reason',
    description:
      'Only SUPER_ADMIN may reveal: DEAN and CAMPUS_HEAD get 403 "only SUPER_ADMIN may reveal a respondent".',
    tags: ['alerts'],
    params: alertParams,
    body: alertRevealBody,
    response: revealResponse,
  })
  reveal(
    @CurrentUser() user: AuthenticatedUser,
    @Param() params: z.infer<typeof alertParams>,
    @Body() body: z.infer<typeof alertRevealBody>,
  ) {
    return this.alerts.reveal(user, params.id, body.reason);
  }
}

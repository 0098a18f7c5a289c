import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { Route } from '../../common/http/route.js';
import {
  creatableScopes,
  createPipelineBody,
  listPipelinesQuery,
  pipelineParams,
  pipelineView,
  recommendationsView,
  scopesQuery,
} from './pipelines.schemas.js';
import { PipelinesService } from './pipelines.service.js';
import { RecommendationsService } from './recommendations.service.js';

/** Spec, "Analysis pipelines": STUDENT and ADMIN never reach /analysis (the guard strips them as well). */
@Controller('analysis')
@Roles('SUPER_ADMIN', 'DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD')
export class PipelinesController {
  constructor(
    @Inject(PipelinesService) private readonly pipelines: PipelinesService,
    @Inject(RecommendationsService) private readonly recommendations: RecommendationsService,
  ) {}

  @Post('pipelines')
  @Route({
    summary:
      'Create a pipeline for a scope (201), or answer the active pipeline that already holds it (200); coverage and warnings',
    tags: ['analysis'],
    body: createPipelineBody,
    response: pipelineView,
    status: 201,
    alsoAnswers: [200],
  })
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: z.infer<typeof createPipelineBody>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pipeline, created } = await this.pipelines.create(user, body);
    void reply.status(created ? 201 : 200);
    return pipeline;
  }

  @Get('scopes')
  @Route({
    summary: 'The scopes the caller may create a pipeline for in a semester, each with a label to show',
    description:
      'Each scope listed is one POST /analysis/pipelines accepts from the caller (the same checks run). 400 for a missing or malformed semesterId, 404 for an unknown semester.',
    tags: ['analysis'],
    query: scopesQuery,
    response: creatableScopes,
  })
  scopes(@CurrentUser() user: AuthenticatedUser, @Query() query: z.infer<typeof scopesQuery>) {
    return this.pipelines.creatableScopes(user, query.semesterId);
  }

  @Post('pipelines/:id/confirm')
  @HttpCode(200)
  @Route({
    summary: 'Start the analysis of a pipeline awaiting confirmation (no body)',
    tags: ['analysis'],
    params: pipelineParams,
    response: pipelineView,
  })
  confirm(@CurrentUser() user: AuthenticatedUser, @Param() params: z.infer<typeof pipelineParams>) {
    return this.pipelines.confirm(user, params.id);
  }

  @Post('pipelines/:id/cancel')
  @HttpCode(200)
  @Route({
    summary: 'Cancel a pipeline that has not ended (no body); queued jobs are removed',
    tags: ['analysis'],
    params: pipelineParams,
    response: pipelineView,
  })
  cancel(@CurrentUser() user: AuthenticatedUser, @Param() params: z.infer<typeof pipelineParams>) {
    return this.pipelines.cancel(user, params.id);
  }

  @Get('pipelines')
  @Roles('FACULTY')
  @Route({
    summary: "The 10 most recent pipelines of a semester in the caller's scope, newest first",
    tags: ['analysis'],
    query: listPipelinesQuery,
    response: z.array(pipelineView),
  })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: z.infer<typeof listPipelinesQuery>) {
    return this.pipelines.list(user, query);
  }

  @Get('pipelines/:id/status')
  @Roles('FACULTY')
  @Route({
    summary: 'Status, scope, coverage, stages, gate counts, warnings, voiceBreakdown and next scheduled run',
    tags: ['analysis'],
    params: pipelineParams,
    response: pipelineView,
  })
  status(@CurrentUser() user: AuthenticatedUser, @Param() params: z.infer<typeof pipelineParams>) {
    return this.pipelines.status(user, params.id);
  }

  @Get('pipelines/:id/recommendations')
  @Roles('FACULTY')
  @Route({
    summary: 'The latest recommendation run with its actions (empty while it is processing)',
    tags: ['analysis'],
    params: pipelineParams,
    response: recommendationsView,
  })
  recommendationsOf(@CurrentUser() user: AuthenticatedUser, @Param() params: z.infer<typeof pipelineParams>) {
    return this.recommendations.latest(user, params.id);
  }
}

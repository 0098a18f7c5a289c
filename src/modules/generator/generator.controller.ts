import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import type { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { Route } from '../../common/http/route.js';
import {
  commitBody,
  commitResult,
  generatorStatus,
  generatorStatusQuery,
  previewBody,
  previewResult,
} from './generator.schemas.js';
import { GeneratorService } from './generator.service.js';

const TAGS = ['admin-generator'];

/** Synthetic submissions for development and staging (spec "Admin synthetic submissions"): SUPER_ADMIN only. */
@Controller('admin/generate-submissions')
@Roles('SUPER_ADMIN')
export class GeneratorController {
  constructor(@Inject(GeneratorService) private readonly service: GeneratorService) {}

  @Get('status')
  @Route({
    summary:
      'Students of the course, those who already submitted this version about the faculty member, and the rest; audited as submissions.generate.status',
    tags: TAGS,
    query: generatorStatusQuery,
    response: generatorStatus,
  })
  status(@CurrentUser() user: AuthenticatedUser, @Query() query: z.infer<typeof generatorStatusQuery>) {
    return this.service.status(user.id, query);
  }

  @Post('preview')
  @HttpCode(200)
  @Route({
    summary:
      'Generate rows (answers and comments) for students who have not submitted yet; nothing is stored. The count is capped at availableStudents. Audited as submissions.generate.preview (the rows name who has not answered)',
    tags: TAGS,
    body: previewBody,
    response: previewResult,
  })
  preview(@CurrentUser() user: AuthenticatedUser, @Body() body: z.infer<typeof previewBody>) {
    return this.service.preview(user.id, body);
  }

  @Post('commit')
  @HttpCode(200)
  @Route({
    summary:
      "Store up to 200 rows, each as its student's submission through the normal submission path; a refused row is reported and does not stop the others",
    tags: TAGS,
    body: commitBody,
    response: commitResult,
  })
  commit(@CurrentUser() user: AuthenticatedUser, @Body() body: z.infer<typeof commitBody>) {
    return this.service.commit(user.id, body);
  }
}

import { Body, Controller, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { Route } from '../../common/http/route.js';
import { submissionBody, submissionResult } from './submissions.schemas.js';
import { SubmissionsService } from './submissions.service.js';

/**
 * Respondents submit as themselves: students FACULTY_FEEDBACK, deans and chairpersons the in- and
 * out-of-classroom evaluations. Administrators are not respondents; bulk ingestion submits as the user
 * each row names.
 */
@Controller('submissions')
@Roles('STUDENT', 'DEAN', 'CHAIRPERSON')
export class SubmissionsController {
  constructor(@Inject(SubmissionsService) private readonly service: SubmissionsService) {}

  @Post()
  @Route({
    summary: 'Submit answers to an ACTIVE questionnaire version about a faculty member',
    tags: ['submissions'],
    body: submissionBody,
    response: submissionResult,
  })
  submit(@CurrentUser() user: AuthenticatedUser, @Body() body: z.infer<typeof submissionBody>) {
    return this.service.submit(user, body);
  }
}

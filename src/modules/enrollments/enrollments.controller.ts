import { Controller, Get, Inject, Query } from '@nestjs/common';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { ALL_ROLES, Roles } from '../../common/auth/roles.js';
import { pagedResponse, pagingQuery, type Paging } from '../../common/http/paging.js';
import { Route } from '../../common/http/route.js';
import { enrollmentItem } from './enrollments.schemas.js';
import { EnrollmentsService } from './enrollments.service.js';

@Controller('enrollments')
@Roles(...ALL_ROLES)
export class EnrollmentsController {
  constructor(@Inject(EnrollmentsService) private readonly enrollments: EnrollmentsService) {}

  @Get('me')
  @Route({
    summary:
      "The caller's enrollments with each course's faculty and whether the caller has evaluated each one " +
      '(enrollments cached 30 minutes, cleared by imports and syncs; the evaluated flags are read live)',
    tags: ['enrollments'],
    query: pagingQuery,
    response: pagedResponse(enrollmentItem),
  })
  me(@CurrentUser() user: AuthenticatedUser, @Query() query: Paging) {
    return this.enrollments.mine(user.id, query);
  }
}

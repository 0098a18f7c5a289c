import { Controller, Get, Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { pagedResponse, pagingQuery } from '../../common/http/paging.js';
import { Route } from '../../common/http/route.js';
import { requiredText } from '../../common/text/required-text.js';
import { AuditService } from './audit.service.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const isoInstant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** A time bound: an ISO 8601 time with its offset, or a date (midnight UTC). A time without an offset is ambiguous. */
const instant = z
  .string()
  .trim()
  .refine((value) => isoInstant.safeParse(value).success, {
    message: 'must be an ISO 8601 time with its offset, such as 2025-08-01T00:00:00Z, or a date such as 2025-08-01',
  })
  .transform((value) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value))
  .optional();

const auditQuery = pagingQuery
  .extend({
    action: requiredText().max(100).optional(),
    actorId: z.uuid().optional(),
    actor: requiredText().max(200).optional().describe("the actor's username (any case)"),
    from: instant.describe('records at or after this time'),
    to: instant.describe('records before this time'),
  })
  .refine((query) => !(query.from instanceof Date && query.to instanceof Date) || query.from <= query.to, {
    path: ['to'],
    message: 'must not be before from',
  });

const auditItem = z.object({
  id: z.uuid(),
  action: z.string(),
  actorId: z.uuid().nullable(),
  actor: z
    .object({ id: z.uuid(), username: z.string(), fullName: z.string() })
    .nullable()
    .describe('null for the CLI, scheduled work, and a user since deleted'),
  at: z.string(),
  target: z.string().nullable(),
  metadata: z.unknown(),
});

@Controller('admin/audit')
@Roles('SUPER_ADMIN')
export class AuditController {
  constructor(@Inject(AuditService) private readonly audit: AuditService) {}

  @Get()
  @Route({
    summary:
      'Audit records, newest first, optionally of one action, one actor, and a time range [from, to); never the records of an alert about the reader',
    tags: ['audit'],
    query: auditQuery,
    response: pagedResponse(auditItem),
  })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: z.infer<typeof auditQuery>) {
    return this.audit.list(
      {
        action: query.action,
        actorId: query.actorId,
        actorUsername: query.actor,
        from: query.from,
        to: query.to,
        readerId: user.id,
      },
      { page: query.page, limit: query.limit },
    );
  }
}

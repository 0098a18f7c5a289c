import { Controller, Get, Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { Roles } from '../../common/auth/roles.js';
import { pagedResponse, pagingQuery } from '../../common/http/paging.js';
import { Route } from '../../common/http/route.js';
import { AuditService } from './audit.service.js';

const auditQuery = pagingQuery.extend({ action: z.string().trim().min(1).max(100).optional() });
const auditItem = z.object({
  id: z.uuid(),
  action: z.string(),
  actorId: z.uuid().nullable(),
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
    summary: 'Audit records, newest first, optionally of one action',
    tags: ['audit'],
    query: auditQuery,
    response: pagedResponse(auditItem),
  })
  list(@Query() query: z.infer<typeof auditQuery>) {
    return this.audit.list({ action: query.action }, { page: query.page, limit: query.limit });
  }
}

import { Controller, Get, Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { Roles } from '../../common/auth/roles.js';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import { pagedResponse, pagingQuery } from '../../common/http/paging.js';
import { Route } from '../../common/http/route.js';

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
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  @Get()
  @Route({
    summary: 'Audit records, newest first',
    tags: ['audit'],
    query: auditQuery,
    response: pagedResponse(auditItem),
  })
  async list(@Query() query: z.infer<typeof auditQuery>) {
    const base = this.db
      .selectFrom('audit_records')
      .$if(query.action !== undefined, (q) => q.where('action', '=', query.action as string));
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'action', 'actor_id as actorId', 'at', 'target', 'metadata'])
        .orderBy('at', 'desc')
        .orderBy('id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
      page: query.page,
      limit: query.limit,
      total: Number(total.total),
    };
  }
}

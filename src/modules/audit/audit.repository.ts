import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import type { Paged, Paging } from '../../common/http/paging.js';
import type { Database, NewAuditRecord } from '../../db/schema.js';

export interface AuditRecordView {
  id: string;
  action: string;
  actorId: string | null;
  at: string;
  target: string | null;
  metadata: unknown;
}

/** The only code that reads and writes `audit_records`. */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /** Writes one record through `executor`: a transaction makes it part of the work it records. */
  async insert(record: NewAuditRecord, executor: Kysely<Database> = this.db): Promise<void> {
    await executor.insertInto('audit_records').values(record).execute();
  }

  /** Records newest first, optionally of one action. */
  async list(filter: { action?: string }, paging: Paging): Promise<Paged<AuditRecordView>> {
    const base = this.db
      .selectFrom('audit_records')
      .$if(filter.action !== undefined, (q) => q.where('action', '=', filter.action as string));
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'action', 'actor_id as actorId', 'at', 'target', 'metadata'])
        .orderBy('at', 'desc')
        .orderBy('id')
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
      page: paging.page,
      limit: paging.limit,
      total: Number(total.total),
    };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import type { Paged, Paging } from '../../common/http/paging.js';
import type { Database, NewAuditRecord } from '../../db/schema.js';
import { usernameKey } from '../../common/text/usernames.js';

export interface AuditActor {
  id: string;
  username: string;
  fullName: string;
}

export interface AuditRecordView {
  id: string;
  action: string;
  actorId: string | null;
  /** Who did it, as the users table knows them now; null for the CLI, scheduled work and deleted users. */
  actor: AuditActor | null;
  at: string;
  target: string | null;
  metadata: unknown;
}

export interface AuditFilter {
  action?: string;
  actorId?: string;
  /** The actor's username, matched regardless of case. */
  actorUsername?: string;
  /** Records at or after this time. */
  from?: Date;
  /** Records before this time. */
  to?: Date;
  /**
   * The reader: records about an alert on a comment about them are left out (conventions §11: an alert about a
   * faculty member is never shown to that faculty member, whatever other role they hold; a reveal's record names
   * the respondent).
   */
  readerId?: string;
}

/** The only code that reads and writes `audit_records`. */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /** Writes one record through `executor`: a transaction makes it part of the work it records. */
  async insert(record: NewAuditRecord, executor: Kysely<Database> = this.db): Promise<void> {
    await executor.insertInto('audit_records').values(record).execute();
  }

  /** Records newest first, narrowed by every filter given, each with its actor's name. */
  async list(filter: AuditFilter, paging: Paging): Promise<Paged<AuditRecordView>> {
    const base = this.db
      .selectFrom('audit_records as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .$if(filter.action !== undefined, (q) => q.where('a.action', '=', filter.action as string))
      .$if(filter.actorId !== undefined, (q) => q.where('a.actor_id', '=', filter.actorId as string))
      .$if(filter.actorUsername !== undefined, (q) =>
        q.where((eb) => eb(eb.fn('lower', ['u.username']), '=', usernameKey(filter.actorUsername as string))),
      )
      .$if(filter.from !== undefined, (q) => q.where('a.at', '>=', filter.from as Date))
      .$if(filter.to !== undefined, (q) => q.where('a.at', '<', filter.to as Date))
      .$if(filter.readerId !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('a.target', 'is', null),
            eb(
              'a.target',
              'not in',
              eb
                .selectFrom('alerts as al')
                .innerJoin('submissions as s', 's.id', 'al.submission_id')
                .select(sql<string>`'alert:' || al.id::text`.as('target'))
                .where('s.faculty_id', '=', filter.readerId as string),
            ),
          ]),
        ),
      );
    const [rows, total] = await Promise.all([
      base
        .select([
          'a.id',
          'a.action',
          'a.actor_id as actorId',
          'u.username as actorUsername',
          'u.full_name as actorFullName',
          'a.at',
          'a.target',
          'a.metadata',
        ])
        .orderBy('a.at', 'desc')
        .orderBy('a.id')
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map(({ actorUsername, actorFullName, ...row }) => ({
        ...row,
        actor:
          row.actorId !== null && actorUsername !== null && actorFullName !== null
            ? { id: row.actorId, username: actorUsername, fullName: actorFullName }
            : null,
        at: row.at.toISOString(),
      })),
      page: paging.page,
      limit: paging.limit,
      total: Number(total.total),
    };
  }
}

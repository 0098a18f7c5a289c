import { Inject, Injectable } from '@nestjs/common';
import { sql, type Expression, type SqlBool } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import { runInTransaction, type DatabaseClient, type Executor, type Trx } from '../../common/database/database.js';
import type { Paged, Paging } from '../../common/http/paging.js';
import type { AlertStatus } from '../../db/schema.js';
import type { ScreenFlag } from '../../engine/screen/index.js';

export interface AlertHistoryEntry {
  status: AlertStatus;
  note: string | null;
  actorId: string | null;
  at: string;
}

export interface AlertView {
  id: string;
  category: string;
  score: number;
  status: AlertStatus;
  text: string;
  evidence: string[];
  faculty: { id: string; fullName: string };
  course: { id: string; shortname: string } | null;
  semester: { id: string; code: string };
  engineVersion: string;
  createdAt: string;
  /** Each step with its actor named (null for the screen's opening, or an account since deleted). */
  history: Array<AlertHistoryEntry & { actor: AlertActor | null }>;
}

/** Who took a handling step: a SUPER_ADMIN, DEAN or CAMPUS_HEAD account, never a respondent. */
export interface AlertActor {
  id: string;
  username: string;
  fullName: string;
}

/** Where an alert sits: what access checks and the webhook need, never the respondent. */
export interface AlertPlacement {
  id: string;
  status: AlertStatus;
  submissionId: string;
  facultyId: string;
  semesterId: string;
  campusId: string;
  departmentId: string | null;
}

export interface AlertWebhookPayload {
  id: string;
  category: string;
  score: number;
  semesterCode: string;
  campusCode: string;
  departmentCode: string | null;
  createdAt: string;
}

/** Which alerts a caller sees: all (SUPER_ADMIN), or those in these departments or campuses; never their own. */
export interface AlertVisibility {
  unrestricted: boolean;
  departmentIds: readonly string[];
  campusIds: readonly string[];
  excludedFacultyId: string | null;
}

export interface AlertFilter {
  id?: string | undefined;
  semesterId?: string | undefined;
  status?: AlertStatus | undefined;
  category?: string | undefined;
}

/** What screening a comment found: its flags (strongest first) and the engine that found them. */
export interface ScreenedComment {
  flags: readonly ScreenFlag[];
  engineVersion: string;
}

interface NewAlert extends ScreenedComment {
  submissionId: string;
}

/** The columns of a new alert, but its submission: the strongest category leads, its history starts open. */
export function newAlertColumns(screened: ScreenedComment) {
  const [strongest] = screened.flags;
  if (strongest === undefined) return undefined;
  return {
    category: strongest.category,
    score: strongest.score,
    flags: JSON.stringify(screened.flags),
    engine_version: screened.engineVersion,
    history: JSON.stringify([{ status: 'open', note: null, actorId: null, at: new Date().toISOString() }]),
  };
}
export type NewAlertColumns = NonNullable<ReturnType<typeof newAlertColumns>>;

/** The only code that reads and writes alerts. */
@Injectable()
export class AlertsRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  /**
   * One alert for a flagged comment, in the caller's transaction; the strongest category leads. A comment that
   * already has an alert keeps it (a re-screen is idempotent): the id is returned only for a new alert.
   */
  async insert(executor: Executor, alert: NewAlert): Promise<{ id: string; createdAt: Date } | undefined> {
    const columns = newAlertColumns(alert);
    if (columns === undefined) return undefined;
    return executor
      .insertInto('alerts')
      .values({ submission_id: alert.submissionId, ...columns })
      .onConflict((conflict) => conflict.column('submission_id').doNothing())
      .returning(['id', 'created_at as createdAt'])
      .executeTakeFirst();
  }

  /** The semesters that have alerts (all of them, or the one asked for): a scoped caller's scope is per semester. */
  async semestersWithAlerts(semesterId?: string): Promise<string[]> {
    let query = this.db
      .selectFrom('alerts as a')
      .innerJoin('submissions as s', 's.id', 'a.submission_id')
      .select('s.semester_id')
      .distinct();
    if (semesterId !== undefined) query = query.where('s.semester_id', '=', semesterId);
    return (await query.execute()).map((row) => row.semester_id);
  }

  async list(filter: AlertFilter, visibility: AlertVisibility, paging: Paging): Promise<Paged<AlertView>> {
    let query = this.db.selectFrom('alerts as a').innerJoin('submissions as s', 's.id', 'a.submission_id');
    if (visibility.excludedFacultyId !== null) query = query.where('s.faculty_id', '<>', visibility.excludedFacultyId);
    if (!visibility.unrestricted) {
      const { departmentIds, campusIds } = visibility;
      if (departmentIds.length === 0 && campusIds.length === 0)
        return { items: [], page: paging.page, limit: paging.limit, total: 0 };
      query = query.where((eb) => {
        const reaches: Array<Expression<SqlBool>> = [];
        if (departmentIds.length > 0) reaches.push(eb('s.department_id', 'in', [...departmentIds]));
        if (campusIds.length > 0) reaches.push(eb('s.campus_id', 'in', [...campusIds]));
        return eb.or(reaches);
      });
    }
    if (filter.id !== undefined) query = query.where('a.id', '=', filter.id);
    if (filter.semesterId !== undefined) query = query.where('s.semester_id', '=', filter.semesterId);
    if (filter.status !== undefined) query = query.where('a.status', '=', filter.status);
    if (filter.category !== undefined) query = query.where('a.category', '=', filter.category);
    const [counted, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst(),
      query
        .select([
          'a.id',
          'a.category',
          'a.score',
          'a.status',
          'a.flags',
          'a.history',
          'a.engine_version as engineVersion',
          'a.created_at as createdAt',
          's.qualitative_comment as text',
          's.faculty_id as facultyId',
          's.faculty_name_snapshot as facultyName',
          's.course_id as courseId',
          's.course_shortname_snapshot as courseShortname',
          's.semester_id as semesterId',
          's.semester_code_snapshot as semesterCode',
        ])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id')
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit)
        .execute(),
    ]);
    const actorIds = [
      ...new Set(
        rows.flatMap((row) =>
          (row.history as AlertHistoryEntry[]).flatMap((entry) => (entry.actorId === null ? [] : [entry.actorId])),
        ),
      ),
    ];
    const actors = new Map(
      actorIds.length === 0
        ? []
        : (
            await this.db
              .selectFrom('users')
              .select(['id', 'username', 'full_name as fullName'])
              .where('id', 'in', actorIds)
              .execute()
          ).map((actor): [string, AlertActor] => [actor.id, actor]),
    );
    const items = rows.map((row) => ({
      id: row.id,
      category: row.category,
      score: row.score,
      status: row.status,
      text: row.text ?? '',
      evidence: (row.flags as ScreenFlag[]).flatMap((flag) => flag.evidence ?? []),
      faculty: { id: row.facultyId, fullName: row.facultyName },
      course: row.courseId === null ? null : { id: row.courseId, shortname: row.courseShortname ?? '' },
      semester: { id: row.semesterId, code: row.semesterCode },
      engineVersion: row.engineVersion,
      createdAt: row.createdAt.toISOString(),
      history: (row.history as AlertHistoryEntry[]).map((entry) => ({
        ...entry,
        actor: entry.actorId === null ? null : (actors.get(entry.actorId) ?? null),
      })),
    }));
    return { items, page: paging.page, limit: paging.limit, total: Number(counted?.total ?? 0) };
  }

  /** One alert as the list shows it, for the answer of a handling step (access already checked). */
  async view(id: string): Promise<AlertView | undefined> {
    const visibility = { unrestricted: true, departmentIds: [], campusIds: [], excludedFacultyId: null };
    return (await this.list({ id }, visibility, { page: 1, limit: 1 })).items[0];
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return runInTransaction(this.db, work);
  }

  async placement(id: string, executor: Executor = this.db): Promise<AlertPlacement | undefined> {
    return executor
      .selectFrom('alerts as a')
      .innerJoin('submissions as s', 's.id', 'a.submission_id')
      .select([
        'a.id',
        'a.status',
        'a.submission_id as submissionId',
        's.faculty_id as facultyId',
        's.semester_id as semesterId',
        's.campus_id as campusId',
        's.department_id as departmentId',
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Moves an alert from one of `from` to `to`, appending to its history, and answers the status it moved from (read
   * under a row lock, so an audit record names the step the history shows even when two people act at once);
   * undefined when it was in none of them (another person moved it first, or it never was). Run it in a transaction.
   */
  async transition(
    executor: Executor,
    id: string,
    from: readonly AlertStatus[],
    entry: AlertHistoryEntry,
  ): Promise<{ id: string; from: AlertStatus } | undefined> {
    const prior = await executor
      .selectFrom('alerts')
      .select('status')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!prior || !from.includes(prior.status)) return undefined;
    await executor
      .updateTable('alerts')
      .set({
        status: entry.status,
        history: sql`history || ${JSON.stringify([entry])}::jsonb`,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    return { id, from: prior.status };
  }

  async respondent(id: string): Promise<{ id: string; username: string; fullName: string } | undefined> {
    return this.db
      .selectFrom('alerts as a')
      .innerJoin('submissions as s', 's.id', 'a.submission_id')
      .innerJoin('users as u', 'u.id', 's.respondent_id')
      .select(['u.id', 'u.username', 'u.full_name as fullName'])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /** What the webhook sends: no comment text, no names. */
  async webhookPayload(id: string): Promise<(AlertWebhookPayload & { notified: boolean }) | undefined> {
    const row = await this.db
      .selectFrom('alerts as a')
      .innerJoin('submissions as s', 's.id', 'a.submission_id')
      .select([
        'a.id',
        'a.category',
        'a.score',
        'a.created_at as createdAt',
        'a.notified_at as notifiedAt',
        's.semester_code_snapshot as semesterCode',
        's.campus_code_snapshot as campusCode',
        's.department_code_snapshot as departmentCode',
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      category: row.category,
      score: row.score,
      semesterCode: row.semesterCode,
      campusCode: row.campusCode,
      departmentCode: row.departmentCode,
      createdAt: row.createdAt.toISOString(),
      notified: row.notifiedAt !== null,
    };
  }

  async markNotified(id: string): Promise<void> {
    await this.db.updateTable('alerts').set({ notified_at: new Date() }).where('id', '=', id).execute();
  }

  /** Alerts not yet delivered to the webhook, oldest first (the sweep that re-enqueues what Redis lost). */
  async undelivered(olderThan: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .select('id')
      .where('notified_at', 'is', null)
      .where('created_at', '<', olderThan)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Comments of a semester to re-screen, in id order after `afterId` (keyset pages). */
  async commentsToScreen(
    semesterId: string,
    afterId: string | null,
    limit: number,
  ): Promise<Array<{ id: string; text: string; alertEngineVersion: string | null }>> {
    let query = this.db
      .selectFrom('submissions as s')
      .leftJoin('alerts as a', 'a.submission_id', 's.id')
      .select(['s.id', 's.qualitative_comment as text', 'a.engine_version as alertEngineVersion'])
      .where('s.semester_id', '=', semesterId)
      .where('s.qualitative_comment', 'is not', null)
      .orderBy('s.id')
      .limit(limit);
    if (afterId !== null) query = query.where('s.id', '>', afterId);
    const rows = await query.execute();
    return rows.map((row) => ({ id: row.id, text: row.text ?? '', alertEngineVersion: row.alertEngineVersion }));
  }

  /** An open alert re-screened by a newer engine: its flags and version follow the new reading. */
  async refreshOpen(executor: Executor, submissionId: string, flags: readonly ScreenFlag[], engineVersion: string) {
    const [strongest] = flags;
    if (strongest === undefined) return;
    await executor
      .updateTable('alerts')
      .set({
        category: strongest.category,
        score: strongest.score,
        flags: JSON.stringify(flags),
        engine_version: engineVersion,
        updated_at: new Date(),
      })
      .where('submission_id', '=', submissionId)
      .where('status', '=', 'open')
      .where('engine_version', '<>', engineVersion)
      .execute();
  }

  async semesterByCode(code: string): Promise<Array<{ id: string; campusCode: string }>> {
    return this.db
      .selectFrom('semesters as s')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .select(['s.id', 'c.code as campusCode'])
      .where('s.code', '=', code)
      .orderBy('c.code')
      .execute();
  }
}

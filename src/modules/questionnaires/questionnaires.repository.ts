import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import { runInTransaction, type DatabaseClient, type Executor, type Trx } from '../../common/database/database.js';
import type { QuestionnaireStatus, VersionStatus } from '../../db/schema.js';
import type { QuestionnaireSchema } from './questionnaire-schema.js';

export interface QuestionnaireRow {
  id: string;
  title: string;
  typeId: string;
  typeCode: string;
  status: QuestionnaireStatus;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface VersionRow {
  id: string;
  questionnaireId: string;
  questionnaireTitle: string;
  questionnaireStatus: QuestionnaireStatus;
  typeCode: string;
  versionNumber: number;
  status: VersionStatus;
  isActive: boolean;
  schemaSnapshot: QuestionnaireSchema;
  publishedAt: Date | null;
  deprecatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The only code that reads and writes the questionnaire tables. */
@Injectable()
export class QuestionnairesRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return runInTransaction(this.db, work);
  }

  types() {
    return this.db.selectFrom('questionnaire_types').select(['id', 'code', 'name']).orderBy('code').execute();
  }

  typeByCode(code: string, executor: Executor = this.db) {
    return executor
      .selectFrom('questionnaire_types')
      .select(['id', 'code', 'name'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** Every version of every questionnaire of a type (conventions §5: the list of a type covers them all). */
  versionsOfType(typeId: string) {
    return this.db
      .selectFrom('questionnaire_versions as v')
      .innerJoin('questionnaires as q', 'q.id', 'v.questionnaire_id')
      .select([
        'v.id',
        'v.questionnaire_id as questionnaireId',
        'v.version_number as versionNumber',
        'v.status',
        'v.is_active as isActive',
        'v.published_at as publishedAt',
        'v.created_at as createdAt',
      ])
      .where('q.type_id', '=', typeId)
      .orderBy('q.created_at')
      .orderBy('q.id')
      .orderBy('v.version_number')
      .execute();
  }

  dimensions() {
    return this.db
      .selectFrom('dimensions')
      .select(['id', 'code', 'display_name as displayName', 'created_at as createdAt'])
      .orderBy('code')
      .execute();
  }

  async dimensionCodes(executor: Executor = this.db): Promise<Set<string>> {
    const rows = await executor.selectFrom('dimensions').select('code').execute();
    return new Set(rows.map((row) => row.code));
  }

  /** Inserts a dimension; undefined when the code is taken. */
  insertDimension(code: string, displayName: string) {
    return this.db
      .insertInto('dimensions')
      .values({ code, display_name: displayName })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returning(['id', 'code', 'display_name as displayName', 'created_at as createdAt'])
      .executeTakeFirst();
  }

  async insertQuestionnaire(title: string, typeId: string): Promise<string> {
    const row = await this.db
      .insertInto('questionnaires')
      .values({ title, type_id: typeId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private questionnaireQuery(executor: Executor) {
    return executor
      .selectFrom('questionnaires as q')
      .innerJoin('questionnaire_types as t', 't.id', 'q.type_id')
      .select([
        'q.id',
        'q.title',
        'q.type_id as typeId',
        't.code as typeCode',
        'q.status',
        'q.archived_at as archivedAt',
        'q.created_at as createdAt',
        'q.updated_at as updatedAt',
      ]);
  }

  questionnaire(id: string, executor: Executor = this.db): Promise<QuestionnaireRow | undefined> {
    return this.questionnaireQuery(executor).where('q.id', '=', id).executeTakeFirst();
  }

  /**
   * Locks the questionnaire row for the rest of the transaction. Every change to a questionnaire's
   * versions takes this lock first, so version numbers and the DRAFT/ACTIVE rules are decided one
   * change at a time.
   *
   * FOR NO KEY UPDATE, not FOR UPDATE: a submission share-locks its version and then, inserting, key-share-locks
   * this row (its foreign key). FOR UPDATE conflicts with that key share, so a publish, deprecate or archive that
   * locked this row and then waited for the version deadlocked with every submission in flight (one of the two was
   * killed: a row of a bulk ingestion failed, or the change answered 409). FOR NO KEY UPDATE still serialises the
   * changes of one questionnaire and lets the submissions in flight finish first.
   */
  async lockQuestionnaire(trx: Trx, id: string): Promise<QuestionnaireRow | undefined> {
    const locked = await trx
      .selectFrom('questionnaires')
      .select('id')
      .where('id', '=', id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    return locked ? this.questionnaire(id, trx) : undefined;
  }

  async listQuestionnaires(filter: { typeCode?: string; status?: QuestionnaireStatus; page: number; limit: number }) {
    const base = this.questionnaireQuery(this.db)
      .$if(filter.typeCode !== undefined, (q) => q.where('t.code', '=', filter.typeCode as string))
      .$if(filter.status !== undefined, (q) => q.where('q.status', '=', filter.status as QuestionnaireStatus));
    const [items, total] = await Promise.all([
      base
        .orderBy('q.created_at', 'desc')
        .orderBy('q.id')
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit)
        .execute(),
      base
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.total) };
  }

  versionsOf(questionnaireId: string, executor: Executor = this.db) {
    return executor
      .selectFrom('questionnaire_versions')
      .select([
        'id',
        'version_number as versionNumber',
        'status',
        'is_active as isActive',
        'published_at as publishedAt',
        'deprecated_at as deprecatedAt',
        'created_at as createdAt',
      ])
      .where('questionnaire_id', '=', questionnaireId)
      .orderBy('version_number')
      .execute();
  }

  async version(id: string, executor: Executor = this.db): Promise<VersionRow | undefined> {
    const row = await executor
      .selectFrom('questionnaire_versions as v')
      .innerJoin('questionnaires as q', 'q.id', 'v.questionnaire_id')
      .innerJoin('questionnaire_types as t', 't.id', 'q.type_id')
      .select([
        'v.id',
        'v.questionnaire_id as questionnaireId',
        'q.title as questionnaireTitle',
        'q.status as questionnaireStatus',
        't.code as typeCode',
        'v.version_number as versionNumber',
        'v.status',
        'v.is_active as isActive',
        'v.schema_snapshot as schemaSnapshot',
        'v.published_at as publishedAt',
        'v.deprecated_at as deprecatedAt',
        'v.created_at as createdAt',
        'v.updated_at as updatedAt',
      ])
      .where('v.id', '=', id)
      .executeTakeFirst();
    return row ? { ...row, schemaSnapshot: row.schemaSnapshot as QuestionnaireSchema } : undefined;
  }

  async hasDraft(trx: Trx, questionnaireId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('questionnaire_versions')
      .select('id')
      .where('questionnaire_id', '=', questionnaireId)
      .where('status', '=', 'DRAFT')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The next version number; exact because the caller holds the questionnaire's row lock. */
  async nextVersionNumber(trx: Trx, questionnaireId: string): Promise<number> {
    const row = await trx
      .selectFrom('questionnaire_versions')
      .select(sql<number>`coalesce(max(version_number), 0) + 1`.as('next'))
      .where('questionnaire_id', '=', questionnaireId)
      .executeTakeFirstOrThrow();
    return Number(row.next);
  }

  async insertDraft(trx: Trx, questionnaireId: string, versionNumber: number, schema: QuestionnaireSchema) {
    const row = await trx
      .insertInto('questionnaire_versions')
      .values({
        questionnaire_id: questionnaireId,
        version_number: versionNumber,
        schema_snapshot: JSON.stringify(schema),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A new draft whose schema is a copy of the source version's, made by PostgreSQL (a deep copy of jsonb). */
  async insertDraftFromVersion(trx: Trx, questionnaireId: string, versionNumber: number, sourceVersionId: string) {
    const row = await trx
      .insertInto('questionnaire_versions')
      .columns(['questionnaire_id', 'version_number', 'schema_snapshot'])
      .expression((eb) =>
        eb
          .selectFrom('questionnaire_versions')
          .select([
            eb.val(questionnaireId).as('questionnaire_id'),
            eb.val(versionNumber).as('version_number'),
            'schema_snapshot',
          ])
          .where('id', '=', sourceVersionId),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateDraftSchema(trx: Trx, versionId: string, schema: QuestionnaireSchema): Promise<void> {
    await trx
      .updateTable('questionnaire_versions')
      .set({ schema_snapshot: JSON.stringify(schema), updated_at: sql`now()` })
      .where('id', '=', versionId)
      .where('status', '=', 'DRAFT')
      .executeTakeFirstOrThrow();
  }

  /** Deprecates the questionnaire's ACTIVE version, if any; answers how many were deprecated (0 or 1). */
  async deprecateActive(trx: Trx, questionnaireId: string): Promise<number> {
    const result = await trx
      .updateTable('questionnaire_versions')
      .set({ status: 'DEPRECATED', deprecated_at: sql`now()`, updated_at: sql`now()` })
      .where('questionnaire_id', '=', questionnaireId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deprecateVersion(trx: Trx, versionId: string): Promise<void> {
    await trx
      .updateTable('questionnaire_versions')
      .set({ status: 'DEPRECATED', deprecated_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', versionId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
  }

  async activateDraft(trx: Trx, versionId: string): Promise<void> {
    await trx
      .updateTable('questionnaire_versions')
      .set({ status: 'ACTIVE', published_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', versionId)
      .where('status', '=', 'DRAFT')
      .executeTakeFirstOrThrow();
  }

  async setQuestionnaireStatus(trx: Trx, id: string, status: QuestionnaireStatus): Promise<void> {
    await trx
      .updateTable('questionnaires')
      .set({
        status,
        updated_at: sql`now()`,
        ...(status === 'ARCHIVED' ? { archived_at: sql`now()` } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  filterVersions(typeId: string) {
    return this.db
      .selectFrom('questionnaire_versions as v')
      .innerJoin('questionnaires as q', 'q.id', 'v.questionnaire_id')
      .select(['v.id', 'v.version_number as versionNumber', 'v.status'])
      .where('q.type_id', '=', typeId)
      .orderBy('q.created_at')
      .orderBy('q.id')
      .orderBy('v.version_number')
      .execute();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import type { VersionStatus } from '../../db/schema.js';
import type { QuestionnaireSchema } from '../questionnaires/questionnaire-schema.js';

export interface IngestionVersion {
  id: string;
  versionNumber: number;
  status: VersionStatus;
  schema: QuestionnaireSchema;
}

/** The reads and the audit record of an ingestion run; each record is written by SubmissionsService. */
@Injectable()
export class IngestionRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  async version(id: string): Promise<IngestionVersion | undefined> {
    const row = await this.db
      .selectFrom('questionnaire_versions')
      .select(['id', 'version_number', 'status', 'schema_snapshot'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          versionNumber: row.version_number,
          status: row.status,
          schema: row.schema_snapshot as unknown as QuestionnaireSchema,
        }
      : undefined;
  }

  async audit(actorId: string | null, versionId: string, metadata: Record<string, unknown>): Promise<void> {
    await this.db
      .insertInto('audit_records')
      .values({
        action: 'submissions.ingest',
        actor_id: actorId,
        target: `questionnaire_version:${versionId}`,
        metadata: JSON.stringify(metadata),
      })
      .execute();
  }
}

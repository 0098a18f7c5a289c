import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';

/** The audit record of an ingestion run; each record is written by SubmissionsService. */
@Injectable()
export class IngestionRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

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

import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the submission `submissionId` refers to has raised an alert, of any status (open, acknowledged or
 * resolved): its comment is never a sample quote (conventions §11), whenever the alert came. The one rule of every
 * path that quotes comments: the recommendations' input, the stored actions they serve, the reports' themes.
 */
export function raisedAlert(submissionId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM alerts al WHERE al.submission_id = ${submissionId})`;
}

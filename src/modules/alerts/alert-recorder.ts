import { Inject, Injectable } from '@nestjs/common';
import type { Executor } from '../../common/database/database.js';
import { SCREEN_ENGINE_VERSION, screenComment } from '../../engine/screen/index.js';
import { AlertsRepository, type ScreenedComment } from './alerts.repository.js';

/**
 * Screens a stored comment with the local engine (conventions §11) and writes its alert in the caller's
 * transaction, so a submission that rolls back leaves no alert. Returns the new alert's id, if one was made.
 */
@Injectable()
export class AlertRecorder {
  constructor(@Inject(AlertsRepository) private readonly repository: AlertsRepository) {}

  async screen(executor: Executor, submissionId: string, text: string | null): Promise<string | undefined> {
    const screened = this.assess(text);
    if (screened === undefined) return undefined;
    const created = await this.repository.insert(executor, { submissionId, ...screened });
    return created?.id;
  }

  /**
   * What the screen finds in a comment, without writing anything: undefined for no comment or nothing flagged.
   * For a writer that stores the alert in the same statement as its submission (SubmissionsRepository.insertChecked).
   */
  assess(text: string | null): ScreenedComment | undefined {
    if (text === null || text.trim().length === 0) return undefined;
    const flags = screenComment(text);
    return flags.length === 0 ? undefined : { flags, engineVersion: SCREEN_ENGINE_VERSION };
  }
}

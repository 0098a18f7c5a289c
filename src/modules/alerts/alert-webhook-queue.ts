import { Inject, Injectable } from '@nestjs/common';
import { SETTINGS } from '../../common/core/tokens.js';
import { getLogger } from '../../common/logging/logger.js';
import { QueueConnections } from '../../common/queue/queue-connections.js';
import type { AlertWebhookSettings } from '../../config/settings.js';

export const ALERT_WEBHOOK_QUEUE = 'alert-webhook';

export interface AlertWebhookJobData {
  alertId: string;
}

/**
 * The producer of webhook deliveries: one job per alert (job id `alert-<id>`, so a second add is ignored),
 * retried with exponential backoff by the queue. Only when ALERT_WEBHOOK_URL is set in this process.
 */
@Injectable()
export class AlertWebhookQueue {
  constructor(
    @Inject(QueueConnections) private readonly queues: QueueConnections,
    @Inject(SETTINGS) private readonly settings: Partial<AlertWebhookSettings>,
  ) {}

  get enabled(): boolean {
    return this.settings.ALERT_WEBHOOK_URL !== undefined;
  }

  /**
   * Enqueues after the alert's transaction committed. A failure to enqueue (Redis away) is logged, not thrown:
   * the comment is stored, and the job worker's sweep delivers every alert still without `notified_at`.
   */
  async enqueue(alertIds: readonly string[]): Promise<void> {
    if (!this.enabled || alertIds.length === 0) return;
    try {
      await this.queues.queue(ALERT_WEBHOOK_QUEUE).addBulk(
        alertIds.map((alertId) => ({
          name: 'deliver',
          data: { alertId } satisfies AlertWebhookJobData,
          opts: {
            jobId: `alert-${alertId}`,
            attempts: this.settings.ALERT_WEBHOOK_ATTEMPTS ?? 10,
            backoff: { type: 'exponential', delay: this.settings.ALERT_WEBHOOK_BACKOFF_MS ?? 5_000 },
            removeOnComplete: true,
            // A job that ran out of attempts is dropped so the sweep can enqueue the alert again later.
            removeOnFail: true,
          },
        })),
      );
    } catch (error) {
      getLogger('alerts').warn({ err: error, alertIds }, 'alert webhook not enqueued; the sweep will deliver it');
    }
  }
}

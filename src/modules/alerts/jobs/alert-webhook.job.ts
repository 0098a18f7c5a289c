import { createHmac } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job } from 'bullmq';
import { SETTINGS } from '../../../common/core/tokens.js';
import { getLogger } from '../../../common/logging/logger.js';
import { QueueConnections } from '../../../common/queue/queue-connections.js';
import type { AlertWebhookSettings } from '../../../config/settings.js';
import { ALERT_WEBHOOK_QUEUE, AlertWebhookQueue, type AlertWebhookJobData } from '../alert-webhook-queue.js';
import { AlertsRepository } from '../alerts.repository.js';

/** `X-Signature` of a body: `sha256=<hex HMAC-SHA256 of the exact bytes sent>`. */
export function alertSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

const DELIVERY_TIMEOUT_MS = 10_000;
/** How often, and after how long, alerts still undelivered are enqueued again (Redis lost the job, or it ran out). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The job-worker side of the alert webhook (conventions §11): POSTs `{ id, category, score, semesterCode,
 * campusCode, departmentCode, createdAt }` signed with ALERT_WEBHOOK_SECRET, `Idempotency-Key: <alert id>`. Any
 * answer but 2xx, or no answer, fails the attempt and the queue retries with backoff; a delivered alert is
 * marked so it is not sent again (at least once: a crash between the answer and the mark sends it twice, which
 * the idempotency key lets the receiver ignore).
 */
@Injectable()
export class AlertWebhookWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    @Inject(QueueConnections) private readonly queues: QueueConnections,
    @Inject(AlertsRepository) private readonly repository: AlertsRepository,
    @Inject(AlertWebhookQueue) private readonly producer: AlertWebhookQueue,
    @Inject(SETTINGS) private readonly settings: Partial<AlertWebhookSettings>,
  ) {}

  onApplicationBootstrap(): void {
    const { ALERT_WEBHOOK_URL: url, ALERT_WEBHOOK_SECRET: secret } = this.settings;
    if (url === undefined) return;
    if (secret === undefined) throw new Error('ALERT_WEBHOOK_SECRET is required when ALERT_WEBHOOK_URL is set');
    this.queues.worker<AlertWebhookJobData, void>(ALERT_WEBHOOK_QUEUE, (job) => this.deliver(job, url, secret), {
      concurrency: 4,
    });
    this.sweep = setInterval(() => void this.enqueueUndelivered(), SWEEP_INTERVAL_MS);
    this.sweep.unref();
  }

  onApplicationShutdown(): void {
    if (this.sweep) clearInterval(this.sweep);
  }

  private async deliver(job: Job<AlertWebhookJobData>, url: string, secret: string): Promise<void> {
    const alert = await this.repository.webhookPayload(job.data.alertId);
    if (!alert || alert.notified) return;
    const { notified: _notified, ...payload } = alert;
    const body = JSON.stringify(payload);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': alertSignature(body, secret),
        'idempotency-key': alert.id,
      },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`alert webhook answered ${response.status}`);
    await this.repository.markNotified(alert.id);
  }

  private async enqueueUndelivered(): Promise<void> {
    try {
      const ids = await this.repository.undelivered(new Date(Date.now() - SWEEP_INTERVAL_MS), 500);
      await this.producer.enqueue(ids);
    } catch (error) {
      getLogger('alerts').warn({ err: error }, 'alert webhook sweep failed');
    }
  }
}

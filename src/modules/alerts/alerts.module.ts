import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { InstitutionModule } from '../institution/institution.module.js';
import { AlertRecorder } from './alert-recorder.js';
import { AlertWebhookQueue } from './alert-webhook-queue.js';
import { AlertsRepository } from './alerts.repository.js';
import { AlertsService } from './alerts.service.js';
import { AlertRescreen } from './alert-rescreen.js';

/** Screening stored comments, the alerts they raise, and their webhook producer (the consumer is the worker's). */
@Module({
  imports: [InstitutionModule, AuditModule],
  providers: [AlertsRepository, AlertRecorder, AlertWebhookQueue, AlertsService, AlertRescreen],
  exports: [AlertsRepository, AlertRecorder, AlertWebhookQueue, AlertsService, AlertRescreen],
})
export class AlertsModule {}

import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module.js';
import { InstitutionModule } from '../institution/institution.module.js';
import { SubmissionsRepository } from './submissions.repository.js';
import { SubmissionsService } from './submissions.service.js';

@Module({
  imports: [InstitutionModule, AlertsModule],
  providers: [SubmissionsRepository, SubmissionsService],
  exports: [SubmissionsRepository, SubmissionsService],
})
export class SubmissionsModule {}

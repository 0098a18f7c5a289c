import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { QuestionnairesModule } from '../questionnaires/questionnaires.module.js';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { IngestionService } from './ingestion.service.js';

@Module({
  imports: [SubmissionsModule, QuestionnairesModule, AuditModule],
  providers: [IngestionService],
  exports: [IngestionService],
})
export class IngestionModule {}

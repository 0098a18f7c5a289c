import { Module } from '@nestjs/common';
import { QuestionnairesModule } from '../questionnaires/questionnaires.module.js';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { IngestionController } from './ingestion.controller.js';
import { IngestionRepository } from './ingestion.repository.js';
import { IngestionService } from './ingestion.service.js';

@Module({
  imports: [SubmissionsModule, QuestionnairesModule],
  controllers: [IngestionController],
  providers: [IngestionRepository, IngestionService],
  exports: [IngestionService],
})
export class IngestionModule {}

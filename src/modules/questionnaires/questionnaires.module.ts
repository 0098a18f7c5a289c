import { Module } from '@nestjs/common';
import { QuestionnairesRepository } from './questionnaires.repository.js';
import { QuestionnairesService } from './questionnaires.service.js';

@Module({
  providers: [QuestionnairesRepository, QuestionnairesService],
  exports: [QuestionnairesRepository, QuestionnairesService],
})
export class QuestionnairesModule {}

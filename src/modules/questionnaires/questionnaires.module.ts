import { Module } from '@nestjs/common';
import {
  DimensionsController,
  QuestionnaireFiltersController,
  QuestionnairesController,
} from './questionnaires.controller.js';
import { QuestionnairesRepository } from './questionnaires.repository.js';
import { QuestionnairesService } from './questionnaires.service.js';

@Module({
  controllers: [QuestionnairesController, DimensionsController, QuestionnaireFiltersController],
  providers: [QuestionnairesRepository, QuestionnairesService],
  exports: [QuestionnairesRepository, QuestionnairesService],
})
export class QuestionnairesModule {}

import { Module } from '@nestjs/common';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { IngestionController } from './ingestion.controller.js';
import { IngestionRepository } from './ingestion.repository.js';
import { IngestionService } from './ingestion.service.js';

@Module({
  imports: [SubmissionsModule],
  controllers: [IngestionController],
  providers: [IngestionRepository, IngestionService],
  exports: [IngestionService],
})
export class IngestionModule {}

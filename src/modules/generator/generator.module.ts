import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { QuestionnairesModule } from '../questionnaires/questionnaires.module.js';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { commentWriterProvider } from './comment-writer.provider.js';
import { GeneratorRepository } from './generator.repository.js';
import { GeneratorService } from './generator.service.js';

@Module({
  imports: [SubmissionsModule, QuestionnairesModule, AuditModule],
  providers: [GeneratorRepository, GeneratorService, commentWriterProvider],
  exports: [GeneratorService],
})
export class GeneratorModule {}

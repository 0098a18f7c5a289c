import { Module } from '@nestjs/common';
import { InstitutionModule } from '../institution/institution.module.js';
import { SubmissionsRepository } from './submissions.repository.js';
import { SubmissionsService } from './submissions.service.js';

@Module({
  imports: [InstitutionModule],
  providers: [SubmissionsRepository, SubmissionsService],
  exports: [SubmissionsRepository, SubmissionsService],
})
export class SubmissionsModule {}

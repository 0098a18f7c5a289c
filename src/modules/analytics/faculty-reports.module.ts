import { Module } from '@nestjs/common';
import { InstitutionModule } from '../institution/institution.module.js';
import { FacultyReportsRepository } from './faculty-reports.repository.js';
import { FacultyReportsService } from './faculty-reports.service.js';

/** The faculty report endpoints: live reads of submissions and analysis results, and the PDF export. */
@Module({
  imports: [InstitutionModule],
  providers: [FacultyReportsRepository, FacultyReportsService],
  exports: [FacultyReportsService],
})
export class FacultyReportsModule {}

import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { InstitutionImportRepository } from './institution-import.repository.js';
import { InstitutionImportService } from './institution-import.service.js';
import { InstitutionRepository } from './institution.repository.js';
import { ScopeService } from './scope.service.js';

@Module({
  imports: [AuditModule],
  providers: [InstitutionRepository, InstitutionImportRepository, InstitutionImportService, ScopeService],
  exports: [ScopeService, InstitutionImportService, InstitutionRepository],
})
export class InstitutionModule {}

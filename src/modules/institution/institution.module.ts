import { Module } from '@nestjs/common';
import { InstitutionImportRepository } from './institution-import.repository.js';
import { InstitutionImportService } from './institution-import.service.js';
import {
  InstitutionFiltersController,
  InstitutionImportController,
  ReferenceDataController,
} from './institution.controller.js';
import { InstitutionRepository } from './institution.repository.js';
import { ScopeService } from './scope.service.js';

@Module({
  controllers: [ReferenceDataController, InstitutionImportController, InstitutionFiltersController],
  providers: [InstitutionRepository, InstitutionImportRepository, InstitutionImportService, ScopeService],
  exports: [ScopeService, InstitutionImportService, InstitutionRepository],
})
export class InstitutionModule {}

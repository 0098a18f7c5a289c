import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/**
 * The audit writer every module imports (AuditService). Like the other feature modules it holds no
 * controller: the API process registers AuditController (conventions §7) itself.
 */
@Module({
  providers: [AuditRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}

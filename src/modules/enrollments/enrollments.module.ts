import { Module } from '@nestjs/common';
import { EnrollmentsRepository } from './enrollments.repository.js';
import { EnrollmentsService } from './enrollments.service.js';

/**
 * Enrollment reads (`GET /enrollments/me`). Like the other feature modules it holds no controller: the API
 * process registers EnrollmentsController itself.
 */
@Module({
  providers: [EnrollmentsRepository, EnrollmentsService],
  exports: [EnrollmentsService],
})
export class EnrollmentsModule {}

import { Inject, Injectable } from '@nestjs/common';
import { CacheNamespace, CacheService } from '../../common/cache/cache.service.js';
import type { Paged, Paging } from '../../common/http/paging.js';
import { EnrollmentsRepository } from './enrollments.repository.js';
import type { EnrollmentItem } from './enrollments.schemas.js';

/** The spec's TTL of `GET /enrollments/me`. */
const ENROLLMENTS_ME_TTL_SECONDS = 30 * 60;

@Injectable()
export class EnrollmentsService {
  constructor(
    @Inject(EnrollmentsRepository) private readonly repository: EnrollmentsRepository,
    @Inject(CacheService) private readonly cache: CacheService,
  ) {}

  /**
   * The user's enrollments, cached under `enrollments-me:{userId}:{page}:{limit}` for 30 minutes; imports
   * and learning-system syncs clear the namespace.
   */
  mine(userId: string, paging: Paging): Promise<Paged<EnrollmentItem>> {
    return this.cache.getOrLoad(
      CacheNamespace.ENROLLMENTS_ME,
      [userId, paging.page, paging.limit],
      ENROLLMENTS_ME_TTL_SECONDS,
      () => this.repository.forUser(userId, paging),
    );
  }
}

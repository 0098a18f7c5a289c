import { Inject, Injectable } from '@nestjs/common';
import { CacheNamespace, CacheService } from '../../common/cache/cache.service.js';
import type { Paged, Paging } from '../../common/http/paging.js';
import { EnrollmentsRepository } from './enrollments.repository.js';
import type { EnrollmentItem, EnrollmentListing } from './enrollments.schemas.js';

/** The spec's TTL of `GET /enrollments/me`. */
const ENROLLMENTS_ME_TTL_SECONDS = 30 * 60;

@Injectable()
export class EnrollmentsService {
  constructor(
    @Inject(EnrollmentsRepository) private readonly repository: EnrollmentsRepository,
    @Inject(CacheService) private readonly cache: CacheService,
  ) {}

  /**
   * The user's enrollments, cached under `enrollments-me:{userId}:{page}:{limit}` for 30 minutes (imports and
   * learning-system syncs clear the namespace), each with which of its faculty the user has evaluated.
   *
   * Which teachers are evaluated is read outside the cache, on every request, so the answer is current the moment
   * a submission commits, whichever path wrote it: a POST, a bulk ingestion (inside a transaction its caller
   * commits later), or a generator commit. Invalidating instead would need a hook in every one of those writers,
   * after their commit, and a per-user delete the namespace-wide cache cannot do; clearing the whole namespace
   * on each submission would empty every student's entry many times a minute in an evaluation period. The
   * uncached read is one index range scan over the caller's own submissions for the page's courses.
   */
  async mine(userId: string, paging: Paging): Promise<Paged<EnrollmentItem>> {
    if (paging.page > 1) {
      // A page past the last is answered empty from the first page's total, and kept under no key of its own: any
      // signed-in caller could otherwise fill Redis with a key per page number for 30 minutes (outside audit U).
      const first = await this.cachedPage(userId, { page: 1, limit: paging.limit });
      if ((paging.page - 1) * paging.limit >= first.total)
        return { items: [], page: paging.page, limit: paging.limit, total: first.total };
    }
    const page = await this.cachedPage(userId, paging);
    return { ...page, items: await this.withEvaluations(userId, page.items) };
  }

  private cachedPage(userId: string, paging: Paging) {
    return this.cache.getOrLoad(
      CacheNamespace.ENROLLMENTS_ME,
      [userId, paging.page, paging.limit],
      ENROLLMENTS_ME_TTL_SECONDS,
      () => this.repository.forUser(userId, paging),
    );
  }

  private async withEvaluations(userId: string, items: EnrollmentListing[]): Promise<EnrollmentItem[]> {
    const evaluations = await this.repository.facultyFeedbackOf(
      userId,
      items.map((item) => item.course.id),
    );
    const submissionOf = new Map(
      evaluations.map((evaluation) => [`${evaluation.courseId}:${evaluation.facultyId}`, evaluation.submissionId]),
    );
    return items.map((item) => {
      const faculty = item.faculty.map((member) => {
        const submissionId = submissionOf.get(`${item.course.id}:${member.id}`) ?? null;
        return { ...member, evaluated: submissionId !== null, submissionId };
      });
      return { ...item, faculty, evaluated: faculty.length > 0 && faculty.every((member) => member.evaluated) };
    });
  }
}

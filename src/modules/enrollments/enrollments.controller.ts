import { Controller, Get, Inject, Injectable, Query } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { ALL_ROLES, Roles } from '../../common/auth/roles.js';
import { CacheNamespace, CacheService } from '../../common/cache/cache.service.js';
import { DATABASE } from '../../common/core/tokens.js';
import type { DatabaseClient } from '../../common/database/database.js';
import { pagedResponse, pagingQuery, type Paged, type Paging } from '../../common/http/paging.js';
import { Route } from '../../common/http/route.js';

const ENROLLMENTS_ME_TTL_SECONDS = 30 * 60;

export const enrollmentItem = z.object({
  id: z.uuid(),
  role: z.enum(['student', 'faculty']),
  course: z.object({ id: z.uuid(), shortname: z.string(), fullname: z.string() }),
  program: z.object({ id: z.uuid(), code: z.string() }),
  department: z.object({ id: z.uuid(), code: z.string() }),
  semester: z.object({ id: z.uuid(), code: z.string(), label: z.string() }),
  campus: z.object({ id: z.uuid(), code: z.string() }),
});
type EnrollmentItem = z.infer<typeof enrollmentItem>;

@Injectable()
export class EnrollmentsRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  async forUser(userId: string, paging: Paging): Promise<Paged<EnrollmentItem>> {
    const base = this.db
      .selectFrom('enrollments as e')
      .innerJoin('courses as co', 'co.id', 'e.course_id')
      .innerJoin('programs as p', 'p.id', 'co.program_id')
      .innerJoin('departments as d', 'd.id', 'p.department_id')
      .innerJoin('semesters as s', 's.id', 'd.semester_id')
      .innerJoin('campuses as c', 'c.id', 's.campus_id')
      .where('e.user_id', '=', userId);
    const [rows, total] = await Promise.all([
      base
        .select([
          'e.id',
          'e.role',
          'co.id as courseId',
          'co.shortname',
          'co.fullname',
          'p.id as programId',
          'p.code as programCode',
          'd.id as departmentId',
          'd.code as departmentCode',
          's.id as semesterId',
          's.code as semesterCode',
          's.label as semesterLabel',
          'c.id as campusId',
          'c.code as campusCode',
        ])
        .orderBy('s.start_date', 'desc')
        .orderBy('co.shortname')
        .orderBy('e.role')
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        role: row.role,
        course: { id: row.courseId, shortname: row.shortname, fullname: row.fullname },
        program: { id: row.programId, code: row.programCode },
        department: { id: row.departmentId, code: row.departmentCode },
        semester: { id: row.semesterId, code: row.semesterCode, label: row.semesterLabel },
        campus: { id: row.campusId, code: row.campusCode },
      })),
      page: paging.page,
      limit: paging.limit,
      total: Number(total.total),
    };
  }
}

@Controller('enrollments')
@Roles(...ALL_ROLES)
export class EnrollmentsController {
  constructor(
    @Inject(EnrollmentsRepository) private readonly repository: EnrollmentsRepository,
    @Inject(CacheService) private readonly cache: CacheService,
  ) {}

  @Get('me')
  @Route({
    summary: "The caller's enrollments (cached 30 minutes; cleared by imports and syncs)",
    tags: ['enrollments'],
    query: pagingQuery,
    response: pagedResponse(enrollmentItem),
  })
  me(@CurrentUser() user: AuthenticatedUser, @Query() query: Paging) {
    return this.cache.getOrLoad(
      CacheNamespace.ENROLLMENTS_ME,
      [user.id, query.page, query.limit],
      ENROLLMENTS_ME_TTL_SECONDS,
      () => this.repository.forUser(user.id, query),
    );
  }
}

import type {} from '@fastify/multipart';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { Roles } from '../../common/auth/roles.js';
import { invalid, tooLarge, unsupportedMediaType } from '../../common/errors/domain-error.js';
import { unsupportedMediaTypeMessage } from '../../common/http/exception-filter.js';
import { readMultipartBody } from '../../common/http/multipart-body.js';
import { Route } from '../../common/http/route.js';
import { unstorableTextDetails } from '../../common/http/unstorable-text.js';
import { zodIssuesToDetails } from '../../common/http/zod-details.js';
import { CategoryProvisioningService } from './category-provisioning.service.js';
import { readCoursesCsv } from './course-csv.js';
import { CourseProvisioningService } from './course-provisioning.service.js';
import { CsvCourseProvisioningService } from './csv-course-provisioning.service.js';
import { LmsSyncService } from './lms-sync.service.js';
import { LmsTreeService } from './lms-tree.service.js';
import {
  bulkExecuteRequest,
  bulkExecuteResult,
  bulkPreviewRequest,
  bulkPreviewResult,
  categoriesRequest,
  categoriesResult,
  categoryCoursesParams,
  categoryCoursesResult,
  csvContext,
  csvExecuteRequest,
  csvExecuteResult,
  csvPreviewResult,
  csvUploadDocument,
  plannedCourse,
  provisionedCourse,
  quickCourseRequest,
  seedUsersRequest,
  seedUsersResult,
  syncResult,
  treeResult,
} from './lms.schemas.js';
import { UserSeedingService } from './user-seeding.service.js';

/** The legacy CSV upload limit (spec: 2 MB, .csv only). */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;

const TAGS = ['lms'];

/** Learning-system provisioning (spec: SUPER_ADMIN; mounted under /lms/provision). */
@Controller('lms/provision')
@Roles('SUPER_ADMIN')
export class LmsProvisionController {
  constructor(
    @Inject(CategoryProvisioningService) private readonly categories: CategoryProvisioningService,
    @Inject(CourseProvisioningService) private readonly courses: CourseProvisioningService,
    @Inject(CsvCourseProvisioningService) private readonly csv: CsvCourseProvisioningService,
    @Inject(UserSeedingService) private readonly users: UserSeedingService,
    @Inject(LmsTreeService) private readonly browse: LmsTreeService,
  ) {}

  @Post('categories/preview')
  @HttpCode(200)
  @Route({
    summary:
      'Dry run of a category hierarchy: each campus, semester, department and program node marked created or skipped against the live tree',
    tags: TAGS,
    body: categoriesRequest,
    response: categoriesResult,
    status: 200,
  })
  previewCategories(@Body() body: z.infer<typeof categoriesRequest>) {
    return this.categories.preview(body);
  }

  @Post('categories')
  @HttpCode(200)
  @Route({
    summary: 'Create the missing campus → semester → department → program categories (audit: lms.provision.categories)',
    tags: TAGS,
    body: categoriesRequest,
    response: categoriesResult,
    status: 200,
  })
  createCategories(@Body() body: z.infer<typeof categoriesRequest>, @CurrentUser() user: AuthenticatedUser) {
    return this.categories.execute(body, user.id);
  }

  @Post('courses/preview')
  @HttpCode(200)
  @Route({
    summary: 'Legacy CSV preview (multipart: file ≤ 2 MB, .csv only, plus campus, department, startDate, endDate)',
    tags: TAGS,
    body: csvUploadDocument,
    consumes: 'multipart/form-data',
    response: csvPreviewResult,
    status: 200,
  })
  async previewCsv(@Req() request: FastifyRequest) {
    const { fields, file } = await readCsvUpload(request);
    const context = csvContext.safeParse(fields);
    // The fields' text meets the rule of every JSON body and query (RequestValidationGuard).
    const details = [
      ...(context.success ? [] : zodIssuesToDetails(context.error.issues)),
      ...unstorableTextDetails(fields),
    ];
    if (!context.success || details.length > 0) throw invalid('validation failed', details);
    const { rows, errors } = readCoursesCsv(file);
    return this.csv.preview(context.data, rows, errors);
  }

  @Post('courses/execute')
  @HttpCode(200)
  @Route({
    summary:
      'Legacy CSV execute: create the preview’s valid rows, shortnames computed again (audit: lms.provision.courses)',
    tags: TAGS,
    body: csvExecuteRequest,
    response: csvExecuteResult,
    status: 200,
  })
  executeCsv(@Body() body: z.infer<typeof csvExecuteRequest>, @CurrentUser() user: AuthenticatedUser) {
    return this.csv.execute(body, user.id);
  }

  @Post('courses/bulk/preview')
  @HttpCode(200)
  @Route({
    summary: 'JSON bulk preview for one program (1 to 500 courses): shortname, fullname and category per course',
    description:
      'A course whose shortname a course of another category already holds (Moodle checks shortnames site-wide) is ' +
      'listed in errors with takenBy, not in courses.',
    tags: TAGS,
    body: bulkPreviewRequest,
    response: bulkPreviewResult,
    status: 200,
  })
  previewBulk(@Body() body: z.infer<typeof bulkPreviewRequest>) {
    return this.courses.bulkPreview(body);
  }

  @Post('courses/bulk/execute')
  @HttpCode(200)
  @Route({
    summary: 'JSON bulk execute: create the preview’s courses in batches of 50 (audit: lms.provision.bulk-courses)',
    description:
      'Shortnames are checked again first: a course whose shortname a course of another category holds is not ' +
      'created and is listed in errors with takenBy; the others are created.',
    tags: TAGS,
    body: bulkExecuteRequest,
    response: bulkExecuteResult,
    status: 200,
  })
  executeBulk(@Body() body: z.infer<typeof bulkExecuteRequest>, @CurrentUser() user: AuthenticatedUser) {
    return this.courses.bulkExecute(body, user.id);
  }

  @Post('courses/quick/preview')
  @HttpCode(200)
  @Route({
    summary: 'Preview of one course',
    description:
      'A shortname that a course of another category already holds (Moodle checks shortnames site-wide) is 409, ' +
      'naming that course; one already in the program’s category is status exists.',
    tags: TAGS,
    body: quickCourseRequest,
    response: plannedCourse,
    status: 200,
  })
  previewQuick(@Body() body: z.infer<typeof quickCourseRequest>) {
    return this.courses.quickPreview(body);
  }

  @Post('courses/quick')
  @HttpCode(200)
  @Route({
    summary: 'Create one course (audit: lms.provision.quick-course)',
    description:
      'A shortname that a course of another category already holds (Moodle checks shortnames site-wide) is 409, ' +
      'naming that course, and nothing is created; one already in the program’s category is status skipped.',
    tags: TAGS,
    body: quickCourseRequest,
    response: provisionedCourse,
    status: 200,
  })
  createQuick(@Body() body: z.infer<typeof quickCourseRequest>, @CurrentUser() user: AuthenticatedUser) {
    return this.courses.quickCreate(body, user.id);
  }

  @Post('users')
  @HttpCode(200)
  @Route({
    summary: 'Generate fake users and enrol them in courses (audit: lms.provision.users); passwords are never answered',
    tags: TAGS,
    body: seedUsersRequest,
    response: seedUsersResult,
    status: 200,
  })
  seedUsers(@Body() body: z.infer<typeof seedUsersRequest>, @CurrentUser() user: AuthenticatedUser) {
    return this.users.seed(body, user.id);
  }

  @Get('tree')
  @Route({ summary: 'The live category tree of the learning system', tags: TAGS, response: treeResult })
  tree() {
    return this.browse.tree();
  }

  @Get('tree/:categoryId/courses')
  @Route({
    summary: 'The live courses of one category',
    tags: TAGS,
    params: categoryCoursesParams,
    response: categoryCoursesResult,
  })
  categoryCourses(@Param() params: z.infer<typeof categoryCoursesParams>) {
    return this.browse.courses(params.categoryId);
  }
}

/** The enrollment sync (conventions §9), also run on a schedule by the job workers and by `npm run cli -- lms sync`. */
@Controller('lms')
@Roles('SUPER_ADMIN')
export class LmsSyncController {
  constructor(@Inject(LmsSyncService) private readonly syncService: LmsSyncService) {}

  @Post('sync')
  @HttpCode(200)
  @Route({
    summary: 'Run an enrollment sync from the learning system now; answers its counts (409 while one runs)',
    tags: TAGS,
    response: syncResult,
    status: 200,
  })
  sync(@CurrentUser() user: AuthenticatedUser) {
    return this.syncService.sync(user.id);
  }
}

/**
 * The text fields and the one `.csv` file part of the upload; a file over CSV_MAX_BYTES → 413 (as the ingestion's
 * file over its limit), a file not `.csv` → 400.
 */
async function readCsvUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer }> {
  // Any other body (JSON included) is the wrong content type for an upload: 415 naming the type sent and the one taken.
  if (!request.isMultipart()) throw unsupportedMediaType(unsupportedMediaTypeMessage(request));
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  await readMultipartBody(async () => {
    for await (const part of request.parts({ limits: { fileSize: CSV_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file')
        throw invalid(`unexpected file part '${part.fieldname}'`, [
          { path: part.fieldname, message: 'unknown file part' },
        ]);
      if (!/\.csv$/i.test(part.filename ?? ''))
        throw invalid('only .csv files are accepted', [
          { path: 'file', message: `'${part.filename}' is not a .csv file` },
        ]);
      try {
        file = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge('the CSV file is larger than 2 MB', [{ path: 'file', message: 'at most 2 MB' }]);
        throw error;
      }
    }
  });
  if (!file || file.length === 0)
    throw invalid('validation failed', [{ path: 'file', message: 'a non-empty .csv file is required' }]);
  return { fields, file };
}

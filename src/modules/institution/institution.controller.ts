import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, type AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { ALL_ROLES, Roles } from '../../common/auth/roles.js';
import { SESSION_AUTHENTICATOR, type SessionAuthenticator } from '../../common/auth/session-authenticator.js';
import { Route } from '../../common/http/route.js';
import { ENROLLMENTS_SYNCED_AT_KEY, InstitutionImportService } from './institution-import.service.js';
import { InstitutionRepository } from './institution.repository.js';
import {
  campusItem,
  courseFilterQuery,
  departmentFilterQuery,
  facultyFilterQuery,
  filterCourseItem,
  filterDepartmentItem,
  filterFacultyItem,
  filterProgramItem,
  filterSemesterItem,
  institutionImportBody,
  institutionImportResult,
  institutionStatus,
  programFilterQuery,
  semesterItem,
  semesterListQuery,
  type InstitutionImport,
} from './institution.schemas.js';
import { parseSemesterCode } from './semester-code.js';

@Controller()
@Roles(...ALL_ROLES)
export class ReferenceDataController {
  constructor(@Inject(InstitutionRepository) private readonly repository: InstitutionRepository) {}

  @Get('campuses')
  @Route({ summary: 'Campuses', tags: ['institution'], response: z.array(campusItem) })
  campuses() {
    return this.repository.campuses();
  }

  @Get('semesters')
  @Route({
    summary: 'Semesters, newest first',
    tags: ['institution'],
    query: semesterListQuery,
    response: z.array(semesterItem),
  })
  semesters(@Query() query: z.infer<typeof semesterListQuery>) {
    return this.repository.semesters(query);
  }
}

/** Institution data management. Import is SUPER_ADMIN only; the status read is widened to ADMIN. */
@Controller('admin/institution')
@Roles('SUPER_ADMIN')
export class InstitutionImportController {
  constructor(
    @Inject(InstitutionRepository) private readonly repository: InstitutionRepository,
    @Inject(InstitutionImportService) private readonly importer: InstitutionImportService,
    @Inject(SESSION_AUTHENTICATOR) private readonly sessions: SessionAuthenticator,
  ) {}

  @Post('import')
  @HttpCode(200)
  @Route({
    summary:
      'Import institution data (one transaction, idempotent upsert by natural keys; every problem listed, nothing written on any)',
    tags: ['institution'],
    body: institutionImportBody,
    bodyRequired: true,
    response: institutionImportResult,
  })
  async import(@Body() body: InstitutionImport, @CurrentUser() user: AuthenticatedUser) {
    try {
      return await this.importer.import(body, user.id);
    } finally {
      // Users, roles and assignments may have changed: this instance's next request sees them at once.
      this.sessions.forget();
    }
  }

  @Get('status')
  @Roles('ADMIN')
  @Route({
    summary: 'Institution row counts and the time of the last enrollment sync (import or learning-system sync)',
    tags: ['institution'],
    response: institutionStatus,
  })
  status() {
    return this.repository.status(ENROLLMENTS_SYNCED_AT_KEY);
  }
}

/** The admin filter cascade of the spec: reference lists for admin consoles. */
@Controller('admin/filters')
@Roles('SUPER_ADMIN', 'ADMIN')
export class InstitutionFiltersController {
  constructor(@Inject(InstitutionRepository) private readonly repository: InstitutionRepository) {}

  @Get('semesters')
  @Route({
    summary: 'Semesters for the admin filter cascade (dates computed from the code)',
    tags: ['filters'],
    response: z.array(filterSemesterItem),
  })
  async filterSemesters() {
    const semesters = await this.repository.semesters({});
    return semesters.map((semester) => {
      const parsed = parseSemesterCode(semester.code);
      return {
        id: semester.id,
        code: semester.code,
        label: semester.label,
        academicYear: semester.academicYear,
        campusCode: semester.campusCode,
        startDate: parsed.ok ? parsed.value.startDate : semester.startDate,
        endDate: parsed.ok ? parsed.value.endDate : semester.endDate,
      };
    });
  }

  @Get('departments')
  @Route({
    summary: 'Departments, optionally of one semester and campus',
    tags: ['filters'],
    query: departmentFilterQuery,
    response: z.array(filterDepartmentItem),
  })
  filterDepartments(@Query() query: z.infer<typeof departmentFilterQuery>) {
    return this.repository.departments(query);
  }

  @Get('programs')
  @Route({
    summary: 'Programs, optionally of one department or semester',
    tags: ['filters'],
    query: programFilterQuery,
    response: z.array(filterProgramItem),
  })
  filterPrograms(@Query() query: z.infer<typeof programFilterQuery>) {
    return this.repository.programs(query);
  }

  @Get('faculty')
  @Route({
    summary: 'Faculty members, optionally those teaching within a scope',
    tags: ['filters'],
    query: facultyFilterQuery,
    response: z.array(filterFacultyItem),
  })
  filterFaculty(@Query() query: z.infer<typeof facultyFilterQuery>) {
    return this.repository.faculty(query);
  }

  @Get('courses')
  @Route({
    summary: 'Courses, optionally those a faculty member teaches',
    tags: ['filters'],
    query: courseFilterQuery,
    response: z.array(filterCourseItem),
  })
  filterCourses(@Query() query: z.infer<typeof courseFilterQuery>) {
    return this.repository.courses(query);
  }
}

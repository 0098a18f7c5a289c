import { Inject, Injectable } from '@nestjs/common';
import { invalid, type ErrorDetail } from '../../common/errors/domain-error.js';
import { courseCodeProblem, courseFullname, courseShortname, normalizeCode } from './course-naming.js';
import { CourseCreator, type PlannedCourse, type Provisioned } from './course-creator.js';
import { asLmsOperation } from './lms-operation.js';
import { LmsRepository } from './lms.repository.js';
import type { BulkExecuteRequest, BulkPreviewRequest, QuickCourseRequest } from './lms.schemas.js';
import { dateRange, type DateRange } from './semester-dates.js';

const SEMESTER_CODE = /^S([12])(\d{2})(\d{2})$/;

interface CourseHeader {
  semesterId: string;
  departmentId: string;
  programId: string;
  startDate: string;
  endDate: string;
}

interface BulkRow extends PlannedCourse {
  courseCode: string;
  descriptiveTitle: string;
}

/** What the checked header resolves to: the program's category and the codes its shortnames are made of. */
interface ResolvedHeader {
  range: DateRange;
  categoryId: number;
  programCode: string;
  campusCode: string;
  semesterCode: string;
}

/**
 * The JSON bulk flow (preview/execute) and the quick flow (one course) for one program. Every request is checked
 * against the local hierarchy first (400 on any failure): the program belongs to `departmentId`, the department to
 * `semesterId`, the semester code has the S{1|2}{YY}{YY} form, and the program has a learning-system category.
 * The category and the names are derived here, at preview and again at execute; what the client echoes back
 * is ignored.
 */
@Injectable()
export class CourseProvisioningService {
  constructor(
    @Inject(LmsRepository) private readonly repository: LmsRepository,
    @Inject(CourseCreator) private readonly creator: CourseCreator,
  ) {}

  async bulkPreview(request: BulkPreviewRequest) {
    const plan = await this.plan(request, request.courses);
    return asLmsOperation('bulk course preview', async () => {
      const existing = await this.creator.existingCourses([plan.categoryId]);
      return {
        courses: plan.rows.map((row) => ({
          ...row,
          status: existing.has(row.shortname.toLowerCase()) ? ('exists' as const) : ('new' as const),
        })),
        errors: plan.errors,
      };
    });
  }

  async bulkExecute(request: BulkExecuteRequest, actorId: string | null) {
    const plan = await this.plan(request, request.courses);
    const outcome = await this.creator.create({
      action: 'lms.provision.bulk-courses',
      operation: 'bulk course creation',
      target: `program:${request.programId}`,
      actorId,
      metadata: {
        semesterId: request.semesterId,
        departmentId: request.departmentId,
        programId: request.programId,
        categoryId: plan.categoryId,
        rejected: plan.errors.length,
      },
      rows: plan.rows,
      range: plan.range,
      localProgramId: async () => request.programId,
    });
    return { ...outcome, errors: plan.errors };
  }

  async quickPreview(request: QuickCourseRequest) {
    const row = await this.quickRow(request);
    return asLmsOperation('quick course preview', async () => {
      const existing = await this.creator.existingCourses([row.categoryId]);
      return { ...row, status: existing.has(row.shortname.toLowerCase()) ? ('exists' as const) : ('new' as const) };
    });
  }

  async quickCreate(request: QuickCourseRequest, actorId: string | null): Promise<Provisioned<BulkRow>> {
    const header = await this.resolveHeader(request);
    const row = await this.quickRow(request, header);
    const outcome = await this.creator.create({
      action: 'lms.provision.quick-course',
      operation: 'quick course creation',
      target: `program:${request.programId}`,
      actorId,
      metadata: { programId: request.programId, shortname: row.shortname, categoryId: row.categoryId },
      rows: [row],
      range: header.range,
      localProgramId: async () => request.programId,
    });
    return outcome.courses[0] as Provisioned<BulkRow>;
  }

  private async quickRow(request: QuickCourseRequest, resolved?: ResolvedHeader): Promise<BulkRow> {
    const header = resolved ?? (await this.resolveHeader(request));
    const problem = courseCodeProblem(request.courseCode);
    if (problem) throw invalid(problem, [{ path: 'courseCode', message: problem }]);
    return this.row(header, request.courseCode, request.descriptiveTitle);
  }

  /** The header checks, then one row per valid course; a courseCode given twice → 400. */
  private async plan(header: CourseHeader, courses: Array<{ courseCode: string; descriptiveTitle: string }>) {
    const resolved = await this.resolveHeader(header);
    const firstIndex = new Map<string, number>();
    const duplicates: ErrorDetail[] = [];
    courses.forEach((course, index) => {
      const normalized = normalizeCode(course.courseCode);
      const first = firstIndex.get(normalized);
      if (first === undefined) firstIndex.set(normalized, index);
      else
        duplicates.push({
          path: `courses.${index}.courseCode`,
          message: `duplicate courseCode '${course.courseCode}' (also courses.${first})`,
        });
    });
    if (duplicates.length > 0) throw invalid('duplicate courseCode in the request', duplicates);
    const rows: BulkRow[] = [];
    const errors: Array<{ index: number; courseCode: string; message: string }> = [];
    courses.forEach((course, index) => {
      const problem = courseCodeProblem(course.courseCode);
      if (problem) errors.push({ index, courseCode: course.courseCode, message: problem });
      else rows.push(this.row(resolved, course.courseCode, course.descriptiveTitle));
    });
    return { ...resolved, rows, errors };
  }

  private row(header: ResolvedHeader, courseCode: string, descriptiveTitle: string): BulkRow {
    return {
      courseCode: normalizeCode(courseCode),
      descriptiveTitle: descriptiveTitle.trim(),
      shortname: courseShortname({
        courseCode,
        programCode: header.programCode,
        campusCode: header.campusCode,
        semesterCode: header.semesterCode,
      }),
      fullname: courseFullname(courseCode, descriptiveTitle),
      categoryId: header.categoryId,
    };
  }

  /** The chain checks of the spec, each a 400 naming the field at fault. */
  private async resolveHeader(header: CourseHeader): Promise<ResolvedHeader> {
    const range = dateRange(header.startDate, header.endDate);
    const program = await this.repository.programChain(header.programId);
    if (!program) throw chainError('programId', 'no program has this id');
    if (program.programDepartmentId !== header.departmentId)
      throw chainError('departmentId', `program ${program.programCode} does not belong to this department`);
    const departmentSemesterId = program.departmentSemesterId;
    if (departmentSemesterId !== header.semesterId) {
      if (!(await this.repository.semesterExists(header.semesterId)))
        throw chainError('semesterId', 'no semester has this id');
      throw chainError('semesterId', `department ${program.departmentCode} does not belong to this semester`);
    }
    const semesterCode = program.semesterCode ?? '';
    if (!SEMESTER_CODE.test(semesterCode))
      throw chainError('semesterId', `Invalid semester code '${semesterCode}': expected S1YYYY or S2YYYY`);
    if (program.programCategoryId === null)
      throw chainError(
        'programId',
        `program ${program.programCode} has no learning-system category (lmsCategoryId); provision its categories or run a sync first`,
      );
    return {
      range,
      categoryId: program.programCategoryId,
      programCode: program.programCode,
      campusCode: program.campusCode ?? '',
      semesterCode,
    };
  }
}

function chainError(path: string, message: string) {
  return invalid(message, [{ path, message }]);
}

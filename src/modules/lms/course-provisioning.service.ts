import { Inject, Injectable } from '@nestjs/common';
import { conflict, invalid, type ErrorDetail } from '../../common/errors/domain-error.js';
import { courseCodeProblem, courseFullname, courseShortname, normalizeCode } from './course-naming.js';
import {
  CourseCreator,
  takenMessage,
  type PlannedCourse,
  type Provisioned,
  type ShortnameCheck,
  type TakenBy,
} from './course-creator.js';
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

/** A row the bulk flow does not create, reported in `errors` with its index in the request. */
interface CourseError {
  index: number;
  courseCode: string;
  message: string;
  takenBy?: TakenBy;
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
      const check = await this.creator.checkShortnames(plan.rows);
      const taken = plan.rows.flatMap((row) => {
        const takenBy = check.taken.get(row.shortname.toLowerCase());
        return takenBy === undefined ? [] : [{ row, takenBy }];
      });
      return {
        courses: plan.rows
          .filter((row) => !check.taken.has(row.shortname.toLowerCase()))
          .map((row) => ({ ...row, status: previewStatus(check, row) })),
        errors: withTakenErrors(plan, taken),
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
    return {
      created: outcome.created,
      skipped: outcome.skipped,
      batches: outcome.batches,
      courses: outcome.courses,
      errors: withTakenErrors(plan, outcome.taken),
    };
  }

  /** A course whose shortname a course of another category holds is refused with 409, as quick create refuses it. */
  async quickPreview(request: QuickCourseRequest) {
    const row = await this.quickRow(request);
    return asLmsOperation('quick course preview', async () => {
      const check = await this.creator.checkShortnames([row]);
      const takenBy = check.taken.get(row.shortname.toLowerCase());
      if (takenBy) throw takenConflict(row, takenBy);
      return { ...row, status: previewStatus(check, row) };
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
    const [taken] = outcome.taken;
    if (taken) throw takenConflict(row, taken.takenBy);
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
    const errors: CourseError[] = [];
    // The request entry of each planned row (by shortname in lower case), for the errors found later.
    const entries = new Map<string, { index: number; courseCode: string }>();
    courses.forEach((course, index) => {
      const problem = courseCodeProblem(course.courseCode);
      if (problem) errors.push({ index, courseCode: course.courseCode, message: problem });
      else {
        const row = this.row(resolved, course.courseCode, course.descriptiveTitle);
        rows.push(row);
        entries.set(row.shortname.toLowerCase(), { index, courseCode: course.courseCode });
      }
    });
    return { ...resolved, rows, errors, entries };
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

function previewStatus(check: ShortnameCheck, row: PlannedCourse): 'new' | 'exists' {
  return check.existing.has(row.shortname.toLowerCase()) ? 'exists' : 'new';
}

/** The plan's row errors with one for each taken row, in the order of the request. */
function withTakenErrors(
  plan: { errors: CourseError[]; entries: Map<string, { index: number; courseCode: string }> },
  takenRows: Array<{ row: PlannedCourse; takenBy: TakenBy }>,
): CourseError[] {
  const taken = takenRows.flatMap(({ row, takenBy }): CourseError[] => {
    const entry = plan.entries.get(row.shortname.toLowerCase());
    return entry ? [{ ...entry, message: takenMessage(row.shortname, takenBy), takenBy }] : [];
  });
  return [...plan.errors, ...taken].sort((left, right) => left.index - right.index);
}

/** One course whose shortname a course of another category holds: 409, naming that course, on `courseCode`. */
function takenConflict(row: PlannedCourse, takenBy: TakenBy) {
  const message = takenMessage(row.shortname, takenBy);
  return conflict(message, [{ path: 'courseCode', message }]);
}

function chainError(path: string, message: string) {
  return invalid(message, [{ path, message }]);
}

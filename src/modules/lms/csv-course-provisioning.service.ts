import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../../common/database/database.js';
import { CategoryIndex } from './category-tree.js';
import { courseCodeProblem, courseFullname, courseShortname, normalizeCode } from './course-naming.js';
import { CourseCreator, takenMessage, type PlannedCourse, type TakenBy } from './course-creator.js';
import type { CsvRowProblem } from './course-csv.js';
import { asLmsOperation } from './lms-operation.js';
import { LmsRepository } from './lms.repository.js';
import type { CsvContext, CsvCourseRow, CsvExecuteRequest, CsvPreviewResult } from './lms.schemas.js';
import { MoodleClient } from './moodle-client.js';
import { dateRange, semesterCode, type DateRange } from './semester-dates.js';

export const SHORTNAME_NOTE =
  'Shortnames are {COURSE}-{PROGRAM}-{CAMPUS}-{SEMESTER} (e.g. IT101-BSIT-MAIN-S12526). Execute computes them again ' +
  'from the program code and the final school year of startDate/endDate (the last two digits of the semester code), ' +
  "so the ones shown here are what execute uses for the same context; a shortname the program's category already " +
  'holds is skipped, and one a course of another category holds (Moodle shortnames are unique site-wide) is an ' +
  'error naming that course.';

interface CsvPlannedRow extends PlannedCourse {
  row: number;
  program: string;
  courseCode: string;
  descriptiveTitle: string;
  semester: 1 | 2;
  semesterCode: string;
  /** Category names from the top: campus, semester, department, program. */
  path: [string, string, string, string];
}

/**
 * The legacy CSV flow: a file of courses for one campus and department over one date range, each row naming its
 * program and semester (1 or 2). Every row is placed in the live category tree (campus → semester code of the
 * date range → department → program); a row whose category does not exist is an error, a row whose shortname
 * the file already had or the learning system already holds is skipped. Execute takes the valid rows back and
 * plans them again from scratch.
 */
@Injectable()
export class CsvCourseProvisioningService {
  constructor(
    @Inject(MoodleClient) private readonly client: MoodleClient,
    @Inject(LmsRepository) private readonly repository: LmsRepository,
    @Inject(CourseCreator) private readonly creator: CourseCreator,
  ) {}

  async preview(
    context: CsvContext,
    rows: Array<{ row: number; data: CsvCourseRow }>,
    readErrors: CsvRowProblem[],
  ): Promise<CsvPreviewResult> {
    const range = dateRange(context.startDate, context.endDate);
    return asLmsOperation('CSV course preview', async () => {
      const plan = await this.plan(context, range, rows);
      const { existing, taken } = await this.creator.checkShortnames(plan.valid, plan.index);
      const valid = plan.valid.filter(
        (row) => !existing.has(row.shortname.toLowerCase()) && !taken.has(row.shortname.toLowerCase()),
      );
      const skipped = [
        ...plan.skipped,
        ...plan.valid
          .filter((row) => existing.has(row.shortname.toLowerCase()))
          .map((row) => ({ row: row.row, shortname: row.shortname, reason: 'already in the learning system' })),
      ].sort((left, right) => left.row - right.row);
      const takenErrors = plan.valid.flatMap((row) => {
        const takenBy = taken.get(row.shortname.toLowerCase());
        return takenBy === undefined ? [] : [takenError(row, takenBy)];
      });
      return {
        valid: valid.map(publicRow),
        skipped,
        errors: [...readErrors, ...plan.errors, ...takenErrors].sort((left, right) => left.row - right.row),
        shortnameNote: SHORTNAME_NOTE,
      };
    });
  }

  async execute(request: CsvExecuteRequest, actorId: string | null) {
    const range = dateRange(request.startDate, request.endDate);
    const rows = request.rows.map((data, index) => ({ row: index + 1, data }));
    const plan = await asLmsOperation('CSV course creation', () => this.plan(request, range, rows));
    const programIds = new Map<string, string>();
    const outcome = await this.creator.create({
      action: 'lms.provision.courses',
      operation: 'CSV course creation',
      target: `lms-campus:${normalizeCode(request.campus)}/${normalizeCode(request.department)}`,
      actorId,
      metadata: {
        campus: request.campus,
        department: request.department,
        startDate: request.startDate,
        endDate: request.endDate,
        rejected: plan.errors.length,
        duplicates: plan.skipped.length,
      },
      rows: plan.valid,
      range,
      localProgramId: (trx, row) => this.localProgramId(trx, plan.index, row.path, programIds),
    });
    return {
      created: outcome.created,
      skipped: outcome.skipped + plan.skipped.length,
      batches: outcome.batches,
      courses: outcome.courses.map((course) => ({
        ...publicRow(course),
        status: course.status,
        lmsCourseId: course.lmsCourseId,
      })),
      // The rows counted in `skipped` because they repeat an earlier row's shortname, named as the preview names them.
      repeated: plan.skipped,
      errors: [...plan.errors, ...outcome.taken.map(({ row, takenBy }) => takenError(row, takenBy))].sort(
        (left, right) => left.row - right.row,
      ),
    };
  }

  /** Places each row in the live tree; `index` is kept for the local hierarchy writes of execute. */
  private async plan(context: CsvContext, range: DateRange, rows: Array<{ row: number; data: CsvCourseRow }>) {
    const codes = new Map<1 | 2, string>();
    for (const term of new Set(rows.map((row) => row.data.semester))) codes.set(term, semesterCode(term, range));
    const index = new CategoryIndex(await this.client.categories());
    const campus = normalizeCode(context.campus);
    const department = normalizeCode(context.department);
    const valid: CsvPlannedRow[] = [];
    const skipped: Array<{ row: number; shortname: string; reason: string }> = [];
    const errors: CsvRowProblem[] = [];
    const firstRow = new Map<string, number>();
    for (const { row, data } of rows) {
      const problem = courseCodeProblem(data.courseCode);
      if (problem) {
        errors.push({ row, message: problem });
        continue;
      }
      const program = normalizeCode(data.program);
      const semester = codes.get(data.semester) as string;
      const path: CsvPlannedRow['path'] = [campus, semester, department, program];
      const category = index.find(path);
      if (!category) {
        errors.push({
          row,
          message: `the learning system has no category ${path.join(' / ')}; provision the categories first`,
        });
        continue;
      }
      const shortname = courseShortname({
        courseCode: data.courseCode,
        programCode: program,
        campusCode: campus,
        semesterCode: semester,
      });
      const first = firstRow.get(shortname.toLowerCase());
      if (first !== undefined) {
        skipped.push({ row, shortname, reason: `same shortname as row ${first}` });
        continue;
      }
      firstRow.set(shortname.toLowerCase(), row);
      valid.push({
        row,
        program,
        courseCode: normalizeCode(data.courseCode),
        descriptiveTitle: data.descriptiveTitle.trim(),
        semester: data.semester,
        semesterCode: semester,
        shortname,
        fullname: courseFullname(data.courseCode, data.descriptiveTitle),
        categoryId: category.id,
        path,
      });
    }
    return { valid, skipped, errors, index };
  }

  /** The local program of a category path, creating its hierarchy with the category ids when needed. */
  private async localProgramId(
    trx: Trx,
    index: CategoryIndex,
    path: CsvPlannedRow['path'],
    cache: Map<string, string>,
  ): Promise<string> {
    const cacheKey = path.join('/').toLowerCase();
    const known = cache.get(cacheKey);
    if (known) return known;
    const [campus, semester, department, program] = path;
    const categoryId = (depth: number) => index.find(path.slice(0, depth))?.id as number;
    const campusRow = await this.repository.upsertCampus(trx, campus, categoryId(1));
    const semesterRow = await this.repository.upsertSemester(trx, campusRow.id, semester, categoryId(2));
    const departmentRow = await this.repository.upsertDepartment(trx, semesterRow.id, department, categoryId(3));
    const programRow = await this.repository.upsertProgram(trx, departmentRow.id, program, categoryId(4));
    cache.set(cacheKey, programRow.id);
    return programRow.id;
  }
}

/** The row error of a row whose shortname a course of another category holds. */
function takenError(row: CsvPlannedRow, takenBy: TakenBy): CsvRowProblem & { takenBy: TakenBy } {
  return { row: row.row, message: takenMessage(row.shortname, takenBy), takenBy };
}

function publicRow(row: CsvPlannedRow) {
  return {
    row: row.row,
    program: row.program,
    courseCode: row.courseCode,
    descriptiveTitle: row.descriptiveTitle,
    semester: row.semester,
    semesterCode: row.semesterCode,
    shortname: row.shortname,
    fullname: row.fullname,
    categoryId: row.categoryId,
  };
}

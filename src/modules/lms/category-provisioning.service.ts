import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { invalid } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import { AuditService } from '../audit/audit.service.js';
import { chunks, LMS_PROVISION_BATCH_SIZE } from './batches.js';
import { CategoryIndex } from './category-tree.js';
import { normalizeCode } from './course-naming.js';
import { asLmsOperation, lmsFailure, madeCount } from './lms-operation.js';
import { LmsRepository } from './lms.repository.js';
import type { CategoriesRequest, CategoriesResult } from './lms.schemas.js';
import { MoodleClient } from './moodle-client.js';
import { ProvisioningLock } from './provisioning-lock.js';
import { dateRange, semesterCode, semesterTerm } from './semester-dates.js';

const OPERATION = 'category provisioning';
const TYPES = ['campus', 'semester', 'department', 'program'] as const;
type NodeType = (typeof TYPES)[number];

/** One category of the plan: its names from the top (depth = names.length). */
interface PlannedNode {
  type: NodeType;
  names: string[];
}

interface ResolvedNode extends PlannedNode {
  status: 'created' | 'skipped';
  categoryId: number | null;
}

function duplicates(codes: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(codes.filter((code) => seen.size === seen.add(code).size))];
}

/**
 * Provisions the category tree of conventions §9 (campus → semester → department → program, names are codes)
 * in the learning system. Preview compares the plan with the live tree; execute creates what is missing, one
 * depth at a time (a child needs its parent's id) in calls of LMS_PROVISION_BATCH_SIZE, under the provisioning
 * lock, and then records the hierarchy locally with the category ids so the bulk course flow can use it at once.
 */
@Injectable()
export class CategoryProvisioningService {
  constructor(
    @Inject(MoodleClient) private readonly client: MoodleClient,
    @Inject(LmsRepository) private readonly repository: LmsRepository,
    @Inject(ProvisioningLock) private readonly lock: ProvisioningLock,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** The nodes of the request, parents before children. Invalid dates or codes → 400 (`Invalid semester …`). */
  plan(request: CategoriesRequest): { semesterCodes: string[]; nodes: PlannedNode[] } {
    const range = dateRange(request.startDate, request.endDate);
    const campuses = request.campuses.map(normalizeCode);
    const terms = [...new Set(request.semesters.map((term, i) => semesterTerm(term, `semesters.${i}`)))].sort();
    const semesterCodes = terms.map((term) => semesterCode(term, range));
    const departments = request.departments.map((department) => ({
      code: normalizeCode(department.code),
      programs: department.programs.map(normalizeCode),
    }));
    const problems = [
      ...duplicates(campuses).map((code) => ({ path: 'campuses', message: `duplicate campus '${code}'` })),
      ...duplicates(departments.map((d) => d.code)).map((code) => ({
        path: 'departments',
        message: `duplicate department '${code}'`,
      })),
      ...departments.flatMap((department, index) =>
        duplicates(department.programs).map((code) => ({
          path: `departments.${index}.programs`,
          message: `duplicate program '${code}'`,
        })),
      ),
    ];
    if (problems.length > 0) throw invalid('the category plan repeats a code', problems);

    const nodes: PlannedNode[] = [];
    for (const campus of campuses) {
      nodes.push({ type: 'campus', names: [campus] });
      for (const semester of semesterCodes) {
        nodes.push({ type: 'semester', names: [campus, semester] });
        for (const department of departments) {
          nodes.push({ type: 'department', names: [campus, semester, department.code] });
          for (const program of department.programs)
            nodes.push({ type: 'program', names: [campus, semester, department.code, program] });
        }
      }
    }
    return { semesterCodes, nodes };
  }

  async preview(request: CategoriesRequest): Promise<CategoriesResult> {
    const { semesterCodes, nodes } = this.plan(request);
    return asLmsOperation(OPERATION, async () => {
      const index = new CategoryIndex(await this.client.categories());
      const resolved = nodes.map((node): ResolvedNode => {
        const existing = index.find(node.names);
        return { ...node, status: existing ? 'skipped' : 'created', categoryId: existing?.id ?? null };
      });
      return result(semesterCodes, resolved);
    });
  }

  async execute(request: CategoriesRequest, actorId: string | null): Promise<CategoriesResult> {
    const { semesterCodes, nodes } = this.plan(request);
    const metadata = {
      campuses: request.campuses,
      semesters: request.semesters,
      semesterCodes,
      startDate: request.startDate,
      endDate: request.endDate,
      departments: request.departments,
    };
    let createdSoFar = 0;
    try {
      return await this.lock.run('provisioning', () =>
        asLmsOperation(OPERATION, async () => {
          const index = new CategoryIndex(await this.client.categories());
          const idOf = new Map<string, number>();
          const resolved = new Map<string, ResolvedNode>();
          for (let depth = 1; depth <= TYPES.length; depth += 1) {
            const level = nodes.filter((node) => node.names.length === depth);
            const missing: PlannedNode[] = [];
            for (const node of level) {
              const parentId = depth === 1 ? 0 : (idOf.get(key(node.names.slice(0, -1))) as number);
              const existing = index.child(parentId, node.names.at(-1) as string);
              if (existing) {
                idOf.set(key(node.names), existing.id);
                resolved.set(key(node.names), { ...node, status: 'skipped', categoryId: existing.id });
              } else missing.push(node);
            }
            for (const batch of chunks(missing, LMS_PROVISION_BATCH_SIZE)) {
              const created = await this.createBatch(
                batch.map((node) => ({
                  name: node.names.at(-1) as string,
                  parent: depth === 1 ? 0 : (idOf.get(key(node.names.slice(0, -1))) as number),
                  idnumber: categoryIdnumber(node.names),
                })),
                createdSoFar,
              );
              batch.forEach((node, position) => {
                const id = created[position]?.id;
                if (typeof id !== 'number') throw new Error('core_course_create_categories answered fewer ids');
                idOf.set(key(node.names), id);
                resolved.set(key(node.names), { ...node, status: 'created', categoryId: id });
              });
              createdSoFar += batch.length;
            }
          }
          const ordered = nodes.map((node) => resolved.get(key(node.names)) as ResolvedNode);
          const answer = result(semesterCodes, ordered);
          await this.repository.institutionTransaction(async (trx) => {
            const localIds = new Map<string, string>();
            for (const node of ordered) {
              const categoryId = node.categoryId as number;
              const name = node.names.at(-1) as string;
              const parent = localIds.get(key(node.names.slice(0, -1))) as string;
              const written =
                node.type === 'campus'
                  ? await this.repository.upsertCampus(trx, name, categoryId)
                  : node.type === 'semester'
                    ? await this.repository.upsertSemester(trx, parent, name, categoryId)
                    : node.type === 'department'
                      ? await this.repository.upsertDepartment(trx, parent, name, categoryId)
                      : await this.repository.upsertProgram(trx, parent, name, categoryId);
              localIds.set(key(node.names), written.id);
            }
            await this.audit.record(
              {
                action: 'lms.provision.categories',
                actorId,
                target: `lms-categories:${semesterCodes.join(',')}`,
                metadata: { ...metadata, created: answer.created, skipped: answer.skipped },
              },
              trx,
            );
          });
          return answer;
        }),
      );
    } catch (error) {
      await this.recordFailure(actorId, { ...metadata, createdBeforeFailure: createdSoFar }, error);
      throw error;
    }
  }

  /**
   * One create call. When it fails after earlier calls of the request created categories, the error says how many (as the
   * course flow's does): they stay in the learning system, and running the same request again skips them.
   */
  private async createBatch(categories: Parameters<MoodleClient['createCategories']>[0], createdSoFar: number) {
    try {
      return await this.client.createCategories(categories);
    } catch (error) {
      if (createdSoFar === 0) throw error;
      throw lmsFailure(
        `${OPERATION} (stopped after ${madeCount(createdSoFar, 'new category', 'new categories')} created)`,
        error,
      );
    }
  }

  private async recordFailure(actorId: string | null, metadata: Record<string, unknown>, error: unknown) {
    await this.audit
      .record({
        action: 'lms.provision.categories',
        actorId,
        target: `lms-categories:${String(metadata.semesterCodes)}`,
        outcome: 'failure',
        metadata: { ...metadata, error: error instanceof Error ? error.message : String(error) },
      })
      .catch((auditError: unknown) => getLogger('lms').error({ err: auditError }, 'audit of a failed provisioning'));
  }
}

const key = (names: readonly string[]) => names.map((name) => name.toLowerCase()).join('/');

/** Moodle's limit on a category idnumber. */
const IDNUMBER_MAX = 100;

/**
 * The idnumber a created category carries: `lmsprov:` and its path of codes (`lmsprov:MAIN/S12526/CCS`), or a hash
 * of it when that is too long. Moodle keeps category idnumbers unique (names are not): a create call that timed
 * out or lost its connection but went through, and the retry that follows, cannot make one node twice; the later
 * of the two is refused (`categoryidnumbertaken`).
 */
export function categoryIdnumber(names: readonly string[]): string {
  const path = `lmsprov:${names.map((name) => name.toUpperCase()).join('/')}`;
  return path.length <= IDNUMBER_MAX ? path : `lmsprov:${createHash('sha256').update(path).digest('hex').slice(0, 40)}`;
}

function result(semesterCodes: string[], nodes: ResolvedNode[]): CategoriesResult {
  return {
    semesterCodes,
    nodes: nodes.map((node) => ({
      type: node.type,
      name: node.names.at(-1) as string,
      path: node.names.join(' / '),
      status: node.status,
      categoryId: node.categoryId,
    })),
    created: nodes.filter((node) => node.status === 'created').length,
    skipped: nodes.filter((node) => node.status === 'skipped').length,
  };
}

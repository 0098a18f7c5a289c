import { forbidden, invalid } from '../../common/errors/domain-error.js';
import type { Role } from '../../db/schema.js';
import type { ResolvedScope } from '../institution/scope.service.js';

export const SCOPE_FILTER_REQUIRED = 'scope filter required for your role';
export const SCOPE_NOT_ASSIGNED = 'scope not in your assigned access';

/** The axes of a pipeline's scope; null means no filter on that axis (spec, AnalysisPipeline). */
export interface ScopeAxes {
  facultyId: string | null;
  departmentId: string | null;
  programId: string | null;
  campusId: string | null;
}

export interface Caller {
  id: string;
  roles: readonly Role[];
}

const SCOPED_ROLES = ['DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD'] as const;
type PipelineRole = 'SUPER_ADMIN' | (typeof SCOPED_ROLES)[number] | 'FACULTY';

/** The caller's roles that count on /analysis (STUDENT and ADMIN never do). */
export function pipelineRoles(caller: Caller): PipelineRole[] {
  return caller.roles.filter((role): role is PipelineRole =>
    ['SUPER_ADMIN', 'DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD', 'FACULTY'].includes(role),
  );
}

/**
 * Whether one scoped role reaches a pipeline: the pipeline's field on the role's axis must be set (a null
 * field on the caller's axis is 403) and inside the caller's resolved set for the pipeline's semester.
 */
function roleReaches(role: (typeof SCOPED_ROLES)[number], axes: ScopeAxes, scope: ResolvedScope): boolean {
  if (scope.unrestricted) return true;
  switch (role) {
    case 'DEAN':
      return axes.departmentId !== null && scope.departmentIds.includes(axes.departmentId);
    case 'CHAIRPERSON':
      return axes.programId !== null && scope.programIds.includes(axes.programId);
    case 'CAMPUS_HEAD':
      return (
        (axes.campusId !== null && scope.campusIds.includes(axes.campusId)) ||
        (axes.departmentId !== null && scope.campusDepartmentIds.includes(axes.departmentId))
      );
  }
}

/**
 * Read, confirm and cancel by id (spec, "Read-by-id rules"): SUPER_ADMIN always; a scoped role when its axis
 * of the pipeline is set and assigned to it (current assignments, so a reassigned caller loses access);
 * FACULTY only to read a pipeline whose faculty is the caller (department-scoped pipelines are 403).
 * Any one of the caller's roles that reaches the pipeline is enough. Throws 403 otherwise.
 */
export function assertPipelineAccess(
  caller: Caller,
  axes: ScopeAxes,
  scope: ResolvedScope,
  operation: 'read' | 'write',
): void {
  const roles = pipelineRoles(caller);
  if (roles.includes('SUPER_ADMIN')) return;
  for (const role of roles) {
    if (role === 'FACULTY') {
      if (operation === 'read' && axes.facultyId === caller.id) return;
    } else if (role !== 'SUPER_ADMIN' && roleReaches(role, axes, scope)) return;
  }
  throw forbidden(SCOPE_NOT_ASSIGNED);
}

/**
 * Create (spec, "Create/confirm/cancel/read-by-id scope requirement by role"): a scoped caller's axis must be
 * filled (DEAN: department, CHAIRPERSON: program, CAMPUS_HEAD: campus or department), else 400; and it must be
 * in the caller's resolved set, else 403. A caller with several scoped roles passes when one of them does.
 */
export function assertCreateScope(caller: Caller, axes: ScopeAxes, scope: ResolvedScope): void {
  const roles = pipelineRoles(caller);
  if (roles.includes('SUPER_ADMIN')) return;
  const scoped = roles.filter((role): role is (typeof SCOPED_ROLES)[number] =>
    (SCOPED_ROLES as readonly string[]).includes(role),
  );
  const filled = scoped.filter((role) =>
    role === 'DEAN'
      ? axes.departmentId !== null
      : role === 'CHAIRPERSON'
        ? axes.programId !== null
        : axes.campusId !== null || axes.departmentId !== null,
  );
  if (filled.length === 0) throw invalid(SCOPE_FILTER_REQUIRED);
  if (!filled.some((role) => roleReaches(role, axes, scope))) throw forbidden(SCOPE_NOT_ASSIGNED);
}

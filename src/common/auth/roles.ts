import { SetMetadata } from '@nestjs/common';
import type { Role } from '../../db/schema.js';

export const ROLES_KEY = 'fas:roles';
export const PUBLIC_KEY = 'fas:public';

/** Roles allowed on a controller (class) or widened on one route (method). Routes are closed without it. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** Marks a route that needs no credential. Explicit, so that nothing is open by accident. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

export const ALL_ROLES: Role[] = ['SUPER_ADMIN', 'DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD', 'FACULTY', 'STUDENT', 'ADMIN'];

/** Roles that may never reach /analysis/*, whatever a route declares. */
export const ANALYSIS_FORBIDDEN_ROLES: Role[] = ['STUDENT', 'ADMIN'];

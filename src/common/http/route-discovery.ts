import { RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { Role } from '../../db/schema.js';
import { PUBLIC_KEY, ROLES_KEY } from '../auth/roles.js';
import { ROUTE_SPEC, type RouteSpec } from './route.js';

export const API_PREFIX = 'api/v1';

export interface DiscoveredRoute {
  controller: string;
  handler: string;
  method: string;
  /** Full path in Fastify form, e.g. /api/v1/auth/me or /api/v1/semesters/:id. */
  path: string;
  isPublic: boolean;
  /** Class roles plus method roles (a method widens its class). */
  roles: Role[];
  spec?: RouteSpec;
  /** The status `@HttpCode` sets, when it does (Nest answers a POST 201 otherwise). */
  httpCode?: number;
}

function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment.length > 0)
    .join('/');
  return `/${joined}`;
}

/** Every HTTP route of the given controllers, read from their metadata (no application instance needed). */
export function discoverRoutes(controllers: readonly Type[]): DiscoveredRoute[] {
  const routes: DiscoveredRoute[] = [];
  for (const controller of new Set(controllers)) {
    const basePath = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
    const classRoles = (Reflect.getMetadata(ROLES_KEY, controller) as Role[] | undefined) ?? [];
    const classPublic = Reflect.getMetadata(PUBLIC_KEY, controller) === true;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (requestMethod === undefined) continue;
      const methodPath = (Reflect.getMetadata(PATH_METADATA, handler) as string | undefined) ?? '';
      const methodRoles = (Reflect.getMetadata(ROLES_KEY, handler) as Role[] | undefined) ?? [];
      routes.push({
        controller: controller.name,
        handler: name,
        method: RequestMethod[requestMethod],
        path: joinPath(API_PREFIX, basePath, methodPath),
        isPublic: classPublic || Reflect.getMetadata(PUBLIC_KEY, handler) === true,
        roles: [...new Set([...classRoles, ...methodRoles])],
        spec: Reflect.getMetadata(ROUTE_SPEC, handler) as RouteSpec | undefined,
        httpCode: Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined,
      });
    }
  }
  return routes;
}

/**
 * Refuses to start an application with a route that is neither public nor given roles, or an
 * /analysis route open to STUDENT or ADMIN: the guard would deny them anyway, but a mistake in the
 * declaration is a bug to fail loudly on at boot.
 */
export function assertRoutesDeclareAccess(routes: DiscoveredRoute[], forbiddenOnAnalysis: Role[]): void {
  const problems: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.path} (${route.controller}.${route.handler})`;
    if (!route.isPublic && route.roles.length === 0) problems.push(`${name} declares neither @Roles nor @Public`);
    if (route.path.startsWith(`/${API_PREFIX}/analysis/`) || route.path === `/${API_PREFIX}/analysis`) {
      if (route.isPublic) problems.push(`${name} is public under /analysis`);
      const bad = route.roles.filter((role) => forbiddenOnAnalysis.includes(role));
      if (bad.length > 0) problems.push(`${name} allows ${bad.join(', ')} under /analysis`);
    }
  }
  if (problems.length > 0) throw new Error(`Route access declarations are wrong:\n  ${problems.join('\n  ')}`);
}

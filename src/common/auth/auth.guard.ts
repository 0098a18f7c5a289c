import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '../../db/schema.js';
import { forbidden, unauthenticated } from '../errors/domain-error.js';
import { getLogger } from '../logging/logger.js';
import type { AuthenticatedRequest, AuthenticatedUser } from './authenticated-user.js';
import { ANALYSIS_FORBIDDEN_ROLES, PUBLIC_KEY, ROLES_KEY } from './roles.js';
import { SESSION_AUTHENTICATOR, type SessionAuthenticator } from './session-authenticator.js';

/** `A`, `A or B`, `A, B or C`. */
function roleList(roles: Role[]): string {
  if (roles.length <= 1) return roles.join('');
  return `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
}

/** The 403 for a caller without an allowed role names the roles the route is for. */
export function roleNotAllowedMessage(allowed: Iterable<Role>): string {
  const roles = [...allowed];
  return roles.length === 0
    ? 'role not allowed; this route allows no role'
    : `role not allowed; this route is for ${roleList(roles)}`;
}

/** What a route lets through: anyone (public), or holders of these roles. */
interface RouteAccess {
  public: boolean;
  allowed: ReadonlySet<Role>;
}

/**
 * The global guard. Denies by default: a route runs only when it is explicitly @Public() or the
 * caller holds one of the roles its class declares (or its method adds). The session and roles come
 * from the SESSION_AUTHENTICATOR (the auth module), which reads them from the database or from memory the
 * database keeps current, so a change applies on every instance within one second.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /** A route's access, worked out from its metadata on its first request (the metadata never changes). */
  private readonly access = new WeakMap<object, Map<string | undefined, RouteAccess>>();

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(SESSION_AUTHENTICATOR) private readonly sessions: SessionAuthenticator,
  ) {}

  /**
   * Synchronous when memory can decide (a public route; a token and session already known), so such a request
   * does not wait a turn of the microtask queue per guard.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const access = this.routeAccess(context, request.routeOptions.url);
    if (access.public) return true;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw unauthenticated('missing bearer token');
    const remembered = this.sessions.remembered(match[1]);
    if (remembered !== undefined) return this.admit(request, remembered, access.allowed);
    return this.sessions.authenticate(match[1]).then((user) => this.admit(request, user, access.allowed));
  }

  private admit(request: AuthenticatedRequest, user: AuthenticatedUser | null, allowed: ReadonlySet<Role>): boolean {
    if (!user) throw unauthenticated('invalid or expired token');
    request.user = user;
    if (allowed.size === 0) {
      getLogger('auth').error({ route: request.routeOptions.url }, 'route declares no roles; denied');
      throw forbidden(roleNotAllowedMessage(allowed));
    }
    if (!user.roles.some((role) => allowed.has(role))) throw forbidden(roleNotAllowedMessage(allowed));
    return true;
  }

  private routeAccess(context: ExecutionContext, url: string | undefined): RouteAccess {
    const handler = context.getHandler();
    let byUrl = this.access.get(handler);
    if (!byUrl) this.access.set(handler, (byUrl = new Map()));
    let access = byUrl.get(url);
    if (access) return access;
    const targets = [handler, context.getClass()];
    const allowed = new Set<Role>([
      ...(this.reflector.get<Role[] | undefined>(ROLES_KEY, context.getClass()) ?? []),
      ...(this.reflector.get<Role[] | undefined>(ROLES_KEY, handler) ?? []),
    ]);
    if (url?.startsWith('/api/v1/analysis')) {
      for (const role of ANALYSIS_FORBIDDEN_ROLES) allowed.delete(role);
    }
    access = { public: this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) === true, allowed };
    byUrl.set(url, access);
    return access;
  }
}

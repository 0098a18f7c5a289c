import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '../../db/schema.js';
import { AuthRepository } from '../../modules/auth/auth.repository.js';
import { TokenService } from '../../modules/auth/token.service.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { getLogger } from '../logging/logger.js';
import type { AuthenticatedRequest } from './authenticated-user.js';
import { ANALYSIS_FORBIDDEN_ROLES, PUBLIC_KEY, ROLES_KEY } from './roles.js';

/**
 * The global guard. Denies by default: a route runs only when it is explicitly @Public() or the
 * caller holds one of the roles its class declares (or its method adds). Roles come from the
 * database on every request, so a change applies at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AuthRepository) private readonly users: AuthRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const allowed = new Set<Role>([
      ...(this.reflector.get<Role[] | undefined>(ROLES_KEY, context.getClass()) ?? []),
      ...(this.reflector.get<Role[] | undefined>(ROLES_KEY, context.getHandler()) ?? []),
    ]);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (request.routeOptions.url?.startsWith('/api/v1/analysis')) {
      for (const role of ANALYSIS_FORBIDDEN_ROLES) allowed.delete(role);
    }

    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('missing bearer token');
    const claims = await this.tokens.verifyAccessToken(match[1]);
    if (!claims) throw unauthorized('invalid or expired token');
    const user = await this.users.findSessionUser(claims.userId, claims.sessionId);
    if (!user) throw unauthorized('invalid or expired token');
    request.user = {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      roles: user.roles,
      sessionId: claims.sessionId,
    };

    if (allowed.size === 0) {
      getLogger('auth').error({ route: request.routeOptions.url }, 'route declares no roles; denied');
      throw forbidden('role not allowed');
    }
    if (!user.roles.some((role) => allowed.has(role))) throw forbidden('role not allowed');
    return true;
  }
}

import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../db/schema.js';

export interface AuthenticatedUser {
  id: string;
  username: string;
  fullName: string;
  roles: Role[];
  /** The refresh-token family the access token belongs to; logout revokes it. */
  sessionId: string;
}

export type AuthenticatedRequest = FastifyRequest & { user?: AuthenticatedUser };

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new Error('CurrentUser used on a route without authentication');
  return user;
});

export function hasRole(user: AuthenticatedUser, ...roles: Role[]): boolean {
  return user.roles.some((role) => roles.includes(role));
}

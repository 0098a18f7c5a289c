import 'reflect-metadata';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../db/schema.js';
import { DomainError } from '../errors/domain-error.js';
import { AuthGuard, roleNotAllowedMessage } from './auth.guard.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { Roles } from './roles.js';
import type { SessionAuthenticator } from './session-authenticator.js';

@Roles('SUPER_ADMIN', 'DEAN', 'STUDENT')
class ReportsController {
  list() {}
  @Roles('ADMIN')
  status() {}
}

function userWith(...roles: Role[]): AuthenticatedUser {
  return { id: 'u1', username: 'someone', fullName: 'Some One', roles, sessionId: 's1' };
}

/**
 * Any SESSION_AUTHENTICATOR will do: the guard knows only the contract. `fromMemory`: it answers every token from
 * memory (remembered), as for a session seen before; otherwise only through authenticate.
 */
function guardFor(user: AuthenticatedUser | null, fromMemory = false): AuthGuard {
  const sessions: SessionAuthenticator = {
    authenticate: async (token) => (token === 'good' ? user : null),
    remembered: (token) => (fromMemory ? (token === 'good' ? user : null) : undefined),
    forget: () => undefined,
  };
  return new AuthGuard(new Reflector(), sessions);
}

function context(method: 'list' | 'status', url: string, authorization?: string): ExecutionContext {
  const request = { routeOptions: { url }, headers: authorization ? { authorization } : {} };
  return {
    getClass: () => ReportsController,
    getHandler: () => ReportsController.prototype[method],
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

/** What `activate` refused with, whether it threw at once or its promise rejected. */
async function refusal(activate: () => unknown): Promise<DomainError> {
  const error = await Promise.resolve()
    .then(activate)
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('AuthGuard', () => {
  it('names the roles a route allows in its 403', async () => {
    const error = await refusal(() =>
      guardFor(userWith('FACULTY')).canActivate(context('status', '/api/v1/reports', 'Bearer good')),
    );
    expect(error.kind).toBe('forbidden');
    expect(error.message).toBe('role not allowed; this route is for SUPER_ADMIN, DEAN, STUDENT or ADMIN');
  });

  it('names the roles left after the /analysis strip', async () => {
    const guard = guardFor(userWith('STUDENT'));
    const error = await refusal(() => guard.canActivate(context('status', '/api/v1/analysis/reports', 'Bearer good')));
    expect(error.message).toBe('role not allowed; this route is for SUPER_ADMIN or DEAN');
  });

  it('lets a holder of an allowed role through and sets request.user', async () => {
    const ctx = context('list', '/api/v1/reports', 'Bearer good');
    await expect(guardFor(userWith('DEAN')).canActivate(ctx)).resolves.toBe(true);
    expect((ctx.switchToHttp().getRequest() as { user?: AuthenticatedUser }).user?.username).toBe('someone');
  });

  it('401 when the authenticator does not know the token, or there is none', async () => {
    const guard = guardFor(userWith('DEAN'));
    expect((await refusal(() => guard.canActivate(context('list', '/api/v1/reports', 'Bearer bad')))).kind).toBe(
      'unauthenticated',
    );
    expect((await refusal(() => guard.canActivate(context('list', '/api/v1/reports')))).kind).toBe('unauthenticated');
  });

  it('decides at once, without a promise, what the authenticator remembers, by the same rules', async () => {
    const ctx = context('list', '/api/v1/reports', 'Bearer good');
    expect(guardFor(userWith('DEAN'), true).canActivate(ctx)).toBe(true);
    expect((ctx.switchToHttp().getRequest() as { user?: AuthenticatedUser }).user?.username).toBe('someone');
    const guard = guardFor(userWith('FACULTY'), true);
    expect((await refusal(() => guard.canActivate(context('list', '/api/v1/reports', 'Bearer good')))).kind).toBe(
      'forbidden',
    );
    expect((await refusal(() => guard.canActivate(context('list', '/api/v1/reports', 'Bearer bad')))).kind).toBe(
      'unauthenticated',
    );
  });

  it('formats the role list', () => {
    expect(roleNotAllowedMessage(['SUPER_ADMIN'])).toBe('role not allowed; this route is for SUPER_ADMIN');
    expect(roleNotAllowedMessage(['SUPER_ADMIN', 'ADMIN'])).toBe(
      'role not allowed; this route is for SUPER_ADMIN or ADMIN',
    );
    expect(roleNotAllowedMessage([])).toBe('role not allowed; this route allows no role');
  });
});

import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import type { SessionAuthenticator } from '../../common/auth/session-authenticator.js';
import { AuthRepository } from './auth.repository.js';
import { TokenService } from './token.service.js';

/**
 * The global guard's SESSION_AUTHENTICATOR: a signed, unexpired access token whose session is not
 * revoked and whose user is active. Roles are read from the database on every call.
 */
@Injectable()
export class BearerSessionAuthenticator implements SessionAuthenticator {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AuthRepository) private readonly users: AuthRepository,
  ) {}

  async authenticate(bearerToken: string): Promise<AuthenticatedUser | null> {
    const claims = await this.tokens.verifyAccessToken(bearerToken);
    if (!claims) return null;
    const user = await this.users.findSessionUser(claims.userId, claims.sessionId);
    if (!user) return null;
    return {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      roles: user.roles,
      sessionId: claims.sessionId,
    };
  }
}

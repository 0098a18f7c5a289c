import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import type { SessionAuthenticator } from '../../common/auth/session-authenticator.js';
import { PrincipalCache } from './principal-cache.js';
import { TokenService } from './token.service.js';

/**
 * The global guard's SESSION_AUTHENTICATOR: a signed, unexpired access token whose session is not revoked and
 * whose user is active. The session, user and roles come from the PrincipalCache, which the database keeps
 * current on every instance within one second (conventions §3).
 */
@Injectable()
export class BearerSessionAuthenticator implements SessionAuthenticator {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(PrincipalCache) private readonly principals: PrincipalCache,
  ) {}

  async authenticate(bearerToken: string): Promise<AuthenticatedUser | null> {
    const claims = await this.tokens.verifyAccessToken(bearerToken);
    if (!claims) return null;
    const principal = await this.principals.get(claims.userId, claims.sessionId);
    return principal?.user ?? null;
  }

  remembered(bearerToken: string): AuthenticatedUser | null | undefined {
    const claims = this.tokens.rememberedClaims(bearerToken);
    if (claims === null) return null;
    if (claims === undefined) return undefined;
    const principal = this.principals.remembered(claims.userId, claims.sessionId);
    return principal === undefined ? undefined : (principal?.user ?? null);
  }

  forget(): void {
    this.principals.flush();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import type { Settings } from '../../config/settings.js';
import { SETTINGS } from '../../common/core/tokens.js';
import { unauthenticated } from '../../common/errors/domain-error.js';
import { getLogger } from '../../common/logging/logger.js';
import { AuthRepository, type UserWithRoles } from './auth.repository.js';
import type { TokenPair } from './auth.schemas.js';
import { LoginThrottle } from './login-throttle.js';
import { DUMMY_PASSWORD_HASH, PasswordHasher } from './password.js';
import { PrincipalCache } from './principal-cache.js';
import { hashRefreshAttempt, hashRefreshToken, TokenService } from './token.service.js';

const INVALID_CREDENTIALS = 'invalid username or password';

/**
 * How long after a rotation its refresh token may be sent again with the same attempt id and be answered the
 * same successor (a reload or a lost answer takes seconds). Later, the second use is a reuse: the session is
 * revoked. The schema's description of `attempt` (auth.schemas.ts), the README and docs/openapi.json say 30 s.
 */
export const REFRESH_RETRY_WINDOW_MS = 30_000;

@Injectable()
export class AuthService {
  constructor(
    @Inject(AuthRepository) private readonly repository: AuthRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(PrincipalCache) private readonly principals: PrincipalCache,
  ) {}

  /**
   * The throttle admits the check before the password is verified and counts only failed checks (see
   * LoginThrottle), so at most LOGIN_MAX_FAILURES checks per username and address reach the verifier in
   * a window, however many requests arrive at once, while correct logins take nothing from anyone.
   */
  async login(username: string, password: string, address: string): Promise<TokenPair> {
    const admission = await this.throttle.admit(username, address);
    let verified: { user?: UserWithRoles; accountId?: string };
    try {
      verified = await this.verifiedUser(username, password);
    } catch (error) {
      await admission.abandoned();
      throw error;
    }
    const { user } = verified;
    if (!user) {
      await admission.failed();
      // The account by its id, never the name typed: a password typed into the username box must not reach the log.
      getLogger('auth').info(
        verified.accountId ? { userId: verified.accountId } : { unknownUsername: true },
        'login failed',
      );
      throw unauthenticated(INVALID_CREDENTIALS);
    }
    await admission.succeeded();
    const refresh = this.tokens.newRefreshToken();
    const sessionId = await this.repository.createSession(user.id, refresh.hash, this.refreshExpiry());
    getLogger('auth').info({ userId: user.id, sessionId }, 'login succeeded');
    return this.pair(user.id, sessionId, refresh.token);
  }

  /**
   * Rotates the refresh token. With an attempt id, the successor is derived from the token and the id, so a
   * client that never received the answer (a reload, a lost connection) and sends the same token and id again
   * within REFRESH_RETRY_WINDOW_MS, before using the successor, is answered the same successor (with a new access
   * token). Any other second use is a reuse.
   */
  async refresh(refreshToken: string, attempt?: string): Promise<TokenPair> {
    const next = attempt ? this.tokens.successorRefreshToken(refreshToken, attempt) : this.tokens.newRefreshToken();
    const result = await this.repository.rotate(
      hashRefreshToken(refreshToken),
      { hash: next.hash, expiresAt: this.refreshExpiry(), attemptHash: attempt ? hashRefreshAttempt(attempt) : null },
      REFRESH_RETRY_WINDOW_MS,
    );
    if (result.outcome === 'reused') {
      // A token used twice means it leaked: end the whole session so the thief's copy dies too.
      await this.repository.revokeSession(result.sessionId, 'refresh token reused');
      this.principals.flush();
      getLogger('auth').warn(
        { sessionId: result.sessionId, reason: result.reason },
        'refresh token reuse detected; session revoked',
      );
      throw unauthenticated('refresh token is no longer valid');
    }
    if (result.outcome === 'retried')
      getLogger('auth').info(
        { sessionId: result.record.sessionId },
        'refresh retried with its attempt id; the unused successor answered again',
      );
    else if (result.outcome !== 'rotated') throw unauthenticated('refresh token is no longer valid');
    return this.pair(result.record.userId, result.record.sessionId, next.token);
  }

  /** Ends the caller's session, or the one the given refresh token belongs to when it is the caller's. */
  async logout(userId: string, currentSessionId: string, refreshToken?: string): Promise<void> {
    let sessionId = currentSessionId;
    if (refreshToken) {
      const session = await this.repository.sessionOfRefreshToken(hashRefreshToken(refreshToken));
      if (session && session.userId === userId) sessionId = session.sessionId;
    }
    await this.repository.revokeSession(sessionId, 'logout');
    this.principals.changed(userId);
  }

  /** The caller as the guard authenticated them: the principal it read is the one answered, with no query more. */
  async me(user: AuthenticatedUser) {
    const principal = await this.principals.get(user.id, user.sessionId);
    if (!principal) throw unauthenticated('invalid or expired token');
    const { id, username, fullName, roles } = principal.user;
    return { id, username, fullName, roles, assignments: principal.assignments };
  }

  async ensureSuperAdmin(): Promise<void> {
    const password = this.settings.SUPER_ADMIN_PASSWORD;
    const outcome = await this.repository.ensureSuperAdmin(
      this.settings.SUPER_ADMIN_USERNAME,
      () => this.passwords.hash(password),
      (hash) => this.passwords.verify(hash, password),
    );
    getLogger('auth').info({ username: this.settings.SUPER_ADMIN_USERNAME, outcome }, 'super admin ensured');
  }

  /** The active user whose password this is, or undefined (the same work whether or not the user exists). */
  /** The user when the password is right and the account active; else the id of the account named, if one is. */
  private async verifiedUser(
    username: string,
    password: string,
  ): Promise<{ user?: UserWithRoles; accountId?: string }> {
    const user = await this.repository.findByUsername(username);
    const valid = await this.passwords.verify(user?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
    if (user && user.passwordHash && user.isActive && valid) return { user };
    return user ? { accountId: user.id } : {};
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.settings.REFRESH_TOKEN_TTL * 1000);
  }

  private async pair(userId: string, sessionId: string, refreshToken: string): Promise<TokenPair> {
    return {
      accessToken: await this.tokens.signAccessToken({ userId, sessionId }),
      refreshToken,
      tokenType: 'Bearer',
      expiresIn: this.tokens.accessTokenTtl,
    };
  }
}

import type { AuthenticatedUser } from './authenticated-user.js';

/**
 * Turns a bearer token into the user and session behind it. `common/` defines the contract and the
 * global guard uses it; the auth module provides the implementation under SESSION_AUTHENTICATOR, so
 * nothing in `common/` depends on a module.
 */
export interface SessionAuthenticator {
  /** The user of a valid, unexpired, unrevoked access token, or null for any token that is not. */
  authenticate(bearerToken: string): Promise<AuthenticatedUser | null>;
  /**
   * What authenticate would answer, when memory alone can tell it (the token's signature already checked, its
   * session's principal held and current); undefined when authenticate has to be asked.
   */
  remembered(bearerToken: string): AuthenticatedUser | null | undefined;
  /**
   * Forget whatever is remembered about users: this process has just committed a change to users, roles,
   * assignments or sessions, and its next request must see it (other processes learn of it by themselves).
   */
  forget(): void;
}

export const SESSION_AUTHENTICATOR = Symbol('SESSION_AUTHENTICATOR');

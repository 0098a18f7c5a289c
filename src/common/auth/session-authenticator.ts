import type { AuthenticatedUser } from './authenticated-user.js';

/**
 * Turns a bearer token into the user and session behind it. `common/` defines the contract and the
 * global guard uses it; the auth module provides the implementation under SESSION_AUTHENTICATOR, so
 * nothing in `common/` depends on a module.
 */
export interface SessionAuthenticator {
  /** The user of a valid, unexpired, unrevoked access token, or null for any token that is not. */
  authenticate(bearerToken: string): Promise<AuthenticatedUser | null>;
}

export const SESSION_AUTHENTICATOR = Symbol('SESSION_AUTHENTICATOR');

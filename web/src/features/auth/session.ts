import { useSyncExternalStore } from 'react';
import { ApiError, messageOf } from '../../api/api-error';
import { api, unwrap } from '../../api/client';

/**
 * The signed-in session (conventions §2): the access token lives in this module's memory only; the refresh
 * token in sessionStorage, so it lasts no longer than the browser tab and a reload of the tab stays signed in.
 * The access token is renewed before it expires; signing out revokes the refresh token at the API.
 */
const REFRESH_TOKEN_KEY = 'feedback-analysis.refresh-token';
/**
 * The id of the refresh in flight, stored before it is sent and cleared once its new pair is stored: a reload
 * (or a lost connection) between the two sends the same token with the same id again, which the API answers as
 * a retry instead of revoking the session as a reuse of the token.
 */
const REFRESH_ATTEMPT_KEY = 'feedback-analysis.refresh-attempt';
/** Renew when less than this is left, rather than send a token that expires on the way. */
const RENEW_MARGIN_MS = 10_000;

export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out';

export interface SessionSnapshot {
  status: SessionStatus;
  /** What to tell the person on the sign-in page (why the session ended). */
  notice: string | null;
  /** Changes each time a session ends, so cached data of the previous one can be dropped. */
  generation: number;
}

interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const storedRefreshToken = () => sessionStorage.getItem(REFRESH_TOKEN_KEY);

let snapshot: SessionSnapshot = {
  status: storedRefreshToken() ? 'restoring' : 'signed-out',
  notice: null,
  generation: 0,
};
let accessToken: string | null = null;
let expiresAt = 0;
let renewTimer: number | undefined;
let renewing: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function publish(next: Partial<SessionSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

function keep(pair: TokenPair): void {
  accessToken = pair.accessToken;
  expiresAt = Date.now() + pair.expiresIn * 1000;
  sessionStorage.setItem(REFRESH_TOKEN_KEY, pair.refreshToken);
  sessionStorage.removeItem(REFRESH_ATTEMPT_KEY);
  window.clearTimeout(renewTimer);
  const lead = Math.min(60, pair.expiresIn / 4);
  renewTimer = window.setTimeout(() => void renew(), Math.max(1, pair.expiresIn - lead) * 1000);
}

function forget(): void {
  accessToken = null;
  expiresAt = 0;
  window.clearTimeout(renewTimer);
  sessionStorage.removeItem(REFRESH_TOKEN_KEY);
  sessionStorage.removeItem(REFRESH_ATTEMPT_KEY);
}

/** The id of this token's refresh: the stored one when a refresh of it went unanswered, else a new random one. */
function refreshAttempt(): string {
  const stored = sessionStorage.getItem(REFRESH_ATTEMPT_KEY);
  if (stored) return stored;
  // getRandomValues, not randomUUID: the dashboard may be served over plain HTTP, where randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const attempt = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(REFRESH_ATTEMPT_KEY, attempt);
  return attempt;
}

/** Exchanges the refresh token for a new pair (one exchange at a time: refresh tokens rotate). */
function renew(): Promise<boolean> {
  renewing ??= (async () => {
    const refreshToken = storedRefreshToken();
    if (!refreshToken) return false;
    try {
      const attempt = refreshAttempt();
      keep(await unwrap(api.POST('/api/v1/auth/refresh', { body: { refreshToken, attempt } })));
      if (snapshot.status !== 'signed-in') publish({ status: 'signed-in', notice: null });
      return true;
    } catch (error) {
      // The API refused the token (401), or the request (4xx): the session is over.
      if (error instanceof ApiError && error.status < 500) session.end(error.message);
      // Unreachable or failing service: keep the refresh token and the attempt id, so the next attempt (or a
      // reload) sends them again and is answered as a retry.
      else
        publish({ status: snapshot.status === 'restoring' ? 'signed-out' : snapshot.status, notice: messageOf(error) });
      return false;
    }
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

export const session = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  snapshot: (): SessionSnapshot => snapshot,

  /** Throws the API's refusal (wrong credentials, throttled) for the sign-in form to show. */
  async signIn(username: string, password: string): Promise<void> {
    keep(await unwrap(api.POST('/api/v1/auth/login', { body: { username, password } })));
    publish({ status: 'signed-in', notice: null });
  },

  /** Signs in again from the tab's refresh token after a reload. */
  restore: (): Promise<boolean> => renew(),

  /** A current access token (renewed first when it is about to expire), or null when signed out. */
  async accessToken(): Promise<string | null> {
    if (accessToken && Date.now() < expiresAt - RENEW_MARGIN_MS) return accessToken;
    if (!storedRefreshToken()) return accessToken;
    return (await renew()) ? accessToken : null;
  },

  /** The session is over (the API said 401): back to the sign-in page with its message. */
  end(reason: string): void {
    if (snapshot.status === 'signed-out' && !accessToken && !storedRefreshToken()) return;
    forget();
    publish({
      status: 'signed-out',
      notice: `Your session has ended (${reason}). Please sign in again.`,
      generation: snapshot.generation + 1,
    });
  },

  /** Revokes the refresh token at the API, then forgets both tokens. */
  async signOut(): Promise<void> {
    const refreshToken = storedRefreshToken();
    try {
      await api.POST('/api/v1/auth/logout', { body: refreshToken ? { refreshToken } : {} });
    } finally {
      forget();
      publish({ status: 'signed-out', notice: 'You have signed out.', generation: snapshot.generation + 1 });
    }
  },

  clearNotice(): void {
    if (snapshot.notice) publish({ notice: null });
  },
};

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.snapshot);
}

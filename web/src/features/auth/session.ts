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
/**
 * The id of the browser tab, in sessionStorage beside the refresh token. A browser's "Duplicate tab" copies a tab's
 * sessionStorage, the refresh token with it: were both tabs to renew with that token, the second would be refused as
 * a reuse and the API would end the session in both. Each page holds a Web Lock named after its tab id for as long
 * as it lives, so a page whose id's lock another page holds is a copy: it leaves the token to the tab it was copied
 * from and signs in on its own (claimTab).
 */
const TAB_ID_KEY = 'feedback-analysis.tab-id';
/**
 * Why the tab's session ended (SessionSnapshot.notice), kept beside the tokens it replaces until the next sign-in: a
 * page loaded after the session ended (a reload, or a request of the page before it that the API refused) still says
 * why it is at the sign-in page.
 */
const NOTICE_KEY = 'feedback-analysis.notice';
const TAB_LOCK_PREFIX = 'feedback-analysis.tab.';
/**
 * How long a page waits for its tab id's lock before it takes itself for a copy. A reload's new page gets it at once
 * (or as soon as the page it replaces is gone); the tab a copy was made from keeps it while it is open.
 */
const TAB_CLAIM_WAIT_MS = 1_500;
const DUPLICATE_TAB_NOTICE =
  'This tab was copied from another signed-in tab, which keeps that session. Sign in to use this tab too.';
/** Renew when less than this is left, rather than send a token that expires on the way. */
const RENEW_MARGIN_MS = 10_000;
/**
 * After a refresh that got no answer the dashboard can act on (the service unreachable, a 5xx, 408, 409 or 429),
 * the same token and attempt id are sent again after these delays, all within the API's 30 s retry window: a
 * rotation whose answer was lost is then answered again, where waiting for the next request (up to a minute
 * later, with the access token still valid) would come after the window and end the session as a reuse.
 */
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000] as const;
/** Refusals that say "not now" rather than "not this token": the session is kept and the refresh tried again. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 409, 429]);

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

let snapshot: SessionSnapshot = storedRefreshToken()
  ? { status: 'restoring', notice: null, generation: 0 }
  : { status: 'signed-out', notice: sessionStorage.getItem(NOTICE_KEY), generation: 0 };
let accessToken: string | null = null;
let expiresAt = 0;
let renewTimer: number | undefined;
let renewing: Promise<boolean> | null = null;
/** Retries of the refresh in flight so far (RETRY_DELAYS_MS). */
let retries = 0;
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
  sessionStorage.removeItem(NOTICE_KEY);
  window.clearTimeout(renewTimer);
  retries = 0;
  const lead = Math.min(60, pair.expiresIn / 4);
  renewTimer = window.setTimeout(() => void renew(), Math.max(1, pair.expiresIn - lead) * 1000);
}

function forget(): void {
  accessToken = null;
  expiresAt = 0;
  window.clearTimeout(renewTimer);
  retries = 0;
  sessionStorage.removeItem(REFRESH_TOKEN_KEY);
  sessionStorage.removeItem(REFRESH_ATTEMPT_KEY);
}

/** The session is over in this tab: both tokens forgotten, and why, on this page and the next the tab loads. */
function endWith(notice: string): void {
  forget();
  sessionStorage.setItem(NOTICE_KEY, notice);
  publish({ status: 'signed-out', notice, generation: snapshot.generation + 1 });
}

/** Sends the unanswered refresh again after the next of RETRY_DELAYS_MS, while the tab still holds its token. */
function retryLater(): void {
  const delay = RETRY_DELAYS_MS[retries];
  if (delay === undefined || !storedRefreshToken()) return;
  retries += 1;
  window.clearTimeout(renewTimer);
  renewTimer = window.setTimeout(() => void renew(), delay);
}

/** 128 random bits in hex. getRandomValues, not randomUUID: the dashboard may be served over plain HTTP. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The id of this token's refresh: the stored one when a refresh of it went unanswered, else a new random one. */
function refreshAttempt(): string {
  const stored = sessionStorage.getItem(REFRESH_ATTEMPT_KEY);
  if (stored) return stored;
  const attempt = randomId();
  sessionStorage.setItem(REFRESH_ATTEMPT_KEY, attempt);
  return attempt;
}

/**
 * Takes the lock of `tabId` for the rest of this page's life; false when another page still holds it after
 * `waitMs` (0: only if it is free now).
 */
function holdTab(locks: LockManager, tabId: string, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const options: LockOptions = waitMs > 0 ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
    locks
      .request(TAB_LOCK_PREFIX + tabId, options, (lock) => {
        resolve(lock !== null);
        // Held until the page is gone: a lock is released with the document that took it.
        return lock === null ? undefined : new Promise<never>(() => undefined);
      })
      .catch(() => resolve(false));
  });
}

let tabClaim: Promise<void> | null = null;

/**
 * Makes this page the owner of a tab id (TAB_ID_KEY), once per page. A copy of a tab that is still open forgets the
 * copied tokens (without revoking them: they are the other tab's) and takes an id of its own, so what it signs in to
 * afterwards is its own. Where the browser has no Web Locks (a page not served over HTTPS or from localhost) a copy
 * cannot be told from the tab it was made from, and every page keeps its token, as before.
 */
function claimTab(): Promise<void> {
  tabClaim ??= (async () => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return;
    const stored = sessionStorage.getItem(TAB_ID_KEY);
    // Without a token there is nothing to leave to another tab: an id of its own will do, without waiting.
    const copied = storedRefreshToken() !== null;
    if (stored && (await holdTab(locks, stored, copied ? TAB_CLAIM_WAIT_MS : 0))) return;
    const own = randomId();
    sessionStorage.setItem(TAB_ID_KEY, own);
    await holdTab(locks, own, 0);
    if (!stored || !copied) return;
    endWith(DUPLICATE_TAB_NOTICE);
  })();
  return tabClaim;
}

/** Exchanges the refresh token for a new pair (one exchange at a time: refresh tokens rotate). */
function renew(): Promise<boolean> {
  renewing ??= (async () => {
    // A copy of an open tab has no token left once its claim is done.
    await claimTab();
    const refreshToken = storedRefreshToken();
    if (!refreshToken) return false;
    try {
      const attempt = refreshAttempt();
      keep(await unwrap(api.POST('/api/v1/auth/refresh', { body: { refreshToken, attempt } })));
      if (snapshot.status !== 'signed-in') publish({ status: 'signed-in', notice: null });
      return true;
    } catch (error) {
      // The API refused the token (401), or the request (another 4xx that is not "try later"): the session is over.
      if (error instanceof ApiError && error.status < 500 && !TRANSIENT_STATUSES.has(error.status))
        session.end(error.message);
      // Unreachable or failing service: keep the refresh token and the attempt id, and send them again shortly
      // (or on a reload), to be answered as a retry.
      else {
        publish({ status: snapshot.status === 'restoring' ? 'signed-out' : snapshot.status, notice: messageOf(error) });
        retryLater();
      }
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
    await claimTab();
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
    endWith(`Your session has ended (${reason}). Please sign in again.`);
  },

  /** Revokes the refresh token at the API, then forgets both tokens. */
  async signOut(): Promise<void> {
    const refreshToken = storedRefreshToken();
    try {
      await api.POST('/api/v1/auth/logout', { body: refreshToken ? { refreshToken } : {} });
    } finally {
      endWith('You have signed out.');
    }
  },

  clearNotice(): void {
    sessionStorage.removeItem(NOTICE_KEY);
    if (snapshot.notice) publish({ notice: null });
  },
};

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.snapshot);
}

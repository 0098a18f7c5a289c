import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Settings } from '../../config/settings.js';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user.js';
import { SETTINGS } from '../../common/core/tokens.js';
import { NotificationListener } from '../../common/database/notification-listener.js';
import { AuthRepository, type Assignment, type PrincipalRow } from './auth.repository.js';

/** Who an access token speaks for. Shared by every request of the session while cached: never modified. */
export interface Principal {
  user: Readonly<AuthenticatedUser>;
  assignments: readonly Readonly<Assignment>[];
}

/** The channel migration 0006 notifies with the id of a user whose principal changed (`*`: anyone's). */
const PRINCIPAL_CHANNEL = 'principal_changed';

/**
 * How long a principal read from the database may be used, from the moment the read began. Notices make a
 * change apply within milliseconds; this bounds it when a notice is lost without the connection dropping
 * (conventions §3: within one second).
 */
const PRINCIPAL_FRESH_MS = 900;
const MAX_SESSIONS = 20_000;

interface Entry {
  userId: string;
  principal: Principal | null;
  /** `epoch` when the read began: a change noticed after it makes the entry stale. */
  epoch: number;
  freshUntil: number;
}

interface Flight {
  userId: string;
  epoch: number;
  load: Promise<Principal | null>;
}

function frozen(row: PrincipalRow, sessionId: string): Principal {
  return Object.freeze({
    user: Object.freeze({
      id: row.id,
      username: row.username,
      fullName: row.fullName,
      roles: Object.freeze([...row.roles]) as AuthenticatedUser['roles'],
      sessionId,
    }),
    assignments: Object.freeze(row.assignments.map((assignment) => Object.freeze({ ...assignment }))),
  });
}

/**
 * The principals of this API process's recent sessions, so a request costs no database round trip to
 * authenticate. The database stays the truth: a trigger notifies every committed change to a user's name,
 * active flag, roles, assignments or sessions (migration 0006), and the notice drops that user's entries;
 * losing the listening connection drops everything and, until it listens again, every request reads the
 * database. An entry is also never used longer than PRINCIPAL_FRESH_MS after its read began.
 *
 * A read in flight when a change is noticed is not kept (its `epoch` is older than the change), so a
 * principal read just before a change cannot outlive it. Concurrent reads of one session share one query.
 */
@Injectable()
export class PrincipalCache implements OnModuleInit, OnModuleDestroy {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_SESSIONS });
  private readonly inFlight = new Map<string, Flight>();
  /** The epoch at which each user's last change was noticed (cleared with everything else on a flush). */
  private readonly changedAt = new Map<string, number>();
  private epoch = 0;
  private flushedAt = 0;
  private readonly listener: NotificationListener;

  constructor(
    @Inject(AuthRepository) private readonly repository: AuthRepository,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.listener = new NotificationListener(settings.DATABASE_URL, PRINCIPAL_CHANNEL, {
      notice: (payload) => (payload === '*' ? this.flush() : this.changed(payload)),
      gap: () => this.flush(),
    });
  }

  onModuleInit(): Promise<void> {
    return this.listener.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.listener.close();
  }

  /** Whether notices arrive, so entries may be served from memory (for tests and diagnostics). */
  get listening(): boolean {
    return this.listener.listening;
  }

  /** The listening connection's backend process id, so a test can cut it. */
  get listenerProcessId(): number | undefined {
    return this.listener.backendProcessId;
  }

  /** The principal of an active user's unrevoked session, or null. */
  async get(userId: string, sessionId: string): Promise<Principal | null> {
    if (!this.listener.listening) return this.read(userId, sessionId);
    const remembered = this.remembered(userId, sessionId);
    if (remembered !== undefined) return remembered;
    const flight = this.inFlight.get(sessionId);
    if (flight && flight.userId === userId && this.current(flight)) return flight.load;

    const epoch = this.epoch;
    const startedAt = performance.now();
    const load = this.read(userId, sessionId);
    const mine: Flight = { userId, epoch, load };
    this.inFlight.set(sessionId, mine);
    try {
      const principal = await load;
      if (this.listener.listening && this.current(mine))
        this.entries.set(sessionId, { userId, principal, epoch, freshUntil: startedAt + PRINCIPAL_FRESH_MS });
      return principal;
    } finally {
      if (this.inFlight.get(sessionId) === mine) this.inFlight.delete(sessionId);
    }
  }

  /** The principal held for the session, when it may be served from memory (see get); else undefined. */
  remembered(userId: string, sessionId: string): Principal | null | undefined {
    if (!this.listener.listening) return undefined;
    const entry = this.entries.get(sessionId);
    if (entry && entry.userId === userId && this.current(entry) && performance.now() < entry.freshUntil)
      return entry.principal;
    return undefined;
  }

  /**
   * Drops every entry: for a change this process just committed, so that its next request sees it without
   * waiting for the notice (which other processes rely on).
   */
  flush(): void {
    this.epoch += 1;
    this.flushedAt = this.epoch;
    this.entries.clear();
    this.inFlight.clear();
    this.changedAt.clear();
  }

  /** Drops one user's entries (their sessions, roles or assignments changed). */
  changed(userId: string): void {
    // Remembering every changed user would grow without end on a busy import; past a bound, start over.
    if (this.changedAt.size >= MAX_SESSIONS) {
      this.flush();
      return;
    }
    this.epoch += 1;
    this.changedAt.set(userId, this.epoch);
  }

  private current(state: { userId: string; epoch: number }): boolean {
    return state.epoch >= this.flushedAt && (this.changedAt.get(state.userId) ?? -1) <= state.epoch;
  }

  private async read(userId: string, sessionId: string): Promise<Principal | null> {
    const row = await this.repository.findPrincipal(userId, sessionId);
    return row ? frozen(row, sessionId) : null;
  }
}

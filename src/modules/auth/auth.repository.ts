import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../common/core/tokens.js';
import { runInTransaction, runPrepared, type DatabaseClient } from '../../common/database/database.js';
import type { Role } from '../../db/schema.js';
import { normalizedName, usernameKey } from '../../common/text/usernames.js';

export interface UserWithRoles {
  id: string;
  username: string;
  fullName: string;
  passwordHash: string | null;
  isActive: boolean;
  roles: Role[];
}

export interface Assignment {
  role: 'DEAN' | 'CHAIRPERSON' | 'CAMPUS_HEAD';
  campus: string;
  department: string | null;
  program: string | null;
}

/** Who an access token speaks for: the user, their roles and their scope assignments. */
export interface PrincipalRow {
  id: string;
  username: string;
  fullName: string;
  roles: Role[];
  assignments: Assignment[];
}

export interface RefreshTokenRecord {
  id: string;
  sessionId: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
  sessionRevokedAt: Date | null;
}

/**
 * How long a refresh waits for a token row another refresh of the same token holds (those transactions are a few
 * statements long): then it fails (503, the client keeps its token and tries again) rather than queue.
 */
const REFRESH_LOCK_TIMEOUT = '5s';

/**
 * Why a second use of a refresh token was a reuse (for the log, never the client): it came without an attempt id,
 * with another one, after the retry window, or after its successor was used (or expired).
 */
export type ReuseReason = 'no-attempt' | 'attempt-mismatch' | 'window-passed' | 'successor-used';

@Injectable()
export class AuthRepository {
  constructor(@Inject(DATABASE) private readonly db: DatabaseClient) {}

  private userQuery() {
    return this.db
      .selectFrom('users')
      .select([
        'users.id',
        'users.username',
        'users.full_name as fullName',
        'users.password_hash as passwordHash',
        'users.is_active as isActive',
        sql<
          Role[]
        >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = users.id), '{}')`.as(
          'roles',
        ),
      ]);
  }

  findByUsername(username: string): Promise<UserWithRoles | undefined> {
    return this.userQuery()
      .where(sql<string>`lower(users.username)`, '=', usernameKey(username))
      .executeTakeFirst();
  }

  /**
   * The user behind an access token with their roles and scope assignments, in one round trip, only while the
   * user is active and the session is not revoked.
   */
  async findPrincipal(userId: string, sessionId: string): Promise<PrincipalRow | undefined> {
    const query = this.db
      .selectFrom('users')
      .select([
        'users.id',
        'users.username',
        'users.full_name as fullName',
        sql<
          Role[]
        >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = users.id), '{}')`.as(
          'roles',
        ),
        sql<Assignment[]>`coalesce((
          select json_agg(json_build_object('role', a.role, 'campus', a.campus_code,
                                            'department', a.department_code, 'program', a.program_code)
                          order by a.role, a.campus_code)
          from scope_assignments a where a.user_id = users.id), '[]')`.as('assignments'),
      ])
      .where('users.id', '=', userId)
      .where('users.is_active', '=', true)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('auth_sessions')
            .select('auth_sessions.id')
            .where('auth_sessions.id', '=', sessionId)
            .where('auth_sessions.user_id', '=', userId)
            .where('auth_sessions.revoked_at', 'is', null),
        ),
      );
    const [row] = await runPrepared(this.db, 'principal', query.compile());
    return row;
  }

  async createSession(userId: string, tokenHash: string, expiresAt: Date): Promise<string> {
    return runInTransaction(this.db, async (trx) => {
      const session = await trx
        .insertInto('auth_sessions')
        .values({ user_id: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('refresh_tokens')
        .values({ session_id: session.id, token_hash: tokenHash, expires_at: expiresAt })
        .execute();
      return session.id;
    });
  }

  /**
   * Marks the presented token used and stores its successor, atomically: of two concurrent refreshes
   * with one token, exactly one wins. Returns the outcome so the service can treat a reuse as theft.
   *
   * The rotation records on the used token the hash of the client's attempt id and its successor. A used token
   * presented again is a retry, not a reuse, only when it comes with that attempt id within `retryWindowMs` of the
   * rotation, and its successor (`next.hash` must be the same derived successor) is still unused in a live
   * session: the caller answers that successor again, and nothing changes here. Anything else is a reuse.
   * Both rows are locked: a retry and the successor's own rotation take the successor's row in turn, so either
   * the retry sees it used (a reuse) or the rotation follows the retry, and one token of the session stays live.
   * Locks are taken in chain order (a token, then its successor), and a wait for one ends at REFRESH_LOCK_TIMEOUT.
   */
  async rotate(
    tokenHash: string,
    next: { hash: string; expiresAt: Date; attemptHash: string | null },
    retryWindowMs: number,
  ): Promise<
    | { outcome: 'rotated' | 'retried'; record: RefreshTokenRecord }
    | { outcome: 'unknown' | 'expired' | 'revoked' }
    | { outcome: 'reused'; sessionId: string; reason: ReuseReason }
  > {
    return runInTransaction(this.db, async (trx) => {
      await sql`SET LOCAL lock_timeout = ${sql.lit(REFRESH_LOCK_TIMEOUT)}`.execute(trx);
      const record = await trx
        .selectFrom('refresh_tokens')
        .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
        .select([
          'refresh_tokens.id',
          'refresh_tokens.session_id as sessionId',
          'auth_sessions.user_id as userId',
          'refresh_tokens.expires_at as expiresAt',
          'refresh_tokens.used_at as usedAt',
          'auth_sessions.revoked_at as sessionRevokedAt',
          'refresh_tokens.rotation_attempt_hash as rotationAttemptHash',
          'refresh_tokens.successor_id as successorId',
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        // The token's row only: locking the session's row too would let a retry (this token, then its successor)
        // and the successor's own rotation (the successor, then the session) wait for each other.
        .forUpdate(['refresh_tokens'])
        .executeTakeFirst();
      if (!record) return { outcome: 'unknown' };
      const { rotationAttemptHash, successorId, ...found } = record;
      if (found.sessionRevokedAt) return { outcome: 'revoked' };
      if (found.usedAt) {
        const reused = (reason: ReuseReason) => ({ outcome: 'reused' as const, sessionId: found.sessionId, reason });
        if (next.attemptHash === null) return reused('no-attempt');
        if (rotationAttemptHash !== next.attemptHash || successorId === null) return reused('attempt-mismatch');
        if (Date.now() - found.usedAt.getTime() > retryWindowMs) return reused('window-passed');
        const successor = await trx
          .selectFrom('refresh_tokens')
          .select(['token_hash as tokenHash', 'used_at as usedAt', 'expires_at as expiresAt'])
          .where('id', '=', successorId)
          .forUpdate()
          .executeTakeFirst();
        const live =
          successor !== undefined &&
          successor.usedAt === null &&
          successor.expiresAt.getTime() > Date.now() &&
          successor.tokenHash === next.hash;
        return live ? { outcome: 'retried', record: found } : reused('successor-used');
      }
      if (found.expiresAt.getTime() <= Date.now()) return { outcome: 'expired' };
      const successor = await trx
        .insertInto('refresh_tokens')
        .values({ session_id: found.sessionId, token_hash: next.hash, expires_at: next.expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('refresh_tokens')
        .set({ used_at: new Date(), rotation_attempt_hash: next.attemptHash, successor_id: successor.id })
        .where('id', '=', found.id)
        .execute();
      return { outcome: 'rotated', record: found };
    });
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async sessionOfRefreshToken(tokenHash: string): Promise<{ sessionId: string; userId: string } | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
      .select(['auth_sessions.id as sessionId', 'auth_sessions.user_id as userId'])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Creates the super admin when absent; (re)sets its password when the stored one does not match. */
  async ensureSuperAdmin(
    username: string,
    passwordHash: () => Promise<string>,
    passwordMatches: (hash: string) => Promise<boolean>,
  ): Promise<'created' | 'updated' | 'unchanged'> {
    return runInTransaction(this.db, async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where(sql<string>`lower(username)`, '=', usernameKey(username))
        // As the institution import locks a user (institution-import.repository.ts findUser): writers in line, not
        // the inserts that reference the user (a login's session).
        .forNoKeyUpdate()
        .executeTakeFirst();
      let outcome: 'created' | 'updated' | 'unchanged' = 'unchanged';
      let userId: string;
      if (!existing) {
        const created = await trx
          .insertInto('users')
          .values({
            username: normalizedName(username),
            full_name: 'Super Administrator',
            password_hash: await passwordHash(),
          })
          .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!created) return 'unchanged';
        userId = created.id;
        outcome = 'created';
      } else {
        userId = existing.id;
        if (!existing.password_hash || !(await passwordMatches(existing.password_hash))) {
          await trx
            .updateTable('users')
            .set({ password_hash: await passwordHash(), is_active: true, updated_at: new Date() })
            .where('id', '=', userId)
            .execute();
          outcome = 'updated';
        }
      }
      await trx
        .insertInto('user_roles')
        .values({ user_id: userId, role: 'SUPER_ADMIN' })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return outcome;
    });
  }
}

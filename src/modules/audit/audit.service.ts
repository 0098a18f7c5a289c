import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { Paged, Paging } from '../../common/http/paging.js';
import { escapeUnstorableText } from '../../common/http/unstorable-text.js';
import type { Database } from '../../db/schema.js';
import { AuditRepository, type AuditFilter, type AuditRecordView } from './audit.repository.js';

/** `partial`: work done item by item (rows of a file, users of a batch) where some items failed and some did not. */
export type AuditOutcome = 'success' | 'partial' | 'failure';

/**
 * The outcome of work done item by item: every item succeeded, some did, or none did. Work of no items (a file
 * of a header and no rows) did nothing, and is a failure as well: `success` says something was done.
 */
export function outcomeOfItems(succeeded: number, failed: number): AuditOutcome {
  if (succeeded === 0) return 'failure';
  return failed === 0 ? 'success' : 'partial';
}

export interface AuditEntry {
  /** Dotted name of what happened, e.g. `institution.import`, `submissions.ingest`. */
  action: string;
  /** The user who did it; null for the CLI and scheduled work. */
  actorId: string | null;
  /** What it was done to, e.g. `questionnaire_version:<id>`. */
  target?: string | null;
  /** Free-form details. Secrets are removed before the record is written (see `withoutSecrets`). */
  metadata?: Record<string, unknown>;
  /** Stored as `metadata.outcome`; default `success`. */
  outcome?: AuditOutcome;
}

/**
 * Normalised key names (lower case, letters and digits only) that hold secrets: anything naming a password,
 * secret, API key, credential, private key, cookie or authorization header, and keys ending in `token`
 * (`accessToken`, `refresh_token`, `wstoken`) or naming a token hash. `tokenCount` or `promptTokens` are kept.
 */
const SECRET_KEY =
  /password|passwd|passphrase|secret|apikey|credential|privatekey|authorization|cookie|tokenhash|token$/;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/**
 * A JSON-ready copy of `value` without secret-named keys, at any depth (inside arrays too). Dates become ISO
 * strings, bigints strings, functions and symbols disappear, and a cycle is cut with '[circular]'. A NUL character or
 * lone surrogate in a string or key, which jsonb refuses, is written as its escape (`\u0000`, `\ud800`): a record
 * never fails for the text it carries (a refused attempt that quotes the refused text is recorded too).
 */
export function withoutSecrets(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return escapeUnstorableText(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, seen) ?? null);
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (isSecretKey(key)) continue;
      const clean = withoutSecrets(item, seen);
      if (clean !== undefined) copy[escapeUnstorableText(key)] = clean;
    }
    return copy;
  } finally {
    seen.delete(value);
  }
}

/** The one audit writer: every module records what happened through `record`. */
@Injectable()
export class AuditService {
  constructor(@Inject(AuditRepository) private readonly repository: AuditRepository) {}

  /**
   * Writes one audit record. Pass the transaction of the work being recorded as `executor` so the record
   * commits or rolls back with it; without one the record is written on its own.
   */
  async record(entry: AuditEntry, executor?: Kysely<Database>): Promise<void> {
    const metadata = { ...(withoutSecrets(entry.metadata ?? {}) as object), outcome: entry.outcome ?? 'success' };
    await this.repository.insert(
      {
        action: escapeUnstorableText(entry.action),
        actor_id: entry.actorId,
        target: entry.target === undefined || entry.target === null ? null : escapeUnstorableText(entry.target),
        metadata: JSON.stringify(metadata),
      },
      executor,
    );
  }

  list(filter: AuditFilter, paging: Paging): Promise<Paged<AuditRecordView>> {
    return this.repository.list(filter, paging);
  }
}

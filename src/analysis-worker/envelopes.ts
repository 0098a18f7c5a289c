import type { z } from 'zod';
import { describeIssues } from '../contracts/worker-contracts.js';

/**
 * Reading a request envelope: the body as JSON, then the contract's schema (src/contracts/worker-contracts.ts).
 * Used on the main thread and in the engine threads alike.
 */

/**
 * The jobId to echo when a request fails: the one given when it is a string (even an invalid one), else null.
 */
export function jobIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const input = (body as { input?: unknown }).input;
  if (typeof input !== 'object' || input === null) return null;
  const jobId = (input as { jobId?: unknown }).jobId;
  return typeof jobId === 'string' ? jobId : null;
}

export const INVALID_JSON_MESSAGE = 'request body is not valid JSON';

const decoder = new TextDecoder('utf-8', { ignoreBOM: false });

/**
 * The raw request body as JSON (the worker's content-type parser keeps bodies as bytes, so that a large one is
 * parsed in an engine thread rather than on the event loop). Not ok when it is not JSON, an empty body included.
 */
export function readJson(body: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(decoder.decode(body)) as unknown };
  } catch {
    return { ok: false };
  }
}

export type EnvelopeResult<Request> =
  { ok: true; request: Request } | { ok: false; jobId: string | null; error: string };

export function parseEnvelope<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): EnvelopeResult<z.infer<Schema>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  return { ok: false, jobId: jobIdOf(body), error: describeIssues(result.error) };
}

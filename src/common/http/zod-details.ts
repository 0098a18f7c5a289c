import type { z } from 'zod';
import type { ErrorDetail } from '../errors/domain-error.js';

/** Unknown fields named in one detail; a body crafted with 200,000 of them gets no answer listing them all. */
const MAX_NAMED_KEYS = 20;
/**
 * Details given for one part of a request, as for the NUL check: an array of 200,000 wrong items (a 400 KB body)
 * was answered with 200,000 details, 16 MB.
 */
const MAX_DETAILS = 100;

function unknownFieldsMessage(keys: readonly string[]): string {
  const named = keys.slice(0, MAX_NAMED_KEYS).join(', ');
  const more = keys.length - MAX_NAMED_KEYS;
  return `unknown field(s): ${named}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * One detail per zod issue, with the JSON path written the way clients address fields (`answers.0.value`); past
 * 100, one last detail at the root of the part says how many more there are.
 */
export function zodIssuesToDetails(issues: z.core.$ZodIssue[], prefix?: string): ErrorDetail[] {
  const details = issues.slice(0, MAX_DETAILS).map((issue) => {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.');
    const message = issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys) : issue.message;
    return { path: path || '(root)', message };
  });
  const more = issues.length - MAX_DETAILS;
  if (more > 0) details.push({ path: prefix ?? '(root)', message: `and ${more} more problems like these` });
  return details;
}

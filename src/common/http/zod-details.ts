import type { z } from 'zod';
import type { ErrorDetail } from '../errors/domain-error.js';

/** One detail per zod issue, with the JSON path written the way clients address fields (`answers.0.value`). */
export function zodIssuesToDetails(issues: z.core.$ZodIssue[], prefix?: string): ErrorDetail[] {
  return issues.map((issue) => {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.');
    const message = issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    return { path: path || '(root)', message };
  });
}

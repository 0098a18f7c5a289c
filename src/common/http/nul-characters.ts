import type { ErrorDetail } from '../errors/domain-error.js';

/** The message of a string that holds U+0000, which PostgreSQL stores in neither text nor jsonb. */
export const NUL_CHARACTER_MESSAGE = 'must not contain the NUL character (\\u0000)';

const NUL = '\u0000';
/** Enough to show the problem; a body crafted to hold millions of them gets no answer of that size. */
const MAX_DETAILS = 100;

/** A position in the walked value, linked to its parent so that no path is built unless it is reported. */
interface Position {
  key: string;
  parent: Position | undefined;
}

function pathOf(position: Position | undefined): string {
  const keys: string[] = [];
  for (let at = position; at !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '(root)';
}

/**
 * One detail per string in `value` (a parsed JSON body, a query or the path parameters) that holds the NUL
 * character, and per object key that does, with the path written as zod's details write it (`users.0.fullName`,
 * `query.q`); at most 100. Walked with a stack of its own, so a deeply nested body cannot overflow the call stack.
 */
export function nulCharacterDetails(value: unknown, prefix?: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const root: Position | undefined = prefix ? { key: prefix, parent: undefined } : undefined;
  const pending: Array<{ value: unknown; position: Position | undefined; keyOnly?: true }> = [
    { value, position: root },
  ];
  while (details.length < MAX_DETAILS) {
    const next = pending.pop();
    if (next === undefined) break;
    const { value: current, position } = next;
    if (next.keyOnly || typeof current === 'string') {
      if (next.keyOnly || (current as string).includes(NUL))
        details.push({ path: pathOf(position), message: NUL_CHARACTER_MESSAGE });
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries: Array<readonly [string, unknown]> = Array.isArray(current)
      ? current.map((item: unknown, index) => [String(index), item] as const)
      : Object.entries(current);
    // Pushed in reverse, so the details come out in the order of the body.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] as readonly [string, unknown];
      const child = { key: key.replaceAll(NUL, '\\u0000'), parent: position };
      pending.push({ value: item, position: child });
      if (key.includes(NUL)) pending.push({ value: undefined, position: child, keyOnly: true });
    }
  }
  return details;
}

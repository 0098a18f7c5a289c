import type { ErrorDetail } from '../errors/domain-error.js';

/** The message of a string that holds U+0000, which PostgreSQL stores in neither text nor jsonb. */
export const NUL_CHARACTER_MESSAGE = 'must not contain the NUL character (\\u0000)';

/**
 * The message of a string that is not well-formed UTF-16: a surrogate without its pair (`"\ud800"` in JSON) stands
 * for no character. The pg driver would store it as U+FFFD in text (two such strings then become one, past every
 * duplicate check) and PostgreSQL refuses it in jsonb.
 */
export const LONE_SURROGATE_MESSAGE = 'must be valid Unicode: a lone surrogate (\\ud800-\\udfff) is not a character';

const NUL = '\u0000';
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;
/** Enough to show the problem; a body crafted to hold millions of them gets no answer of that size. */
const MAX_DETAILS = 100;

/** Why `text` cannot be stored as it is, or undefined when it can. */
export function unstorableTextMessage(text: string): string | undefined {
  if (text.includes(NUL)) return NUL_CHARACTER_MESSAGE;
  return text.isWellFormed() ? undefined : LONE_SURROGATE_MESSAGE;
}

/** `text` with each NUL character and lone surrogate written as its escape (`\u0000`, `\ud800`), so it can be stored. */
export function escapeUnstorableText(text: string): string {
  if (unstorableTextMessage(text) === undefined) return text;
  return text
    .replaceAll(NUL, '\\u0000')
    .replace(LONE_SURROGATES, (surrogate) => `\\u${surrogate.charCodeAt(0).toString(16)}`);
}

/** A position in the walked value, linked to its parent so that no path is built unless it is reported. */
interface Position {
  key: string;
  parent: Position | undefined;
}

function pathOf(position: Position | undefined): string {
  const keys: string[] = [];
  for (let at = position; at !== undefined; at = at.parent) keys.push(escapeUnstorableText(at.key));
  return keys.reverse().join('.') || '(root)';
}

/**
 * One detail per string in `value` (a parsed JSON body, a query or the path parameters) that cannot be stored as
 * text (`unstorableTextMessage`: a NUL character, a lone surrogate), and per object key that cannot, with the path
 * written as zod's details write it (`users.0.fullName`, `query.q`; such a character in a key is written as its
 * escape); at most 100. Walked with a stack of its own, so a deeply nested body cannot overflow the call stack.
 */
export function unstorableTextDetails(value: unknown, prefix?: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const root: Position | undefined = prefix ? { key: prefix, parent: undefined } : undefined;
  const pending: Array<{ value: unknown; position: Position | undefined; keyProblem?: string }> = [
    { value, position: root },
  ];
  while (details.length < MAX_DETAILS) {
    const next = pending.pop();
    if (next === undefined) break;
    const { value: current, position, keyProblem } = next;
    if (keyProblem !== undefined) {
      details.push({ path: pathOf(position), message: keyProblem });
      continue;
    }
    if (typeof current === 'string') {
      const message = unstorableTextMessage(current);
      if (message !== undefined) details.push({ path: pathOf(position), message });
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // Pushed in reverse, so the details come out in the order of the body.
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        pending.push({ value: current[index] as unknown, position: { key: String(index), parent: position } });
      continue;
    }
    const entries = Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] as [string, unknown];
      const child = { key, parent: position };
      pending.push({ value: item, position: child });
      const problem = unstorableTextMessage(key);
      if (problem !== undefined) pending.push({ value: undefined, position: child, keyProblem: problem });
    }
  }
  return details;
}

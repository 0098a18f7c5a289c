const SETTINGS_TO_CHECK = ' (check DATABASE_URL and CACHE_URL)';

/**
 * An error of the machine rather than of the program: PostgreSQL or Redis unreachable or refusing (a Node system
 * error such as ECONNREFUSED, or an error PostgreSQL answered, like a database that does not exist or a password it
 * refused). Its message says what to fix, so a command prints it on one line; a stack trace would only bury it.
 * Anything else (a bug) keeps its stack. The message never carries a connection string, so no password shows; it
 * ends by naming the settings to check.
 */
export function operationalErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const fields = error as Error & { code?: unknown; syscall?: unknown; severity?: unknown };
  if (typeof fields.code !== 'string') return undefined;
  // A Node system error: connect, getaddrinfo, read… (ECONNREFUSED, ENOTFOUND, ETIMEDOUT, ECONNRESET).
  if (typeof fields.syscall === 'string') return `${error.message}${SETTINGS_TO_CHECK}`;
  // An error PostgreSQL answered: an SQLSTATE of five characters, with a severity.
  if (typeof fields.severity === 'string' && /^[0-9A-Z]{5}$/.test(fields.code))
    return `PostgreSQL answered: ${error.message}${SETTINGS_TO_CHECK}`;
  return undefined;
}

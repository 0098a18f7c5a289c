import { DomainError, invalid } from '../errors/domain-error.js';

/**
 * Runs `read`, which consumes a multipart request's parts. The parser's own errors (a body cut short, a
 * content type without its boundary, a malformed part header) are plain errors without a status: they are the
 * client's malformed request, answered 400 in the error body instead of falling through to a 500. Domain errors
 * and the multipart plugin's errors (which carry their status: too many files, a file too large) pass unchanged.
 */
export async function readMultipartBody<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid(`the multipart body could not be read: ${reason}`, [
      { path: 'body', message: 'malformed multipart/form-data' },
    ]);
  }
}

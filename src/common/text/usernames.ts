/**
 * Usernames and full names are kept in Unicode NFC, and a username is matched ignoring case: "josé" typed with
 * e + U+0301 (NFD, as some keyboards and macOS file names give it) is the same account as "josé" with U+00E9,
 * not a second one that looks the same (outside audit Q, F11).
 */
export function normalizedName(text: string): string {
  return text.normalize('NFC');
}

/** What a username is matched by: NFC, then lowercase, as the unique index on `lower(username)` compares it. */
export function usernameKey(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

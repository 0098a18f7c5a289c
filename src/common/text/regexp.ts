/** `text` with every character a regular expression reads as syntax escaped: it matches itself only. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * Header normalisation of the bulk-ingestion adapters (spec, "Bulk ingestion"): trim, lowercase, drop every
 * character that is not a letter, a digit, `_` or `-`, then make names unique by suffixing `_1`, `_2`, … to
 * the second, third, … occurrence. Question ids are matched against columns after the same normalisation.
 */
export function normalizeHeader(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]/gu, '');
}

export function normalizeHeaders(raw: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set<string>();
  return raw.map((header) => {
    const base = normalizeHeader(header);
    let occurrence = seen.get(base) ?? 0;
    let name = occurrence === 0 ? base : `${base}_${occurrence}`;
    // A later literal header may already be called `comment_1`: keep counting until the name is free.
    while (taken.has(name)) {
      occurrence += 1;
      name = `${base}_${occurrence}`;
    }
    seen.set(base, occurrence + 1);
    taken.add(name);
    return name;
  });
}

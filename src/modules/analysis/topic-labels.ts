/** Spec: a topic label is 2 to 4 words, title case, and (here) distinct within its run. */
export const LABEL_MIN_WORDS = 2;
export const LABEL_MAX_WORDS = 4;

const SMALL_WORDS = new Set([
  'and',
  'or',
  'of',
  'the',
  'a',
  'an',
  'in',
  'on',
  'for',
  'to',
  'with',
  'at',
  'by',
  'sa',
  'ng',
  'at',
]);

function titleWord(word: string, index: number): string {
  const lower = word.toLowerCase();
  if (index > 0 && SMALL_WORDS.has(lower)) return lower;
  // Acronyms and codes stay as written (IT, CS101, PPT).
  if (/^[A-Z0-9]{2,}$/.test(word)) return word;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * A proposed label made to fit the rules: placeholders and punctuation out, 2-4 words in title case, and a
 * label already used in the run gets a distinguishing word ("Class Pacing" → "Class Pacing II"). Returns null
 * when nothing usable is left (the topic keeps its raw label).
 */
export function normalizeLabel(proposed: string, used: ReadonlySet<string>): string | null {
  const words = proposed
    .replace(/\[name\]/gi, ' ')
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && word !== '-' && word !== "'")
    .slice(0, LABEL_MAX_WORDS);
  if (words.length === 0) return null;
  if (words.length < LABEL_MIN_WORDS) words.push('Feedback');
  let label = words.map(titleWord).join(' ');
  if (used.has(label.toLowerCase())) {
    const base = words
      .slice(0, LABEL_MAX_WORDS - 1)
      .map(titleWord)
      .join(' ');
    for (const suffix of ['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']) {
      const candidate = `${base} ${suffix}`;
      if (!used.has(candidate.toLowerCase())) {
        label = candidate;
        break;
      }
    }
  }
  return used.has(label.toLowerCase()) ? null : label;
}

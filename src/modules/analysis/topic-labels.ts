import { LABEL_PHRASES } from '../../engine/embeddings/aspect-lexicon.js';
import { isOtherLabel, isPersonWord, labelForKeywords } from '../../engine/labels/index.js';

function titleWord(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** A proposal as a phrase to compare: placeholders and punctuation out, single spaces. */
function plainWords(proposed: string): string[] {
  return proposed
    .replace(/\[name\]/giu, ' ')
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .split(/\s+/u)
    .filter((word) => word.length > 0 && word !== '-' && word !== "'");
}

/**
 * "Other: …" as the labeller writes it, from a proposal of that form, its words about a person ("Sir", "[name]",
 * "Santos") left out; undefined for any other proposal, or when no other word is left.
 */
function otherForm(proposed: string): string | undefined {
  const match = /^\s*other\s*:\s*(.*)$/isu.exec(proposed.replace(/\[name\]/giu, ' '));
  if (!match) return undefined;
  const words = (match[1] ?? '').split(/\s+/u).filter((word) => /^\p{L}+$/u.test(word) && !isPersonWord(word));
  if (words.length === 0 || words.length > 2) return undefined;
  const label = `Other: ${words.map(titleWord).join(' ')}`;
  return isOtherLabel(label) ? label : undefined;
}

/**
 * The label a topic gets from a proposed one (a language model's, or the raw label when it proposed none),
 * held to the labelling rule: a phrase of the aspect lexicon (in the lexicon's spelling) or "Other: " with one
 * or two words, distinct in the run. Anything else (a string of the topic's keywords such as "Aralin Aktibo
 * Bukas", or a free phrase the lexicon does not know) gives way to the local label of the topic's keywords, so
 * a dean reads the same kind of labels whichever engine wrote them. Null only when no distinct label is left.
 */
export function normalizeLabel(
  proposed: string,
  used: ReadonlySet<string>,
  keywords: readonly string[] = [],
): string | null {
  const free = (label: string | undefined): label is string => label !== undefined && !used.has(label.toLowerCase());
  const other = otherForm(proposed);
  if (free(other)) return other;
  const phrase = LABEL_PHRASES.get(plainWords(proposed).join(' ').toLowerCase());
  if (free(phrase)) return phrase;
  try {
    return labelForKeywords(keywords, used);
  } catch {
    return null;
  }
}

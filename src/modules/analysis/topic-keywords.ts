import { escapeRegExp } from '../../common/text/regexp.js';
import { tokenize } from '../../engine/text/index.js';

/**
 * What a topic's keywords and raw label may not say. A flagged comment still counts in its topic (conventions §11),
 * but what it says reaches only the roles that read alerts: a keyword that no other comment of its topic uses would
 * repeat it to everyone who reads the topic ("drunk", "sexual" from one comment about a teacher).
 */

/** Whether `tokens` (a comment's, from `tokenize`) hold `keyword`, one word or several in a row. */
function holds(tokens: readonly string[], words: ReadonlySet<string>, keyword: string): boolean {
  if (!keyword.includes(' ')) return words.has(keyword);
  return ` ${tokens.join(' ')} `.includes(` ${keyword} `);
}

/**
 * The keywords of each topic that only flagged comments assigned to it use (by topic index; topics without any are
 * left out). Only topics with a flagged comment are read, and in them only the keywords a flagged comment holds.
 */
export function flaggedOnlyKeywords(
  topics: ReadonlyArray<{ topicIndex: number; keywords: readonly string[] }>,
  assignments: ReadonlyArray<{ topicIndex: number; submissionId: string }>,
  texts: ReadonlyMap<string, string>,
  flagged: ReadonlySet<string>,
): Map<number, Set<string>> {
  const found = new Map<number, Set<string>>();
  if (flagged.size === 0) return found;
  const members = new Map<number, string[]>();
  for (const { topicIndex, submissionId } of assignments) {
    const list = members.get(topicIndex);
    if (list) list.push(submissionId);
    else members.set(topicIndex, [submissionId]);
  }
  const tokensOf = new Map<string, { tokens: string[]; words: Set<string> }>();
  const read = (submissionId: string) => {
    let entry = tokensOf.get(submissionId);
    if (!entry) {
      const tokens = tokenize(texts.get(submissionId) ?? '');
      entry = { tokens, words: new Set(tokens) };
      tokensOf.set(submissionId, entry);
    }
    return entry;
  };
  for (const topic of topics) {
    const ids = members.get(topic.topicIndex) ?? [];
    const flaggedIds = ids.filter((id) => flagged.has(id));
    if (flaggedIds.length === 0) continue;
    const candidates = new Set(
      topic.keywords.filter((keyword) =>
        flaggedIds.some((id) => {
          const { tokens, words } = read(id);
          return holds(tokens, words, keyword.toLowerCase());
        }),
      ),
    );
    for (const id of ids) {
      if (candidates.size === 0) break;
      if (flagged.has(id)) continue;
      // Tokenised only when the text holds a candidate's letters at all: a topic of thousands of comments with one
      // flagged word is read in a few milliseconds.
      const lower = (texts.get(id) ?? '').toLowerCase();
      for (const keyword of candidates) {
        const key = keyword.toLowerCase();
        if (!lower.includes(key)) continue;
        const { tokens, words } = read(id);
        if (holds(tokens, words, key)) candidates.delete(keyword);
      }
    }
    if (candidates.size > 0) found.set(topic.topicIndex, candidates);
  }
  return found;
}

/**
 * `rawLabel` without the keywords that were taken out of its topic. A label in the topic model's form,
 * `<index>_<word>_<word>_<word>`, is written again from the keywords kept (as many words as it had, "topic" when none
 * is left); any other form loses the words themselves.
 */
export function rawLabelWithout(rawLabel: string, removed: ReadonlySet<string>, kept: readonly string[]): string {
  if (removed.size === 0) return rawLabel;
  const parts = rawLabel.split('_');
  const [index, ...words] = parts;
  if (index !== undefined && /^-?\d+$/u.test(index) && words.length > 0) {
    if (!words.some((word) => removed.has(word))) return rawLabel;
    const fresh = kept.slice(0, words.length).map((keyword) => keyword.replaceAll(' ', '_'));
    return `${index}_${fresh.length > 0 ? fresh.join('_') : 'topic'}`;
  }
  let label = rawLabel;
  for (const word of removed) {
    label = label.replace(new RegExp(`(^|[\\s_,;:/-])${escapeRegExp(word)}(?=$|[\\s_,;:/-])`, 'giu'), '$1');
  }
  return label.replace(/\s{2,}/gu, ' ').trim() || 'topic';
}

import { ASPECTS, type AspectId } from '../embeddings/aspect-lexicon.js';
import { aspectScores } from '../embeddings/aspect-matcher.js';
import { OTHER_PREFIX } from '../labels/index.js';
import { tokenize } from '../text/index.js';

/**
 * The teaching aspect a recommendation is about: one of the embedding lexicon's aspects, so topics and
 * recommendations share one trilingual vocabulary, or `general` when its texts name none.
 */
export type TeachingAspect = AspectId | 'general';

/** The first text (a topic label or dimension name) outweighs keywords and codes. */
const PRIMARY_WEIGHT = 2;
/** Scores are sums of 1 and 0.5 weights, so anything closer than this is a tie. */
const TIE_TOLERANCE = 1e-9;

/**
 * For each aspect, how far into `tokens` its last evidence ends (1-based; 0 when it has none). Growing prefixes
 * are scored so a phrase counts where it ends.
 */
function lastEvidenceEnds(tokens: readonly string[]): Int32Array {
  const ends = new Int32Array(ASPECTS.length);
  let previous = aspectScores([]);
  for (let end = 1; end <= tokens.length; end += 1) {
    const current = aspectScores(tokens.slice(0, end));
    current.forEach((score, aspect) => {
      if (score > (previous[aspect] ?? 0)) ends[aspect] = end;
    });
    previous = current;
  }
  return ends;
}

/**
 * The aspect the texts name most, scored with the shared lexicon and its Tagalog/Cebuano morphology;
 * `general` when none matches. A tie goes to the aspect named later in the first text, because English labels
 * put the head noun last ("Late Grade Release" is about releasing grades, not about being late).
 */
export function aspectOf(primaryText: string, otherTexts: readonly string[] = []): TeachingAspect {
  const primaryTokens = tokenize(primaryText);
  const scores = aspectScores(primaryTokens).map((score) => score * PRIMARY_WEIGHT);
  for (const text of otherTexts) {
    aspectScores(tokenize(text)).forEach((score, aspect) => {
      scores[aspect] = (scores[aspect] ?? 0) + score;
    });
  }
  const ends = lastEvidenceEnds(primaryTokens);
  let best = -1;
  scores.forEach((score, aspect) => {
    if (score <= 0) return;
    const difference = best < 0 ? score : score - (scores[best] ?? 0);
    const tied = Math.abs(difference) <= TIE_TOLERANCE;
    if (difference > TIE_TOLERANCE || (tied && (ends[aspect] ?? 0) > (ends[best] ?? 0))) best = aspect;
  });
  return ASPECTS[best]?.id ?? 'general';
}

/**
 * The aspect of a topic, from its label and keywords. An "Other: …" label says that the labeling found no aspect
 * in the keywords (its words are only the first of them): the recommendation then claims none either (`general`),
 * rather than an aspect one of those words leans to ("Other: Cover Exactly" is not about pace).
 */
export function topicAspect(topic: { label: string; keywords: readonly string[] }): TeachingAspect {
  return topic.label.startsWith(OTHER_PREFIX) ? 'general' : aspectOf(topic.label, topic.keywords);
}

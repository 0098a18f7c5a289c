/**
 * Words a corpus writes as proper nouns, left out of its topic keywords (and so of its labels): a teacher or
 * student named bare, with no honorific ("Dominic explains well", "ask Hartley"), which the name scrubber cannot
 * tell from a word in a single comment. The rule is `probableProperNounsIn` (text/personal-names.ts); the
 * words of the aspect lexicon and of the sentiment lexicon count as ordinary here as well, so a course title a
 * corpus capitalises ("Feedback", "Grading") stays a keyword.
 */

import { DOMAIN_GENERIC_WORDS, EVALUATIVE_WORDS } from '../embeddings/aspect-lexicon.js';
import { aspectHitsOfToken } from '../embeddings/aspect-matcher.js';
import { DOMAIN_TERMS } from '../sentiment/domain-lexicon.js';
import { probableProperNounsIn } from '../text/personal-names.js';

function isLexiconWord(word: string): boolean {
  return (
    DOMAIN_GENERIC_WORDS.has(word) ||
    EVALUATIVE_WORDS.has(word) ||
    DOMAIN_TERMS.has(word) ||
    aspectHitsOfToken(word).length > 0
  );
}

/** The probable proper nouns of `texts` (lowercase, as `tokenize` writes them): never topic keywords. */
export function topicProperNouns(texts: Iterable<string>): Set<string> {
  return probableProperNounsIn(texts, { isOrdinaryWord: isLexiconWord });
}

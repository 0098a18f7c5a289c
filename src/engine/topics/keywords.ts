/**
 * Topic keywords by class-based TF-IDF (BERTopic's c-TF-IDF): all documents of a topic form one class;
 * W(word, class) = tf(word, class) · log(1 + A / f(word)), with tf normalised by the class length, A the
 * average class length and f the word's frequency over all classes (outliers form a class of their own
 * for f and A). A word is a keyword only of the topic where its weight is highest, so keyword lists are
 * distinct across topics. Stop-words, words every teaching comment uses ("teacher", "class"), the name
 * scrubber's placeholder ("[name]") and the words the corpus writes as proper nouns (proper-nouns.ts: a teacher
 * named bare) are never keywords. Where a topic's comments mix languages, its keywords
 * come from its dominant language (by the language votes of its comments): "explain, clear, lessons" rather
 * than "explain, klaro, maintindihan", which reads as three topics to a dean. A word's language is that of the
 * topic's comments using it.
 */

import { DOMAIN_GENERIC_WORDS } from '../embeddings/aspect-lexicon.js';
import { isStopword, NAME_PLACEHOLDER, tokenize } from '../text/index.js';
import { languageVotesOfTokens } from '../text/language.js';

export const KEYWORDS_PER_TOPIC = 10;
/** Below this many exclusive keywords a topic also takes its best shared words. */
const MINIMUM_EXCLUSIVE_KEYWORDS = 3;
/** Topics of at least this many documents only take words used at least twice in them (no typos). */
const SUPPORT_TOPIC_SIZE = 10;
const HAS_LETTER = /\p{L}/u;
/** Languages a comment's votes are split over: English, Tagalog, Cebuano. */
const LANGUAGES = 3;
/** Share of a word's uses (weighted by its comments' language) that must be in the topic's language. */
const KEYWORD_LANGUAGE_SHARE = 0.5;

export interface DocumentTerms {
  vocabulary: string[];
  /** Term ids of each document's keyword-eligible tokens, repeats kept. */
  terms: Int32Array[];
  /** Per document, its language votes as shares (en, tl, ceb; all 0 when nothing voted), LANGUAGES apart. */
  languages: Float64Array;
}

/** The name scrubber's placeholder in a comment ("Sir [name] explains well"): tokenised, it would be "name". */
const PLACEHOLDERS = new RegExp(NAME_PLACEHOLDER.replace(/[[\]]/gu, '\\$&'), 'giu');

function isKeywordCandidate(token: string, excluded: ReadonlySet<string>): boolean {
  return (
    token.length >= 3 &&
    HAS_LETTER.test(token) &&
    !isStopword(token) &&
    !DOMAIN_GENERIC_WORDS.has(token) &&
    !excluded.has(token)
  );
}

/** The keyword-eligible terms of `texts`; the words of `excluded` (the corpus's proper nouns) are never terms. */
export function documentTerms(texts: readonly string[], excluded: ReadonlySet<string> = new Set()): DocumentTerms {
  const ids = new Map<string, number>();
  const vocabulary: string[] = [];
  const languages = new Float64Array(texts.length * LANGUAGES);
  const terms = texts.map((text, document) => {
    const documentIds: number[] = [];
    // Where a name was is no word of the comment: never a keyword, nor a vote for a language.
    const tokens = tokenize(text.replace(PLACEHOLDERS, ' '));
    const votes = languageVotesOfTokens(tokens);
    const total = votes.en + votes.tl + votes.ceb;
    if (total > 0) languages.set([votes.en / total, votes.tl / total, votes.ceb / total], document * LANGUAGES);
    for (const token of tokens) {
      if (!isKeywordCandidate(token, excluded)) continue;
      let id = ids.get(token);
      if (id === undefined) {
        id = vocabulary.length;
        ids.set(token, id);
        vocabulary.push(token);
      }
      documentIds.push(id);
    }
    return Int32Array.from(documentIds);
  });
  return { vocabulary, terms, languages };
}

/**
 * The terms of one topic written in its dominant language: each term's uses in the topic weighted by the
 * language shares of the comments using it, against the topic's own shares. Terms only used in comments
 * nothing voted on count as the topic's language. Undefined when no comment of the topic voted.
 */
function topicLanguageTerms(documents: DocumentTerms, topicOf: Int32Array, topic: number): Set<number> | undefined {
  const topicShares = new Float64Array(LANGUAGES);
  const termShares = new Map<number, Float64Array>();
  documents.terms.forEach((terms, document) => {
    if (topicOf[document] !== topic) return;
    const shares = documents.languages.subarray(document * LANGUAGES, (document + 1) * LANGUAGES);
    for (let language = 0; language < LANGUAGES; language += 1)
      topicShares[language] = (topicShares[language] as number) + (shares[language] as number);
    for (const term of terms) {
      const entry = termShares.get(term) ?? new Float64Array(LANGUAGES);
      for (let language = 0; language < LANGUAGES; language += 1)
        entry[language] = (entry[language] as number) + (shares[language] as number);
      termShares.set(term, entry);
    }
  });
  let dominant = 0;
  for (let language = 1; language < LANGUAGES; language += 1)
    if ((topicShares[language] as number) > (topicShares[dominant] as number)) dominant = language;
  if ((topicShares[dominant] as number) <= 0) return undefined;
  const kept = new Set<number>();
  for (const [term, shares] of termShares) {
    const total = shares.reduce((sum, share) => sum + share, 0);
    if (total === 0 || (shares[dominant] as number) / total >= KEYWORD_LANGUAGE_SHARE) kept.add(term);
  }
  return kept;
}

/** Keyword term ids per topic, best first. `topicOf` is -1 for outliers. */
export function topicKeywords(documents: DocumentTerms, topicOf: Int32Array, topicCount: number): number[][] {
  const vocabularySize = documents.vocabulary.length;
  const classes = topicCount + 1;
  const counts = new Float64Array(classes * vocabularySize);
  const classLength = new Float64Array(classes);
  const classDocuments = new Float64Array(classes);
  documents.terms.forEach((terms, document) => {
    const topic = topicOf[document] as number;
    const topicClass = topic < 0 ? topicCount : topic;
    classDocuments[topicClass] = (classDocuments[topicClass] as number) + 1;
    const offset = topicClass * vocabularySize;
    for (const term of terms) counts[offset + term] = (counts[offset + term] as number) + 1;
    classLength[topicClass] = (classLength[topicClass] as number) + terms.length;
  });
  const frequency = new Float64Array(vocabularySize);
  for (let topicClass = 0; topicClass < classes; topicClass += 1) {
    const offset = topicClass * vocabularySize;
    for (let term = 0; term < vocabularySize; term += 1) {
      frequency[term] = (frequency[term] as number) + (counts[offset + term] as number);
    }
  }
  const nonEmptyClasses = classLength.filter((length) => length > 0).length;
  const averageLength =
    nonEmptyClasses === 0 ? 0 : classLength.reduce((sum, length) => sum + length, 0) / nonEmptyClasses;

  const weights = new Float64Array(topicCount * vocabularySize);
  const owner = new Int32Array(vocabularySize).fill(-1);
  for (let topic = 0; topic < topicCount; topic += 1) {
    const offset = topic * vocabularySize;
    const length = classLength[topic] as number;
    if (length === 0) continue;
    const minimumCount = (classDocuments[topic] as number) >= SUPPORT_TOPIC_SIZE ? 2 : 1;
    for (let term = 0; term < vocabularySize; term += 1) {
      const count = counts[offset + term] as number;
      if (count < minimumCount) continue;
      const weight = (count / length) * Math.log(1 + averageLength / (frequency[term] as number));
      weights[offset + term] = weight;
      const currentOwner = owner[term] as number;
      if (currentOwner < 0 || weight > (weights[currentOwner * vocabularySize + term] as number)) owner[term] = topic;
    }
  }

  const keywords: number[][] = [];
  for (let topic = 0; topic < topicCount; topic += 1) {
    const offset = topic * vocabularySize;
    const ranked: number[] = [];
    for (let term = 0; term < vocabularySize; term += 1) if ((weights[offset + term] as number) > 0) ranked.push(term);
    ranked.sort(
      (a, b) =>
        (weights[offset + b] as number) - (weights[offset + a] as number) ||
        (documents.vocabulary[a] as string).localeCompare(documents.vocabulary[b] as string),
    );
    const language = topicLanguageTerms(documents, topicOf, topic);
    const inLanguage = language ? ranked.filter((term) => language.has(term)) : ranked;
    const exclusive = inLanguage.filter((term) => owner[term] === topic).slice(0, KEYWORDS_PER_TOPIC);
    if (exclusive.length >= MINIMUM_EXCLUSIVE_KEYWORDS) {
      keywords.push(exclusive);
      continue;
    }
    const chosen = new Set(exclusive);
    for (const term of inLanguage) {
      if (chosen.size >= KEYWORDS_PER_TOPIC) break;
      chosen.add(term);
    }
    // A topic too small for three words of its language still gets three words.
    for (const term of ranked) {
      if (chosen.size >= MINIMUM_EXCLUSIVE_KEYWORDS) break;
      chosen.add(term);
    }
    keywords.push(ranked.filter((term) => chosen.has(term)));
  }
  return keywords;
}

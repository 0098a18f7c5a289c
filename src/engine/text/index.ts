export { cleanComment, isJunkComment, isKeyboardMash, MINIMUM_COMMENT_WORDS } from './clean.js';
export {
  detectLanguage,
  languageFromVotes,
  languageVotes,
  languageVotesOfTokens,
  type LanguageVotes,
} from './language.js';
export { hasElongation, normalizeText } from './normalize.js';
export { isStopword, POLITENESS_MARKERS, STOPWORDS } from './stopwords.js';
export { expandWord, prepareForTokens, tokenize, wordCount } from './tokenize.js';

export { cleanComment, isJunkComment, isKeyboardMash, MINIMUM_COMMENT_WORDS, saysNothing } from './clean.js';
export { detectLanguage, languageVotes, type LanguageVotes } from './language.js';
export { normalizeText } from './normalize.js';
export { isStopword, POLITENESS_MARKERS, STOPWORDS } from './stopwords.js';
export { tokenize, wordCount } from './tokenize.js';
export { loadFastTextLanguageIdentifier, type LanguageIdentifier } from './fasttext-language.js';
export {
  containsPersonalName,
  findPersonalNames,
  isHonorific,
  NAME_PLACEHOLDER,
  personalNamesIn,
  probableProperNounsIn,
  PROPER_NOUN_CAPITALISED_SHARE,
  PROPER_NOUN_MINIMUM_USES,
  type ProperNounOptions,
  createNameScrubber,
  type NameScrubber,
  scrubPersonalNames,
  withoutPersonalNames,
  type PersonalNameOptions,
  type PersonalNameSpan,
} from './personal-names.js';

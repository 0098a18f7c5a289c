/**
 * Rule-based sentiment for student comments (English, Tagalog, Cebuano, code-switched), in the manner of
 * VADER: word valences from the lexicons, shifted by negation, intensifiers and diminishers, contrast,
 * softened criticism, sarcasm cues, emojis and emphasis; then turned into three probabilities where the
 * neutral share grows when there is little sentiment or when praise and criticism balance.
 */

import type { SentimentLabel, SentimentScores } from '../contracts.js';
import { saysNothing } from '../text/clean.js';
import { languageVotesOfTokens, type LanguageVotes } from '../text/language.js';
import {
  buildSentimentLexicon,
  MODIFIERS,
  type SentimentLexicon,
  type SentimentTables,
  type WordValence,
} from './lexicon.js';
import {
  AMOUNT_EXCLAMATIONS,
  BARE_ANSWERS,
  CEBUANO_HOMOGRAPHS,
  ELLIPSIS_AUXILIARIES,
  EASE,
  EXCESS_PRONE,
  ABILITY_MODALS,
  BOTHER_WORDS,
  IMPROVEMENT_FILLERS,
  IMPROVEMENT_MODALS,
  IMPROVEMENT_OBJECTS,
  IMPROVEMENT_WORDS,
  LAUGHTER_EMOJIS,
  NEGLECTED_AFTER_BOTHER,
  TEACHING_CONTEXT,
  TEACHING_VERBS,
  TRANSPARENT,
} from './modifiers.js';
import { scanComment, type SentimentToken } from './scan.js';

/** Tuned on the development sets (see docs/sentiment-engine.md); VADER's values where VADER has one. */
const SENTIMENT_PARAMETERS = {
  negationScalar: -0.74,
  emphasis: 1.25,
  shouting: 1.3,
  postIntensifier: 1.3,
  hearsay: 0.3,
  excessValence: -1.2,
  overdonePraise: -0.3,
  /** "too theoretical to be useful": the praise word names what the course failed to be. */
  tooToPraise: -0.8,
  implicitComplaint: 1,
  bareNegation: 0.8,
  courtesy: 1.2,
  easeIntensifier: 1.3,
  beforeContrast: 0.5,
  afterContrast: 1.3,
  concession: 0.5,
  deficientSuggestion: 0.7,
  plainSuggestion: 0.8,
  suggestionBase: 0.35,
  sarcasmFlip: -0.8,
  /** A complaint at least this strong after a sarcastic opener (SARCASTIC_OPENERS) makes the opener sarcasm. */
  sarcasticComplaint: 1.5,
  hedge: 2,
  highRating: 0.75,
  lowRating: 0.45,
  exclamation: 0.292,
  maximumExclamations: 4,
  neutralBase: 0.4,
  /** Praise and criticism in one comment without a contrast word: usually one verdict with a side remark. */
  mixedNeutral: 0.8,
  /** ... and balanced around "but"/"pero"/"although": a mixed verdict, which reads as neutral. */
  contrastedNeutral: 2,
  sharpness: 1.3,
  /** "I have never been to the clinic": a non-answer's neutral, which a complaint beside it still outweighs. */
  noExperience: 1,
  /** "graded fairly": fair treatment, a little under "fair" itself (2). */
  fairManner: 1.5,
  /** "didn't learn anything", "not helpful at all": a negation stressed weighs this much more. */
  negationStress: 1.5,
  /** "could still be improved further": a shortcoming said politely, as the domain lexicon's "can be improved" (-1.2). */
  wishedImprovement: -1.2,
  /** "does not bother to check our papers": a teacher's neglect, a little under "walang pakialam" (-2). */
  neglect: -1.5,
} as const;

const P = SENTIMENT_PARAMETERS;
const WINDOW = 3;
/** Tagalog and Cebuano negators sit right before their predicate: they reach over one content word only. */
const PHILIPPINE_NEGATION_REACH = 1;

/** The lexicon, and whether the comment reads as Cebuano (which turns on the Wolff fallback). */
interface Reading {
  lexicon: SentimentLexicon;
  cebuano: boolean;
}

function valenceOf(reading: Reading, word: string): ReturnType<SentimentLexicon['lookupValence']> {
  return reading.lexicon.lookupValence(word, reading.cebuano);
}

interface Contribution {
  value: number;
  sentence: number;
  index: number;
}

/** The twelve modifier lists isModifier asks about, in one set (it is asked for every word a comment has). */
const ALL_MODIFIERS: ReadonlySet<string> = new Set([
  ...MODIFIERS.negators,
  ...MODIFIERS.preIntensifiers.keys(),
  ...MODIFIERS.postIntensifiers,
  ...MODIFIERS.diminishers.keys(),
  ...MODIFIERS.excessMarkers,
  ...MODIFIERS.contrasts,
  ...MODIFIERS.suggestionCues,
  ...MODIFIERS.softSuggestionCues,
  ...MODIFIERS.hearsay,
  ...MODIFIERS.hedges,
  ...MODIFIERS.courtesies,
  ...MODIFIERS.negationCancellers,
]);

function isModifier(word: string): boolean {
  return ALL_MODIFIERS.has(word);
}

interface Context {
  negated: boolean;
  /** Positions of the negators that applied, so they are not also counted as bare negation. */
  negatorPositions: number[];
  factor: number;
  excess: boolean;
  diminished: boolean;
  /** The negation reached the word past an expectation it negated first ("does not listen to our problems"). */
  throughExpectation: boolean;
}

/** Looks back from a sentiment word over its clause for negators, intensifiers, diminishers, excess. */
function lookBack(sentence: readonly SentimentToken[], position: number, reading: Reading): Context {
  const context: Context = {
    negated: false,
    negatorPositions: [],
    factor: 1,
    excess: false,
    diminished: false,
    throughExpectation: false,
  };
  const clause = sentence[position]?.clause;
  let counted = 0;
  let reachedOtherSentiment = false;
  for (let index = position - 1; index >= 0 && counted < WINDOW; index -= 1) {
    const token = sentence[index];
    if (token === undefined || token.clause !== clause || token.kind !== 'word') break;
    const word = token.text;
    if (MODIFIERS.negationCancellers.has(word) || MODIFIERS.negationBoundaries.has(word)) break;
    if (
      MODIFIERS.negators.has(word) &&
      (counted <= PHILIPPINE_NEGATION_REACH || !MODIFIERS.philippineNegators.has(word))
    ) {
      context.negated = !context.negated;
      context.negatorPositions.push(index);
      if (reachedOtherSentiment) context.throughExpectation = true;
    }
    if (!reachedOtherSentiment) {
      const intensifier =
        MODIFIERS.preIntensifiers.get(word) ??
        (EASE.has(word) || AMOUNT_EXCLAMATIONS.has(word) ? P.easeIntensifier : undefined);
      if (intensifier !== undefined && (word !== 'ang' || index === position - 1)) context.factor *= intensifier;
      const diminisher = MODIFIERS.diminishers.get(word);
      if (diminisher !== undefined) {
        context.factor *= diminisher;
        context.diminished = true;
      }
      if (MODIFIERS.excessMarkers.has(word)) context.excess = true;
    }
    if (!isModifier(word) && valenceOf(reading, word) !== undefined) {
      // A negator before another sentiment word belongs to that word, unless it is a mere expectation
      // ("didn't learn valuable things" negates both).
      if (!MODIFIERS.expectations.has(word)) break;
      reachedOtherSentiment = true;
    }
    if (!TRANSPARENT.has(word)) counted += 1;
  }
  return context;
}

/** Whether the word at `index` ends "too <up to four words> to (be)" in its clause. */
function afterTooTo(sentence: readonly SentimentToken[], index: number): boolean {
  let at = index - 1;
  if (sentence[at]?.text === 'be') at -= 1;
  if (sentence[at]?.text !== 'to') return false;
  const clause = sentence[index]?.clause;
  for (let back = at - 1; back >= 0 && back >= at - 4; back -= 1) {
    const token = sentence[back];
    if (token === undefined || token.clause !== clause || token.kind !== 'word') return false;
    if (token.text === 'too') return true;
  }
  return false;
}

/** Post-posed intensifiers and hearsay ("magaling talaga", "maayo kaayo", "magaling daw"). */
function lookAhead(sentence: readonly SentimentToken[], position: number): { factor: number; teachingVerb: boolean } {
  let factor = 1;
  let teachingVerb = false;
  const clause = sentence[position]?.clause;
  for (let index = position + 1; index < sentence.length && index <= position + 3; index += 1) {
    const token = sentence[index];
    if (token === undefined || token.clause !== clause || token.kind !== 'word') break;
    if (MODIFIERS.postIntensifiers.has(token.text)) factor *= P.postIntensifier;
    if (MODIFIERS.hearsay.has(token.text)) factor *= P.hearsay;
    if (TEACHING_VERBS.has(token.text)) teachingVerb = true;
  }
  return { factor, teachingVerb };
}

interface SentenceShape {
  contrastAt: number;
  concessionClause: number;
  /** Where the concession word stands: it weakens what follows it in its clause ("strict although kind"). */
  concessionAt: number;
  suggestionFrom: number;
  /**
   * The last clause the suggestion reaches: the first clause with words of its own after the cue, then each following
   * clause that asks for more of the same ("be more patient, more organized"). What comes after, in a clause of its
   * own, is said of how things are: "Sana hindi na po kayo umalis, the best po kayo" praises.
   */
  suggestionUntilClause: number;
  /** A firm suggestion ("sana", "should", "please"), which criticises by itself; hopes and wishes do not. */
  firmSuggestion: boolean;
  deficient: boolean;
  /** A condition in the suggestion ("better if ..."): what it names is wished for, not found. */
  conditional: boolean;
  /** The clause a verbless request opens ("More interactive activities", REQUEST_OPENERS), or -1. */
  requestClause: number;
  /** Two parallel parts ("some ... and some ...", "ang iba ..., ang iba ..."): a contrast without a contrast word. */
  parallel: boolean;
}

function sentenceShape(sentence: readonly SentimentToken[]): SentenceShape {
  const shape: SentenceShape = {
    contrastAt: -1,
    concessionClause: -1,
    concessionAt: -1,
    suggestionFrom: -1,
    suggestionUntilClause: -1,
    firmSuggestion: false,
    deficient: false,
    conditional: false,
    requestClause: -1,
    parallel: false,
  };
  let firstPart = -1;
  let condition = false;
  let continued = false;
  sentence.forEach((token, index) => {
    const word = token.text;
    if (MODIFIERS.parallelParts.has(word)) {
      if (firstPart < 0) firstPart = index;
      else if (index > firstPart + 1) shape.parallel = true;
    }
    if (MODIFIERS.concessions.has(word)) {
      const next = sentence[index + 1];
      const indefinite = next !== undefined && MODIFIERS.indefinites.has(next.text);
      if (shape.concessionClause < 0 && !indefinite) {
        shape.concessionClause = token.clause;
        shape.concessionAt = index;
      }
    } else if (MODIFIERS.contrasts.has(word) && shape.contrastAt < 0) {
      // A trailing "though" ("hard class, fun though") turns against the sentence before.
      shape.contrastAt = word === 'though' ? 0 : index;
    }
    const firm = MODIFIERS.suggestionCues.has(word);
    if ((firm || MODIFIERS.softSuggestionCues.has(word)) && shape.suggestionFrom < 0) {
      shape.suggestionFrom = index;
      shape.firmSuggestion = firm;
      condition = MODIFIERS.suggestionConditions.has(word.slice(word.lastIndexOf(' ') + 1));
    }
  });
  if (shape.suggestionFrom >= 0) shape.suggestionUntilClause = suggestionReach(sentence, shape.suggestionFrom);
  let asksPunctuality = false;
  sentence.forEach((token, index) => {
    if (!reachedBySuggestion(shape, token, index)) return;
    const word = token.text;
    if (MODIFIERS.deficiencyMarkers.has(word)) shape.deficient = true;
    else if (MODIFIERS.suggestionConditions.has(word)) condition = true;
    else if (MODIFIERS.continuations.has(word)) continued = true;
    else if (MODIFIERS.punctualityAsks.has(word)) asksPunctuality = true;
  });
  shape.conditional = condition && !continued;
  if (asksPunctuality && !shape.conditional) shape.deficient = true;
  const opener = sentence[0];
  if (
    opener !== undefined &&
    opener.kind === 'word' &&
    MODIFIERS.requestOpeners.has(opener.text) &&
    !sentence.some((token) => token.clause === opener.clause && MODIFIERS.requestBreakers.has(token.text))
  )
    shape.requestClause = opener.clause;
  return shape;
}

/** SentenceShape.suggestionUntilClause for a cue at `from`. */
function suggestionReach(sentence: readonly SentimentToken[], from: number): number {
  const last = sentence[sentence.length - 1]?.clause ?? 0;
  const isCue = (word: string) => MODIFIERS.suggestionCues.has(word) || MODIFIERS.softSuggestionCues.has(word);
  let clause = sentence[from]?.clause ?? 0;
  // The cue's clause and any clause of particles after it ("Sana po, mas bagalan"), up to the first with words.
  const hasWords = (at: number) =>
    sentence.some(
      (token, index) =>
        index > from &&
        token.clause === at &&
        token.kind === 'word' &&
        !MODIFIERS.suggestionParticles.has(token.text) &&
        !isCue(token.text),
    );
  while (clause < last && !hasWords(clause)) clause += 1;
  // Then each clause that asks for more of it: "please be more patient, more organized, and less strict".
  const asks = (at: number) =>
    sentence.some((token) => token.clause === at && (MODIFIERS.deficiencyMarkers.has(token.text) || isCue(token.text)));
  while (clause < last && asks(clause + 1)) clause += 1;
  return clause;
}

/** Whether the token at `index` is inside the sentence's suggestion: after its cue, within its reach. */
function reachedBySuggestion(shape: SentenceShape, token: SentimentToken, index: number): boolean {
  return shape.suggestionFrom >= 0 && index > shape.suggestionFrom && token.clause <= shape.suggestionUntilClause;
}

/** "madaling magalit", "easily distracted": the ease word strengthens the (negative) sentiment after it. */
function nextHasSentiment(
  sentence: readonly SentimentToken[],
  position: number,
  reading: Reading,
  negativeOnly: boolean,
): boolean {
  const clause = sentence[position]?.clause;
  for (let index = position + 1; index <= position + 3 && index < sentence.length; index += 1) {
    const token = sentence[index];
    // Within its clause: "some topics were easy, others were difficult" is two verdicts, not "easily difficult".
    if (token === undefined || token.kind !== 'word' || token.clause !== clause) return false;
    const found = valenceOf(reading, token.text);
    if (found !== undefined && (negativeOnly ? found.valence < 0 : found.valence !== 0)) return true;
  }
  return false;
}

/** Words after which "fairly" still ends what it qualifies: "grades fairly and on time", "treats us fairly to all". */
const AFTER_MANNER = new Set(['and', 'to', 'with', 'among', 'because', 'since', 'regardless', 'for', 'in']);

/**
 * "Exams are conducted fairly", "she grades fairly": "fairly" as the manner of what was done (praise), not as the
 * diminisher of a word after it ("fairly good"). Told apart by what follows: nothing in its clause, or a conjunction.
 */
function adverbOfManner(sentence: readonly SentimentToken[], index: number): boolean {
  const token = sentence[index];
  const next = sentence[index + 1];
  return next === undefined || next.clause !== token?.clause || AFTER_MANNER.has(next.text);
}

/** Modals that need "to" after them to be one: "has to improve" wishes, "has improved" reports. */
const MODALS_WITH_TO = new Set(['has', 'have', 'had']);
/** How far back over IMPROVEMENT_FILLERS the modal of "improve" may stand ("should also be further improved"). */
const IMPROVEMENT_REACH = 4;

/**
 * Whether the "improve" word at `index` is wished for under a modal in its clause ("could still be improved further", "needs a
 * lot of improvement", "should really improve"), not reported ("it has improved", "the course improved my writing") or
 * promised to a student ("this course can really improve your writing"), and not denied ("does not need to be
 * improved", read by the usual negation).
 */
function wishedImprovement(sentence: readonly SentimentToken[], index: number): boolean {
  const clause = sentence[index]?.clause;
  let at = index - 1;
  let stillToCome = false;
  for (let skipped = 0; at >= 0 && skipped < IMPROVEMENT_REACH; at -= 1, skipped += 1) {
    const token = sentence[at];
    if (token === undefined || token.clause !== clause || token.kind !== 'word') return false;
    if (!IMPROVEMENT_FILLERS.has(token.text)) break;
    if (token.text === 'still' || token.text === 'further') stillToCome = true;
  }
  const modal = sentence[at];
  if (modal === undefined || modal.clause !== clause || !IMPROVEMENT_MODALS.has(modal.text)) return false;
  if (MODALS_WITH_TO.has(modal.text) && sentence[at + 1]?.text !== 'to') return false;
  const before = sentence[at - 1];
  if (before !== undefined && before.clause === clause && MODIFIERS.negators.has(before.text)) return false;
  if (!ABILITY_MODALS.has(modal.text)) return true;
  // Under "can", "could" or "may" the active verb is what someone is able to do ("a platform where students can
  // improve", "can improve your writing") unless "still" or "further" says it has not happened yet; the passive and
  // the noun ("can be improved", "could use some improvement") are wishes either way.
  const word = sentence[index]?.text;
  const active = word === 'improve' || word === 'improving';
  if (active && !stillToCome) return false;
  const object = sentence[index + 1];
  return !(object !== undefined && object.clause === clause && IMPROVEMENT_OBJECTS.has(object.text));
}

function wordValence(
  sentence: readonly SentimentToken[],
  index: number,
  token: SentimentToken,
  reading: Reading,
  usedNegators: Set<number>,
): number | undefined {
  const word = token.text;
  if (word === 'fairly' && adverbOfManner(sentence, index)) {
    // "does not grade fairly": the negator of the verb the manner belongs to (within the window, whatever the verb).
    for (let at = index - 1; at >= Math.max(0, index - WINDOW); at -= 1) {
      const before = sentence[at];
      if (before === undefined || before.clause !== token.clause) break;
      if (MODIFIERS.negators.has(before.text)) {
        usedNegators.add(at);
        return P.fairManner * P.negationScalar;
      }
    }
    return P.fairManner;
  }
  if (isModifier(word) || (reading.cebuano && CEBUANO_HOMOGRAPHS.has(word))) return undefined;
  if (IMPROVEMENT_WORDS.has(word) && wishedImprovement(sentence, index)) return P.wishedImprovement;
  const found = valenceOf(reading, word);
  if (EASE.has(word) && nextHasSentiment(sentence, index, reading, true)) return undefined;
  if (AMOUNT_EXCLAMATIONS.has(word) && nextHasSentiment(sentence, index, reading, false)) return undefined;
  const prone = EXCESS_PRONE.has(word);
  const expectation = MODIFIERS.expectations.get(word);
  if ((found === undefined || found.valence === 0) && !prone && expectation === undefined) return undefined;
  const before = lookBack(sentence, index, reading);
  for (const position of before.negatorPositions) usedNegators.add(position);
  if (before.negated && BOTHER_WORDS.has(word) && NEGLECTED_AFTER_BOTHER.has(sentence[index + 1]?.text ?? '')) {
    return P.neglect;
  }
  if (expectation !== undefined && before.negated) {
    // "hindi ko po alam", "wala ko kabalo": not knowing, as the whole answer, is a non-answer.
    const negator = before.negatorPositions[0];
    if (MODIFIERS.unknowing.has(word) && negator !== undefined && nonAnswer(sentence, negator)) return undefined;
    return expectation * (negationStressed(sentence, index) ? P.negationStress : 1);
  }
  const after = lookAhead(sentence, index);
  let value = found?.valence ?? 0;
  if (prone && (before.excess || before.diminished || after.teachingVerb) && value >= 0) {
    value = P.excessValence * (before.diminished ? 0.7 : 1);
    before.factor = 1;
  }
  if (value === 0) return undefined;
  // "Does not listen to our problems", "hindi tumutulong sa problema namin": the negated expectation is the complaint,
  // and the trouble named after it is what was left unattended, not praise ("didn't learn valuable things" still
  // negates the praise word).
  if (before.negated && before.throughExpectation && value < 0) return undefined;
  // "too friendly", "masyadong mabait": praise overdone reads as criticism in an evaluation.
  if (before.excess && value > 0) value *= P.overdonePraise;
  // "too theoretical to be useful", "too fast to be helpful": what it was too much of something to be.
  else if (value > 0 && afterTooTo(sentence, index)) value *= P.tooToPraise;
  if (found?.emphasised === true) value *= P.emphasis;
  if (token.shouted) value *= P.shouting;
  value *= before.factor * after.factor;
  if (before.negated) value *= P.negationScalar * (negationStressed(sentence, index) ? P.negationStress : 1);
  return value;
}

/** Words after a negated word that stress the negation: "didn't learn anything", "not helpful at all". */
const NEGATION_STRESS = new Set(['anything', 'whatsoever']);
const NEGATION_STRESS_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['at', 'all'],
  ['kahit', 'ano'],
  ['kahit', 'isa'],
  ['bisan', 'unsa'],
  ['bisan', 'usa'],
];

/** Whether the negated word at `index` is followed, within its clause and two words, by a stress of the negation. */
function negationStressed(sentence: readonly SentimentToken[], index: number): boolean {
  const clause = sentence[index]?.clause;
  for (let at = index + 1; at <= index + 2; at += 1) {
    const token = sentence[at];
    if (token === undefined || token.clause !== clause) return false;
    if (NEGATION_STRESS.has(token.text)) return true;
    const next = sentence[at + 1]?.text;
    if (NEGATION_STRESS_PAIRS.some(([first, second]) => token.text === first && next === second)) return true;
  }
  return false;
}

/**
 * "5/5", "4 out of 5", "10/10", "5 stars" (of five): a high score is praise, a low one criticism, a middling one
 * ("3/5", "6/10") a lukewarm verdict (undefined). Valence grows with the distance from the middle, at most 3.
 */
export function ratingValence(rating: string): number | undefined {
  const stars = /^([\d.]+)\s*stars?$/u.exec(rating);
  const [score, scale] = stars ? [Number(stars[1]), 5] : rating.split(/\s*(?:\/|out of)\s*/u).map(Number);
  if (score === undefined || scale === undefined || !(score <= scale)) return 0;
  const share = score / scale;
  if (share >= P.highRating) return Math.min(3, (share - 0.5) * 8);
  if (share <= P.lowRating) return -Math.min(3, (0.5 - share) * 8);
  return undefined;
}

/** One scored token, for explaining a score while tuning the lexicon. */
export interface TracedContribution {
  token: string;
  value: number;
}

export interface CommentEvidence {
  positive: number;
  negative: number;
  /** Lukewarm verdicts ("okay naman", "average") that speak for neutral. */
  lukewarm: number;
  /** Shape of the comment: what the neutral share and a tuning session read besides P and N. */
  shape: CommentShape;
}

export interface CommentShape {
  /** Word tokens as written (after text-speak expansion), phrases not joined. */
  words: number;
  /** Tokens that contributed a non-zero value (words, phrases, emojis, courtesies, bare negations). */
  sentimentTokens: number;
  /** A contrast ("but", "pero", "kaso") or concession ("although", "kahit") somewhere in the comment. */
  contrast: boolean;
  /** A firm suggestion that names a deficiency ("sana mas ...", "please be more ..."). */
  deficientSuggestion: boolean;
  /** Any suggestion, hope or wish cue ("should", "sana", "I hope", "please"). */
  suggestion: boolean;
  questions: number;
  /** Negators that applied to a sentiment word, plus bare verbal negations. */
  negations: number;
  /** Emojis and emoticons with a valence. */
  emojis: number;
  /** The comment's language votes (`languageFromVotes` turns them into `detectLanguage`'s answer). */
  languageVotes: LanguageVotes;
  /** It names a classroom's people or parts (TEACHING_CONTEXT): "sir", "klase", "exam", "magtutudlo". */
  teaching: boolean;
}

/**
 * "Magaling siya pero ang daming requirements": praise, then a "but" clause with no sentiment word of its own,
 * is a complaint stated as a fact. Counted as a mild negative so the comment reads as mixed.
 */
function implicitComplaint(shape: SentenceShape, contributions: readonly Contribution[], sentence: number): number {
  if (shape.contrastAt <= 0) return 0;
  let praiseBefore = false;
  let sentimentAfter = false;
  for (const contribution of contributions) {
    if (contribution.sentence !== sentence) continue;
    if (contribution.index < shape.contrastAt && contribution.value > 0) praiseBefore = true;
    if (contribution.index > shape.contrastAt && contribution.value < 0) sentimentAfter = true;
  }
  return praiseBefore && !sentimentAfter ? P.implicitComplaint : 0;
}

/**
 * "I don't have any comments", "no suggestions po", "wala po akong comment": the negator at `index` denies a remark
 * that follows it, and every other word of the sentence is a non-answer's (who speaks, to whom, "for now", thanks,
 * another negator). A sentence that says anything else ("returned with no comments") is not one.
 */
function nonAnswer(sentence: readonly SentimentToken[], index: number): boolean {
  let remark = false;
  let unknowing = false;
  let amount = false;
  for (let position = 0; position < sentence.length; position += 1) {
    const token = sentence[position];
    if (position === index || token === undefined || token.kind !== 'word') continue;
    const word = token.text;
    if (position > index && MODIFIERS.remarks.has(word)) remark = true;
    else if (position > index && MODIFIERS.unknowing.has(word)) unknowing = true;
    else if (!MODIFIERS.nonAnswerWords.has(word) && !MODIFIERS.courtesies.has(word) && !MODIFIERS.negators.has(word))
      return false;
    if (MODIFIERS.knowledgeAmounts.has(word)) amount = true;
  }
  // "I don't know" is a non-answer; "we don't know anything" says what the class did not learn.
  return remark || (unknowing && !amount);
}

/** NO_EXPERIENCE_OBJECTS that say the student lacks knowledge, not use: "no idea about …", "not aware of …". */
const UNAWARE = new Set(['idea', 'ideas', 'clue', 'aware', 'familiar', 'ideya']);

/** Someone other than the student, named after a subjectless negation: "walang idea si sir", "no idea ang mga prof". */
const OTHER_PEOPLE: ReadonlySet<string> = new Set('he she they si siya sya niya nya ni sila nila iya ila'.split(' '));

/**
 * "I have never been to the clinic", "haven't tried the portal yet", "no idea about sports fest", "hindi ko pa
 * nagamit", "wala pa ko kaadto": the student says they have not used, attended or heard of what the question asks
 * about, so they have nothing to judge by (a non-answer, guidelines rule 8). The sentence opens with the student or
 * with nothing, then a negator, then (past the student, tense and politeness words) one of NO_EXPERIENCE_OBJECTS. Not
 * one: someone else as the subject ("he never attends", "we never used the lab"), an expectation without the student
 * named ("never attended class": a teacher's absence), a modal ("can't go to the library"), not knowing how or why
 * ("no idea what he means"), and a sentiment word or expectation close after ("I have never been so bored",
 * "never went to help sessions"). Returns the token positions of the negator and its object.
 */
function noExperience(
  sentence: readonly SentimentToken[],
  reading: Reading,
): { negator: number; object: number } | undefined {
  let speaker = false;
  let negator = -1;
  let object = -1;
  search: for (let position = 0; position < sentence.length; position += 1) {
    const token = sentence[position];
    if (token === undefined || token.kind !== 'word') return undefined;
    // A joined phrase ("no idea", "i have") is read word by word.
    for (const word of token.text.split(' ')) {
      if (MODIFIERS.noExperienceSpeakers.has(word)) speaker = true;
      else if (MODIFIERS.noExperienceFillers.has(word) || MODIFIERS.courtesies.has(word)) continue;
      else if (negator < 0 && MODIFIERS.verbalNegators.has(word) && !MODIFIERS.modalNegators.has(word)) {
        negator = position;
      } else if (negator >= 0 && MODIFIERS.noExperienceObjects.has(word)) {
        object = position;
        break search;
      } else return undefined;
    }
  }
  const objectWord = sentence[object]?.text.split(' ').at(-1);
  if (object < 0 || objectWord === undefined) return undefined;
  if (!speaker) {
    // Without the student named, a teacher may be the one who did not: "never attended class", "walang idea si sir".
    if (MODIFIERS.expectations.has(objectWord) && !UNAWARE.has(objectWord)) return undefined;
    for (let position = object + 1; position < sentence.length; position += 1) {
      const word = sentence[position]?.text ?? '';
      if (OTHER_PEOPLE.has(word) || TEACHING_CONTEXT.has(word)) return undefined;
    }
  }
  const next = sentence[object + 1]?.text;
  if (UNAWARE.has(objectWord) && next !== undefined && (next === 'how' || MODIFIERS.negationBoundaries.has(next))) {
    return undefined;
  }
  for (let position = object + 1; position < sentence.length && position <= negator + WINDOW + 1; position += 1) {
    const word = sentence[position]?.text ?? '';
    if (MODIFIERS.expectations.has(word) || (valenceOf(reading, word)?.valence ?? 0) !== 0) return undefined;
  }
  return { negator, object };
}

/** Words of an elliptical clause before its negator: "some are", "but the labs do", "yung iba". */
const ELLIPSIS_MAX_WORDS = 4;

/**
 * An elliptical negation: "some teachers are good, some are not", "the lectures help but the labs do not", "magaling
 * yung iba, yung iba hindi". A negator that ends its clause, after an auxiliary (English) or alone (Tagalog, Cebuano),
 * denies the verdict said before it in the sentence: the value of that verdict, or undefined when it is not one.
 */
function ellipticalNegation(
  sentence: readonly SentimentToken[],
  index: number,
  contributions: readonly Contribution[],
  sentenceIndex: number,
): number | undefined {
  const token = sentence[index];
  const next = sentence[index + 1];
  if (token === undefined || (next !== undefined && next.clause === token.clause)) return undefined;
  const previous = sentence[index - 1];
  const afterAuxiliary =
    previous !== undefined && previous.clause === token.clause && ELLIPSIS_AUXILIARIES.has(previous.text);
  if (!afterAuxiliary && !MODIFIERS.philippineNegators.has(token.text)) return undefined;
  if (!afterAuxiliary && (previous === undefined || previous.clause !== token.clause)) return undefined;
  // Short, and not a subordinate clause ("when the topics are not" says why, it denies nothing of others). It starts
  // at its clause's start or at a contrast ("the lectures are clear but the labs are not").
  let words = 0;
  let start = index;
  for (let at = index - 1; at >= 0 && sentence[at]?.clause === token.clause; at -= 1) {
    const word = sentence[at]?.text ?? '';
    if (MODIFIERS.negationBoundaries.has(word)) return undefined;
    if (MODIFIERS.contrasts.has(word)) break;
    words += 1;
    start = at;
  }
  if (words > ELLIPSIS_MAX_WORDS) return undefined;
  for (let at = contributions.length - 1; at >= 0; at -= 1) {
    const earlier = contributions[at];
    if (earlier === undefined || earlier.sentence !== sentenceIndex) return undefined;
    const said = sentence[earlier.index];
    if (earlier.index < start && said !== undefined && said.kind === 'word') return earlier.value;
  }
  return undefined;
}

/** Whether a comment is only laughter (BARE_ANSWERS, LAUGHTER_EMOJIS): a lukewarm non-answer. */
function bareAnswer(sentences: ReadonlyArray<readonly SentimentToken[]>): boolean {
  let tokens = 0;
  for (const sentence of sentences)
    for (const token of sentence) {
      tokens += 1;
      if (token.kind === 'word' ? !BARE_ANSWERS.has(token.text) : !LAUGHTER_EMOJIS.has(token.text)) return false;
    }
  return tokens > 0;
}

/**
 * "Neither too strict nor too lenient", "neither great nor terrible": two opposite verdicts both denied are one lukewarm
 * verdict, as the lexicon's "neither good nor bad". Finds "neither … nor …" in a clause whose two parts hold words of
 * opposite valence (as the lexicon has them, before negation) and silences their contributions; returns the lukewarm
 * evidence to add (0 when the sentence has no such pair). Both parts of one sign stay negated: "neither helpful nor
 * kind" is a complaint.
 */
function balancedNeitherNor(
  sentence: readonly SentimentToken[],
  sentenceIndex: number,
  contributions: readonly Contribution[],
  reading: Reading,
): number {
  const neither = sentence.findIndex((token) => token.text === 'neither');
  if (neither < 0) return 0;
  const clause = sentence[neither]?.clause;
  const nor = sentence.findIndex((token, at) => at > neither && token.text === 'nor' && token.clause === clause);
  if (nor < 0) return 0;
  const end = nor + WINDOW;
  const firstSigns = new Set<number>();
  const secondSigns = new Set<number>();
  const readings: Contribution[] = [];
  for (const contribution of contributions) {
    const token = sentence[contribution.index];
    if (contribution.sentence !== sentenceIndex || token?.kind !== 'word' || token.clause !== clause) continue;
    const sign = Math.sign(valenceOf(reading, token.text)?.valence ?? 0);
    if (sign === 0) continue;
    if (contribution.index > neither && contribution.index < nor) firstSigns.add(sign);
    else if (contribution.index > nor && contribution.index <= end) secondSigns.add(sign);
    else continue;
    readings.push(contribution);
  }
  const opposite = (firstSigns.has(1) && secondSigns.has(-1)) || (firstSigns.has(-1) && secondSigns.has(1));
  if (!opposite) return 0;
  for (const contribution of readings) contribution.value = 0;
  return P.hedge;
}

function scoreComment(lexicon: SentimentLexicon, text: string, trace?: TracedContribution[]): CommentEvidence {
  const scanned = scanComment(text, lexicon);
  const votes = languageVotesOfTokens(scanned.words);
  const reading: Reading = { lexicon, cebuano: votes.ceb > votes.tl && votes.ceb >= 1 };
  const contributions: Contribution[] = [];
  let suggestionBase = 0;
  let negative = 0;
  let lukewarm = 0;
  let sarcasmMarker = false;
  let sarcasticRepetition = false;
  let openingPraise = false;
  // A sarcastic opener ("galing mo talaga sir, …"): where it is, whether a complaint follows it, whether other praise does.
  let opener: { sentence: number; index: number } | undefined;
  let complaintAfterOpener = false;
  let praiseBesidesOpener = false;
  const commentShape: CommentShape = {
    words: scanned.words.length,
    sentimentTokens: 0,
    contrast: false,
    deficientSuggestion: false,
    suggestion: false,
    questions: scanned.questions,
    negations: 0,
    emojis: 0,
    languageVotes: votes,
    teaching: scanned.words.some((word) => TEACHING_CONTEXT.has(word)),
  };
  if (bareAnswer(scanned.sentences)) {
    trace?.push({ token: '(bare answer)', value: 0 });
    return { positive: 0, negative: 0, lukewarm: P.hedge, shape: commentShape };
  }
  // "No comment.", "wala na po", "none so far" (`saysNothing`, the non-answers the cleaner drops): neutral, as laughter
  // alone is, unless an emoji says more ("no comment 😒"). The model had read "No comment." as praise, and the lexicon
  // "wala na po" as a bare negation.
  if (saysNothing(text) && !scanned.sentences.some((sentence) => sentence.some((token) => token.kind !== 'word'))) {
    trace?.push({ token: '(nothing to say)', value: 0 });
    return { positive: 0, negative: 0, lukewarm: P.hedge, shape: commentShape };
  }
  scanned.sentences.forEach((sentence, sentenceIndex) => {
    const shape = sentenceShape(sentence);
    if (shape.contrastAt === 0 && sentenceIndex > 0) {
      for (const contribution of contributions) {
        if (contribution.sentence === sentenceIndex - 1) contribution.value *= P.beforeContrast;
      }
    }
    if (shape.suggestionFrom >= 0 && shape.firmSuggestion && shape.deficient) {
      suggestionBase += P.suggestionBase;
      commentShape.deficientSuggestion = true;
    }
    if (shape.suggestionFrom >= 0 || shape.requestClause >= 0) commentShape.suggestion = true;
    if (shape.contrastAt >= 0 || shape.concessionClause >= 0 || shape.parallel) commentShape.contrast = true;
    const usedNegators = new Set<number>();
    // "I have never been to the clinic": nothing to judge by, a non-answer (noExperience).
    const absent = noExperience(sentence, reading);
    if (absent !== undefined) {
      usedNegators.add(absent.negator);
      lukewarm += P.noExperience;
      trace?.push({ token: '(no experience)', value: 0 });
    }
    // "Wow, so helpful... not.": a "not" standing alone as a later sentence takes back what came before it.
    if (sentenceIndex > 0 && sentence.length === 1 && sentence[0]?.text === 'not') sarcasmMarker = true;
    sentence.forEach((token, index) => {
      if (MODIFIERS.sarcasmMarkers.has(token.text)) sarcasmMarker = true;
      if (MODIFIERS.hedges.has(token.text)) lukewarm += P.hedge;
      // "wow ang galing, late na naman": praise that opens the comment, then a complaint about a repeat.
      if (MODIFIERS.praiseInterjections.has(token.text) && sentenceIndex === 0 && index <= 2) {
        openingPraise = true;
        // "Great, another group project", "Wow, another quiz": an interjection that greets one more of something.
        const next = sentence[index + 1];
        if (next !== undefined && next.clause !== token.clause && MODIFIERS.oneMore.has(next.text))
          sarcasmMarker = true;
      }
      if (opener === undefined && MODIFIERS.sarcasticOpeners.has(token.text) && sentenceIndex === 0 && index <= 2)
        opener = { sentence: sentenceIndex, index };
      if (MODIFIERS.repetitionComplaints.has(token.text)) {
        const previous = contributions[contributions.length - 1];
        if (previous !== undefined && previous.value < 0 && previous.sentence === sentenceIndex) {
          sarcasticRepetition = previous.index >= index - 2;
        }
      }
      if (absent !== undefined && (index === absent.negator || index === absent.object)) return;
      if (MODIFIERS.courtesies.has(token.text)) {
        contributions.push({ value: P.courtesy, sentence: sentenceIndex, index });
        trace?.push({ token: token.text, value: P.courtesy });
        return;
      }
      let value: number | undefined;
      if (token.kind === 'rating') {
        const rating = ratingValence(token.text);
        if (rating === undefined) lukewarm += P.hedge;
        value = rating;
      } else if (token.kind === 'emoji') value = lexicon.emojiValence(token.text);
      else if (token.kind === 'emoticon') value = lexicon.emoticonValence(token.text);
      else
        value = MODIFIERS.negatorValence.get(token.text) ?? wordValence(sentence, index, token, reading, usedNegators);
      if (value === undefined || value === 0) return;
      if (token.kind === 'emoji' || token.kind === 'emoticon') commentShape.emojis += 1;
      const inSuggestion =
        reachedBySuggestion(shape, token, index) &&
        (shape.contrastAt < shape.suggestionFrom || index < shape.contrastAt);
      if (!inSuggestion && token.kind === 'word' && token.clause === shape.requestClause) {
        value = value > 0 ? 0 : value * P.plainSuggestion;
      } else if (inSuggestion && token.kind === 'word') {
        value = shape.deficient
          ? -P.deficientSuggestion * Math.abs(value)
          : shape.conditional && value > 0
            ? 0
            : value * P.plainSuggestion;
      }
      if (shape.contrastAt >= 0) {
        if (index < shape.contrastAt) value *= P.beforeContrast;
        else if (index > shape.contrastAt) value *= P.afterContrast;
      }
      if (shape.concessionClause >= 0 && token.clause === shape.concessionClause && index > shape.concessionAt)
        value *= P.concession;
      if (opener !== undefined && (sentenceIndex !== opener.sentence || index !== opener.index)) {
        if (value > 0) praiseBesidesOpener = true;
        else if (value <= -P.sarcasticComplaint) complaintAfterOpener = true;
      }
      contributions.push({ value, sentence: sentenceIndex, index });
      trace?.push({ token: token.text, value });
    });
    const balanced = balancedNeitherNor(sentence, sentenceIndex, contributions, reading);
    if (balanced > 0) {
      lukewarm += balanced;
      trace?.push({ token: '(neither … nor …)', value: 0 });
    }
    negative += implicitComplaint(shape, contributions, sentenceIndex);
    commentShape.negations += usedNegators.size;
    // "He does not look at the slides": in an evaluation, saying what a teacher does not do is a complaint.
    sentence.forEach((token, index) => {
      if (!MODIFIERS.verbalNegators.has(token.text) || usedNegators.has(index)) return;
      const inSuggestion = reachedBySuggestion(shape, token, index);
      const elliptical = inSuggestion ? undefined : ellipticalNegation(sentence, index, contributions, sentenceIndex);
      if (elliptical !== undefined) {
        // "some are good, some are not": the verdict of the clause before, denied of others. A contrast of its own.
        commentShape.contrast = true;
        commentShape.negations += 1;
        let value = elliptical * P.negationScalar;
        if (shape.contrastAt >= 0 && index > shape.contrastAt) value *= P.afterContrast;
        contributions.push({ value, sentence: sentenceIndex, index });
        trace?.push({ token: token.text, value });
        return;
      }
      if (inSuggestion || index === sentence.length - 1 || nonAnswer(sentence, index)) return;
      commentShape.negations += 1;
      let value = -P.bareNegation;
      if (shape.contrastAt >= 0) value *= index < shape.contrastAt ? P.beforeContrast : P.afterContrast;
      contributions.push({ value, sentence: sentenceIndex, index });
      trace?.push({ token: token.text, value });
    });
  });

  let positive = 0;
  negative += suggestionBase;
  const sarcastic =
    sarcasmMarker ||
    (openingPraise && sarcasticRepetition) ||
    (complaintAfterOpener && !praiseBesidesOpener && !commentShape.contrast);
  for (const { value } of contributions) {
    if (value !== 0) commentShape.sentimentTokens += 1;
    if (value > 0 && sarcastic) negative += -P.sarcasmFlip * value;
    else if (value > 0) positive += value;
    else negative -= value;
  }
  const emphasis = P.exclamation * Math.min(scanned.exclamations, P.maximumExclamations);
  if (positive > negative) positive += emphasis;
  else if (negative > positive) negative += emphasis;
  return { positive, negative, lukewarm, shape: commentShape };
}

/**
 * Positive/neutral/negative probabilities (each >= 0, summing to 1) from a comment's evidence: what
 * `scoreSentiment` returns for the comment `scoreComment` read (the stacker needs both without reading twice).
 */
export function scoresOfEvidence({ positive, negative, lukewarm, shape }: CommentEvidence): SentimentScores {
  const mixed = shape.contrast ? P.contrastedNeutral : P.mixedNeutral;
  const neutral = P.neutralBase + lukewarm + mixed * Math.min(positive, negative);
  const weights = [positive, neutral, negative].map((weight) => weight ** P.sharpness);
  const total = (weights[0] ?? 0) + (weights[1] ?? 0) + (weights[2] ?? 0);
  const positiveShare = (weights[0] ?? 0) / total;
  const neutralShare = (weights[1] ?? 0) / total;
  return { positive: positiveShare, neutral: neutralShare, negative: Math.max(0, 1 - positiveShare - neutralShare) };
}

/** The sentiment engine over one set of lexicon tables. Pure and stateless: share one per process. */
export interface SentimentScorer {
  /** Positive/neutral/negative probabilities (each >= 0, summing to 1) for one comment. */
  readonly scoreSentiment: (text: string) => SentimentScores;
  /** The evidence behind a score; with `trace`, each scored token and its value (for tuning). */
  readonly scoreComment: (text: string, trace?: TracedContribution[]) => CommentEvidence;
  /** The lexicon's probabilities alone, where the scorer blends them with a learned model. */
  readonly scoreLexicon?: (text: string) => SentimentScores;
}

/** Distinct words remembered per reading (Cebuano or not) before the memory starts over. */
const VALENCE_MEMORY_SIZE = 50_000;

/**
 * The lexicon with its word lookups remembered. A word is looked up several times per comment (as itself,
 * and from its neighbours' negation and intensifier windows), and most words recur across comments; a
 * lookup that misses walks the morphology, the elongation and the one-edit misspelling index each time.
 * The answer depends only on the word and the reading, so remembering it changes no score.
 */
function rememberingLookups(lexicon: SentimentLexicon): SentimentLexicon {
  const memories = [new Map<string, WordValence | null>(), new Map<string, WordValence | null>()];
  return Object.freeze({
    ...lexicon,
    lookupValence(word: string, cebuano: boolean): WordValence | undefined {
      const memory = memories[cebuano ? 1 : 0] as Map<string, WordValence | null>;
      let found = memory.get(word);
      if (found === undefined) {
        const looked = lexicon.lookupValence(word, cebuano);
        found = looked === undefined ? null : Object.freeze(looked);
        if (memory.size >= VALENCE_MEMORY_SIZE) memory.clear();
        memory.set(word, found);
      }
      return found ?? undefined;
    },
  });
}

/**
 * The scorer for the given tables (read once at start-up by load-lexicon.ts). Throws when a table is missing
 * or empty, so no caller can score with an empty lexicon. Building takes tens of milliseconds.
 */
export function createSentimentScorer(tables: SentimentTables): SentimentScorer {
  const lexicon = rememberingLookups(buildSentimentLexicon(tables));
  return Object.freeze({
    scoreSentiment: (text: string) => scoresOfEvidence(scoreComment(lexicon, text)),
    scoreComment: (text: string, trace?: TracedContribution[]) => scoreComment(lexicon, text, trace),
  });
}

/** The label with the highest score; a tie between praise and criticism is neutral. */
export function dominantLabel(scores: SentimentScores): SentimentLabel {
  if (scores.neutral >= scores.positive && scores.neutral >= scores.negative) return 'neutral';
  if (scores.positive === scores.negative) return 'neutral';
  return scores.positive > scores.negative ? 'positive' : 'negative';
}

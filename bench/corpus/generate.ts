/**
 * The labelled corpus of the topic-quality and engine-speed benches (and the topic and responsiveness tests):
 * multilingual student comments about teaching, each tagged with its aspect, language and polarity. Every
 * comment is written by the synthetic-comment generator of the admin endpoint, the CLI and the demo
 * (src/engine/generator, `writeComment`); this file only decides what each comment is about. It asks the
 * generator to name only the aspects it is given (`onlyGivenAspects`), so the label is the truth, and has a
 * share of comments typed roughly (`rough`: text-speak, a stretched word or a dropped letter).
 */

import {
  chance,
  COMMENT_LANGUAGES,
  DEFAULT_LANGUAGE_MIX,
  DEFAULT_LENGTH_MIX,
  pick,
  randomFrom,
  seedFrom,
  TEACHING_ASPECTS,
  weightedPick,
  writeComment,
  type CommentLanguage,
  type CommentLength,
  type CommentSpec,
  type CommentTone,
  type RandomSource,
  type TeachingAspect,
} from '../../src/engine/generator/index.js';

/** The generator's four varieties: English, Tagalog, Cebuano, Taglish. */
export type CorpusLanguage = CommentLanguage;
/** The generator's aspects of teaching. */
export type CorpusAspect = TeachingAspect;
export type CorpusPolarity = 'positive' | 'negative';

export const CORPUS_LANGUAGES: readonly CorpusLanguage[] = COMMENT_LANGUAGES;
export const CORPUS_ASPECTS: readonly CorpusAspect[] = TEACHING_ASPECTS;

export interface CorpusComment {
  id: string;
  text: string;
  /** The aspect the comment is about; 'general' for praise or complaints about the teacher or class as a whole. */
  aspect: CorpusAspect | 'general';
  /** A second aspect when the comment covers two. */
  secondaryAspect?: CorpusAspect;
  language: CorpusLanguage;
  /** The label a reader gives (the generator's `expectedLabel`): a mixed comment reads as neutral. */
  polarity: CorpusPolarity | 'neutral';
}

/** Comments about no particular aspect: overall praise or complaints, lukewarm verdicts. */
const GENERAL_SHARE = 0.05;
/** Comments about two aspects; half of them mixed (praise of one, "but", criticism of the other). */
const TWO_ASPECT_SHARE = 0.08;
const POSITIVE_SHARE = 0.6;
/** Comments typed roughly (the generator's `rough`); the generator itself lower-cases some and drops final stops. */
const ROUGH_SHARE = 0.3;
/** A comment about two aspects needs room for both. */
const TWO_ASPECT_LENGTHS: ReadonlyArray<readonly [CommentLength, number]> = [
  ['medium', 0.6],
  ['long', 0.4],
];
const LANGUAGE_WEIGHTS = COMMENT_LANGUAGES.map((language) => [language, DEFAULT_LANGUAGE_MIX[language]] as const);

function generalSpec(random: RandomSource): Pick<CommentSpec, 'tone' | 'aspects' | 'length'> {
  const tone = weightedPick<CommentTone>(
    [
      ['positive', 0.6],
      ['neutral', 0.25],
      ['negative', 0.15],
    ],
    random,
  );
  return { tone, aspects: [], length: chance(0.7, random) ? 'short' : 'medium' };
}

function aspectSpec(random: RandomSource): Pick<CommentSpec, 'tone' | 'aspects' | 'length'> {
  const aspect = pick(CORPUS_ASPECTS, random);
  const polarity: CorpusPolarity = chance(POSITIVE_SHARE, random) ? 'positive' : 'negative';
  if (!chance(TWO_ASPECT_SHARE, random))
    return { tone: polarity, aspects: [aspect], length: weightedPick(DEFAULT_LENGTH_MIX, random) };
  const second = pick(
    CORPUS_ASPECTS.filter((candidate) => candidate !== aspect),
    random,
  );
  return {
    tone: chance(0.5, random) ? 'mixed' : polarity,
    aspects: [aspect, second],
    length: weightedPick(TWO_ASPECT_LENGTHS, random),
  };
}

/** `count` comments, the same ones for the same seed; a larger count extends a smaller one's sequence. */
export function generateCorpus(count: number, seed = 20_240_601): CorpusComment[] {
  const comments: CorpusComment[] = [];
  for (let index = 0; index < count; index += 1) {
    const random = randomFrom('corpus', seed, index);
    const language = weightedPick(LANGUAGE_WEIGHTS, random);
    const about = chance(GENERAL_SHARE, random) ? generalSpec(random) : aspectSpec(random);
    const written = writeComment({
      ...about,
      language,
      honorific: chance(0.5, random) ? 'sir' : 'maam',
      seed: seedFrom('corpus', seed, index, 'comment'),
      onlyGivenAspects: true,
      rough: chance(ROUGH_SHARE, random),
    });
    const [aspect, secondaryAspect] = about.aspects;
    const comment: CorpusComment = {
      id: `c${index.toString().padStart(6, '0')}`,
      text: written.text,
      aspect: aspect ?? 'general',
      language,
      polarity: written.expectedLabel,
    };
    comments.push(secondaryAspect === undefined ? comment : { ...comment, secondaryAspect });
  }
  return comments;
}

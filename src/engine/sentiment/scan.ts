/**
 * Splits a comment into sentences of tokens the scorer reads: words (text-speak expanded, known phrases
 * joined), emojis and emoticons, with clause numbers (commas) and the surface signals of emphasis.
 */

import { normalizeText } from '../text/normalize.js';
import { expandWord, rewriteShorthand } from '../text/tokenize.js';
import type { SentimentLexicon } from './lexicon.js';

export type TokenKind = 'word' | 'emoji' | 'emoticon' | 'rating';

export interface SentimentToken {
  text: string;
  kind: TokenKind;
  /** Written in capitals inside a comment that is not all capitals. */
  shouted: boolean;
  clause: number;
}

export interface ScannedComment {
  sentences: SentimentToken[][];
  exclamations: number;
  /** Question marks in the comment. */
  questions: number;
  words: string[];
}

/** A score out of 5 or 10 ("4/5", "10/10", "9 out of 10"). */
const RATING = String.raw`(?<![\p{L}\p{N}/])(?:\d{1,2}(?:\.\d)?\s*(?:\/|out of)\s*(?:5|10)(?![\p{N}/])|[0-5](?:\.\d)?\s*stars?\b)`;
const EMOTICON = String.raw`(?<=^|\s)(?:[:;=][-'o^]?[)(\]\[dDpP/\\|*3oO@$]+|<3+|[xX][dD]+|T[_.]T|\^[_.]?\^)(?=$|\s|[.,!?])`;
const WORD = String.raw`[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*`;
const EMOJI = String.raw`\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic}\u{FE0F}?)*`;
const SENTENCE_END = String.raw`[.!?;\n]+`;
const CLAUSE_END = String.raw`[,:()\[\]]`;
const PIECE = new RegExp(
  `(${RATING})|(${EMOTICON})|(${WORD})|(${EMOJI})|(${SENTENCE_END})|(${CLAUSE_END})|(\\/s\\b)`,
  'gu',
);

/**
 * Politeness particles carry no sentiment and sit anywhere in a Filipino sentence, often between a negator and
 * the word it negates ("hindi po malinaw", "wala po akong natutunan"): they are left out of the token stream
 * so negation and phrases read through them.
 */
const POLITENESS_PARTICLES = new Set(['po', 'ho']);

interface RawToken {
  text: string;
  kind: TokenKind;
  shouted: boolean;
  clause: number;
}

const LETTER = /\p{L}/u;
const CAPITAL = /\p{Lu}/u;

/**
 * Letters and capital letters in a text, counted per code point as /\p{L}/gu and /\p{Lu}/gu match them,
 * without building the arrays of matches (ASCII, most of every comment, is decided without a regex).
 */
export function countLetters(text: string): { letters: number; capitals: number } {
  let letters = 0;
  let capitals = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      if (code >= 0x61 && code <= 0x7a) letters += 1;
      else if (code >= 0x41 && code <= 0x5a) {
        letters += 1;
        capitals += 1;
      }
      continue;
    }
    const point = text.codePointAt(index) as number;
    const character = String.fromCodePoint(point);
    if (point > 0xffff) index += 1;
    if (LETTER.test(character)) {
      letters += 1;
      if (CAPITAL.test(character)) capitals += 1;
    }
  }
  return { letters, capitals };
}

function isShouted(word: string): boolean {
  return word.length >= 2 && /\p{Lu}/u.test(word) && word === word.toUpperCase();
}

/** Joins phrases within each clause and keeps emojis and emoticons where they were. */
function joinSentence(raw: readonly RawToken[], lexicon: SentimentLexicon): SentimentToken[] {
  const sentence: SentimentToken[] = [];
  let run: RawToken[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const joined = lexicon.joinPhrases(run.map((token) => token.text));
    let cursor = 0;
    for (const text of joined) {
      // A joined phrase stands for as many tokens as it has words; it is shouted when one of them was.
      let width = 1;
      for (let space = text.indexOf(' '); space >= 0; space = text.indexOf(' ', space + 1)) width += 1;
      const first = run[cursor];
      let shouted = false;
      for (let index = cursor; index < cursor + width && index < run.length; index += 1)
        if (run[index]?.shouted === true) shouted = true;
      sentence.push({ text, kind: 'word', shouted, clause: first?.clause ?? 0 });
      cursor += width;
    }
    run = [];
  };
  for (const token of raw) {
    if (token.kind === 'word' && (run.length === 0 || run[run.length - 1]?.clause === token.clause)) {
      run.push(token);
      continue;
    }
    flush();
    if (token.kind === 'word') run.push(token);
    else sentence.push(token);
  }
  flush();
  return sentence;
}

export function scanComment(text: string, lexicon: SentimentLexicon): ScannedComment {
  const normalized = rewriteShorthand(normalizeText(text));
  const { letters, capitals } = countLetters(normalized);
  const allCapitals = letters > 0 && capitals / letters > 0.6;
  const sentences: SentimentToken[][] = [];
  const words: string[] = [];
  let current: RawToken[] = [];
  let clause = 0;
  let exclamations = 0;
  let questions = 0;
  const endSentence = (): void => {
    if (current.length > 0) sentences.push(joinSentence(current, lexicon));
    current = [];
    clause = 0;
  };
  for (const match of normalized.matchAll(PIECE)) {
    const [piece, rating, emoticon, word, emoji, sentenceEnd, , sarcasmTag] = match;
    if (rating !== undefined) {
      current.push({ text: rating.replace(/\s+/gu, ' '), kind: 'rating', shouted: false, clause });
    } else if (emoticon !== undefined) {
      current.push({ text: emoticon, kind: 'emoticon', shouted: false, clause });
    } else if (word !== undefined) {
      const shouted = !allCapitals && isShouted(word);
      const previous = current.length > 0 ? current[current.length - 1]?.text : undefined;
      for (const part of expandWord(word.toLowerCase(), previous)) {
        words.push(part);
        if (POLITENESS_PARTICLES.has(part)) continue;
        // A word said twice ("galing galing mo talaga", "bait bait"): Tagalog and Cebuano reduplication, one reading
        // of the word, so the phrase it opens is still found.
        const last = current[current.length - 1];
        if (last?.kind === 'word' && last.clause === clause && last.text === part && part.length >= 3) continue;
        current.push({ text: part, kind: 'word', shouted, clause });
      }
    } else if (emoji !== undefined) {
      current.push({ text: emoji, kind: 'emoji', shouted: false, clause });
    } else if (sentenceEnd !== undefined) {
      exclamations += sentenceEnd.split('!').length - 1;
      questions += sentenceEnd.split('?').length - 1;
      endSentence();
    } else if (sarcasmTag !== undefined) {
      current.push({ text: '/s', kind: 'word', shouted: false, clause });
    } else if (piece.length > 0) {
      clause += 1;
    }
  }
  endSentence();
  return { sentences, exclamations, questions, words };
}

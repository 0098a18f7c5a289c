import { describe, expect, it } from 'vitest';
import {
  cleanComment,
  detectLanguage,
  isJunkComment,
  isKeyboardMash,
  isStopword,
  loadFastTextLanguageIdentifier,
  normalizeText,
  tokenize,
  wordCount,
} from '../../src/engine/text/index.js';
import { rewriteShorthand } from '../../src/engine/text/tokenize.js';

describe('normalizeText', () => {
  it('removes BOM, zero-width and control characters and collapses whitespace', () => {
    expect(normalizeText('\uFEFFVery\u200B good\u0000 teacher \n\t  po ')).toBe('Very good teacher po');
  });

  it('reduces elongations to two letters and keeps case', () => {
    expect(normalizeText('Sooooo GALINGGGG!!!!!!')).toBe('Soo GALINGG!!!');
  });

  it('keeps emojis, including joined sequences', () => {
    expect(normalizeText('ang galing 😍😍')).toBe('ang galing 😍😍');
    expect(normalizeText('👩\u200D🏫 teacher')).toBe('👩\u200D🏫 teacher');
  });

  it('applies NFKC and unifies apostrophes', () => {
    expect(normalizeText('Ｇｏｏｄ ma\u2019am')).toBe("Good ma'am");
  });
});

describe('tokenize', () => {
  it('lowercases and keeps hyphenated words whole', () => {
    expect(tokenize('Tin-aw kaayo siya mag-explain')).toEqual(['tin-aw', 'kaayo', 'siya', 'mag-explain']);
  });

  it("splits di'ba and joins ma'am", () => {
    expect(tokenize("di'ba Ma'am")).toEqual(['di', 'ba', 'maam']);
  });

  it('expands text-speak', () => {
    expect(tokenize('nd ko gets kc ang bilis nmn pls')).toEqual([
      'hindi',
      'ko',
      'gets',
      'kasi',
      'ang',
      'bilis',
      'naman',
      'please',
    ]);
    expect(tokenize('d q gets u r gud tnx')).toEqual(['di', 'ko', 'gets', 'you', 'are', 'good', 'thanks']);
    expect(tokenize('hndi lng sya')).toEqual(['hindi', 'lang', 'siya']);
  });

  it('reads "gud" after a Cebuano word as the intensifier', () => {
    expect(tokenize('maayo gud siya')).toEqual(['maayo', 'gyud', 'siya']);
  });

  it('reads negations typed without their apostrophe, with it misplaced, or with a space or comma for it', () => {
    expect(tokenize('they arent ready, she havent checked, he couldnt come')).toEqual([
      'they',
      "aren't",
      'ready',
      'she',
      "haven't",
      'checked',
      'he',
      "couldn't",
      'come',
    ]);
    expect(tokenize("sir didnot come, he does'nt reply, she did'nt care")).toEqual([
      'sir',
      'did',
      'not',
      'come',
      'he',
      "doesn't",
      'reply',
      'she',
      "didn't",
      'care',
    ]);
    expect(tokenize('he doesn t reply and she DIDN,T come')).toEqual([
      'he',
      "doesn't",
      't',
      'reply',
      'and',
      'she',
      "didn't",
      'come',
    ]);
    expect(tokenize('d best c maam, nyc teacher')).toEqual(['the', 'best', 'c', 'maam', 'nice', 'teacher']);
    expect(tokenize('d ko gets')).toEqual(['di', 'ko', 'gets']);
    // Words that only look like a broken negation stay as they are.
    expect(tokenize('Don found a safe haven')).toEqual(['don', 'found', 'a', 'safe', 'haven']);
  });

  it('rewrites the shorthand in any case, and leaves text without it as it is', () => {
    expect(rewriteShorthand('Lab W/O manual, came W/ notes')).toBe('Lab without manual, came with  notes');
    expect(rewriteShorthand('she DOESN,T reply')).toBe("she DOESN'T reply");
    expect(rewriteShorthand('D BEST c maam')).toBe('the BEST c maam');
    expect(rewriteShorthand('Lab without manual, came with notes')).toBe('Lab without manual, came with notes');
    expect(rewriteShorthand('the best, 5/5')).toBe('the best, 5/5');
  });

  it('keeps cr and sir and drops emojis and punctuation', () => {
    expect(tokenize('Sir, the CR is dirty 😡!')).toEqual(['sir', 'the', 'cr', 'is', 'dirty']);
  });

  it('counts written words, not numbers or emojis', () => {
    expect(wordCount('Very good teacher 100 😊')).toBe(3);
    expect(wordCount('')).toBe(0);
  });
});

describe('stop-words', () => {
  it('covers the three languages and politeness markers', () => {
    for (const word of ['the', 'ang', 'mga', 'ng', 'ug', 'kaayo', 'po', 'opo', 'sir', 'maam', "ma'am"]) {
      expect(isStopword(word), word).toBe(true);
    }
  });

  it('keeps words that carry content or sentiment', () => {
    for (const word of ['teacher', 'magaling', 'mahusay', 'kulang', 'gusto', 'maayo', 'boring']) {
      expect(isStopword(word), word).toBe(false);
    }
  });
});

describe('junk comments', () => {
  it.each([
    [''],
    ['   '],
    ['N/A'],
    ['na'],
    ['-'],
    ['none'],
    ['None po'],
    ['#VALUE!'],
    ['#REF!'],
    ['=SUM(A1:A3)'],
    ['null'],
    ['undefined'],
    ['nil'],
    ['wala'],
    ['Wala po'],
    ['No comment'],
    ['no comments po sir'],
    ['Nothing to say'],
    ['....'],
    ['12345'],
    ['!!! ??'],
    ['Good'],
    ['Good po sir'],
    ['asdfgh'],
    ['qwerty uiop'],
    ['jkjkjk jkjkjk jkjkjk'],
    ['bvcxzlk ghjtr'],
    ['😊😊😊'],
  ])('rejects %j', (text) => {
    expect(isJunkComment(text)).toBe(true);
    expect(cleanComment(text)).toBeNull();
  });

  it('rejects null and undefined', () => {
    expect(cleanComment(null)).toBeNull();
    expect(cleanComment(undefined)).toBeNull();
  });

  it.each([
    ['very good teacher'],
    ['Magaling po si sir magturo'],
    ['Maayo kaayo siya motudlo'],
    ['Strengths: explains the lessons clearly'],
    ['sana po mas mabagal'],
    ['di ko gets ang lesson'],
  ])('keeps %j', (text) => {
    expect(isJunkComment(text)).toBe(false);
    expect(cleanComment(text)).not.toBeNull();
  });

  it('returns the normalised text with case kept', () => {
    expect(cleanComment('\uFEFF  Sooooo   GOOD\u200B teacher!!!!!  ')).toBe('Soo GOOD teacher!!!');
  });

  it('recognises keyboard mash but not real words', () => {
    expect(isKeyboardMash('asdfgh')).toBe(true);
    expect(isKeyboardMash('strengths')).toBe(false);
    expect(isKeyboardMash('nakakaantok')).toBe(false);
    expect(isKeyboardMash('rhythm')).toBe(false);
  });
});

describe('detectLanguage', () => {
  it.each([
    ['The teacher explains the lessons very clearly and is always on time.', 'en'],
    ['Napakagaling po ni sir magturo at hindi siya nagagalit sa mga estudyante.', 'tl'],
    ['Maayo kaayo siya mutudlo ug dili siya kapoy pangutan-on.', 'ceb'],
    ['Magaling siya mag-explain pero sometimes the class is too fast for us.', 'mixed'],
    ['Ang bait ni maam, she is very approachable and the lessons are clear.', 'mixed'],
    ['😊😊', 'unknown'],
  ] as const)('%j is %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});

describe('loadFastTextLanguageIdentifier', () => {
  it('keeps the keyword answer and falls back to fastText when keywords find nothing', async () => {
    const identify = await loadFastTextLanguageIdentifier();
    expect(identify('Maayo kaayo siya mutudlo ug dili siya kapoy pangutan-on.')).toBe('ceb');
    expect(identify('Professor Smith explained recursion using examples everyone remembered.')).toBe('en');
    expect(identify('Le professeur explique très bien les exercices.')).toBe('unknown');
    expect(identify('😊😊')).toBe('unknown');
  });
});

/**
 * Writes data/screen-corpus/*.tsv from the hand-written parts (parts.ts): for each language, flagged comments
 * per category and hard negatives, each sentence filled with people, amounts, places, groups and insults drawn
 * at random, an opener and an ending sometimes, and the spellings students type (no capitals, no punctuation,
 * vowels dropped, "ako" -> "aq", "you" -> "u", letters held long). Deterministic (a fixed seed): running it
 * again writes the same files. Run with `npm run train:screen -- --compose`.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALERT_CATEGORIES, type AlertCategory } from '../../src/engine/screen/index.js';
import { PARTS, type CorpusLanguage, type LanguageParts } from './parts.js';
import { createRandom } from '../../src/engine/topics/random.js';

export const SCREEN_CORPUS_DIRECTORY = 'data/screen-corpus';

/** Comments written per category and language, and hard negatives per language. */
const FLAGGED_PER_CATEGORY: Record<CorpusLanguage, number> = { en: 230, tl: 90, ceb: 85, taglish: 190, 'ceb-en': 55 };
const HARD_PER_LANGUAGE: Record<CorpusLanguage, number> = { en: 1380, tl: 540, ceb: 510, taglish: 1140, 'ceb-en': 340 };
/** A share of flagged comments that join two reports of different categories. */
const TWO_CATEGORY_SHARE = 0.07;

/** The teacher after "ni" / "kay" / "kang", and as an object after a verb, per language. */
const NAMED: Record<CorpusLanguage, readonly string[]> = {
  en: [' sir', ' maam'],
  tl: [' sir', ' maam', ' sir garcia', ' maam cruz', ' propesor', ' coach', ' sir dizon', ' maam bautista'],
  ceb: [' sir', ' maam', ' sir villanueva', ' maam tan', ' coach', ' sir abellana', ' maam cabahug'],
  taglish: [' sir', ' maam', ' sir santos', ' maam reyes', ' prof', ' coach'],
  'ceb-en': [' sir', ' maam', ' sir lopez', ' maam go', ' prof'],
};
const AS_OBJECT: Record<CorpusLanguage, readonly string[]> = {
  en: [' him'],
  tl: [' si sir', ' si maam', ' siya', ' yung prof', ' si sir garcia', ' ang teacher na yan'],
  ceb: [' si sir', ' si maam', ' siya', ' kana nga prof', ' si sir abellana'],
  taglish: [' si sir', ' si maam', ' siya', ' that prof', ' yung prof'],
  'ceb-en': [' si sir', ' si maam', ' siya', ' that prof'],
};

const JOINERS: Record<CorpusLanguage, readonly string[]> = {
  en: [' and ', '. also ', ', plus ', ' and worse, '],
  tl: [' at ', '. tapos ', ', bukod dun ', ' at saka '],
  ceb: [' ug ', '. dayon ', ', dugang pa ', ' ug usab '],
  taglish: [' and ', '. tapos ', ', plus ', ' at saka '],
  'ceb-en': [' and ', '. dayon ', ', plus ', ' ug '],
};

const HARD_TAILS: Record<CorpusLanguage, readonly string[]> = {
  en: ['', '', '', ' thats all', ' thank you', ' overall ok', ' lol', ' just saying'],
  tl: ['', '', '', ' yun lang po', ' salamat po', ' okay naman', ' haha', ' sana po maintindihan'],
  ceb: ['', '', '', ' mao ra', ' salamat', ' okay ra', ' haha', ' mao ra akong ikasulti'],
  taglish: ['', '', '', ' yun lang', ' thank you po', ' overall okay', ' haha', ' just saying'],
  'ceb-en': ['', '', '', ' mao ra', ' thank you', ' overall okay ra', ' haha'],
};

/**
 * The engine's seeded generator (mulberry32), started so that its state is `seed` itself: the corpus is the same
 * on every run and the same as it was composed first.
 */
function generator(seed: number): () => number {
  return createRandom((seed ^ 0x9e3779b9) >>> 0);
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function fill(template: string, parts: LanguageParts, language: CorpusLanguage, random: Random): string {
  let text = template;
  // Slot values may hold slots of their own ("yung bagong teacher sa {SUBJ}").
  for (let round = 0; round < 3 && text.includes('{'); round += 1) {
    text = text.replace(/\{([A-Za-z0-9]+)\}/g, (_whole, name: string) => {
      if (name === 'T2' || name === 'T3' || name === 'T5') return pick(random, NAMED[language]);
      if (name === 'T4') return pick(random, AS_OBJECT[language]);
      const values = parts.slots[name];
      if (values === undefined) throw new Error(`${language}: unknown slot {${name}} in "${template}"`);
      return pick(random, values);
    });
  }
  return text;
}

const VOWELS = /[aeiou]/g;

/** "sinasabi" -> "snsbi": the inner vowels dropped, as in quick texting. */
function dropVowels(word: string): string {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return word;
  return `${word[0] ?? ''}${word.slice(1, -1).replace(VOWELS, '')}${word.at(-1) ?? ''}`;
}

const SHORTHAND: Record<CorpusLanguage, Readonly<Record<string, readonly string[]>>> = {
  en: {
    you: ['u'],
    your: ['ur'],
    because: ['coz', 'bcoz', 'cuz'],
    please: ['pls', 'plz'],
    people: ['ppl'],
    with: ['w/'],
    and: ['n', '&'],
    the: ['da'],
    are: ['r'],
    really: ['rly'],
    what: ['wat'],
  },
  tl: {
    ako: ['aq', 'ako'],
    ko: ['q', 'ko'],
    kasi: ['kc', 'kse'],
    siya: ['sya', 'xa', 'cya'],
    niya: ['nya'],
    yung: ['ung'],
    wala: ['wla'],
    hindi: ['hnd', 'di'],
    lang: ['lng'],
    naman: ['nmn'],
    talaga: ['tlga'],
    ngayon: ['ngaun'],
  },
  ceb: {
    ako: ['ko'],
    nako: ['nko'],
    siya: ['sya', 'xa'],
    niya: ['nya'],
    wala: ['wla'],
    dili: ['dli'],
    gyud: ['jud', 'gyd'],
    kaayo: ['kau', 'kaau'],
    unsa: ['unsa', 'nsa'],
    kung: ['kng'],
  },
  taglish: {
    ako: ['aq'],
    ko: ['q'],
    kasi: ['kc'],
    siya: ['sya', 'xa'],
    niya: ['nya'],
    you: ['u'],
    because: ['coz'],
    yung: ['ung'],
    talaga: ['tlga'],
    please: ['pls'],
  },
  'ceb-en': {
    siya: ['sya'],
    niya: ['nya'],
    gyud: ['jud'],
    kaayo: ['kau'],
    you: ['u'],
    because: ['coz'],
    please: ['pls'],
    dili: ['dli'],
  },
};

/** The ways students type: applied by chance, a few per comment. */
function typeLikeAStudent(text: string, language: CorpusLanguage, random: Random): string {
  let result = text;
  const roll = random();
  if (roll < 0.12) result = result.charAt(0).toUpperCase() + result.slice(1);
  else if (roll < 0.16) result = result.toUpperCase();
  if (result === result.toLowerCase() || roll >= 0.16) {
    if (random() < 0.45) {
      const shorthand = SHORTHAND[language];
      result = result
        .split(' ')
        .map((word) => {
          const options = shorthand[word.toLowerCase()];
          return options !== undefined && random() < 0.6 ? pick(random, options) : word;
        })
        .join(' ');
    }
    if (random() < 0.22)
      result = result
        .split(' ')
        .map((word) => (random() < 0.3 ? dropVowels(word) : word))
        .join(' ');
    if (random() < 0.12) result = result.replace(/([aeiou])(?=[^aeiou]*$)/, '$1$1$1');
  }
  const punctuation = random();
  if (punctuation < 0.5) result = result.replace(/[.,!?]/g, '');
  else if (punctuation < 0.6) result = `${result}!!`;
  else if (punctuation < 0.7) result = `${result}.`;
  else if (punctuation < 0.75) result = `${result} :(`;
  if (language !== 'en' && language !== 'ceb' && !/\bpo\W*$/.test(result) && random() < 0.1) result = `${result} po`;
  return result.replace(/\s+/g, ' ').trim();
}

export interface ScreenCorpusRow {
  text: string;
  categories: AlertCategory[];
  language: CorpusLanguage;
  kind: 'positive' | 'hard';
}

function composeLanguage(language: CorpusLanguage, random: Random): ScreenCorpusRow[] {
  const parts = PARTS[language];
  const rows: ScreenCorpusRow[] = [];
  const seen = new Set<string>();
  const add = (row: ScreenCorpusRow): boolean => {
    const key = row.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    rows.push(row);
    return true;
  };
  const flaggedSentence = (category: AlertCategory, index: number): string => {
    const templates = parts.flagged[category];
    // Round-robin over the templates so each is used, then the fillers vary.
    const template = templates[index % templates.length] ?? pick(random, templates);
    return fill(template, parts, language, random);
  };
  for (const category of ALERT_CATEGORIES) {
    let written = 0;
    for (
      let attempt = 0;
      written < FLAGGED_PER_CATEGORY[language] && attempt < 50 * FLAGGED_PER_CATEGORY[language];
      attempt += 1
    ) {
      let text = flaggedSentence(category, attempt);
      const categories: AlertCategory[] = [category];
      if (random() < TWO_CATEGORY_SHARE) {
        const other = pick(
          random,
          ALERT_CATEGORIES.filter((candidate) => candidate !== category),
        );
        text = `${text}${pick(random, JOINERS[language])}${flaggedSentence(other, Math.floor(random() * 100))}`;
        categories.push(other);
      }
      // Openers as often as in the hard negatives, so they say nothing about the category.
      const opener = random() < 0.4 ? pick(random, parts.openers) : '';
      const tail = pick(random, parts.tails);
      text = typeLikeAStudent(`${opener}${text}${tail}`, language, random);
      if (
        add({
          text,
          categories: ALERT_CATEGORIES.filter((name) => categories.includes(name)),
          language,
          kind: 'positive',
        })
      )
        written += 1;
    }
  }
  let hard = 0;
  for (
    let attempt = 0;
    hard < HARD_PER_LANGUAGE[language] && attempt < 50 * HARD_PER_LANGUAGE[language];
    attempt += 1
  ) {
    const template = parts.hard[attempt % parts.hard.length] ?? pick(random, parts.hard);
    const opener = random() < 0.4 ? pick(random, parts.openers) : '';
    const text = typeLikeAStudent(
      `${opener}${fill(template, parts, language, random)}${pick(random, HARD_TAILS[language])}`,
      language,
      random,
    );
    if (add({ text, categories: [], language, kind: 'hard' })) hard += 1;
  }
  return rows;
}

export function composeScreenCorpus(): Map<CorpusLanguage, ScreenCorpusRow[]> {
  const random = generator(20261125);
  const corpus = new Map<CorpusLanguage, ScreenCorpusRow[]>();
  for (const language of Object.keys(PARTS) as CorpusLanguage[])
    corpus.set(language, composeLanguage(language, random));
  return corpus;
}

export function writeScreenCorpus(directory = SCREEN_CORPUS_DIRECTORY): number {
  mkdirSync(directory, { recursive: true });
  let total = 0;
  for (const [language, rows] of composeScreenCorpus()) {
    const lines = rows.map((row) => `${row.text}\t${row.categories.join(',') || 'none'}\t${row.language}\t${row.kind}`);
    writeFileSync(join(directory, `${language}.tsv`), `text\tcategories\tlang\tkind\n${lines.join('\n')}\n`);
    total += rows.length;
  }
  return total;
}

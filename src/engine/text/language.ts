/**
 * Synchronous language identification for student comments: English, Tagalog/Filipino, Cebuano, or a
 * code-switched mix of them. Function words and frequent domain words vote; a word shared by Tagalog and
 * Cebuano ("ang", "sa", "siya", "wala") splits its vote between them. Runs in microseconds, needs no model.
 */

import type { LanguageCode } from '../contracts.js';
import { tokenize } from './tokenize.js';

type Votes = readonly [english: number, tagalog: number, cebuano: number];

const ENGLISH_FUNCTION_WORDS = `the a an is are was were be been being and or of to in on at for with from by he she
it they we i you me my his her their our your this that these those not but so does do did has have had can
could will would should must very too also because when what how which who more most always never really
there here than then just about if it's i'm don't doesn't didn't isn't can't`;

/** Evaluation words that are English but also borrowed in Taglish: half a vote each. */
const ENGLISH_DOMAIN_WORDS = `teacher class good great nice best excellent explain explains explained students
student subject lesson lessons topic topics understand learn learning helpful approachable boring strict
knowledgeable discussion discussions activities time well much course professor instructor lectures lecture
interesting clear patient kind effective`;

const TAGALOG_WORDS = `ng mga nang na ay hindi po opo naman talaga kasi yung ito iyon yun niya nila natin namin
tayo kayo mo at sana din rin walang huwag dahil kaya lahat marami gusto siguro parang tapos nung ngayon
dapat kailangan magaling mahusay maganda mabait sobrang napaka nakakaantok maintindihan turo magturo
nagtuturo estudyante ako'y siya'y niyang kanya kanyang ba pala daw raw ganun ganito lalo mas pinaka
nakakatuwa masaya mabilis mabagal galing bait ginagawa nagagalit naiintindihan maintindihan matuto
natuto salamat maraming sobra aralin pagtuturo guro hirap mahirap madali madaling`;

const CEBUANO_WORDS = `ug og kaayo dili maayo nindot gyud lagi man pud pod sad usab ra unsa ngano asa naa anaa
walay iya iyang ila ilang imo imong ato atong amo among nako nimo niini kini kana mao bitaw diay unya apan
ganahan lisod kapoy makasabot kasabot nakasabot tudlo magtudlo nagtudlo kusgan tin-aw klaro gamay daghan
kay nga ning kaau kayo ayo tungod busa bisan maestra maestro estudyante nato ta dayon hinuon salamat kaayong
maka nindota lami bati pangutana mutudlo magtuon tuon sabton masabtan`;

/** Words written the same in Tagalog and Cebuano. */
const SHARED_PHILIPPINE_WORDS = `ang sa siya sya si ni ko ako ka kami wala pa para pero kung ayaw medyo grabe klase
lang ba`;

function voteTable(): Map<string, Votes> {
  const table = new Map<string, Votes>();
  const add = (list: string, votes: Votes): void => {
    for (const word of list.split(/\s+/u)) {
      if (word.length > 0 && !table.has(word)) table.set(word, votes);
    }
  };
  // Order matters: a word listed twice keeps its first, more specific vote.
  add(SHARED_PHILIPPINE_WORDS, [0, 0.5, 0.5]);
  add(ENGLISH_FUNCTION_WORDS, [1, 0, 0]);
  add(TAGALOG_WORDS, [0, 1, 0]);
  add(CEBUANO_WORDS, [0, 0, 1]);
  add(ENGLISH_DOMAIN_WORDS, [0.5, 0, 0]);
  return table;
}

const VOTES = voteTable();
/** English and a Philippine language each holding this share (and these votes) make a code-switched comment. */
const MIXED_SHARE = 0.2;
const MIXED_MINIMUM_VOTES = 1.5;

export interface LanguageVotes {
  en: number;
  tl: number;
  ceb: number;
}

const TAGALOG_PREFIXES = ['napaka', 'nakaka', 'pinaka', 'pinag', 'nakapag'];

function votesFor(token: string): Votes | undefined {
  const votes = VOTES.get(token);
  if (votes !== undefined) return votes;
  if (TAGALOG_PREFIXES.some((prefix) => token.startsWith(prefix) && token.length > prefix.length + 2)) {
    return [0, 1, 0];
  }
  return token.includes('-') ? VOTES.get(token.slice(0, token.indexOf('-'))) : undefined;
}

export function languageVotes(text: string): LanguageVotes {
  return languageVotesOfTokens(tokenize(text));
}

/** Votes of tokens already produced by `tokenize` (saves tokenising twice). */
export function languageVotesOfTokens(tokens: Iterable<string>): LanguageVotes {
  let english = 0;
  let tagalog = 0;
  let cebuano = 0;
  for (const token of tokens) {
    const votes = votesFor(token);
    if (votes === undefined) continue;
    english += votes[0];
    tagalog += votes[1];
    cebuano += votes[2];
  }
  return { en: english, tl: tagalog, ceb: cebuano };
}

/**
 * English against the Philippine languages decides code-switching (Taglish, Bisaya-English); Tagalog
 * against Cebuano decides which Philippine language, ties going to Tagalog, the more common in writing.
 */
export function detectLanguage(text: string): LanguageCode {
  return languageFromVotes(languageVotes(text));
}

/** The language of a comment from its votes (what `detectLanguage` answers; the sentiment scorer keeps its votes). */
export function languageFromVotes(votes: LanguageVotes): LanguageCode {
  const philippine = votes.tl + votes.ceb;
  const total = votes.en + philippine;
  if (total < 1) return 'unknown';
  const minority = Math.min(votes.en, philippine);
  if (minority >= MIXED_MINIMUM_VOTES && minority / total >= MIXED_SHARE) return 'mixed';
  if (votes.en > philippine) return 'en';
  return votes.ceb > votes.tl ? 'ceb' : 'tl';
}

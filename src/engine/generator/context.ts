import { TEACHING_ASPECTS, type Honorific, type TeachingAspect } from './types.js';

/**
 * What the generator knows about the evaluated class, so that its comments fit it: how students address
 * the teacher (read from the faculty member's full name, as the users table holds no gender) and whether
 * the course has laboratory work (read from its shortname and fullname). Pure; unknown stays unknown: a
 * teacher whose name tells nothing is addressed without a gendered word, and a course that is not known to
 * have a laboratory gets no comment about one.
 */

/** Who the comments are about, as the database names them. */
export interface FacultyIdentity {
  /** "Maria Santos", "Dr. Jose Dela Cruz", "Santos, Maria C.". */
  fullName?: string;
  /** "maria.santos": read only when the full name tells nothing. */
  username?: string;
}

/** The evaluated course, as the database names it. */
export interface CourseIdentity {
  /** "PSY101", "IT101-S12526", "CHEM1L". */
  shortname?: string;
  /** "General Psychology", "Computer Programming 1 (Laboratory)". */
  fullname?: string;
}

const words = (text: string): string[] => text.split(/\s+/u).filter((word) => word.length > 0);

/**
 * Titles written before a name that tell how students address the person. Not "G." (Ginoo): in a stored
 * full name it is as likely an initial.
 */
const MALE_TITLES = new Set(words('mr mister sir ginoo ginoong fr father bro brother'));
const FEMALE_TITLES = new Set(
  words("ms mrs miss mdm madam madame maam ma'am mam gng ginang bb binibini binibining dra doctora sister"),
);
/** Titles that say nothing about gender; skipped before the given name. */
const NEUTRAL_TITLES = new Set(words('mx dr doc prof professor engr atty arch hon rev teacher coach dean'));

/**
 * Given names whose usual bearer in the Philippines is a man or a woman. Names borne by both ("Jean", "Kim",
 * "Chris", "Angel", "Jessie") are in neither list, so they give no honorific.
 */
const MALE_GIVEN_NAMES = new Set(
  words(`
  aaron abraham adrian alan albert alberto aldrin alejandro alex alexander alfred alfredo allan alvin amado
  andres andrew andy angelo anthony antonio armando arnel arnold arturo benedict benjamin benito bernard
  bienvenido bong boyet brian bryan carlo carlos cesar charles christian christopher cristopher dan
  daniel danilo dante darwin david delfin dennis dexter diego dindo dominador domingo edgar edgardo edison
  eduardo edwin efren eli elmer emmanuel enrico enrique ernesto ervin erwin eugene felipe felix ferdinand
  fernando francis francisco frederick gabriel gary gerald gerardo gilbert glenn gregorio harold henry
  herminio ian ignacio isidro ivan jacob jaime james jason jay jayson jeffrey jerome jericho jesus jim joel
  joey john johnny jomar jonathan jordan jorge jose joseph joshua juan julius jun junjun justin kenneth
  kevin larry lauro leo leonardo lorenzo louie luis manuel marcelo marco mario mark marlon martin marvin
  melchor melvin michael miguel mike nathaniel nelson nestor nicolas nico niño noel norberto oliver orlando
  oscar pablo paolo patrick paul paulo pedro peter rafael ramil ramon randy raul raymond renato rene rex
  reynaldo ricardo richard rico robert roberto rodel rodolfo rodrigo rogelio roland rolando romeo rommel
  ronald ronaldo ronnie ruben rudy rustom ryan salvador samuel santiago sergio simon stephen steven
  teodoro tomas tony vicente victor vincent virgilio wilfredo william wilson`),
);
const FEMALE_GIVEN_NAMES = new Set(
  words(`
  abigail adelaida adora agnes aida aileen alicia alma alyssa amelia ana anabelle andrea angela angelica
  angelina ann anna anne annie antonette arlene aurora bea beatriz bernadette bianca carla carmela carmen
  carolina caroline catherine cecilia charito charmaine cherry christine cielo clarissa concepcion corazon
  cristina cynthia daisy danica diana dolores dorothy editha elena elisa elizabeth ella elvira emily emma
  erlinda esperanza estela estrella eva evangeline evelyn faith fatima fe flor flordeliza florence gemma
  genevieve gina girlie gloria grace hazel helen imelda irene isabel isabela jane janet janice jasmine
  jennifer jenny jessica joan joanna jocelyn josefina josephine joy joyce judith judy julia juliet karen
  katherine katrina kristine lani laura leah leonora liezel lilia liza lorna lourdes lucia lucy luz lyn
  lynn mae maria maribel maricel marie marilou marilyn marissa marites maritess marivic marjorie mary
  melissa mercedes merlinda michelle milagros mylene nancy nenita nerissa niña nora norma olivia pamela
  patricia perla pilar precious princess rachel rebecca regina remedios rhea rica rosa rosalie rosalinda
  rosario rose rosemarie rowena ruby ruth sandra sarah sheila shirley sofia susan teresa theresa trisha
  veronica victoria vilma virginia wilma yolanda zenaida`),
);

const TITLE_OR_WORD = /[\p{L}\p{M}'\u2019]+\.?/gu;

function fold(word: string): string {
  // "Niño" and "Nino" are one name; the lists keep "ñ" for reading, compared without it.
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2019]/gu, "'");
}

const FOLDED_MALE = new Set([...MALE_GIVEN_NAMES].map(fold));
const FOLDED_FEMALE = new Set([...FEMALE_GIVEN_NAMES].map(fold));

/** The honorific a given name tells, or undefined. "Ma." at the start of a name is Maria. */
function honorificOfGivenName(word: string, first: boolean): Honorific | undefined {
  const bare = fold(word.replace(/\.$/u, ''));
  if (first && bare === 'ma' && word.endsWith('.')) return 'maam';
  if (FOLDED_MALE.has(bare)) return 'sir';
  if (FOLDED_FEMALE.has(bare)) return 'maam';
  return undefined;
}

/** The honorific a full name tells: its title, else its first known given name; undefined when neither. */
function honorificOfFullName(fullName: string): Honorific | undefined {
  // "Santos, Maria C.": the given names come after the comma.
  const comma = fullName.indexOf(',');
  const surnameFirst = comma > 0 && !/,\s*(?:jr|sr|ii|iii|iv)\.?\s*$/iu.test(fullName);
  const givenPart = surnameFirst ? fullName.slice(comma + 1) : fullName;
  const tokens = [...(surnameFirst ? fullName.slice(0, comma) : fullName).matchAll(TITLE_OR_WORD)].map(
    (match) => match[0],
  );
  // A title may lead either form ("Dr. Santos, Maria" or "Dr. Maria Santos").
  for (const token of tokens) {
    const bare = fold(token.replace(/\.$/u, ''));
    if (MALE_TITLES.has(bare)) return 'sir';
    if (FEMALE_TITLES.has(bare)) return 'maam';
    if (!NEUTRAL_TITLES.has(bare)) break;
  }
  const given = [...givenPart.matchAll(TITLE_OR_WORD)]
    .map((match) => match[0])
    .filter((token) => {
      const bare = fold(token.replace(/\.$/u, ''));
      return !MALE_TITLES.has(bare) && !FEMALE_TITLES.has(bare) && !NEUTRAL_TITLES.has(bare);
    });
  // In "Maria Santos" the last word is the surname; in "Santos, Maria" every word after the comma is given.
  const candidates = surnameFirst || given.length === 1 ? given : given.slice(0, -1);
  for (const [index, word] of candidates.entries()) {
    const honorific = honorificOfGivenName(word, index === 0);
    if (honorific !== undefined) return honorific;
  }
  return undefined;
}

/**
 * How students address a faculty member: "sir" or "maam" when the full name's title ("Mr.", "Ms.",
 * "Gng.") or given name ("Jose", "Maria") tells, else the username's first part ("maria.santos"), else
 * "neutral" ("our teacher", "ang aming guro", "among magtutudlo"), so an unknown teacher is never given
 * the wrong gender.
 */
export function honorificFor(identity: FacultyIdentity): Honorific {
  const fromName = identity.fullName ? honorificOfFullName(identity.fullName) : undefined;
  if (fromName !== undefined) return fromName;
  const first = identity.username?.split(/[._\-\s]+/u)[0];
  if (first && first.length > 1 && /^\p{L}+$/u.test(first)) {
    const fromUsername = honorificOfGivenName(first, false);
    if (fromUsername !== undefined) return fromUsername;
  }
  return 'neutral';
}

/** "Lab", "Laboratory", "Laboratoryo" in a course name, or a lab section's code ("CHEM1L", "IT101-LAB"). */
const LABORATORY_NAME = /\b(?:lab|labs|laboratory|laboratories|laboratoryo)\b/iu;
const LAB_SECTION_CODE = /^[a-z]+\s*-?\s*\d+[a-z]?l(?:ab)?\b/iu;
/** A course named as the lecture part ("Chemistry 1 (Lecture)", "IT101 Lec"): no lab work in it. */
const LECTURE_NAME = /\b(?:lec|lecture)\b/iu;
/** Courses about a field rather than its practice, even in a laboratory field ("Engineering Economy", "IT Ethics"). */
const NON_LAB_SUBJECT_WORDS =
  /\b(?:ethics|economy|economics|management|law|laws|history|seminar|thesis|research|capstone|practicum|internship|ojt)\b/iu;
/** Subject areas whose courses have laboratory work: computing, engineering and the natural sciences. */
const LAB_SUBJECT_WORDS =
  /\b(?:computing|computer|computers|programming|software|web|database|databases|networking|networks|data structures|information technology|computer science|electronics|electrical|circuits?|microprocessors?|robotics|engineering|chemistry|biochemistry|physics|biology|microbiology|anatomy|physiology|zoology|botany|genetics|experimental)\b/iu;
/** The letters before a course code's number ("PSY" of "PSY101") that name a laboratory subject area. */
const LAB_SUBJECT_CODES = new Set(
  words(`it cs is ccs cit cpe coe ece ee eee ce me che chem biochem phys phy bio micro zoo bot anat physio
  engg engr`),
);

/**
 * Whether a course has laboratory work, from its names: a lab section or a name with "Lab"/"Laboratory"
 * has; a course named as a lecture has not; otherwise computing, engineering and natural-science courses
 * have ("IT101 Introduction to Computing", "CHEM101 General Chemistry") and the rest have not
 * ("PSY101 General Psychology", "MATH101", "Readings in Philippine History").
 */
export function courseHasLab(course: CourseIdentity): boolean {
  const shortname = course.shortname?.trim() ?? '';
  const fullname = course.fullname?.trim() ?? '';
  const names = `${shortname} ${fullname}`;
  if (LABORATORY_NAME.test(names) || LAB_SECTION_CODE.test(shortname)) return true;
  if (LECTURE_NAME.test(names) || NON_LAB_SUBJECT_WORDS.test(fullname)) return false;
  if (LAB_SUBJECT_WORDS.test(fullname)) return true;
  const code = /^\p{L}+/u.exec(shortname)?.[0].toLowerCase();
  return code !== undefined && LAB_SUBJECT_CODES.has(code);
}

/** The aspects a comment may be about in a course: no laboratory aspect in a course without lab work. */
export function aspectsForCourse(hasLab: boolean | undefined): readonly TeachingAspect[] {
  return hasLab === false ? TEACHING_ASPECTS.filter((aspect) => aspect !== 'lab') : TEACHING_ASPECTS;
}

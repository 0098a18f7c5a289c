import { describe, expect, it } from 'vitest';
import type { SentimentLabel } from '../../src/engine/contracts.js';
import {
  COMMENT_LANGUAGES,
  COMMENT_TONES,
  courseHasLab,
  facultyProfileFor,
  generateAnswers,
  generateRows,
  honorificFor,
  randomFrom,
  toneFor,
  writeComment,
  type CommentLanguage,
  type CommentSettings,
  type CommentSpec,
  type CourseIdentity,
  type GeneratedComment,
  type GeneratorQuestion,
} from '../../src/engine/generator/index.js';
import { dominantLabel } from '../../src/engine/sentiment/index.js';
import { loadSentimentScorer } from '../../src/engine/sentiment/load-lexicon.js';
import { detectLanguage, wordCount } from '../../src/engine/text/index.js';

const QUESTIONS: GeneratorQuestion[] = [
  { id: 'q1', type: 'LIKERT_5', dimensionCode: 'CLARITY', required: true, text: 'Explains the lessons clearly' },
  { id: 'q2', type: 'LIKERT_5', dimensionCode: 'CLARITY', required: true },
  { id: 'q3', type: 'LIKERT_5', dimensionCode: 'ENGAGEMENT', required: true },
  { id: 'q4', type: 'LIKERT_5', dimensionCode: 'FAIRNESS', required: true },
  { id: 'q5', type: 'LIKERT_5', dimensionCode: 'PUNCTUALITY', required: false },
  { id: 'q6', type: 'YES_NO', dimensionCode: 'PUNCTUALITY', required: true },
];
const COMMENTS: CommentSettings = { ratio: 1, enabled: true, required: false, maxLength: 2000 };
const STUDENTS = Array.from({ length: 50 }, (_, index) => `student${String(index + 1).padStart(3, '0')}`);
const FACULTY = Array.from({ length: 10 }, (_, index) => `faculty.${index + 1}`);

/** 500 comments the way the admin generator writes them: ten teachers, fifty students each, default language mix. */
function corpus(seed: number): GeneratedComment[] {
  return FACULTY.flatMap((facultyUsername) =>
    generateRows({ questions: QUESTIONS, facultyUsername, students: STUDENTS, count: 50, seed, comments: COMMENTS }),
  ).map((row) => row.comment as GeneratedComment);
}

const DETECTED_AS: Record<CommentLanguage, string> = { en: 'en', tl: 'tl', ceb: 'ceb', taglish: 'mixed' };
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

describe('local comment generator: 500 comments', () => {
  const comments = corpus(13);
  const { scoreSentiment } = loadSentimentScorer();

  it('are varied, in four languages, often long, and read in their intended tone', () => {
    expect(comments).toHaveLength(500);
    const texts = comments.map((comment) => comment.text);
    const duplicates = texts.length - new Set(texts).size;
    const detected = new Map<string, number>();
    let languageAgreement = 0;
    let tenWordsOrMore = 0;
    let sentimentAgreement = 0;
    const byTone = new Map<string, { total: number; agree: number }>();
    const intended = new Map<string, number>();
    for (const comment of comments) {
      const language = detectLanguage(comment.text);
      detected.set(language, (detected.get(language) ?? 0) + 1);
      intended.set(comment.spec.language, (intended.get(comment.spec.language) ?? 0) + 1);
      if (language === DETECTED_AS[comment.spec.language]) languageAgreement += 1;
      if (wordCount(comment.text) >= 10) tenWordsOrMore += 1;
      const label: SentimentLabel = dominantLabel(scoreSentiment(comment.text));
      const tone = byTone.get(comment.spec.tone) ?? { total: 0, agree: 0 };
      tone.total += 1;
      if (label === comment.expectedLabel) {
        sentimentAgreement += 1;
        tone.agree += 1;
      }
      byTone.set(comment.spec.tone, tone);
    }
    const lines = [
      `exact duplicates: ${duplicates} (${percent(duplicates, 500)})`,
      `languages written: ${[...intended].map(([code, count]) => `${code} ${count}`).join(', ')}`,
      `languages detected: ${[...detected].map(([code, count]) => `${code} ${count}`).join(', ')} (agreement ${percent(languageAgreement, 500)})`,
      `10 or more words: ${tenWordsOrMore} (${percent(tenWordsOrMore, 500)})`,
      `sentiment agreement: ${sentimentAgreement} (${percent(sentimentAgreement, 500)}); by tone: ${[...byTone]
        .map(([tone, { total, agree }]) => `${tone} ${agree}/${total}`)
        .join(', ')}`,
    ];
    process.stdout.write(`\nlocal comment generator, 500 comments\n  ${lines.join('\n  ')}\n`);

    expect(duplicates / 500).toBeLessThan(0.05);
    for (const language of ['en', 'tl', 'ceb', 'mixed']) expect(detected.get(language) ?? 0).toBeGreaterThan(0);
    expect(tenWordsOrMore / 500).toBeGreaterThanOrEqual(0.4);
    expect(sentimentAgreement / 500).toBeGreaterThanOrEqual(0.85);
  });

  it('are the same for the same seed and differ for another', () => {
    expect(corpus(13).map((comment) => comment.text)).toEqual(comments.map((comment) => comment.text));
    const other = corpus(14).map((comment) => comment.text);
    expect(other.filter((text, index) => text === comments[index]?.text).length).toBeLessThan(25);
  });
});

describe('writeComment', () => {
  const spec = (overrides: Partial<CommentSpec> = {}): CommentSpec => ({
    language: 'en',
    tone: 'positive',
    aspects: ['clarity'],
    honorific: 'maam',
    length: 'long',
    seed: 7,
    ...overrides,
  });

  it('writes every language and tone, deterministically', () => {
    for (const language of COMMENT_LANGUAGES)
      for (const tone of COMMENT_TONES) {
        const comment = writeComment(spec({ language, tone }));
        expect(comment.text.length).toBeGreaterThan(0);
        expect(writeComment(spec({ language, tone })).text).toBe(comment.text);
      }
  });

  it('keeps within maxLength by writing shorter, and cuts at a word as a last resort', () => {
    const long = writeComment(spec());
    const limited = writeComment(spec({ maxLength: 60 }));
    expect(long.text.length).toBeGreaterThan(60);
    expect(limited.text.length).toBeLessThanOrEqual(60);
    const tiny = writeComment(spec({ maxLength: 12 }));
    expect(tiny.text.length).toBeLessThanOrEqual(12);
    expect(tiny.text).not.toMatch(/\s$/);
  });

  it('reads a mixed comment as neutral and names the teacher as the student does', () => {
    expect(writeComment(spec({ tone: 'mixed' })).expectedLabel).toBe('neutral');
    const texts = Array.from({ length: 30 }, (_, seed) => writeComment(spec({ seed, honorific: 'sir' })).text);
    expect(texts.join(' ')).not.toMatch(/ma'am|\bshe\b|\bher\b/i);
  });
});

describe('answers', () => {
  it('look like real evaluations: mostly fours and fives, a tail of low ones, teachers differ', () => {
    const values: number[] = [];
    const teacherMeans: number[] = [];
    for (const faculty of FACULTY) {
      const profile = facultyProfileFor(faculty, ['CLARITY', 'ENGAGEMENT', 'FAIRNESS', 'PUNCTUALITY']);
      const mine: number[] = [];
      for (const student of STUDENTS) {
        const { answers } = generateAnswers(QUESTIONS, profile, randomFrom(faculty, student));
        for (const answer of answers)
          if (QUESTIONS.find((question) => question.id === answer.questionId)?.type === 'LIKERT_5')
            mine.push(answer.value);
      }
      values.push(...mine);
      teacherMeans.push(mine.reduce((sum, value) => sum + value, 0) / mine.length);
    }
    const share = (predicate: (value: number) => boolean) => values.filter(predicate).length / values.length;
    expect(share((value) => value >= 4)).toBeGreaterThan(0.55);
    expect(share((value) => value <= 2)).toBeGreaterThan(0.02);
    expect(share((value) => value <= 2)).toBeLessThan(0.2);
    expect(Math.max(...teacherMeans) - Math.min(...teacherMeans)).toBeGreaterThan(0.5);
  });

  it('correlate within a student: the spread inside a student is smaller than across students', () => {
    const profile = facultyProfileFor('faculty.1', ['CLARITY']);
    const likert = Array.from({ length: 8 }, (_, index): GeneratorQuestion => ({
      id: `l${index}`,
      type: 'LIKERT_5',
      dimensionCode: 'CLARITY',
      required: true,
    }));
    const students = STUDENTS.map((student) =>
      generateAnswers(likert, profile, randomFrom('corr', student)).answers.map((answer) => answer.value),
    );
    const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
    const variance = (list: number[]) => mean(list.map((value) => (value - mean(list)) ** 2));
    const within = mean(students.map(variance));
    const across = variance(students.flat());
    expect(within).toBeLessThan(across * 0.8);
  });

  it('answer YES_NO questions with 0 or 1, mostly yes, and every required question', () => {
    const profile = facultyProfileFor('faculty.2', ['PUNCTUALITY']);
    const yes: number[] = [];
    for (const student of STUDENTS) {
      const { answers } = generateAnswers(QUESTIONS, profile, randomFrom('yes', student));
      for (const question of QUESTIONS.filter((entry) => entry.required))
        expect(answers.some((answer) => answer.questionId === question.id)).toBe(true);
      yes.push(answers.find((answer) => answer.questionId === 'q6')?.value as number);
    }
    expect(new Set(yes).size).toBeLessThanOrEqual(2);
    expect(yes.every((value) => value === 0 || value === 1)).toBe(true);
    expect(yes.filter((value) => value === 1).length).toBeGreaterThan(yes.length / 2);
  });

  it('give the tone of the comment: a student who answers low never writes praise', () => {
    const random = randomFrom('tones');
    for (let index = 0; index < 200; index += 1) {
      expect(['negative', 'mixed']).toContain(toneFor(0.3, random));
      expect(['negative', 'mixed']).toContain(toneFor(0.45, random));
    }
  });
});

describe('generateRows', () => {
  const input = { questions: QUESTIONS, facultyUsername: 'fac.one', students: STUDENTS, count: 20, comments: COMMENTS };

  it('takes count students (at most all), in username order, the same for the same seed', () => {
    const rows = generateRows({ ...input, seed: 1 });
    expect(rows).toHaveLength(20);
    expect(rows.map((row) => row.studentUsername)).toEqual([...rows.map((row) => row.studentUsername)].sort());
    expect(generateRows({ ...input, seed: 1 })).toEqual(rows);
    expect(generateRows({ ...input, seed: 2 })).not.toEqual(rows);
    expect(generateRows({ ...input, seed: 1, count: 500 })).toHaveLength(50);
  });

  it('honours the comment ratio, a disabled or required comment, and the language mix', () => {
    const none = generateRows({ ...input, seed: 3, comments: { ...COMMENTS, enabled: false } });
    expect(none.every((row) => row.comment === null)).toBe(true);
    const required = generateRows({ ...input, seed: 3, comments: { ...COMMENTS, ratio: 0, required: true } });
    expect(required.every((row) => row.comment !== null)).toBe(true);
    const some = generateRows({ ...input, count: 50, seed: 3, comments: { ...COMMENTS, ratio: 0.5 } });
    const withComment = some.filter((row) => row.comment !== null).length;
    expect(withComment).toBeGreaterThan(12);
    expect(withComment).toBeLessThan(38);
    const cebuano = generateRows({ ...input, seed: 3, comments: { ...COMMENTS, languages: { ceb: 1 } } });
    expect(cebuano.every((row) => row.comment?.spec.language === 'ceb')).toBe(true);
  });

  it('writes most comments about the theme when it names an aspect', () => {
    const rows = generateRows({
      ...input,
      count: 50,
      seed: 4,
      comments: { ...COMMENTS, theme: 'online classes and the LMS' },
    });
    const online = rows.filter((row) => row.comment?.spec.aspects.includes('online')).length;
    expect(online).toBeGreaterThan(25);
  });
});

/** Every comment written for one teacher and course over many seeds, in all four languages. */
function commentsFor(options: {
  facultyUsername: string;
  facultyFullName?: string;
  course?: CourseIdentity;
  theme?: string;
}) {
  const texts: string[] = [];
  for (let seed = 1; seed <= 30; seed += 1) {
    const rows = generateRows({
      questions: QUESTIONS,
      facultyUsername: options.facultyUsername,
      ...(options.facultyFullName ? { facultyFullName: options.facultyFullName } : {}),
      ...(options.course ? { course: options.course } : {}),
      students: STUDENTS,
      count: 50,
      seed,
      comments: {
        ...COMMENTS,
        languages: { en: 1, tl: 1, ceb: 1, taglish: 1 },
        ...(options.theme ? { theme: options.theme } : {}),
      },
    });
    for (const row of rows) if (row.comment) texts.push(row.comment.text);
  }
  return texts;
}

const FEMALE_ADDRESS = /\bma['\u2019]?am\b|\bmam\b|\bmadam\b|\bshe\b|\bher\b|pasensyosa/iu;
const MALE_ADDRESS = /\bsir\b|\bhe\b|\bhis\b|\bhim\b|pasensyoso/iu;
const LABORATORY = /\blabs?\b|laborator|hands-on/iu;

describe('how students address the teacher', () => {
  it('reads the honorific from the title or the given name, and from nothing else', () => {
    const cases: Array<[string, ReturnType<typeof honorificFor>]> = [
      ['Jose Reyes', 'sir'],
      ['Mr. Mark Villanueva', 'sir'],
      ['Dr. Jose Dela Cruz', 'sir'],
      ['Engr. Niño Ybañez', 'sir'],
      ['Jose Ma. Reyes', 'sir'],
      ['Reyes, Juan Carlos', 'sir'],
      ['Maria Santos', 'maam'],
      ['Ma. Theresa Cruz', 'maam'],
      ['Dr. Maria Santos', 'maam'],
      ['Ms. Kim Lee', 'maam'],
      ['Gng. Lourdes Dizon', 'maam'],
      ['Santos, Maria C.', 'maam'],
      ['Kim Lee', 'neutral'],
      ['Jean Lopez', 'neutral'],
      ['Dr. Chris Tan', 'neutral'],
      ['G. Reyes', 'neutral'],
      ['Faculty Member One', 'neutral'],
      ['Reyes', 'neutral'],
    ];
    for (const [fullName, honorific] of cases) expect(honorificFor({ fullName }), fullName).toBe(honorific);
    expect(honorificFor({ username: 'maria.santos' })).toBe('maam');
    expect(honorificFor({ username: 'jose.delacruz' })).toBe('sir');
    expect(honorificFor({ username: 'faculty.7' })).toBe('neutral');
    expect(honorificFor({ fullName: 'Ms. Jessie Cruz', username: 'jose.cruz' })).toBe('maam');
    expect(facultyProfileFor('faculty.7', ['CLARITY']).honorific).toBe('neutral');
    expect(facultyProfileFor('t.cruz', ['CLARITY'], 'Mr. Tomas Cruz').honorific).toBe('sir');
  });

  it("never calls a male teacher ma'am, nor a female one sir, in any language", () => {
    const male = commentsFor({ facultyUsername: 'jreyes', facultyFullName: 'Jose Reyes' });
    const female = commentsFor({ facultyUsername: 'msantos', facultyFullName: 'Maria Santos' });
    expect(male.length).toBeGreaterThan(1000);
    expect(male.filter((text) => FEMALE_ADDRESS.test(text))).toEqual([]);
    expect(female.filter((text) => MALE_ADDRESS.test(text))).toEqual([]);
    // The honorific is used: the check above is not passing on comments that address no one.
    expect(male.filter((text) => /\bsir\b/iu.test(text)).length).toBeGreaterThan(male.length / 4);
    expect(female.filter((text) => /\bma'?am\b/iu.test(text)).length).toBeGreaterThan(female.length / 4);
  });

  it('gives a teacher of unknown gender no gendered honorific or pronoun', () => {
    const unknown = commentsFor({ facultyUsername: 'faculty.7', facultyFullName: 'Faculty Member Seven' });
    expect(unknown.length).toBeGreaterThan(1000);
    expect(unknown.filter((text) => FEMALE_ADDRESS.test(text) || MALE_ADDRESS.test(text))).toEqual([]);
    expect(unknown.some((text) => /our teacher|aming guro|among magtutudlo|\bteacher\b/iu.test(text))).toBe(true);
    for (const language of COMMENT_LANGUAGES)
      for (const tone of COMMENT_TONES)
        for (let seed = 0; seed < 40; seed += 1) {
          const { text } = writeComment({
            language,
            tone,
            aspects: ['respect', 'lab'],
            honorific: 'neutral',
            length: 'long',
            seed,
          });
          expect(text, text).not.toMatch(FEMALE_ADDRESS);
          expect(text, text).not.toMatch(MALE_ADDRESS);
        }
  });
});

describe('the course a comment is about', () => {
  it('has laboratory work only in computing, engineering and science courses, or when named so', () => {
    const cases: Array<[CourseIdentity, boolean]> = [
      [{ shortname: 'PSY101', fullname: 'General Psychology' }, false],
      [{ shortname: 'PSY101-S12526', fullname: 'General Psychology' }, false],
      [{ shortname: 'MATH101', fullname: 'Mathematics in the Modern World' }, false],
      [{ shortname: 'GE-RPH', fullname: 'Readings in Philippine History' }, false],
      [{ shortname: 'ECE311', fullname: 'Engineering Economy' }, false],
      [{ shortname: 'CHEM101', fullname: 'General Chemistry (Lecture)' }, false],
      [{ shortname: 'IT101-S12526', fullname: 'Introduction to Computing' }, true],
      [{ shortname: 'CS201', fullname: 'Data Structures and Algorithms' }, true],
      [{ shortname: 'CHEM101L', fullname: 'General Chemistry' }, true],
      [{ shortname: 'PSY205', fullname: 'Experimental Psychology' }, true],
      [{ shortname: 'NSCI1', fullname: 'Physics for Engineers Laboratory' }, true],
      [{ shortname: 'PE101', fullname: 'Movement Enhancement Lab' }, true],
      [{}, false],
    ];
    for (const [course, hasLab] of cases) expect(courseHasLab(course), JSON.stringify(course)).toBe(hasLab);
  });

  it('never writes about a laboratory for a psychology lecture course, even when asked to', () => {
    const psychology = { shortname: 'PSY101', fullname: 'General Psychology' };
    for (const theme of [undefined, 'laboratory work']) {
      const texts = commentsFor({
        facultyUsername: 'jreyes',
        facultyFullName: 'Jose Reyes',
        course: psychology,
        ...(theme ? { theme } : {}),
      });
      expect(texts.length).toBeGreaterThan(1000);
      expect(texts.filter((text) => LABORATORY.test(text))).toEqual([]);
    }
    for (const language of COMMENT_LANGUAGES)
      for (let seed = 0; seed < 40; seed += 1) {
        const { text, spec } = writeComment({
          language,
          tone: 'negative',
          aspects: ['lab'],
          honorific: 'sir',
          length: 'long',
          seed,
          courseHasLab: false,
        });
        expect(text, text).not.toMatch(LABORATORY);
        expect(spec.aspects).toEqual(['lab']);
      }
  });

  it('still writes about the laboratory of a course that has one', () => {
    const texts = commentsFor({
      facultyUsername: 'jreyes',
      facultyFullName: 'Jose Reyes',
      course: { shortname: 'IT101L', fullname: 'Computer Programming 1 Laboratory' },
      theme: 'laboratory work',
    });
    expect(texts.filter((text) => LABORATORY.test(text)).length).toBeGreaterThan(texts.length / 4);
  });
});

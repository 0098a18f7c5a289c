import { describe, expect, it } from 'vitest';
import type { SentimentLabel } from '../../src/engine/contracts.js';
import {
  COMMENT_LANGUAGES,
  COMMENT_TONES,
  facultyProfileFor,
  generateAnswers,
  generateRows,
  randomFrom,
  toneFor,
  writeComment,
  type CommentLanguage,
  type CommentSettings,
  type CommentSpec,
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

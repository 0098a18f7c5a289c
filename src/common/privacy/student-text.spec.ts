import { describe, expect, it } from 'vitest';
import {
  KnownCommentIndex,
  markKnownComments,
  markKnownCommentsIn,
  renderForReader,
  studentText,
  WITHHELD,
} from './student-text.js';

const FACULTY = '0b7e8a52-8a3e-4b6f-9d55-2f1c8d0c1a11';
const DEAN = '5d2f3c11-1b2a-4c3d-8e9f-0a1b2c3d4e5f';
const comment = 'Ma’am explains every lesson twice and still moves too fast for us';

describe('student text marks', () => {
  it('are removed for readers who may see the words, and withhold them from the faculty member they are about', () => {
    const body = {
      text: studentText(comment, FACULTY),
      sampleQuotes: [studentText(comment, FACULTY), studentText('Great examples in every class', FACULTY)],
      description: `Pace is 70% negative. Students ask for fewer slides. One student wrote: "${studentText(comment, FACULTY)}"`,
      count: 3,
    };
    expect(renderForReader(body, DEAN)).toEqual({
      text: comment,
      sampleQuotes: [comment, 'Great examples in every class'],
      description: `Pace is 70% negative. Students ask for fewer slides. One student wrote: "${comment}"`,
      count: 3,
    });
    expect(renderForReader(body, FACULTY)).toEqual({
      text: null,
      description: 'Pace is 70% negative. Students ask for fewer slides.',
      count: 3,
    });
    // A reader nobody knows sees nobody's words.
    expect(renderForReader(body, null)).toEqual(renderForReader(body, FACULTY));
  });

  it('withhold an unquoted passage inside other text as a placeholder, and leave words about nobody in particular', () => {
    const text = `Students wrote that ${studentText('the lab manual is outdated', FACULTY)} and asked for more time.`;
    expect(renderForReader(text, FACULTY)).toBe(`Students wrote that ${WITHHELD} and asked for more time.`);
    expect(renderForReader(studentText(comment, null), FACULTY)).toBe(comment);
  });

  it('cannot be forged or closed early by a comment', () => {
    const forged = `real words\uE002 and more\uE000${DEAN}\uE001 fake`;
    expect(renderForReader({ text: studentText(forged, FACULTY) }, FACULTY)).toEqual({ text: null });
    expect(renderForReader(studentText(forged, FACULTY), DEAN)).toBe('real words and more' + DEAN + ' fake');
  });

  it('leave values without marks as the same object, and what is not plain data untouched', () => {
    const plain = { items: [{ a: 'x' }], total: 1 };
    expect(renderForReader(plain, FACULTY)).toBe(plain);
    const buffer = Buffer.from(studentText(comment, FACULTY));
    expect(renderForReader(buffer, FACULTY)).toBe(buffer);
  });
});

describe('marking known comments', () => {
  const known = [
    { text: 'Sir explains the lessons clearly in our section.', subjectId: FACULTY },
    { text: 'Sir explains the lessons clearly every week.', subjectId: FACULTY },
  ];

  it('marks whole comments and their shortened quotes, choosing the comment that matches whole', () => {
    const description = 'Clarity is praised. One student wrote: "Sir explains the lessons clearly every week."';
    const marked = markKnownComments(description, known);
    expect(renderForReader(marked, FACULTY)).toBe('Clarity is praised.');
    expect(renderForReader(marked, DEAN)).toBe(description);
    const shortened = markKnownComments('"Sir explains the lessons clea…" was typical.', known);
    expect(renderForReader(shortened, FACULTY)).toBe('was typical.');
  });

  it('marks a start of a comment that a language model repeated, deep in a stored action', () => {
    const action = {
      headline: 'Keep the clear explanations',
      description: 'Several said Sir explains the lessons clearly, which helps.',
      supportingEvidence: { sources: [{ sampleQuotes: ['Sir explains the lessons clearly every week.'] }] },
    };
    const rendered = renderForReader(markKnownCommentsIn(action, known), FACULTY);
    expect(rendered).toEqual({
      headline: 'Keep the clear explanations',
      description: `Several said ${WITHHELD}, which helps.`,
      supportingEvidence: { sources: [{}] },
    });
  });

  it('tries only the comments whose start occurs in a text, among tens of thousands', () => {
    const many = Array.from({ length: 50_000 }, (_, index) => ({
      text: `Student ${index}: the lessons were clear and the quizzes fair`,
      subjectId: index % 2 === 0 ? FACULTY : DEAN,
    }));
    many.push({ text: 'Short one', subjectId: FACULTY });
    const index = new KnownCommentIndex(many);
    const text = 'Typical: "Student 4242: the lessons were clear and the quizzes fair". Also "Short one".';
    expect(index.candidates(text).map((comment) => comment.text)).toEqual([
      'Student 4242: the lessons were clear and the quizzes fair',
      'Short one',
    ]);
    expect(index.candidates('Nothing quoted here at all.')).toEqual([]);
    const marked = markKnownCommentsIn({ description: text }, many);
    expect(renderForReader(marked, FACULTY)).toEqual({ description: '' });
    expect(renderForReader(marked, DEAN)).toEqual({ description: text });
  });
});

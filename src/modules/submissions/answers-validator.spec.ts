import { describe, expect, it } from 'vitest';
import type { QuestionnaireSchema } from '../questionnaires/questionnaire-schema.js';
import { characterCount, checkSubmissionContent } from './answers-validator.js';

const schema = (maxLength: number): QuestionnaireSchema => ({
  sections: [
    {
      id: 'teaching',
      title: 'Teaching',
      weight: 100,
      questions: [{ id: 'q1', text: 'Explains clearly', type: 'LIKERT_5', dimensionCode: 'CLARITY', required: true }],
    },
  ],
  qualitativeFeedback: { enabled: true, required: false, maxLength },
});

const commentDetails = (maxLength: number, comment: string) =>
  checkSubmissionContent(schema(maxLength), [{ questionId: 'q1', value: 5 }], comment).details;

describe('characterCount', () => {
  it('counts code points: an emoji or a letter outside the basic plane is one character', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('salamat po')).toBe(10);
    expect(characterCount('😀'.repeat(21))).toBe(21);
    expect(characterCount('galing 👍🏽')).toBe(9);
    expect(characterCount('𝒜 mathematical')).toBe(14);
    // A lone surrogate counts as one.
    expect(characterCount('a\ud83db')).toBe(3);
    expect(characterCount('\udc00\ud83d')).toBe(2);
  });
});

describe('the comment limit counts characters (audit G)', () => {
  it('takes a comment of exactly maxLength characters of emoji, and refuses one more', () => {
    expect(commentDetails(40, '😀'.repeat(40))).toEqual([]);
    expect(commentDetails(40, '😀'.repeat(21))).toEqual([]);
    expect(commentDetails(40, '😀'.repeat(41))).toEqual([
      { path: 'qualitativeComment', message: 'a comment has at most 40 characters' },
    ]);
    expect(commentDetails(40, 'x'.repeat(41))).toEqual([
      { path: 'qualitativeComment', message: 'a comment has at most 40 characters' },
    ]);
    expect(commentDetails(40, 'é'.repeat(40))).toEqual([]);
  });
});

describe('one detail per violation (outside audit S)', () => {
  it('a second answer to a question that is also out of range gets both details', () => {
    const { details, answers } = checkSubmissionContent(
      schema(100),
      [
        { questionId: 'q1', value: 2.5 },
        { questionId: 'q1', value: 6 },
      ],
      null,
    );
    expect(details).toEqual([
      { path: 'answers.0.value', message: 'question "q1" (LIKERT_5) takes an integer from 1 to 5' },
      { path: 'answers.1.questionId', message: 'question "q1" is answered twice' },
      { path: 'answers.1.value', message: 'question "q1" (LIKERT_5) takes an integer from 1 to 5' },
    ]);
    expect(answers).toEqual([]);
  });
});

describe('a comment in which nothing shows is no comment', () => {
  const required: QuestionnaireSchema = {
    ...schema(100),
    qualitativeFeedback: { enabled: true, required: true, maxLength: 100 },
  };
  for (const invisible of [' ', '\u200b', ' \u200b\u2060 ', '\u3164', '\u00ad\u200d']) {
    it(`${JSON.stringify(invisible)}: refused where a comment is required, stored as none where it is optional`, () => {
      expect(checkSubmissionContent(required, [{ questionId: 'q1', value: 5 }], invisible).details).toEqual([
        { path: 'qualitativeComment', message: 'a comment is required' },
      ]);
      const optional = checkSubmissionContent(schema(100), [{ questionId: 'q1', value: 5 }], invisible);
      expect(optional.details).toEqual([]);
      expect(optional.comment).toBeNull();
    });
  }
  it('keeps a comment with a visible character as written, inner zero width joiners included', () => {
    expect(checkSubmissionContent(schema(100), [{ questionId: 'q1', value: 5 }], ' 👩\u200d💻 galing ').comment).toBe(
      '👩\u200d💻 galing',
    );
  });
});

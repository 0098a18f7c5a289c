import { describe, expect, it } from 'vitest';
import { flaggedOnlyKeywords, rawLabelWithout } from './topic-keywords.js';

const texts = new Map([
  ['a', 'The grades are posted late and he comes to class drunk.'],
  ['b', 'Grades are posted late every week.'],
  ['c', 'The rubric is never explained and the grades are posted late.'],
  ['d', 'Lab activities are fun and the group work is engaging.'],
  ['e', 'He makes sexual jokes during the group work.'],
]);
const assignments = [
  { topicIndex: 0, submissionId: 'a' },
  { topicIndex: 0, submissionId: 'b' },
  { topicIndex: 0, submissionId: 'c' },
  { topicIndex: 1, submissionId: 'd' },
  { topicIndex: 1, submissionId: 'e' },
  // A soft assignment of the flagged comment to another topic too.
  { topicIndex: 1, submissionId: 'a' },
];
const topics = [
  { topicIndex: 0, keywords: ['grades', 'posted', 'late', 'drunk', 'rubric'] },
  { topicIndex: 1, keywords: ['group work', 'group', 'sexual', 'jokes', 'fun', 'drunk'] },
];

describe('flaggedOnlyKeywords', () => {
  it('finds the keywords only flagged comments of the topic use, whatever the others say', () => {
    const found = flaggedOnlyKeywords(topics, assignments, texts, new Set(['a', 'e']));
    expect(found.get(0)).toEqual(new Set(['drunk']));
    // "group work" and "group" are used by an unflagged comment of the topic as well; "fun" by no flagged one.
    expect(found.get(1)).toEqual(new Set(['sexual', 'jokes', 'drunk']));
  });

  it('finds nothing without a flagged comment, or for a topic without one', () => {
    expect(flaggedOnlyKeywords(topics, assignments, texts, new Set()).size).toBe(0);
    const found = flaggedOnlyKeywords(topics, assignments, texts, new Set(['e']));
    expect(found.has(0)).toBe(false);
    expect(found.get(1)).toEqual(new Set(['sexual', 'jokes']));
  });
});

describe('rawLabelWithout', () => {
  it("writes a topic model's label again from the keywords kept", () => {
    expect(rawLabelWithout('4_drunk_grades_posted', new Set(['drunk']), ['grades', 'posted', 'late'])).toBe(
      '4_grades_posted_late',
    );
    expect(rawLabelWithout('4_grades_posted_late', new Set(['drunk']), ['grades', 'posted', 'late'])).toBe(
      '4_grades_posted_late',
    );
    expect(rawLabelWithout('2_dagohoy', new Set(['dagohoy']), [])).toBe('2_topic');
    expect(rawLabelWithout('1_group work_fun', new Set(['fun']), ['group work', 'lab'])).toBe('1_group_work_lab');
  });

  it('takes the words out of a label of any other form', () => {
    expect(rawLabelWithout('Grading and drunk teaching', new Set(['drunk']), [])).toBe('Grading and teaching');
    expect(rawLabelWithout('drunk', new Set(['drunk']), [])).toBe('topic');
    expect(rawLabelWithout('Grading', new Set(), [])).toBe('Grading');
  });
});

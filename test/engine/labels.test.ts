import { describe, expect, it } from 'vitest';
import { isValidTopicLabel, labelTopics } from '../../src/engine/labels/index.js';

describe('labelTopics', () => {
  it('names aspect topics in English whatever the keywords language', () => {
    const labels = labelTopics([
      {
        topicIndex: 0,
        rawLabel: '0_malinaw_paliwanag_maintindihan',
        keywords: ['malinaw', 'paliwanag', 'maintindihan'],
      },
      { topicIndex: 1, rawLabel: '1_ulahi_late_maghulat', keywords: ['ulahi', 'late', 'maghulat', 'pirmi'] },
      { topicIndex: 2, rawLabel: '2_grading_unfair_patas', keywords: ['grading', 'unfair', 'patas', 'grado'] },
      { topicIndex: 3, rawLabel: '3_aircon_room_hot', keywords: ['aircon', 'room', 'hot'] },
      { topicIndex: 4, rawLabel: '4_library_books_wifi', keywords: ['canteen', 'food', 'expensive'] },
      { topicIndex: 5, rawLabel: '5_lab_laboratoryo_experiment', keywords: ['lab', 'laboratoryo', 'experiment'] },
      { topicIndex: 6, rawLabel: '6_maingay_saba_noisy', keywords: ['maingay', 'saba', 'noisy', 'pasaway'] },
    ]);
    expect(labels.map((entry) => entry.label)).toEqual([
      'Clear Explanations',
      'Class Punctuality',
      'Grading Fairness',
      'Classroom Facilities',
      'Canteen Food Expensive',
      'Laboratory Work',
      'Classroom Management',
    ]);
  });

  it('gives 2-4 word title-case labels, distinct across the run', () => {
    const topics = [
      { topicIndex: 0, rawLabel: '0_explain_clear_lessons', keywords: ['explain', 'clear', 'lessons'] },
      { topicIndex: 1, rawLabel: '1_klaro_masabtan_leksyon', keywords: ['klaro', 'masabtan', 'leksyon'] },
      { topicIndex: 2, rawLabel: '2_malinaw_paliwanag', keywords: ['malinaw', 'paliwanag'] },
      { topicIndex: 3, rawLabel: '3_salamat', keywords: ['salamat'] },
      { topicIndex: 4, rawLabel: '4_', keywords: [] },
      { topicIndex: 5, rawLabel: '5_', keywords: [] },
      { topicIndex: 6, rawLabel: '6_boring_class', keywords: [] },
    ];
    const labels = labelTopics(topics);
    expect(labels.map((entry) => entry.topicIndex)).toEqual(topics.map((topic) => topic.topicIndex));
    for (const { label } of labels) expect(isValidTopicLabel(label), label).toBe(true);
    expect(new Set(labels.map((entry) => entry.label.toLowerCase())).size).toBe(labels.length);
    expect(labels[1]?.label).toBe('Clear Explanations Klaro');
    expect(labels[6]?.label).toBe('Class Engagement');
  });

  it('names topics of thanks and of bare ratings', () => {
    const labels = labelTopics([
      { topicIndex: 0, rawLabel: '0_good_excellent_nice', keywords: ['good', 'excellent', 'nice'] },
      { topicIndex: 1, rawLabel: '1_salamat_thank_bless', keywords: ['salamat', 'thank', 'bless'] },
      { topicIndex: 2, rawLabel: '2_maayo_nindot', keywords: ['maayo', 'nindot'] },
    ]);
    expect(labels.map((entry) => entry.label)).toEqual([
      'Overall Impressions',
      'General Appreciation',
      'Overall Impressions Maayo',
    ]);
  });

  it('returns nothing for no topics', () => {
    expect(labelTopics([])).toEqual([]);
  });
});

describe('isValidTopicLabel', () => {
  it.each([
    ['Clear Explanations', true],
    ['Feedback on Student Work', true],
    ['Online Class LMS Access', true],
    ['Top 10 Concerns', true],
    ['Teaching', false],
    ['One Two Three Four Five', false],
    ['clear explanations', false],
    ['Clear explanations', false],
    ['Clear  Explanations', false],
    [' Clear Explanations', false],
    ['Clear Explanations!', false],
    ['of Clear Explanations', false],
    ['', false],
  ])('%j → %s', (label, valid) => {
    expect(isValidTopicLabel(label)).toBe(valid);
  });
});

describe('keyword labels', () => {
  it('prefer content words to verbs, adverbs and bare ratings', () => {
    const [topic] = labelTopics([
      {
        topicIndex: 0,
        rawLabel: '0_feel_great_database_oracle',
        keywords: ['feel', 'great', 'database', 'oracle', 'queries'],
      },
    ]);
    expect(topic?.label).toBe('Database Oracle Queries');
  });

  it('name a topic of bare ratings as such, and tell two of them apart by a content word', () => {
    const labels = labelTopics([
      { topicIndex: 0, rawLabel: '0_good_excellent', keywords: ['good', 'excellent', 'nice'] },
      { topicIndex: 1, rawLabel: '1_getting_excellent_best', keywords: ['getting', 'excellent', 'best', 'university'] },
    ]).map((topic) => topic.label);
    expect(labels).toEqual(['Overall Impressions', 'Overall Impressions University']);
    expect(labels.every(isValidTopicLabel)).toBe(true);
  });
});

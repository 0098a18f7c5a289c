import { describe, expect, it } from 'vitest';
import { ASPECTS, LABEL_THEMES } from '../../src/engine/embeddings/aspect-lexicon.js';
import { isLexiconLabel, isPersonWord, isValidTopicLabel, labelTopics } from '../../src/engine/labels/index.js';
import { scrubPersonalNames } from '../../src/engine/text/personal-names.js';
import { aspectOf } from '../../src/engine/recommendations/aspects.js';

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
      'Other: Canteen Food',
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
    expect(labels.slice(0, 3).map((entry) => entry.label)).toEqual([
      'Clear Explanations',
      'Lesson Clarity',
      'Understanding the Lessons',
    ]);
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
      'Overall Ratings',
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
    ['Other: Canteen', true],
    ['Other: Canteen Food', true],
    ['Other: Canteen Food Prices', false],
    ['Other:', false],
    ['Other: canteen', false],
    ['Other Canteen', true],
  ])('%j → %s', (label, valid) => {
    expect(isValidTopicLabel(label)).toBe(valid);
  });
});

describe('labels of topics no aspect names', () => {
  it('are "Other: …" with content words rather than verbs, adverbs and bare ratings', () => {
    const [topic] = labelTopics([
      {
        topicIndex: 0,
        rawLabel: '0_feel_great_database_oracle',
        keywords: ['feel', 'great', 'database', 'oracle', 'queries'],
      },
    ]);
    expect(topic?.label).toBe('Other: Database Oracle');
  });

  it('leave out pronouns, quantifiers and light verbs ("Other: Another Anyone" named nothing)', () => {
    const [topic] = labelTopics([
      {
        topicIndex: 0,
        rawLabel: '0_another_anyone_happened_trying_canteen_queue',
        keywords: ['another', 'anyone', 'happened', 'trying', 'anyways', 'canteen', 'queue'],
      },
    ]);
    expect(topic?.label).toBe('Other: Canteen Queue');
  });

  it('leave out sentiment words and words that only say "a person", in every language of the lexicon', () => {
    const labels = labelTopics([
      { topicIndex: 0, rawLabel: '0_frustrated_canteen', keywords: ['frustrated', 'canteen', 'felt', 'queue'] },
      { topicIndex: 1, rawLabel: '1_nakakainis_parking', keywords: ['nakakainis', 'parking', 'people'] },
      { topicIndex: 2, rawLabel: '2_samok_jeepney', keywords: ['samok', 'jeepney', 'person'] },
    ]).map((topic) => topic.label);
    expect(labels).toEqual(['Other: Canteen Queue', 'Other: Parking', 'Other: Jeepney']);
  });

  it('name a topic of bare ratings as such, and tell two of them apart by a content word', () => {
    const labels = labelTopics([
      { topicIndex: 0, rawLabel: '0_good_excellent', keywords: ['good', 'excellent', 'nice'] },
      { topicIndex: 1, rawLabel: '1_getting_excellent_best', keywords: ['getting', 'excellent', 'best', 'university'] },
    ]).map((topic) => topic.label);
    expect(labels).toEqual(['Overall Impressions', 'Overall Ratings']);
    expect(labels.every(isValidTopicLabel)).toBe(true);
  });
});

describe('labels never name a person', () => {
  it("leave out the scrubber's placeholder, honorifics and names, and fall back to the content words", () => {
    const labels = labelTopics([
      // "Sir [name] ..." tokenised: the placeholder is "name"; the honorifics came with it.
      { topicIndex: 0, rawLabel: '0_teacher_name', keywords: ['teacher', 'name', 'canteen', 'food'] },
      { topicIndex: 1, rawLabel: '1_sir_santos', keywords: ['sir', 'santos', 'maam', 'parking'] },
      { topicIndex: 2, rawLabel: "2_ma'am_[name]", keywords: ["ma'am", '[name]', 'gng', 'ginoo', 'uniform'] },
      { topicIndex: 3, rawLabel: '3_name_late', keywords: ['name', 'late', 'ulahi'] },
    ]).map((topic) => topic.label);
    expect(labels).toEqual(['Other: Canteen Food', 'Other: Parking', 'Other: Uniform', 'Class Punctuality']);
  });

  it('give a topic of nothing but names and honorifics a neutral "Other" label', () => {
    const labels = labelTopics([
      { topicIndex: 0, rawLabel: '0_teacher_name', keywords: ['teacher', 'name'] },
      { topicIndex: 1, rawLabel: '1_mrs_reyes', keywords: ['mrs', 'reyes', 'prof', 'miss', 'dr', 'mark'] },
      { topicIndex: 2, rawLabel: '2_name', keywords: [] },
    ]).map((topic) => topic.label);
    expect(labels).toEqual(['Other: Comments', 'Other: Remarks', 'Other: Notes']);
    for (const label of labels) {
      expect(isValidTopicLabel(label)).toBe(true);
      expect(label).not.toMatch(/\b(?:name|teacher|sir|reyes|mark|mrs|prof|miss|dr)\b/iu);
    }
  });

  it('tell person words from topic words', () => {
    for (const word of ['[name]', 'name', 'Sir', "ma'am", 'maam', 'teacher', 'Prof', 'miss', 'mr', 'mrs', 'dr.'])
      expect(isPersonWord(word), word).toBe(true);
    for (const word of ['gng', 'ginang', 'ginoo', 'santos', 'Reyes', 'mark'])
      expect(isPersonWord(word), word).toBe(true);
    for (const word of ['canteen', 'parking', 'grading', 'hope', 'grace', 'lessons', 'wifi'])
      expect(isPersonWord(word), word).toBe(false);
  });
});

describe('labels that read as phrases', () => {
  const phrases = new Set([...ASPECTS, ...LABEL_THEMES].flatMap((entry) => [entry.label, ...entry.alternateLabels]));
  const isPhraseOrOther = (label: string) => phrases.has(label) || /^Other: \p{L}+( \p{L}+)?$/u.test(label);

  it('never glue keywords together, whatever the keywords', () => {
    const labels = labelTopics([
      { topicIndex: 0, rawLabel: '0_aralin_aktibo_bukas', keywords: ['aralin', 'aktibo', 'bukas', 'diyos', 'follows'] },
      { topicIndex: 1, rawLabel: '1_program_grad_thomas', keywords: ['feel', 'program', 'grad', 'thomas'] },
      { topicIndex: 2, rawLabel: '2_time_hard_learn', keywords: ['time', 'hard', 'enough', 'learn', 'links'] },
      { topicIndex: 3, rawLabel: '3_courses_overcome', keywords: ['courses', 'overcome', 'useful'] },
      { topicIndex: 4, rawLabel: '4_mag-explain_ma’am', keywords: ["ma'am", 'mag-explain', '2nd', 'ok'] },
    ]).map((entry) => entry.label);
    for (const label of labels) {
      expect(isPhraseOrOther(label), label).toBe(true);
      expect(isValidTopicLabel(label), label).toBe(true);
    }
    expect(labels[0]).not.toBe('Aralin Aktibo Bukas');
    expect(labels[1]).toBe('Other: Program Grad');
  });

  it('give a later topic another aspect it names nearly as strongly before rephrasing its own', () => {
    const labels = labelTopics([
      { topicIndex: 0, rawLabel: '0_explain_clear', keywords: ['explain', 'clear', 'understand'] },
      { topicIndex: 1, rawLabel: '1_explain_fast', keywords: ['explain', 'fast', 'rushed'] },
      { topicIndex: 2, rawLabel: '2_klaro_masabtan', keywords: ['klaro', 'masabtan'] },
    ]).map((entry) => entry.label);
    expect(labels).toEqual(['Clear Explanations', 'Teaching Pace', 'Lesson Clarity']);
  });

  it("are read back as their own aspect, so a second topic on an aspect gets that aspect's actions", () => {
    for (const aspect of ASPECTS) {
      for (const label of [aspect.label, ...aspect.alternateLabels]) {
        expect(aspectOf(label), label).toBe(aspect.id);
        expect(isValidTopicLabel(label), label).toBe(true);
      }
    }
  });

  it('stay distinct when many topics share an aspect or have no keywords', () => {
    const labels = labelTopics(
      Array.from({ length: 12 }, (_, index) => ({
        topicIndex: index,
        rawLabel: `${index}_`,
        keywords: index % 2 === 0 ? ['explain', 'clear'] : [],
      })),
    ).map((entry) => entry.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(isPhraseOrOther(label), label).toBe(true);
  });
});

describe('labels of the aspect lexicon', () => {
  it('are known as such, so a report shows them as they are instead of scrubbing them', () => {
    // The scrubber reads an honorific followed by a capitalised word as a name.
    expect(scrubPersonalNames('Teacher Approachability')).not.toBe('Teacher Approachability');
    expect(isLexiconLabel('Teacher Approachability')).toBe(true);
    for (const aspect of ASPECTS) expect(isLexiconLabel(aspect.label), aspect.label).toBe(true);
    expect(isLexiconLabel('teacher approachability')).toBe(false);
    expect(isLexiconLabel('Other: Sir Santos')).toBe(false);
    expect(isLexiconLabel('Teacher Santos')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type {
  DimensionAverage,
  RecommendationInput,
  SentimentLabel,
  TopicInsight,
  TopicQuote,
} from '../../src/engine/contracts.js';
import { aspectOf, topicAspect } from '../../src/engine/recommendations/aspects.js';
import { confidenceLevelFor, dimensionAgreement } from '../../src/engine/recommendations/confidence.js';
import { wholePercentages } from '../../src/engine/recommendations/wording.js';
import {
  FACET_DOMINANCE_THRESHOLD,
  facetFor,
  generateRecommendations,
  pickQuotes,
  supportingEvidenceFor,
} from '../../src/engine/recommendations/index.js';

/** A quotable comment read as `sentiment`, with `strength` of that sentiment (the rest split evenly). */
function quote(text: string, sentiment: SentimentLabel, strength = 0.8, centrality = 0.9): TopicQuote {
  const rest = (1 - strength) / 2;
  const scores = { positive: rest, neutral: rest, negative: rest };
  scores[sentiment] = strength;
  return { text, sentiment, scores, centrality };
}

function topic(overrides: Partial<TopicInsight> & Pick<TopicInsight, 'topicId' | 'label'>): TopicInsight {
  return {
    keywords: [],
    commentCount: 20,
    sentiment: { positive: 10, neutral: 5, negative: 5 },
    quotes: [],
    questionnaireCodes: { FACULTY_FEEDBACK: 20 },
    ...overrides,
  };
}

function dimension(code: string, displayName: string, average: number, responseCount = 40): DimensionAverage {
  return { code, displayName, average, responseCount };
}

function input(overrides: Partial<RecommendationInput>): RecommendationInput {
  return {
    scopeDescription: 'Department of Computer Studies, 1st semester 2025-2026',
    dimensions: [],
    topics: [],
    sampleComments: [],
    questionnaireCodes: { FACULTY_FEEDBACK: 100 },
    ...overrides,
  };
}

const richInput = input({
  dimensions: [
    dimension('CLARITY', 'Clarity of Instruction', 62.5),
    dimension('MASTERY', 'Mastery of Subject Matter', 91.2),
    dimension('PUNCTUALITY', 'Punctuality', 80),
    dimension('GRADING', 'Fairness of Grading', 78),
  ],
  topics: [
    topic({
      topicId: 't1',
      label: 'Fast Paced Lectures',
      keywords: ['mabilis', 'fast', 'lecture'],
      commentCount: 48,
      sentiment: { positive: 6, neutral: 12, negative: 30 },
      quotes: [
        quote('Sobrang bilis po mag discuss, hindi ko na gets', 'negative', 0.7),
        quote('ok lang', 'neutral'),
        quote('too fast for us', 'negative', 0.9),
      ],
      questionnaireCodes: { FACULTY_IN_CLASSROOM: 40, FACULTY_FEEDBACK: 8 },
    }),
    topic({
      topicId: 't2',
      label: 'Kind And Approachable',
      keywords: ['mabait', 'approachable', 'kind'],
      commentCount: 35,
      sentiment: { positive: 31, neutral: 3, negative: 1 },
      quotes: [quote('Mabait po si sir at madaling lapitan', 'positive')],
      questionnaireCodes: { FACULTY_OUT_OF_CLASSROOM: 20, FACULTY_FEEDBACK: 15 },
    }),
    topic({
      topicId: 't3',
      label: 'Late Grade Release',
      keywords: ['grade', 'late', 'release'],
      commentCount: 12,
      sentiment: { positive: 1, neutral: 4, negative: 7 },
      quotes: [quote('grades were released very late', 'negative')],
    }),
    topic({
      topicId: 't4',
      label: 'Engaging Class Activities',
      keywords: ['activities', 'fun', 'masaya'],
      commentCount: 22,
      sentiment: { positive: 18, neutral: 3, negative: 1 },
    }),
  ],
  sampleComments: [
    { text: 'too fast for us', sentiment: 'negative' },
    { text: 'ok lang', sentiment: 'neutral' },
  ],
  questionnaireCodes: { FACULTY_IN_CLASSROOM: 50, FACULTY_FEEDBACK: 30, FACULTY_OUT_OF_CLASSROOM: 20 },
});

describe('generateRecommendations', () => {
  it('gives 3-7 grounded actions with both categories from rich evidence', () => {
    const recommendations = generateRecommendations(richInput);
    expect(recommendations.length).toBeGreaterThanOrEqual(3);
    expect(recommendations.length).toBeLessThanOrEqual(7);
    const categories = new Set(recommendations.map((recommendation) => recommendation.category));
    expect(categories).toEqual(new Set(['STRENGTH', 'IMPROVEMENT']));
    for (const recommendation of recommendations) {
      expect(recommendation.supportingEvidence.sources.length).toBeGreaterThan(0);
      const names = recommendation.supportingEvidence.sources.map((source) =>
        source.type === 'topic'
          ? source.label
          : richInput.dimensions.find((entry) => entry.code === source.dimensionCode)?.displayName,
      );
      expect(names.some((name) => name !== undefined && recommendation.headline.includes(name))).toBe(true);
      expect(recommendation.description).toMatch(/\d/);
      expect(recommendation.actionPlan.split('\n').length).toBeGreaterThanOrEqual(3);
      expect(['HIGH', 'MEDIUM', 'LOW']).toContain(recommendation.priority);
    }
  });

  it('turns a negative-heavy topic into a high-priority improvement with quotes and numbers', () => {
    const recommendations = generateRecommendations(richInput);
    const pace = recommendations.find((recommendation) => recommendation.headline.startsWith('Fast Paced Lectures'));
    expect(pace).toBeDefined();
    expect(pace?.category).toBe('IMPROVEMENT');
    expect(pace?.priority).toBe('HIGH');
    expect(pace?.description).toContain('48 comments');
    expect(pace?.description).toContain('63% negative');
    const source = pace?.supportingEvidence.sources.find((entry) => entry.type === 'topic');
    expect(source).toMatchObject({ type: 'topic', label: 'Fast Paced Lectures', commentCount: 48 });
    if (source?.type !== 'topic') throw new Error('expected a topic source');
    expect(source.sampleQuotes.length).toBeLessThanOrEqual(3);
    expect(source.sampleQuotes[0]).toBe('too fast for us');
    expect(pace?.supportingEvidence.confidenceLevel).toBe('HIGH');
    expect(pace?.facet).toBe('inClassroom');
    const grades = recommendations.find((recommendation) => recommendation.headline.startsWith('Late Grade Release'));
    expect(grades?.headline).toBe('Late Grade Release: give students timely, useful feedback');
  });

  it('merges a topic and a dimension about the same aspect into one action', () => {
    const recommendations = generateRecommendations(
      input({
        topics: [
          topic({
            topicId: 'g',
            label: 'Unfair Grading',
            keywords: ['grade', 'unfair'],
            commentCount: 25,
            sentiment: { positive: 0.1, neutral: 0.2, negative: 0.7 },
          }),
        ],
        dimensions: [dimension('GRADING', 'Fairness of Grading', 58)],
      }),
    );
    const grading = recommendations.filter((recommendation) =>
      recommendation.supportingEvidence.sources.some(
        (source) => source.type === 'dimension' && source.dimensionCode === 'GRADING',
      ),
    );
    expect(grading).toHaveLength(1);
    expect(grading[0]?.supportingEvidence.sources.map((source) => source.type)).toEqual(['topic', 'dimension']);
  });

  it('works with dimensions only', () => {
    const recommendations = generateRecommendations(input({ dimensions: richInput.dimensions }));
    expect(recommendations.length).toBeGreaterThanOrEqual(3);
    expect(recommendations.some((recommendation) => recommendation.category === 'STRENGTH')).toBe(true);
    expect(recommendations.some((recommendation) => recommendation.category === 'IMPROVEMENT')).toBe(true);
    for (const recommendation of recommendations) {
      expect(recommendation.supportingEvidence.sources.every((source) => source.type === 'dimension')).toBe(true);
      expect(recommendation.facet).toBe('facultyFeedback');
    }
  });

  it('works with topics only', () => {
    const recommendations = generateRecommendations(input({ topics: richInput.topics }));
    expect(recommendations.length).toBeGreaterThanOrEqual(3);
    expect(new Set(recommendations.map((recommendation) => recommendation.category)).size).toBe(2);
  });

  it('returns only what is grounded when the evidence is thin, and nothing for no evidence', () => {
    expect(generateRecommendations(input({}))).toEqual([]);
    const one = generateRecommendations(
      input({
        topics: [topic({ topicId: 'x', label: 'Parking Space', sentiment: { positive: 0, neutral: 1, negative: 9 } })],
      }),
    );
    expect(one).toHaveLength(1);
    expect(one[0]?.headline).toContain('Parking Space');
  });

  it('fills up to three with check-ins on sources that support no change yet', () => {
    const recommendations = generateRecommendations(
      input({
        topics: [
          topic({ topicId: 'a', label: 'Unclear Lectures', sentiment: { positive: 1, neutral: 2, negative: 7 } }),
          topic({
            topicId: 'b',
            label: 'Mixed Feelings On Projects',
            sentiment: { positive: 5, neutral: 10, negative: 3 },
          }),
        ],
        dimensions: [dimension('ORGANIZATION', 'Course Organization', 76)],
      }),
    );
    expect(recommendations).toHaveLength(3);
    const checkIns = recommendations.filter((recommendation) => recommendation.headline.startsWith('Run a mid-term'));
    expect(checkIns).toHaveLength(2);
    expect(checkIns.every((recommendation) => recommendation.priority === 'LOW')).toBe(true);
  });

  it('never exceeds seven actions and is deterministic', () => {
    const many = input({
      topics: Array.from({ length: 10 }, (_, index) =>
        topic({
          topicId: `t${index}`,
          label: `Theme Number ${index}`,
          commentCount: 40,
          sentiment:
            index % 2 === 0 ? { positive: 2, neutral: 3, negative: 35 } : { positive: 36, neutral: 3, negative: 1 },
        }),
      ),
      dimensions: richInput.dimensions,
    });
    const first = generateRecommendations(many);
    expect(first.length).toBe(7);
    expect(generateRecommendations(many)).toEqual(first);
  });
});

describe('aspectOf', () => {
  it('maps dimension names and codes to aspects of the shared lexicon', () => {
    expect(aspectOf('Clarity of instruction', ['CLARITY'])).toBe('clarity');
    expect(aspectOf('Fairness of assessment', ['FAIRNESS'])).toBe('grading');
    expect(aspectOf('Fairness of Grading', ['GRADING'])).toBe('grading');
    expect(aspectOf('Punctuality and attendance', ['PUNCTUALITY'])).toBe('punctuality');
    expect(aspectOf('Student engagement', ['ENGAGEMENT'])).toBe('engagement');
    expect(aspectOf('Subject mastery', ['MASTERY'])).toBe('mastery');
    expect(aspectOf('Professionalism', ['PROFESSIONALISM'])).toBe('approachability');
    expect(aspectOf('', ['COURSE_ORGANIZATION'])).toBe('organization');
  });

  it('reads Filipino and Cebuano labels and keywords through their affixes', () => {
    expect(aspectOf('Mabilis Magturo', ['binibilisan', 'paspas'])).toBe('pace');
    expect(aspectOf('Klaro Mo-explain', ['masabtan'])).toBe('clarity');
    expect(aspectOf('Nakakaantok Na Klase')).toBe('engagement');
    expect(aspectOf('Dili Madungog', ['tingog'])).toBe('voice');
  });

  it('gives a tie to the aspect named later in the label, and general when nothing matches', () => {
    expect(aspectOf('Late Grade Release', ['grade', 'late', 'release'])).toBe('feedback');
    expect(aspectOf('Late Announcements')).toBe('communication');
    expect(aspectOf('Announcements Come Late')).toBe('punctuality');
    expect(aspectOf('Parking Space', ['parking'])).toBe('general');
  });

  it('words actions for aspects beyond the rating dimensions', () => {
    const [voice] = generateRecommendations(
      input({
        topics: [
          topic({
            topicId: 'v',
            label: 'Inaudible Voice',
            keywords: ['boses', 'mahina', 'hear'],
            sentiment: { positive: 1, neutral: 2, negative: 9 },
          }),
        ],
      }),
    );
    expect(voice?.headline).toBe('Inaudible Voice: make sure every student can hear the lesson');
    expect(voice?.actionPlan).toContain('microphone');
  });
});

describe('facetFor', () => {
  it('applies the dominant code only at or above the threshold', () => {
    expect(FACET_DOMINANCE_THRESHOLD).toBe(0.6);
    expect(facetFor({ FACULTY_IN_CLASSROOM: 6, FACULTY_FEEDBACK: 4 })).toBe('inClassroom');
    expect(facetFor({ FACULTY_IN_CLASSROOM: 59, FACULTY_FEEDBACK: 41 })).toBe('overall');
    expect(facetFor({ FACULTY_OUT_OF_CLASSROOM: 10 })).toBe('outOfClassroom');
    expect(facetFor({ FACULTY_FEEDBACK: 3 })).toBe('facultyFeedback');
    expect(facetFor({ SOMETHING_ELSE: 10 })).toBe('overall');
    expect(facetFor({})).toBe('overall');
  });
});

describe('the shares a description states', () => {
  it('are whole percentages that sum to 100, and the target repeats the same figure', () => {
    expect(wholePercentages([1 / 15, 1 / 15, 13 / 15])).toEqual([7, 7, 86]);
    expect(wholePercentages([3 / 8, 2 / 8, 3 / 8])).toEqual([38, 25, 37]);
    expect(wholePercentages([0, 0, 1])).toEqual([0, 0, 100]);
    const praised = topic({
      topicId: 't1',
      label: 'Clear Explanations',
      commentCount: 15,
      sentiment: { positive: 13, neutral: 1, negative: 1 },
      quotes: [quote('explains every step clearly', 'positive')],
    });
    const [strength] = generateRecommendations(input({ topics: [praised] })).filter(
      (recommendation) => recommendation.category === 'STRENGTH',
    );
    expect(strength?.description).toContain('7% negative, 7% neutral and 86% positive');
    expect(strength?.actionPlan).toContain('raise positive comments on "Clear Explanations" to at least 90%');
  });
});

describe('a topic labelled "Other: …"', () => {
  it('claims no aspect that one of its words leans to: its actions start from what the comments say', () => {
    const other = topic({
      topicId: 't1',
      label: 'Other: Cover Exactly',
      keywords: ['cover', 'exactly', 'discussed', 'fair'],
      commentCount: 21,
      sentiment: { positive: 19, neutral: 2, negative: 0 },
      quotes: [quote('the exams are fair and cover exactly what was discussed', 'positive')],
    });
    expect(topicAspect(other)).toBe('general');
    expect(topicAspect({ ...other, label: 'Teaching Pace' })).toBe('pace');
    const [strength] = generateRecommendations(input({ topics: [other] })).filter(
      (recommendation) => recommendation.category === 'STRENGTH',
    );
    expect(strength?.headline).toBe('Build on what students value in Other: Cover Exactly');
    expect(strength?.description).not.toMatch(/pace/i);
  });
});

describe('confidenceLevelFor', () => {
  it('needs both volume and agreement', () => {
    expect(confidenceLevelFor(20, 0.6)).toBe('HIGH');
    expect(confidenceLevelFor(19, 0.9)).toBe('MEDIUM');
    expect(confidenceLevelFor(100, 0.5)).toBe('MEDIUM');
    expect(confidenceLevelFor(7, 0.9)).toBe('LOW');
    expect(confidenceLevelFor(100, 0.3)).toBe('LOW');
  });

  it('reads dimension averages across the 70-85 band', () => {
    expect(dimensionAgreement('IMPROVEMENT', 62.5)).toBe(1);
    expect(dimensionAgreement('IMPROVEMENT', 77.5)).toBeCloseTo(0.5);
    expect(dimensionAgreement('STRENGTH', 91)).toBe(1);
    expect(dimensionAgreement('STRENGTH', 70)).toBe(0);
    const clarity = generateRecommendations(input({ dimensions: richInput.dimensions })).find((recommendation) =>
      recommendation.headline.startsWith('Clarity of Instruction'),
    );
    expect(clarity?.supportingEvidence.confidenceLevel).toBe('HIGH');
  });
});

describe('evidence that agrees with the claim', () => {
  const engagement = topic({
    topicId: 'e',
    label: 'Class Engagement',
    keywords: ['boring', 'antok', 'activities'],
    commentCount: 14,
    sentiment: { positive: 6, neutral: 1, negative: 7 },
    quotes: [
      quote(
        'She is very kind to all students! I really enjoyed the class because she encourages everyone.',
        'positive',
        0.99,
      ),
      quote('The grading was unfair and nobody explained the rubric to us.', 'negative', 0.95),
      quote('Nakakaantok po yung class kasi puro reading lang ng slides.', 'negative', 0.7),
      quote('boring ang klase, walang activities', 'negative', 0.6, 0.5),
      quote('Sana po more activities para hindi kami antukin.', 'neutral', 0.6),
      quote('The class is okay, I liked some of the games.', 'neutral', 0.5),
    ],
  });

  function topicQuotesOf(recommendation: { supportingEvidence: { sources: unknown[] } } | undefined): string[] {
    const source = recommendation?.supportingEvidence.sources.find(
      (entry): entry is { type: 'topic'; sampleQuotes: string[] } => (entry as { type: string }).type === 'topic',
    );
    return source?.sampleQuotes ?? [];
  }

  it('never quotes a positive comment for an IMPROVEMENT, and puts comments about the topic first', () => {
    const [action] = generateRecommendations(input({ topics: [engagement] }));
    expect(action?.category).toBe('IMPROVEMENT');
    expect(topicQuotesOf(action)).toEqual([
      'Nakakaantok po yung class kasi puro reading lang ng slides.',
      'boring ang klase, walang activities',
      'The grading was unfair and nobody explained the rubric to us.',
    ]);
    expect(action?.description).toContain('One student wrote: "Nakakaantok po yung class');
    expect(action?.description).not.toContain('enjoyed');
  });

  it('never quotes a negative comment for a STRENGTH, and takes neutral ones only when they lean its way', () => {
    const evidence = supportingEvidenceFor(
      'STRENGTH',
      [
        topic({
          topicId: 'm',
          label: 'Subject Mastery',
          keywords: ['expert', 'knowledgeable'],
          quotes: [
            quote('Not knowledgeable at all, cannot answer our questions.', 'negative', 0.97),
            {
              text: 'He knows the subject, but the class is so-so.',
              sentiment: 'neutral',
              scores: { positive: 0.35, neutral: 0.5, negative: 0.15 },
              centrality: 1,
            },
            {
              text: 'Expert daw pero hindi namin ramdam.',
              sentiment: 'neutral',
              scores: { positive: 0.1, neutral: 0.5, negative: 0.4 },
              centrality: 1,
            },
          ],
        }),
      ],
      [],
    );
    const [source] = evidence.sources;
    expect(source?.type === 'topic' && source.sampleQuotes).toEqual(['He knows the subject, but the class is so-so.']);
  });

  it('quotes nothing rather than a comment against the claim', () => {
    const evidence = supportingEvidenceFor(
      'IMPROVEMENT',
      [topic({ topicId: 'x', label: 'Teaching Pace', quotes: [quote('Just the right pace, thank you!', 'positive')] })],
      [],
    );
    expect(evidence.sources[0]).toMatchObject({ type: 'topic', sampleQuotes: [] });
    const [action] = generateRecommendations(
      input({
        topics: [
          topic({
            topicId: 'x',
            label: 'Teaching Pace',
            sentiment: { positive: 2, neutral: 0, negative: 8 },
            quotes: [quote('Just the right pace, thank you!', 'positive')],
          }),
        ],
      }),
    );
    expect(action?.category).toBe('IMPROVEMENT');
    expect(action?.description).not.toContain('One student wrote');
  });

  it.each([
    [{ positive: 1, neutral: 0, negative: 0 }, 'keep positive comments on "Subject Mastery" at or above 90%.'],
    [{ positive: 19, neutral: 1, negative: 0 }, 'keep positive comments on "Subject Mastery" at or above 90%.'],
    [{ positive: 7, neutral: 2, negative: 1 }, 'raise positive comments on "Subject Mastery" to at least 80%.'],
    [{ positive: 17, neutral: 3, negative: 0 }, 'raise positive comments on "Subject Mastery" to at least 90%.'],
  ])('sets a STRENGTH target that reads as a target (%j)', (sentiment, target) => {
    const [action] = generateRecommendations(
      input({ topics: [topic({ topicId: 'm', label: 'Subject Mastery', sentiment })] }),
    );
    expect(action?.category).toBe('STRENGTH');
    expect(action?.actionPlan.split('\n').at(-1)).toMatch(/^\d+\. Target for the next evaluation: /u);
    expect(action?.actionPlan).toContain(target);
    expect(action?.actionPlan).not.toContain('100%');
  });

  it('never sets a target of 100%, even when every comment is negative', () => {
    const [action] = generateRecommendations(
      input({
        topics: [topic({ topicId: 'p', label: 'Teaching Pace', sentiment: { positive: 0, neutral: 0, negative: 9 } })],
      }),
    );
    expect(action?.actionPlan).toContain('bring negative comments on "Teaching Pace" down to 50% or less.');
    expect(action?.actionPlan).not.toContain('100%');
  });

  it('sets IMPROVEMENT and dimension targets below the ceiling', () => {
    const [improvement] = generateRecommendations(
      input({
        topics: [topic({ topicId: 'p', label: 'Teaching Pace', sentiment: { positive: 1, neutral: 3, negative: 6 } })],
      }),
    );
    expect(improvement?.actionPlan).toContain('bring negative comments on "Teaching Pace" down to 30% or less.');
    const actions = generateRecommendations(
      input({ dimensions: [dimension('MASTERY', 'Subject mastery', 100), dimension('CLARITY', 'Clarity', 84.6)] }),
    );
    const strength = actions.find((action) => action.category === 'STRENGTH');
    expect(strength?.actionPlan).toContain('keep the "Subject mastery" average at or above 90.');
    const lowest = actions.find((action) => action.headline.includes('Clarity'));
    expect(lowest?.actionPlan).toContain('raise the "Clarity" average from 84.6 to at least 90.');
  });
});

describe('a topic of one comment', () => {
  it('is described in words ("the one comment … is negative"), and no step points to quotes it cannot have', () => {
    const single = topic({
      topicId: 't1',
      label: 'Other: Topic',
      commentCount: 1,
      sentiment: { positive: 0, neutral: 0, negative: 1 },
      // Its one comment was flagged (conventions §11): never a quote.
      quotes: [],
    });
    const recommendations = generateRecommendations(input({ topics: [single] }));
    const improvement = recommendations.find((recommendation) => recommendation.category === 'IMPROVEMENT');
    expect(improvement?.description).toContain('The one comment on "Other: Topic" is negative.');
    expect(improvement?.description).not.toMatch(/1 comment .* are /u);
    for (const recommendation of recommendations) expect(recommendation.actionPlan).not.toMatch(/quoted/iu);
  });
});

describe('a quote whose words about the aspect are granted before its turn', () => {
  it('is not evidence of an IMPROVEMENT of that aspect, nor one whose complaint about it follows the turn of a STRENGTH', () => {
    const granted = 'Responsable po si sir, laging nasa oras at hindi umaabsent, kaya lang hindi malinaw magpaliwanag.';
    const complaint = 'Lagi pong late si sir, minsan isang oras kaming naghihintay.';
    const punctuality = topic({
      topicId: 't1',
      label: 'Class Punctuality',
      keywords: ['late', 'oras', 'absent'],
      commentCount: 12,
      sentiment: { positive: 2, neutral: 1, negative: 9 },
      // The granted one is the stronger and more central: without the rule it would be quoted first.
      quotes: [quote(granted, 'negative', 0.95, 1), quote(complaint, 'negative', 0.8, 0.8)],
    });
    expect(pickQuotes(punctuality, 'IMPROVEMENT')).toEqual([complaint]);

    const praised = 'Laging nasa oras si sir, pero minsan late din siya tuwing Lunes.';
    const onTime = 'Always on time, never misses a class.';
    const strength = topic({
      topicId: 't2',
      label: 'Class Punctuality',
      keywords: ['time', 'oras'],
      commentCount: 12,
      sentiment: { positive: 10, neutral: 1, negative: 1 },
      quotes: [quote('Ang galing magturo ni sir, pero laging late.', 'positive', 0.9, 1), quote(onTime, 'positive')],
    });
    expect(pickQuotes(strength, 'STRENGTH')).toEqual([onTime]);
    // A comment naming the aspect on both sides of its turn, or on the claim's side, stays quotable.
    const both = topic({
      topicId: 't3',
      label: 'Class Punctuality',
      keywords: ['late'],
      commentCount: 12,
      sentiment: { positive: 1, neutral: 1, negative: 10 },
      quotes: [quote(praised, 'negative')],
    });
    expect(pickQuotes(both, 'IMPROVEMENT')).toEqual([praised]);
  });
});

describe('a claim about an aspect that none of its comments talks about', () => {
  it('is not made: an exam topic whose complaints are all about rushed lessons grounds no exam IMPROVEMENT', () => {
    const exams = topic({
      topicId: 't1',
      label: 'Exam Difficulty',
      keywords: ['exams', 'fair', 'cover', 'discussed'],
      commentCount: 6,
      sentiment: { positive: 3, neutral: 0, negative: 3 },
      quotes: [
        quote('Patas si maam mohatag og grado, kaso gidali-dali ang mga leksyon.', 'negative', 0.9, 1),
        quote('Patas po magbigay ng grado si maam, kaso minamadali po ang mga aralin.', 'negative', 0.85, 0.9),
        quote('The exams are fair and cover exactly what was discussed in class.', 'positive', 0.9, 0.8),
      ],
    });
    const headlines = generateRecommendations(input({ topics: [exams] })).map(
      (recommendation) => `${recommendation.category} ${recommendation.headline}`,
    );
    // A check-in on the topic may fill the three actions; the exam claim itself is not made.
    expect(
      headlines.some((headline) => /align exams/iu.test(headline)),
      headlines.join(' | '),
    ).toBe(false);

    // The same topic with one complaint that is about exams grounds it.
    const grounded = topic({
      ...exams,
      quotes: [...exams.quotes, quote('The exams cover chapters we never discussed.', 'negative', 0.7, 0.5)],
    });
    const improvement = generateRecommendations(input({ topics: [grounded] })).find(
      (recommendation) => recommendation.category === 'IMPROVEMENT' && /align exams/iu.test(recommendation.headline),
    );
    expect(improvement?.description).toContain('The exams cover chapters we never discussed.');
  });
});

/** Low ratings on five dimensions, 40 answers each: five dimension-only IMPROVEMENTs of HIGH priority. */
const lowRatings = [
  dimension('CLARITY', 'Clarity of Instruction', 64),
  dimension('PACE', 'Pacing of Lessons', 63),
  dimension('ORGANIZATION', 'Course Organization', 66),
  dimension('FEEDBACK', 'Feedback on Work', 65),
  dimension('COMMUNICATION', 'Class Communication', 67),
  dimension('MASTERY', 'Mastery of Subject Matter', 90),
];

const praisedTopics = [
  topic({
    topicId: 'mastery',
    label: 'Subject Mastery',
    keywords: ['alam', 'expert', 'knowledge'],
    commentCount: 30,
    sentiment: { positive: 26, neutral: 3, negative: 1 },
    quotes: [quote('Kabisado ni sir ang lesson, parang expert talaga siya sa field niya.', 'positive')],
  }),
  topic({
    topicId: 'materials',
    label: 'Learning Materials',
    keywords: ['slides', 'module', 'handouts'],
    commentCount: 26,
    sentiment: { positive: 22, neutral: 3, negative: 1 },
    quotes: [quote('Ang ganda ng slides at modules, madaling balikan pag exam na.', 'positive')],
  }),
];

/** Twelve of the run's comments about being shouted at and shamed in class: half negative, MEDIUM priority. */
const shouting = topic({
  topicId: 'shouting',
  label: 'Teacher Strictness',
  keywords: ['sigaw', 'shout', 'hiya'],
  commentCount: 12,
  sentiment: { positive: 2, neutral: 4, negative: 6 },
  quotes: [
    quote('Sinisigawan po kami ni sir pag mali ang sagot, nakakahiya sa buong klase.', 'negative', 0.9),
    quote('He shouts at us in front of everyone, takot na tuloy kami mag recite.', 'negative', 0.85),
    quote('Strict si sir pero okay lang, para sa amin din naman.', 'positive', 0.7),
  ],
});

describe('a complaint the comments raise about the teacher', () => {
  it('keeps an action slot when low ratings alone would fill every IMPROVEMENT slot', () => {
    const recommendations = generateRecommendations(
      input({ topics: [shouting, ...praisedTopics], dimensions: lowRatings }),
    );
    expect(recommendations.length).toBeLessThanOrEqual(7);
    const conduct = recommendations.find((recommendation) =>
      recommendation.supportingEvidence.sources.some(
        (source) => source.type === 'topic' && source.topicId === 'shouting',
      ),
    );
    expect(
      conduct,
      recommendations.map((recommendation) => `${recommendation.priority} ${recommendation.headline}`).join(' | '),
    ).toBeDefined();
    expect(conduct?.category).toBe('IMPROVEMENT');
    expect(conduct?.priority).toBe('MEDIUM');
    // Its slot is kept, not its rank: the list still reads from HIGH to LOW.
    const order = { HIGH: 0, MEDIUM: 1, LOW: 2 };
    const ranks = recommendations.map((recommendation) => order[recommendation.priority]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('ranks before a rating-only action of the same priority, even a lower-rated one', () => {
    // 45% negative in 20 of 60 comments: severity 2 × volume 3, HIGH; ratings below 55: severity 3 × volume 3, HIGH.
    const loud = topic({ ...shouting, commentCount: 20, sentiment: { positive: 4, neutral: 7, negative: 9 } });
    const recommendations = generateRecommendations(
      input({
        topics: [loud, ...praisedTopics.map((entry) => ({ ...entry, commentCount: 20 }))],
        dimensions: [dimension('CLARITY', 'Clarity of Instruction', 50), dimension('PACE', 'Pacing of Lessons', 52)],
      }),
    );
    const improvements = recommendations.filter((recommendation) => recommendation.category === 'IMPROVEMENT');
    expect(improvements.map((recommendation) => recommendation.priority)).toEqual(['HIGH', 'HIGH', 'HIGH']);
    expect(improvements[0]?.headline).toMatch(/^Teacher Strictness/u);
  });

  it('does not outrank a rating of a higher priority, nor take a slot when too few comments raise it', () => {
    const few = topic({ ...shouting, commentCount: 3, sentiment: { positive: 0, neutral: 1, negative: 2 } });
    const many = Array.from({ length: 8 }, (_, index) =>
      topic({
        ...praisedTopics[index % 2]!,
        topicId: `praise${index}`,
        commentCount: 8,
      }),
    );
    const recommendations = generateRecommendations(input({ topics: [few, ...many], dimensions: lowRatings }));
    expect(
      recommendations.some((recommendation) =>
        recommendation.supportingEvidence.sources.some(
          (source) => source.type === 'topic' && source.topicId === 'shouting',
        ),
      ),
    ).toBe(false);
  });
});

describe('a rating-only action the comments contradict', () => {
  const praised = [
    'Sobrang saya ng klase ni maam, lagi kaming may activities kaya hindi nakakaantok.',
    'Interesting yung mga discussion, nakikilahok talaga lahat kahit yung mga tahimik.',
    'Hindi boring, ang dami naming games at group activities every meeting.',
  ];
  const engaging = topic({
    topicId: 'engagement',
    label: 'Class Engagement',
    keywords: ['activities', 'masaya', 'interesting'],
    commentCount: 14,
    sentiment: { positive: 11, neutral: 2, negative: 1 },
    quotes: [
      ...praised.map((text) => quote(text, 'positive', 0.9)),
      quote('Minsan nakakaantok pag puro lecture lang.', 'negative', 0.6, 0.4),
    ],
  });
  const ratings = [
    dimension('ENGAGEMENT', 'Class Engagement', 62),
    dimension('CLARITY', 'Clarity of Instruction', 66),
    dimension('MASTERY', 'Mastery of Subject Matter', 88),
  ];

  function improvementsOn(recommendations: ReturnType<typeof generateRecommendations>) {
    return recommendations.filter(
      (recommendation) =>
        recommendation.category === 'IMPROVEMENT' &&
        recommendation.supportingEvidence.sources.some(
          (source) => source.type === 'dimension' && source.dimensionCode === 'ENGAGEMENT',
        ),
    );
  }

  it('is not made when enough comments about its aspect read positive, and quotes none of them', () => {
    const recommendations = generateRecommendations(
      input({ topics: [engaging, ...praisedTopics], dimensions: ratings }),
    );
    const summary = recommendations.map((recommendation) => `${recommendation.category} ${recommendation.headline}`);
    expect(improvementsOn(recommendations), summary.join(' | ')).toEqual([]);
    expect(
      summary.some((line) => /^IMPROVEMENT .*more engaging/iu.test(line)),
      summary.join(' | '),
    ).toBe(false);
    for (const recommendation of recommendations.filter((entry) => entry.category === 'IMPROVEMENT')) {
      const quoted = recommendation.supportingEvidence.sources.flatMap((source) =>
        source.type === 'topic' ? source.sampleQuotes : [],
      );
      for (const text of praised) {
        expect(quoted).not.toContain(text);
        expect(recommendation.description).not.toContain(text);
      }
    }
  });

  it('stands when too few comments talk about the aspect, or they do not read mostly positive', () => {
    const few = topic({ ...engaging, commentCount: 4, sentiment: { positive: 3, neutral: 1, negative: 0 } });
    const withFew = generateRecommendations(input({ topics: [few, ...praisedTopics], dimensions: ratings }));
    expect(improvementsOn(withFew)).toHaveLength(1);
    const mixed = topic({ ...engaging, sentiment: { positive: 7, neutral: 4, negative: 3 } });
    const withMixed = generateRecommendations(input({ topics: [mixed, ...praisedTopics], dimensions: ratings }));
    expect(improvementsOn(withMixed)).toHaveLength(1);
    for (const recommendation of improvementsOn(withMixed)) {
      expect(recommendation.description).not.toMatch(/One student wrote/u);
    }
  });
});

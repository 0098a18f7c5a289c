import { describe, expect, it } from 'vitest';
import { MAX_SECTION_DEPTH, validateQuestionnaireSchema } from './schema-validator.js';

const codes = new Set(['CLARITY', 'FAIRNESS']);
const question = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  text: `Question ${id}`,
  type: 'LIKERT_5',
  dimensionCode: 'CLARITY',
  ...extra,
});
const leaf = (id: string, weight: number | undefined, questions: unknown[]) => ({
  id,
  title: id,
  ...(weight === undefined ? {} : { weight }),
  questions,
});

function problems(schema: unknown) {
  const result = validateQuestionnaireSchema(schema, codes);
  return result.ok ? [] : result.details;
}
const paths = (schema: unknown) => problems(schema).map((detail) => detail.path);

describe('schema validator', () => {
  it('accepts a valid schema and fills defaults', () => {
    const result = validateQuestionnaireSchema(
      { sections: [leaf('a', 60, [question('q1')]), leaf('b', 40, [question('q2', { required: false })])] },
      codes,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.schema.qualitativeFeedback).toEqual({ enabled: true, required: false, maxLength: 2000 });
    expect(result.schema.sections[0]?.questions?.[0]?.required).toBe(true);
    expect(result.schema.sections[1]?.questions?.[0]?.required).toBe(false);
  });

  it('rule 1: a section holds sub-sections or questions, never both', () => {
    const both = { id: 'a', title: 'A', sections: [leaf('b', 100, [question('q1')])], questions: [question('q2')] };
    expect(problems({ sections: [both] })).toContainEqual({
      path: 'schema.sections.0',
      message: 'a section contains sub-sections or questions, never both',
    });
  });

  it('rule 1: a section with neither sub-sections nor questions is invalid', () => {
    expect(paths({ sections: [leaf('a', 100, [question('q1')]), { id: 'b', title: 'B', questions: [] }] })).toEqual([
      'schema.sections.1',
    ]);
  });

  it('rule 2: a weight only on leaf sections, and every leaf has one', () => {
    const schema = {
      sections: [
        {
          id: 'parent',
          title: 'P',
          weight: 50,
          sections: [leaf('a', 50, [question('q1')]), leaf('b', undefined, [question('q2')])],
        },
        leaf('c', 50, [question('q3')]),
      ],
    };
    expect(problems(schema)).toEqual([
      {
        path: 'schema.sections.0.weight',
        message: 'a weight may be set only on leaf sections (sections that contain questions)',
      },
      { path: 'schema.sections.0.sections.1.weight', message: 'a leaf section (one with questions) needs a weight' },
    ]);
  });

  it('rule 3: leaf weights sum to exactly 100 (two decimals compared exactly)', () => {
    expect(problems({ sections: [leaf('a', 60, [question('q1')]), leaf('b', 30, [question('q2')])] })).toEqual([
      { path: 'schema.sections', message: 'the weights of the leaf sections sum to 90; they must sum to exactly 100' },
    ]);
    const thirds = {
      sections: [
        leaf('a', 33.33, [question('q1')]),
        leaf('b', 33.33, [question('q2')]),
        leaf('c', 33.34, [question('q3')]),
      ],
    };
    expect(problems(thirds)).toEqual([]);
    expect(paths({ sections: [leaf('a', 99.999, [question('q1')]), leaf('b', 0.001, [question('q2')])] })).toEqual([
      'schema.sections.0.weight',
      'schema.sections.1.weight',
    ]);
    expect(paths({ sections: [leaf('a', 0, [question('q1')]), leaf('b', 100, [question('q2')])] })).toEqual([
      'schema.sections.0.weight',
    ]);
  });

  it('rule 3: a weight too small for a hundredth (1e-320, 1e-9) has more than two decimals (outside audit Z)', () => {
    for (const tiny of [1e-320, 1e-9, 0.004])
      expect(problems({ sections: [leaf('a', 100, [question('q1')]), leaf('b', tiny, [question('q2')])] })).toEqual([
        { path: 'schema.sections.1.weight', message: 'a weight has at most two decimals' },
      ]);
    expect(problems({ sections: [leaf('a', 99.99, [question('q1')]), leaf('b', 0.01, [question('q2')])] })).toEqual([]);
  });

  it('question ids are unique in the version, ignoring case, and not an ingestion column', () => {
    const schema = {
      sections: [leaf('a', 50, [question('q1'), question('comment')]), leaf('b', 50, [question('Q1')])],
    };
    expect(problems(schema)).toEqual([
      { path: 'schema.sections.0.questions.1.id', message: '"comment" is reserved for an ingestion column' },
      {
        path: 'schema.sections.1.questions.0.id',
        message: 'question id "Q1" is already used at schema.sections.0.questions.0.id',
      },
    ]);
  });

  it('section ids are unique in the version', () => {
    const schema = {
      sections: [{ id: 'a', title: 'A', sections: [leaf('a', 100, [question('q1')])] }],
    };
    expect(paths(schema)).toEqual(['schema.sections.0.sections.0.id']);
  });

  it('a section and a question never share an id, ignoring case (one namespace, conventions §5)', () => {
    const schema = {
      sections: [leaf('Q1', 50, [question('q1')]), leaf('b', 50, [question('q2')]), leaf('q2', 0, [question('q3')])],
    };
    expect(problems(schema)).toEqual(
      expect.arrayContaining([
        {
          path: 'schema.sections.0.questions.0.id',
          message: 'question id "q1" is already used by the section at schema.sections.0.id',
        },
        {
          path: 'schema.sections.2.id',
          message: 'section id "q2" is already used by the question at schema.sections.1.questions.0.id',
        },
      ]),
    );
  });

  it('dimension codes must be in the registry; question types must be known', () => {
    const schema = {
      sections: [leaf('a', 100, [question('q1', { dimensionCode: 'NOPE' }), question('q2', { type: 'STARS' })])],
    };
    expect(problems(schema)).toEqual([
      { path: 'schema.sections.0.questions.0.dimensionCode', message: 'unknown dimension code "NOPE"' },
      expect.objectContaining({ path: 'schema.sections.0.questions.1.type' }),
    ]);
  });

  it('qualitativeFeedback: shape, and required only when enabled', () => {
    const base = { sections: [leaf('a', 100, [question('q1')])] };
    expect(paths({ ...base, qualitativeFeedback: { enabled: false, required: true } })).toEqual([
      'schema.qualitativeFeedback.required',
    ]);
    expect(paths({ ...base, qualitativeFeedback: { enabled: 'yes', maxLength: 0, extra: 1 } }).sort()).toEqual([
      'schema.qualitativeFeedback',
      'schema.qualitativeFeedback.enabled',
      'schema.qualitativeFeedback.maxLength',
    ]);
  });

  it('reports shape problems and rule problems together, deep in the tree', () => {
    const schema = {
      extra: true,
      sections: [
        {
          id: 'root',
          title: '',
          sections: [
            {
              id: 'x',
              title: 'X',
              weight: 70,
              questions: [{ id: 'bad id', text: 'Q', type: 'YES_NO', dimensionCode: 'CLARITY' }],
            },
            { id: 'y', title: 'Y', weight: 20, questions: [question('q2')] },
          ],
        },
      ],
    };
    expect(paths(schema)).toEqual([
      'schema',
      'schema.sections.0.title',
      'schema.sections.0.sections.0.questions.0.id',
      'schema.sections',
    ]);
  });

  it("reports a question's duplicate id and unknown dimension beside a shape problem of the same question", () => {
    const schema = {
      sections: [
        leaf('a', 100, [
          question('q1'),
          question('q1', { type: 'LIKERT_9' }),
          question('q3', { dimensionCode: 'NOPE', colour: 'red' }),
        ]),
      ],
    };
    expect(problems(schema)).toEqual([
      expect.objectContaining({ path: 'schema.sections.0.questions.1.type' }),
      {
        path: 'schema.sections.0.questions.1.id',
        message: 'question id "q1" is already used at schema.sections.0.questions.0.id',
      },
      expect.objectContaining({ path: 'schema.sections.0.questions.2', message: 'unknown field(s): colour' }),
      { path: 'schema.sections.0.questions.2.dimensionCode', message: 'unknown dimension code "NOPE"' },
    ]);
  });

  it('not an object, no sections, too deep', () => {
    expect(paths(null)).toEqual(['schema']);
    expect(paths({ sections: [] })).toEqual(['schema.sections']);
    let deep: Record<string, unknown> = leaf('leaf', 100, [question('q1')]);
    for (let level = 0; level < MAX_SECTION_DEPTH; level += 1) deep = { id: `s${level}`, title: 'S', sections: [deep] };
    expect(paths({ sections: [deep] }).at(-1)).toMatch(/\.sections$/);
  });
});

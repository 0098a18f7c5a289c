/** The questionnaire schema (a version's schemaSnapshot) as stored after validation, with defaults applied. */

export const QUESTION_TYPES = ['LIKERT_5', 'YES_NO'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The values each question type accepts (integers, both ends included). */
export const QUESTION_VALUE_RANGE: Record<QuestionType, { min: number; max: number }> = {
  LIKERT_5: { min: 1, max: 5 },
  YES_NO: { min: 0, max: 1 },
};

export interface Question {
  id: string;
  text: string;
  type: QuestionType;
  dimensionCode: string;
  required: boolean;
}

export interface Section {
  id: string;
  title: string;
  description?: string;
  /** Only on leaf sections (those holding questions); the leaf weights of a version sum to 100. */
  weight?: number;
  sections?: Section[];
  questions?: Question[];
}

export interface QualitativeFeedback {
  enabled: boolean;
  required: boolean;
  maxLength: number;
}

export interface QuestionnaireSchema {
  sections: Section[];
  qualitativeFeedback: QualitativeFeedback;
}

/** Used when a schema does not say: a comment is welcome, optional, and at most 2,000 characters. */
export const DEFAULT_QUALITATIVE_FEEDBACK: QualitativeFeedback = { enabled: true, required: false, maxLength: 2000 };

/** A section that holds questions: it carries the weight. */
export type LeafSection = Section & { weight: number; questions: Question[] };

/** Every leaf section of a schema in document order. */
export function leafSections(schema: QuestionnaireSchema): LeafSection[] {
  const leaves: LeafSection[] = [];
  const walk = (sections: Section[]) => {
    for (const section of sections) {
      if (section.questions && section.questions.length > 0) {
        leaves.push(section as LeafSection);
      } else if (section.sections) walk(section.sections);
    }
  };
  walk(schema.sections);
  return leaves;
}

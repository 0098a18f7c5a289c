import type { BodyOf, ResponseOf } from '../../api/types';

export type Version = ResponseOf<'/api/v1/questionnaires/versions/{versionId}', 'get'>;
export type SchemaBody = BodyOf<'/api/v1/questionnaires/{id}/versions', 'post'>['schema'];
type GeneratedQuestion = NonNullable<SchemaBody['sections'][number]['questions']>[number];

export type SchemaQuestion = GeneratedQuestion;

/**
 * A section of a questionnaire schema. The OpenAPI document types nested sections only as objects (the zod
 * schema is recursive), so the tree is read through this shape.
 */
export interface SchemaSection {
  id: string;
  title: string;
  description?: string;
  weight?: number;
  sections?: SchemaSection[];
  questions?: SchemaQuestion[];
}

export interface QuestionnaireSchema {
  sections: SchemaSection[];
  qualitativeFeedback?: SchemaBody['qualitativeFeedback'];
}

export function schemaOf(version: Pick<Version, 'schemaSnapshot'>): QuestionnaireSchema {
  return version.schemaSnapshot as QuestionnaireSchema;
}

/** Every question of a schema, in the order of the form. */
export function questionsOf(sections: SchemaSection[]): SchemaQuestion[] {
  return sections.flatMap((section) => [...(section.questions ?? []), ...questionsOf(section.sections ?? [])]);
}

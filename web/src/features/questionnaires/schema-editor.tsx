import type { ApiError } from '../../api/api-error';
import { FieldProblems } from '../../ui/error-message';
import { fieldId, plainMessage } from './schema-problems';
import type { QuestionnaireSchema, SchemaQuestion, SchemaSection } from './schema-types';

export type Edit = (mutate: (schema: QuestionnaireSchema) => void) => void;

interface EditorContext {
  schema: QuestionnaireSchema;
  edit: Edit;
  problems: ApiError | null;
  dimensions: Array<{ code: string; displayName: string }>;
  readOnly: boolean;
}

/** The API's problems at a path such as `schema.sections.0.sections.1.weight`, in plain words. */
const messagesAt = (context: EditorContext, path: string) =>
  (context.problems?.at(path) ?? []).map((problem) => plainMessage(context.schema, problem.message));

/** The section at an index path (e.g. [0, 1] = second sub-section of the first section). */
function sectionAt(schema: QuestionnaireSchema, indexes: number[]): SchemaSection {
  let sections = schema.sections;
  let section: SchemaSection | undefined;
  for (const index of indexes) {
    section = sections[index];
    if (!section) throw new Error(`no section at ${indexes.join('.')}`);
    sections = section.sections ?? [];
  }
  if (!section) throw new Error('no section');
  return section;
}

function siblingsOf(schema: QuestionnaireSchema, indexes: number[]): SchemaSection[] {
  return indexes.length === 1 ? schema.sections : (sectionAt(schema, indexes.slice(0, -1)).sections ?? []);
}

function TextField({
  context,
  path,
  label,
  value,
  onChange,
  type = 'text',
}: {
  context: EditorContext;
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number';
}) {
  const id = fieldId(path);
  const messages = messagesAt(context, path);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        step={type === 'number' ? 'any' : undefined}
        value={value}
        readOnly={context.readOnly}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length > 0 ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldProblems id={`${id}-error`} messages={messages} />
    </div>
  );
}

function QuestionEditor({
  context,
  question,
  path,
  indexes,
  position,
}: {
  context: EditorContext;
  question: SchemaQuestion;
  path: string;
  indexes: number[];
  position: number;
}) {
  const change = (mutate: (question: SchemaQuestion) => void) =>
    context.edit((schema) => {
      const target = sectionAt(schema, indexes).questions?.[position];
      if (target) mutate(target);
    });
  const typeId = fieldId(`${path}.type`);
  const dimensionId = fieldId(`${path}.dimensionCode`);
  const requiredId = fieldId(`${path}.required`);
  const typeMessages = messagesAt(context, `${path}.type`);
  const dimensionMessages = messagesAt(context, `${path}.dimensionCode`);
  return (
    <fieldset className="editor-question" disabled={context.readOnly}>
      <legend>
        Question {position + 1}: {question.text || 'untitled'}
      </legend>
      <FieldProblems id={`${fieldId(path)}-error`} messages={messagesAt(context, path)} />
      <div className="editor-grid">
        <TextField
          context={context}
          path={`${path}.id`}
          label="Question id"
          value={question.id}
          onChange={(value) => change((q) => void (q.id = value))}
        />
        <TextField
          context={context}
          path={`${path}.text`}
          label="Question text"
          value={question.text}
          onChange={(value) => change((q) => void (q.text = value))}
        />
        <div className="field">
          <label htmlFor={typeId}>Answer type</label>
          <select
            id={typeId}
            value={question.type}
            aria-invalid={typeMessages.length > 0 || undefined}
            aria-describedby={typeMessages.length > 0 ? `${typeId}-error` : undefined}
            onChange={(event) => change((q) => void (q.type = event.target.value as SchemaQuestion['type']))}
          >
            <option value="LIKERT_5">Scale of 1 to 5</option>
            <option value="YES_NO">Yes or no</option>
          </select>
          <FieldProblems id={`${typeId}-error`} messages={typeMessages} />
        </div>
        <div className="field">
          <label htmlFor={dimensionId}>Dimension</label>
          <select
            id={dimensionId}
            value={question.dimensionCode}
            aria-invalid={dimensionMessages.length > 0 || undefined}
            aria-describedby={dimensionMessages.length > 0 ? `${dimensionId}-error` : undefined}
            onChange={(event) => change((q) => void (q.dimensionCode = event.target.value))}
          >
            {!context.dimensions.some((dimension) => dimension.code === question.dimensionCode) && (
              <option value={question.dimensionCode}>{question.dimensionCode || 'Choose a dimension'}</option>
            )}
            {context.dimensions.map((dimension) => (
              <option key={dimension.code} value={dimension.code}>
                {dimension.displayName} ({dimension.code})
              </option>
            ))}
          </select>
          <FieldProblems id={`${dimensionId}-error`} messages={dimensionMessages} />
        </div>
        <div className="field field--checkbox">
          <input
            id={requiredId}
            type="checkbox"
            checked={question.required ?? false}
            onChange={(event) => change((q) => void (q.required = event.target.checked))}
          />
          <label htmlFor={requiredId}>Answer required</label>
        </div>
      </div>
      {!context.readOnly && (
        <button
          type="button"
          className="button button--small"
          onClick={() => context.edit((schema) => void sectionAt(schema, indexes).questions?.splice(position, 1))}
        >
          Remove question {position + 1}
        </button>
      )}
    </fieldset>
  );
}

function SectionEditor({
  context,
  section,
  indexes,
}: {
  context: EditorContext;
  section: SchemaSection;
  indexes: number[];
}) {
  const path = `schema.${indexes.map((index) => `sections.${index}`).join('.')}`;
  const name = `Section ${indexes.map((index) => index + 1).join('.')}`;
  const change = (mutate: (section: SchemaSection) => void) =>
    context.edit((schema) => mutate(sectionAt(schema, indexes)));
  return (
    <fieldset className="editor-section" disabled={context.readOnly}>
      <legend>
        {name}: {section.title || 'untitled'}
      </legend>
      <FieldProblems id={`${fieldId(path)}-error`} messages={messagesAt(context, path)} />
      <div className="editor-grid">
        <TextField
          context={context}
          path={`${path}.id`}
          label="Section id"
          value={section.id}
          onChange={(value) => change((s) => void (s.id = value))}
        />
        <TextField
          context={context}
          path={`${path}.title`}
          label="Section title"
          value={section.title}
          onChange={(value) => change((s) => void (s.title = value))}
        />
        <TextField
          context={context}
          path={`${path}.weight`}
          label="Weight (leaf sections; all leaves sum to 100)"
          type="number"
          value={section.weight === undefined ? '' : String(section.weight)}
          onChange={(value) =>
            change((s) => {
              if (value.trim() === '') delete s.weight;
              else s.weight = Number(value);
            })
          }
        />
      </div>
      {(section.questions ?? []).length > 0 && (
        <div className="stack">
          <FieldProblems id={`${fieldId(path)}-questions-error`} messages={messagesAt(context, `${path}.questions`)} />
          {(section.questions ?? []).map((question, position) => (
            <QuestionEditor
              key={position}
              context={context}
              question={question}
              path={`${path}.questions.${position}`}
              indexes={indexes}
              position={position}
            />
          ))}
        </div>
      )}
      {(section.sections ?? []).map((child, index) => (
        <SectionEditor key={index} context={context} section={child} indexes={[...indexes, index]} />
      ))}
      {!context.readOnly && (
        <div className="actions">
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              change((s) => {
                const questions = (s.questions ??= []);
                questions.push({
                  id: `q${Date.now().toString(36)}`,
                  text: '',
                  type: 'LIKERT_5',
                  dimensionCode: context.dimensions[0]?.code ?? '',
                  required: true,
                });
              })
            }
          >
            Add question to {name}
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              change((s) => {
                (s.sections ??= []).push({ id: `section-${Date.now().toString(36)}`, title: '', questions: [] });
              })
            }
          >
            Add sub-section to {name}
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => context.edit((schema) => void siblingsOf(schema, indexes).splice(indexes.at(-1) ?? 0, 1))}
          >
            Remove {name}
          </button>
        </div>
      )}
    </fieldset>
  );
}

/** Edits a schema as a tree of sections and questions; the API's problems appear beside their fields. */
export function SchemaEditor({
  schema,
  edit,
  problems,
  dimensions,
  readOnly,
}: {
  schema: QuestionnaireSchema;
  edit: Edit;
  problems: ApiError | null;
  dimensions: Array<{ code: string; displayName: string }>;
  readOnly: boolean;
}) {
  const context: EditorContext = { schema, edit, problems, dimensions, readOnly };
  const feedback = schema.qualitativeFeedback ?? { enabled: false };
  const requiredMessages = messagesAt(context, 'schema.qualitativeFeedback.required');
  const setFeedback = (next: Partial<NonNullable<QuestionnaireSchema['qualitativeFeedback']>>) =>
    edit((draft) => void (draft.qualitativeFeedback = { ...feedback, ...next }));
  return (
    <div className="stack">
      <div className="editor-sections" role="group" aria-label="Sections">
        <FieldProblems id="schema-sections-error" messages={messagesAt(context, 'schema.sections')} />
        {schema.sections.map((section, index) => (
          <SectionEditor key={index} context={context} section={section} indexes={[index]} />
        ))}
        {!readOnly && (
          <button
            type="button"
            className="button"
            onClick={() =>
              edit(
                (draft) =>
                  void draft.sections.push({
                    id: `section-${draft.sections.length + 1}`,
                    title: '',
                    weight: 0,
                    questions: [],
                  }),
              )
            }
          >
            Add section
          </button>
        )}
      </div>
      <fieldset className="editor-section" disabled={readOnly}>
        <legend>Comment box</legend>
        <FieldProblems
          id="schema-qualitativeFeedback-error"
          messages={messagesAt(context, 'schema.qualitativeFeedback')}
        />
        <div className="editor-grid">
          <div className="field field--checkbox">
            <input
              id="feedback-enabled"
              type="checkbox"
              checked={feedback.enabled}
              onChange={(event) => setFeedback({ enabled: event.target.checked })}
            />
            <label htmlFor="feedback-enabled">Ask for a comment</label>
          </div>
          <div className="field field--checkbox">
            <input
              id="feedback-required"
              type="checkbox"
              checked={feedback.required ?? false}
              aria-invalid={requiredMessages.length > 0 || undefined}
              aria-describedby={requiredMessages.length > 0 ? 'feedback-required-error' : undefined}
              onChange={(event) => setFeedback({ required: event.target.checked })}
            />
            <label htmlFor="feedback-required">Comment required</label>
            <FieldProblems id="feedback-required-error" messages={requiredMessages} />
          </div>
          <TextField
            context={context}
            path="schema.qualitativeFeedback.maxLength"
            label="Longest comment (characters)"
            type="number"
            value={feedback.maxLength === undefined ? '' : String(feedback.maxLength)}
            onChange={(value) => setFeedback({ maxLength: value.trim() === '' ? undefined : Number(value) })}
          />
        </div>
      </fieldset>
    </div>
  );
}

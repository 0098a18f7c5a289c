import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import {
  questionsOf,
  type QuestionnaireSchema,
  type SchemaQuestion,
  type SchemaSection,
} from '../questionnaires/schema-types';

const LIKERT = [
  [1, 'Strongly disagree'],
  [2, 'Disagree'],
  [3, 'Neutral'],
  [4, 'Agree'],
  [5, 'Strongly agree'],
] as const;
const YES_NO = [
  [0, 'No'],
  [1, 'Yes'],
] as const;

export interface EvaluationAnswers {
  answers: Array<{ questionId: string; value: number }>;
  qualitativeComment: string | null;
}

/** Problems per question id (and `comment`), from the form's own required check or from the API's details. */
type Problems = Record<string, string[]>;

function problemsFromApi(error: ApiError, order: string[]): { byField: Problems; rest: boolean } {
  const byField: Problems = {};
  let rest = false;
  for (const detail of error.details) {
    const indexed = /^answers\.(\d+)\./.exec(detail.path);
    const named = detail.path === 'answers' ? /question "([^"]+)"/.exec(detail.message) : null;
    const field =
      indexed && order[Number(indexed[1])] !== undefined
        ? order[Number(indexed[1])]
        : named
          ? named[1]
          : detail.path === 'qualitativeComment'
            ? 'comment'
            : undefined;
    if (field) (byField[field] ??= []).push(detail.message);
    else rest = true;
  }
  return { byField, rest };
}

function Question({
  question,
  value,
  problems,
  onChange,
}: {
  question: SchemaQuestion;
  value: number | undefined;
  problems: string[];
  onChange: (value: number) => void;
}) {
  const options = question.type === 'YES_NO' ? YES_NO : LIKERT;
  const errorId = `question-${question.id}-error`;
  return (
    <fieldset
      className={problems.length > 0 ? 'question question--invalid' : 'question'}
      id={`question-${question.id}`}
      aria-describedby={problems.length > 0 ? errorId : undefined}
      tabIndex={-1}
    >
      <legend>
        {question.text}
        {question.required ? <span className="required"> (required)</span> : <span className="muted"> (optional)</span>}
      </legend>
      <div className={question.type === 'YES_NO' ? 'choices choices--two' : 'choices'}>
        {options.map(([optionValue, label]) => (
          <label key={optionValue} className="choice">
            <input
              type="radio"
              name={question.id}
              value={optionValue}
              checked={value === optionValue}
              onChange={() => onChange(optionValue)}
            />
            <span>
              {question.type === 'LIKERT_5' ? `${optionValue} · ` : ''}
              {label}
            </span>
          </label>
        ))}
      </div>
      <FieldProblems id={errorId} messages={problems} />
    </fieldset>
  );
}

function Sections({
  sections,
  values,
  problems,
  onAnswer,
  level,
}: {
  sections: SchemaSection[];
  values: Record<string, number>;
  problems: Problems;
  onAnswer: (questionId: string, value: number) => void;
  level: number;
}) {
  const Heading = level === 0 ? 'h2' : 'h3';
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} className={level === 0 ? 'panel' : 'subsection'} aria-label={section.title}>
          <Heading>{section.title}</Heading>
          {section.description && <p className="muted">{section.description}</p>}
          {(section.questions ?? []).map((question) => (
            <Question
              key={question.id}
              question={question}
              value={values[question.id]}
              problems={problems[question.id] ?? []}
              onChange={(value) => onAnswer(question.id, value)}
            />
          ))}
          {section.sections && (
            <Sections
              sections={section.sections}
              values={values}
              problems={problems}
              onAnswer={onAnswer}
              level={level + 1}
            />
          )}
        </section>
      ))}
    </>
  );
}

/** The questionnaire's questions as a form; required answers are checked before anything is sent. */
export function EvaluationForm({
  schema,
  submitting,
  error,
  onSubmit,
}: {
  schema: QuestionnaireSchema;
  submitting: boolean;
  error: unknown;
  onSubmit: (answers: EvaluationAnswers) => void;
}) {
  const [values, setValues] = useState<Record<string, number>>({});
  const [comment, setComment] = useState('');
  const [ownProblems, setOwnProblems] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const questions = questionsOf(schema.sections);
  const feedback = schema.qualitativeFeedback;
  const order = questions.filter((question) => values[question.id] !== undefined).map((question) => question.id);
  const fromApi = error instanceof ApiError ? problemsFromApi(error, order) : { byField: {}, rest: error !== null };
  const problems: Problems = { ...fromApi.byField, ...ownProblems };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: Problems = {};
    for (const question of questions)
      if (question.required && values[question.id] === undefined)
        missing[question.id] = ['Please answer this question.'];
    if (feedback?.enabled && feedback.required && comment.trim() === '') missing.comment = ['Please write a comment.'];
    setOwnProblems(missing);
    const first = Object.keys(missing)[0];
    if (first) {
      formRef.current
        ?.querySelector<HTMLElement>(first === 'comment' ? '#comment' : `#question-${CSS.escape(first)}`)
        ?.focus();
      return;
    }
    onSubmit({
      answers: questions
        .filter((question) => values[question.id] !== undefined)
        .map((question) => ({ questionId: question.id, value: values[question.id] as number })),
      qualitativeComment: comment.trim() === '' ? null : comment,
    });
  }

  const missingCount = Object.keys(ownProblems).length;
  return (
    <form ref={formRef} className="stack" onSubmit={submit} noValidate>
      {missingCount > 0 && (
        <p className="error" role="alert">
          {missingCount === 1 ? 'One answer is missing' : `${missingCount} answers are missing`}: see the marked
          questions.
        </p>
      )}
      {error ? <ErrorMessage error={error} showDetails={fromApi.rest} /> : null}
      <Sections
        sections={schema.sections}
        values={values}
        problems={problems}
        onAnswer={(questionId, value) => {
          setValues((current) => ({ ...current, [questionId]: value }));
          setOwnProblems(({ [questionId]: _answered, ...rest }) => rest);
        }}
        level={0}
      />
      {feedback?.enabled && (
        <section className="panel" aria-labelledby="comment-heading">
          <h2 id="comment-heading">Your comments</h2>
          <div className="field">
            <label htmlFor="comment">Comments {feedback.required ? '(required)' : '(optional)'}</label>
            <textarea
              id="comment"
              rows={6}
              maxLength={feedback.maxLength}
              value={comment}
              aria-invalid={(problems.comment?.length ?? 0) > 0 || undefined}
              aria-describedby={`comment-hint${(problems.comment?.length ?? 0) > 0 ? ' comment-error' : ''}`}
              onChange={(event) => {
                setComment(event.target.value);
                setOwnProblems(({ comment: _written, ...rest }) => rest);
              }}
            />
            <p id="comment-hint" className="muted">
              What works well, and what could be better? Your name is not shown to your teacher.
              {feedback.maxLength ? ` At most ${feedback.maxLength} characters (${comment.length} used).` : ''}
            </p>
            <FieldProblems id="comment-error" messages={problems.comment ?? []} />
          </div>
        </section>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Submitting…' : 'Submit evaluation'}
        </button>
      </div>
    </form>
  );
}

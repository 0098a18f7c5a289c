import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { Loading } from '../../ui/loading';
import { Page } from '../../ui/page';
import { readableProblems } from './schema-problems';
import { statusName } from './status-names';
import { SchemaEditor } from './schema-editor';
import { schemaOf, type QuestionnaireSchema, type SchemaBody } from './schema-types';
import { useDimensions } from './use-dimensions';

/** A summary link's target: an input takes focus, a problem line is scrolled to. */
function goTo(event: MouseEvent<HTMLAnchorElement>, targetId: string | undefined) {
  const target = targetId ? document.getElementById(targetId) : null;
  if (!target) return;
  event.preventDefault();
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) target.focus();
  else target.scrollIntoView({ block: 'center' });
}

/** A version's schema in the editor: a DRAFT can be saved (the API validates it) and published. */
export function DraftPage() {
  const { questionnaireId = '', versionId = '' } = useParams();
  const queryClient = useQueryClient();
  const dimensions = useDimensions();
  const [schema, setSchema] = useState<QuestionnaireSchema | null>(null);
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  // Where keyboard focus goes when the button that had it gives way: the refusal, the confirmation, the outcome.
  const refusal = useRef<HTMLDivElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const version = useQuery({
    queryKey: ['questionnaires', 'versions', versionId],
    queryFn: () => unwrap(api.GET('/api/v1/questionnaires/versions/{versionId}', { params: { path: { versionId } } })),
  });
  // The version does not say whether its questionnaire is archived; an archived questionnaire's draft (archiving
  // leaves it) can be neither saved nor published, so it is shown read-only.
  const questionnaireOfVersion = version.data?.questionnaireId ?? '';
  const questionnaire = useQuery({
    queryKey: ['questionnaires', questionnaireOfVersion],
    queryFn: () => unwrap(api.GET('/api/v1/questionnaires/{id}', { params: { path: { id: questionnaireOfVersion } } })),
    enabled: questionnaireOfVersion !== '',
  });
  const current = schema ?? (version.data ? schemaOf(version.data) : null);
  const archived = questionnaire.data?.status === 'ARCHIVED';
  const isDraft = version.data?.status === 'DRAFT' && questionnaire.data !== undefined && !archived;
  const path = { id: questionnaireId, versionId };

  const save = useMutation({
    mutationFn: (next: QuestionnaireSchema) =>
      unwrap(
        api.PUT('/api/v1/questionnaires/{id}/versions/{versionId}', {
          params: { path },
          body: { schema: next as SchemaBody },
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(['questionnaires', 'versions', versionId], saved);
      setSchema(schemaOf(saved));
      setDirty(false);
      setDone('Draft saved.');
    },
  });
  const publish = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/v1/questionnaires/{id}/versions/{versionId}/publish', { params: { path } })),
    onSuccess: async (published) => {
      queryClient.setQueryData(['questionnaires', 'versions', versionId], published);
      await queryClient.invalidateQueries({ queryKey: ['questionnaires'] });
      setConfirmPublish(false);
      setDone(`Version ${published.versionNumber} is published and accepts submissions.`);
    },
  });
  useEffect(() => {
    if (save.isError) refusal.current?.focus();
  }, [save.isError, save.error]);
  useEffect(() => {
    if (confirmPublish) confirmButton.current?.focus();
  }, [confirmPublish]);
  useEffect(() => {
    if (publish.isSuccess) outcome.current?.focus();
  }, [publish.isSuccess]);

  const edit = (mutate: (draft: QuestionnaireSchema) => void) => {
    if (!current) return;
    const next = structuredClone(current);
    mutate(next);
    setSchema(next);
    setDirty(true);
    setDone(null);
  };
  const problems = save.error instanceof ApiError ? save.error : null;
  const title = version.data
    ? `${isDraft ? 'Edit draft' : version.data.status === 'DRAFT' ? 'Draft' : 'Version'} ${version.data.versionNumber}: ${version.data.questionnaireTitle}`
    : 'Questionnaire version';

  return (
    <Page
      title={title}
      lead={version.data ? `${statusName(version.data.status)}${dirty ? ' · unsaved changes' : ''}` : undefined}
    >
      <p>
        <Link to={`/questionnaires/${questionnaireId}`}>Back to the questionnaire</Link>
      </p>
      {version.isPending ? <Loading what="the version" /> : null}
      {version.isError ? <ErrorMessage error={version.error} /> : null}
      {questionnaire.isError ? <ErrorMessage error={questionnaire.error} /> : null}
      {version.data && version.data.status !== 'DRAFT' && (
        <p className="notice">
          Only a draft can be edited; this version is {statusName(version.data.status).toLowerCase()}.
        </p>
      )}
      {version.data?.status === 'DRAFT' && archived && (
        <p className="notice">
          This draft can no longer be edited or published: its questionnaire is archived, and an archived
          questionnaire's versions cannot change.
        </p>
      )}
      {save.isError ? (
        <div className="error" role="alert" id="draft-refusal" tabIndex={-1} ref={refusal}>
          <p>The service refused the draft: {save.error.message}</p>
          {problems && problems.details.length > 0 && current && (
            <>
              <p>
                {problems.details.length} problem{problems.details.length === 1 ? ' is' : 's are'} marked beside the
                fields below:
              </p>
              <ul>
                {readableProblems(current, problems.details).map((problem, index) => (
                  <li key={index}>
                    {problem.targetId ? (
                      <a href={`#${problem.targetId}`} onClick={(event) => goTo(event, problem.targetId)}>
                        {problem.label}
                      </a>
                    ) : (
                      problem.label
                    )}
                    : {problem.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
      {publish.isError ? <ErrorMessage error={publish.error} /> : null}
      {done && (
        <p className="success" role="status" tabIndex={-1} ref={outcome}>
          {done}
        </p>
      )}
      {current && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            save.mutate(current);
          }}
        >
          <SchemaEditor
            schema={current}
            edit={edit}
            problems={problems}
            dimensions={dimensions.data ?? []}
            readOnly={!isDraft}
          />
          {isDraft && (
            <div className="actions form-actions">
              <button type="submit" className="button button--primary" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save draft'}
              </button>
              {!(confirmPublish && !dirty) && (
                <button
                  ref={publishButton}
                  type="button"
                  className="button"
                  disabled={dirty || publish.isPending}
                  aria-describedby={dirty ? 'publish-hint' : undefined}
                  onClick={() => {
                    setDone(null);
                    setConfirmPublish(true);
                  }}
                >
                  Publish this version…
                </button>
              )}
              {save.isError && (
                <span className="field__error">
                  Not saved. <a href="#draft-refusal">What the service refused</a>
                </span>
              )}
              {dirty && (
                <span id="publish-hint" className="muted">
                  Save your changes before publishing.
                </span>
              )}
            </div>
          )}
          {isDraft && confirmPublish && !dirty && version.data && (
            <div className="notice" role="group" aria-label="Confirm publishing">
              <p>
                Publishing is final: version {version.data.versionNumber} becomes the active version, replaces the
                current one for every new evaluation and for bulk ingestion, and can no longer be edited.
              </p>
              <div className="actions">
                <button
                  ref={confirmButton}
                  type="button"
                  className="button button--primary"
                  disabled={publish.isPending}
                  onClick={() => publish.mutate()}
                >
                  Yes, publish version {version.data.versionNumber}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    flushSync(() => setConfirmPublish(false));
                    publishButton.current?.focus();
                  }}
                >
                  Keep it as a draft
                </button>
              </div>
            </div>
          )}
        </form>
      )}
    </Page>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { useTypeName } from './questionnaires-page';
import { statusName } from './status-names';
import { useDimensions } from './use-dimensions';
import { ScrollRegion } from '../../ui/scroll-region';

type Action =
  | { kind: 'publish' | 'deprecate'; versionId: string; versionNumber: number }
  | { kind: 'from-template'; versionId: string; versionNumber: number }
  | { kind: 'new-draft' }
  | { kind: 'archive' };

/** One questionnaire: its versions and the lifecycle actions the API allows on each. */
export function QuestionnairePage() {
  const { questionnaireId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dimensions = useDimensions();
  const typeName = useTypeName();
  const [done, setDone] = useState<string | null>(null);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const questionnaire = useQuery({
    queryKey: ['questionnaires', questionnaireId],
    queryFn: () => unwrap(api.GET('/api/v1/questionnaires/{id}', { params: { path: { id: questionnaireId } } })),
  });

  const act = useMutation({
    mutationFn: async (action: Action): Promise<{ message: string; openDraft?: string }> => {
      const id = questionnaireId;
      switch (action.kind) {
        case 'publish':
          await unwrap(
            api.POST('/api/v1/questionnaires/{id}/versions/{versionId}/publish', {
              params: { path: { id, versionId: action.versionId } },
            }),
          );
          return { message: `Version ${action.versionNumber} is published and accepts submissions.` };
        case 'deprecate':
          await unwrap(
            api.POST('/api/v1/questionnaires/{id}/versions/{versionId}/deprecate', {
              params: { path: { id, versionId: action.versionId } },
            }),
          );
          return { message: `Version ${action.versionNumber} is deprecated.` };
        case 'from-template': {
          const draft = await unwrap(
            api.POST('/api/v1/questionnaires/{id}/versions/from-template', {
              params: { path: { id } },
              body: { sourceVersionId: action.versionId },
            }),
          );
          return { message: `Draft version ${draft.versionNumber} created.`, openDraft: draft.id };
        }
        case 'new-draft': {
          const dimensionCode = dimensions.data?.[0]?.code ?? '';
          const draft = await unwrap(
            api.POST('/api/v1/questionnaires/{id}/versions', {
              params: { path: { id } },
              body: {
                schema: {
                  sections: [
                    {
                      id: 'section-1',
                      title: 'Section 1',
                      weight: 100,
                      questions: [{ id: 'q1', text: 'Question 1', type: 'LIKERT_5', dimensionCode, required: true }],
                    },
                  ],
                  qualitativeFeedback: { enabled: true, required: false, maxLength: 2000 },
                },
              },
            }),
          );
          return { message: `Draft version ${draft.versionNumber} created.`, openDraft: draft.id };
        }
        case 'archive':
          await unwrap(api.POST('/api/v1/questionnaires/{id}/archive', { params: { path: { id } } }));
          return { message: 'The questionnaire is archived.' };
      }
    },
    onSuccess: async (result) => {
      setDone(result.message);
      setConfirmArchive(false);
      await queryClient.invalidateQueries({ queryKey: ['questionnaires'] });
      if (result.openDraft) navigate(`/questionnaires/${questionnaireId}/versions/${result.openDraft}`);
    },
  });

  const data = questionnaire.data;
  const hasDraft = data?.versions.some((version) => version.status === 'DRAFT') ?? false;
  const archived = data?.status === 'ARCHIVED';
  const run = (action: Action) => {
    setDone(null);
    act.mutate(action);
  };

  return (
    <Page
      title={data ? `Questionnaire: ${data.title}` : 'Questionnaire'}
      lead={data ? `${typeName(data.typeCode)} · ${statusName(data.status)}` : undefined}
    >
      <p>
        <Link to="/questionnaires">All questionnaires</Link>
      </p>
      {questionnaire.isPending ? <Loading what="the questionnaire" /> : null}
      {questionnaire.isError ? <ErrorMessage error={questionnaire.error} /> : null}
      {act.isError ? <ErrorMessage error={act.error} /> : null}
      {done && (
        <p className="success" role="status">
          {done}
        </p>
      )}
      {data && (
        <Section title="Versions">
          {data.versions.length === 0 ? (
            <p>No version yet.</p>
          ) : (
            <ScrollRegion label="Versions table">
              <table className="table">
                <caption>Versions of {data.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Version</th>
                    <th scope="col">Status</th>
                    <th scope="col">Published</th>
                    <th scope="col">Deprecated</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.versions
                    .toSorted((a, b) => b.versionNumber - a.versionNumber)
                    .map((version) => (
                      <tr key={version.id}>
                        <th scope="row">Version {version.versionNumber}</th>
                        <td>
                          <span className={`tag tag--status-${version.status.toLowerCase()}`}>
                            {statusName(version.status)}
                          </span>
                        </td>
                        <td>{formatDateTime(version.publishedAt)}</td>
                        <td>{formatDateTime(version.deprecatedAt)}</td>
                        <td>
                          {/* The buttons are laid out in a box of their own: a flex table cell leaves the table's
                              layout, and an empty one sat below its row. */}
                          <div className="actions">
                            {/* An archived questionnaire's versions cannot change: no action is offered on them. */}
                            {version.status === 'DRAFT' && !archived && (
                              <>
                                <Link className="button" to={`/questionnaires/${data.id}/versions/${version.id}`}>
                                  Edit draft {version.versionNumber}
                                </Link>
                                <button
                                  type="button"
                                  className="button button--primary"
                                  disabled={act.isPending}
                                  onClick={() =>
                                    run({
                                      kind: 'publish',
                                      versionId: version.id,
                                      versionNumber: version.versionNumber,
                                    })
                                  }
                                >
                                  Publish version {version.versionNumber}
                                </button>
                              </>
                            )}
                            {version.status === 'ACTIVE' && !archived && (
                              <button
                                type="button"
                                className="button"
                                disabled={act.isPending}
                                onClick={() =>
                                  run({
                                    kind: 'deprecate',
                                    versionId: version.id,
                                    versionNumber: version.versionNumber,
                                  })
                                }
                              >
                                Deprecate version {version.versionNumber}
                              </button>
                            )}
                            {version.status !== 'DRAFT' && !hasDraft && !archived && (
                              <button
                                type="button"
                                className="button"
                                disabled={act.isPending}
                                onClick={() =>
                                  run({
                                    kind: 'from-template',
                                    versionId: version.id,
                                    versionNumber: version.versionNumber,
                                  })
                                }
                              >
                                New draft from version {version.versionNumber}
                              </button>
                            )}
                          </div>
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {!hasDraft && !archived && (
            <p>
              <button
                type="button"
                className="button"
                disabled={act.isPending}
                onClick={() => run({ kind: 'new-draft' })}
              >
                New empty draft
              </button>
            </p>
          )}
        </Section>
      )}
      {data && !archived && (
        <Section title="Archive">
          <p>Archiving is final: the questionnaire's active version is deprecated and no new version can be made.</p>
          {confirmArchive ? (
            <div className="actions" role="group" aria-label="Confirm archiving">
              <button
                type="button"
                className="button button--danger"
                disabled={act.isPending}
                onClick={() => run({ kind: 'archive' })}
              >
                Yes, archive {data.title}
              </button>
              <button type="button" className="button" onClick={() => setConfirmArchive(false)}>
                Keep it
              </button>
            </div>
          ) : (
            <button type="button" className="button" onClick={() => setConfirmArchive(true)}>
              Archive questionnaire…
            </button>
          )}
        </Section>
      )}
    </Page>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Page, Section } from '../../ui/page';
import { Pager } from '../../ui/pager';
import { statusName } from './status-names';

const PAGE_SIZE = 20;

export function useQuestionnaireTypes() {
  return useQuery({
    queryKey: ['questionnaires', 'types'],
    queryFn: () => unwrap(api.GET('/api/v1/questionnaires/types')),
    staleTime: 10 * 60_000,
  });
}

/** A questionnaire type's name as the API gives it (`Faculty Out-of-Classroom Evaluation`), its code until known. */
export function useTypeName(): (code: string) => string {
  const types = useQuestionnaireTypes();
  return (code) => types.data?.find((type) => type.code === code)?.name ?? code;
}

/** Questionnaires (newest first) and a form to start a new one. */
export function QuestionnairesPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [title, setTitle] = useState('');
  const [typeCode, setTypeCode] = useState('');
  const types = useQuestionnaireTypes();
  const typeName = useTypeName();
  const list = useQuery({
    queryKey: ['questionnaires', 'list', page],
    queryFn: () => unwrap(api.GET('/api/v1/questionnaires', { params: { query: { page, limit: PAGE_SIZE } } })),
  });
  const create = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/questionnaires', { body: { title, typeCode } })),
    onSuccess: (created) => navigate(`/questionnaires/${created.id}`),
  });
  const problems = (path: string) =>
    (create.error instanceof ApiError ? create.error.at(path) : []).map((p) => p.message);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <Page
      title="Questionnaires"
      lead="Versioned questionnaires: edit a draft, publish it, deprecate what is no longer used."
    >
      <Section title="All questionnaires">
        {list.isPending ? <Loading what="questionnaires" /> : null}
        {list.isError ? <ErrorMessage error={list.error} /> : null}
        {list.data && (
          <>
            <div className="table-scroll">
              <table className="table">
                <caption>Questionnaires, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Type</th>
                    <th scope="col">Status</th>
                    <th scope="col">Updated</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((questionnaire) => (
                    <tr key={questionnaire.id}>
                      <th scope="row">
                        <Link to={`/questionnaires/${questionnaire.id}`}>{questionnaire.title}</Link>
                      </th>
                      <td>{typeName(questionnaire.typeCode)}</td>
                      <td>
                        <span className={`tag tag--status-${questionnaire.status.toLowerCase()}`}>
                          {statusName(questionnaire.status)}
                        </span>
                      </td>
                      <td>{formatDateTime(questionnaire.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} limit={PAGE_SIZE} total={list.data.total} onPage={setPage} label="Questionnaire pages" />
          </>
        )}
      </Section>
      <Section title="New questionnaire">
        <form className="stack" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="new-title">Title</label>
            <input
              id="new-title"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              aria-invalid={problems('title').length > 0 || undefined}
              aria-describedby={problems('title').length > 0 ? 'new-title-error' : undefined}
            />
            <FieldProblems id="new-title-error" messages={problems('title')} />
          </div>
          <div className="field">
            <label htmlFor="new-type">Type</label>
            <select
              id="new-type"
              value={typeCode}
              onChange={(event) => setTypeCode(event.target.value)}
              aria-invalid={problems('typeCode').length > 0 || undefined}
              aria-describedby={problems('typeCode').length > 0 ? 'new-type-error' : undefined}
            >
              <option value="">Choose a type</option>
              {(types.data ?? []).map((type) => (
                <option key={type.code} value={type.code}>
                  {type.name}
                </option>
              ))}
            </select>
            <FieldProblems id="new-type-error" messages={problems('typeCode')} />
          </div>
          {create.isError ? (
            <ErrorMessage
              error={create.error}
              showDetails={
                create.error instanceof ApiError &&
                create.error.details.some((d) => !['title', 'typeCode'].includes(d.path))
              }
            />
          ) : null}
          <div>
            <button type="submit" className="button button--primary" disabled={create.isPending}>
              Create questionnaire
            </button>
          </div>
        </form>
      </Section>
    </Page>
  );
}
